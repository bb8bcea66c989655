package ranker

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/version"
)

// ErrBadLanguage means a language filter is neither swift nor objc.
var ErrBadLanguage = errors.New("unknown language")

// ErrBadYear means a year filter is not a WWDC year or asks for sessions
// from a search scoped to other sources.
var ErrBadYear = errors.New("bad year filter")

// WWDC years the year filter accepts: the first WWDC and a bound no
// session date can pass.
const (
	firstWWDCYear = 1983
	lastWWDCYear  = 2100
)

// Result-count bounds: agents rarely need more than a page, and every extra
// result costs the caller tokens.
const (
	DefaultLimit = 20
	MaxLimit     = 100
)

// Platform names as the Filters fields and Result.Availability spell them.
const (
	PlatformIOS      = "iOS"
	PlatformMacOS    = "macOS"
	PlatformTvOS     = "tvOS"
	PlatformWatchOS  = "watchOS"
	PlatformVisionOS = "visionOS"
)

// Platforms lists the filterable platforms in display order.
var Platforms = []string{PlatformIOS, PlatformMacOS, PlatformTvOS, PlatformWatchOS, PlatformVisionOS}

// Filters narrow a search. The zero value searches every source except
// apple-archive (see IncludeArchive) with DefaultLimit results.
type Filters struct {
	// Sources restricts results to these sources (any alias, see
	// ResolveSource). Empty means all.
	Sources []string `json:"sources,omitempty"`
	// Framework restricts results to one framework, by identifier, import
	// name or display name. Unknown names are ErrUnknownFramework.
	Framework string `json:"framework,omitempty"`
	// Language is "swift" or "objc" ("objective-c" accepted).
	Language string `json:"language,omitempty"`
	// Kind restricts to one page kind (struct, protocol, article, …),
	// compared case-insensitively.
	Kind string `json:"kind,omitempty"`
	// Min* keep pages available on that platform at or before the version:
	// MinIOS "15.0" keeps API introduced in iOS 15.0 or earlier and drops
	// pages that do not list iOS at all.
	MinIOS      string `json:"minIOS,omitempty"`
	MinMacOS    string `json:"minMacOS,omitempty"`
	MinTvOS     string `json:"minTvOS,omitempty"`
	MinWatchOS  string `json:"minWatchOS,omitempty"`
	MinVisionOS string `json:"minVisionOS,omitempty"`
	// IncludeArchive lets apple-archive (retired guides) into results for
	// every query. Without it the archive only joins multi-word prose
	// queries, at the lowest fusion weight, and never identifier lookups.
	IncludeArchive bool `json:"includeArchive,omitempty"`
	// Year keeps the WWDC sessions of that year (wwdc://<year>/…); it
	// implies source wwdc, and 0 means any year.
	Year int `json:"year,omitempty"`
	// Limit is the number of results: 0 means DefaultLimit; values are
	// clamped to [1, MaxLimit].
	Limit int `json:"limit,omitempty"`
}

// Normalize validates f and returns it in canonical form: sources resolved,
// sorted and deduplicated, framework resolved to its identifier, language
// canonical, versions checked, limit clamped. fw may be nil when f names no
// framework.
func (f Filters) Normalize(fw *Frameworks) (Filters, error) {
	out := f
	out.Sources = nil
	for _, s := range f.Sources {
		if strings.TrimSpace(s) == "" {
			continue
		}
		id, err := ResolveSource(s)
		if err != nil {
			return f, err
		}
		out.Sources = append(out.Sources, id)
	}
	out.Sources = sortedUnique(out.Sources)
	if len(out.Sources) == 0 {
		out.Sources = nil
	}
	if f.Year != 0 {
		if f.Year < firstWWDCYear || f.Year > lastWWDCYear {
			return f, fmt.Errorf("%w: %d is not a WWDC year", ErrBadYear, f.Year)
		}
		if len(out.Sources) > 0 && !slices.Equal(out.Sources, []string{document.SourceWWDC}) {
			return f, fmt.Errorf("%w: year selects WWDC sessions, but the search is limited to %s", ErrBadYear, strings.Join(out.Sources, ", "))
		}
		out.Sources = []string{document.SourceWWDC}
	}

	if name := strings.TrimSpace(f.Framework); name != "" {
		id, err := fw.Resolve(name)
		if err != nil {
			return f, err
		}
		out.Framework = id
	} else {
		out.Framework = ""
	}

	switch strings.ToLower(strings.TrimSpace(f.Language)) {
	case "":
		out.Language = ""
	case "swift":
		out.Language = "swift"
	case "objc", "objective-c", "objectivec":
		out.Language = "objc"
	default:
		return f, fmt.Errorf("%w %q: use swift or objc", ErrBadLanguage, f.Language)
	}

	out.Kind = strings.TrimSpace(f.Kind)

	for _, p := range Platforms {
		v := strings.TrimSpace(out.MinVersion(p))
		if v != "" {
			if _, err := version.Parse(v); err != nil {
				return f, fmt.Errorf("min %s: %w", p, err)
			}
		}
		out.setMinVersion(p, v)
	}

	out.Limit = ClampLimit(f.Limit)
	return out, nil
}

// ClampLimit maps a requested result count into [1, MaxLimit], 0 or less
// meaning DefaultLimit.
func ClampLimit(n int) int {
	switch {
	case n <= 0:
		return DefaultLimit
	case n > MaxLimit:
		return MaxLimit
	}
	return n
}

// MinVersion returns the minimum-version filter for a platform name.
func (f Filters) MinVersion(platform string) string {
	switch platform {
	case PlatformIOS:
		return f.MinIOS
	case PlatformMacOS:
		return f.MinMacOS
	case PlatformTvOS:
		return f.MinTvOS
	case PlatformWatchOS:
		return f.MinWatchOS
	case PlatformVisionOS:
		return f.MinVisionOS
	}
	return ""
}

func (f *Filters) setMinVersion(platform, v string) {
	switch platform {
	case PlatformIOS:
		f.MinIOS = v
	case PlatformMacOS:
		f.MinMacOS = v
	case PlatformTvOS:
		f.MinTvOS = v
	case PlatformWatchOS:
		f.MinWatchOS = v
	case PlatformVisionOS:
		f.MinVisionOS = v
	}
}

// AvailableBy reports whether a page introduced at the given versions
// (platform -> version, missing when the page does not list the platform)
// passes every Min* filter. Filters must be normalised.
func (f Filters) AvailableBy(introduced map[string]string) bool {
	for _, p := range Platforms {
		want := f.MinVersion(p)
		if want == "" {
			continue
		}
		got, ok := introduced[p]
		if !ok || got == "" {
			return false
		}
		c, err := version.CompareStrings(got, want)
		if err != nil || c > 0 {
			return false
		}
	}
	return true
}

// sourceInScope reports whether src may appear in results. prose says the
// query is multi-word text rather than an identifier lookup, the one case
// where apple-archive joins without being asked for.
func (f Filters) sourceInScope(src string, prose bool) bool {
	if len(f.Sources) > 0 {
		for _, s := range f.Sources {
			if s == src {
				return true
			}
		}
		return false
	}
	if onRequest[src] {
		return f.IncludeArchive || prose
	}
	return true
}
