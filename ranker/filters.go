package ranker

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

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

// Filters narrow a search. The zero value searches every source, except
// that a query shaped like an API name leaves out the on-request sources
// (see IncludeArchive), with DefaultLimit results.
type Filters struct {
	// Sources restricts results to these sources (any alias, see
	// ResolveSource). Empty means all.
	Sources []string `json:"sources,omitempty"`
	// Framework restricts results to one framework, by identifier, import
	// name or display name. Unknown names are ErrUnknownFramework.
	Framework string `json:"framework,omitempty"`
	// Language is "swift" or "objc" ("objective-c" accepted).
	Language string `json:"language,omitempty"`
	// Kind restricts to one page kind: one of Kinds or an alias of one
	// (ResolveKind). Unknown kinds are ErrUnknownKind.
	Kind string `json:"kind,omitempty"`
	// Min* keep pages available on that platform at or before the version:
	// MinIOS "15.0" keeps API introduced in iOS 15.0 or earlier and drops
	// pages that list other platforms but not iOS. A page that lists no
	// platform at all (an article, a collection, a page of another source)
	// passes: it is not API that could be unavailable.
	MinIOS      string `json:"minIOS,omitempty"`
	MinMacOS    string `json:"minMacOS,omitempty"`
	MinTvOS     string `json:"minTvOS,omitempty"`
	MinWatchOS  string `json:"minWatchOS,omitempty"`
	MinVisionOS string `json:"minVisionOS,omitempty"`
	// IncludeArchive lets the on-request sources (source.OnRequest:
	// apple-archive, samples, wwdc, packages) into results for every query.
	// Without it they join every query but an identifier lookup (one
	// capitalised name, "Type member", @attributes alone:
	// isIdentifierQuery), a lone lower-case word included. It does not
	// ask for samples, wwdc or packages: their full text is searched only
	// when a source filter, prefix or hint word names them, and otherwise
	// they bring what the lookups find (partitions). The name is the
	// original tool's.
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

	kind, err := ResolveKind(f.Kind)
	if err != nil {
		return f, err
	}
	out.Kind = kind

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
// passes every Min* filter. A page that lists none of the platforms passes:
// articles, collections and the pages of other sources declare no
// availability, and an agent that sets its deployment target still needs
// the guides. Filters must be normalised.
func (f Filters) AvailableBy(introduced map[string]string) bool {
	if !listsPlatform(introduced) {
		return true
	}
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

// listsPlatform reports whether introduced names a version for any platform.
func listsPlatform(introduced map[string]string) bool {
	for _, v := range introduced {
		if v != "" {
			return true
		}
	}
	return false
}

// sourceInScope reports whether src may appear in results. prose says the
// query is not an identifier lookup (the engine passes !isIdentifierQuery),
// the one case where the on-request sources join without being asked for.
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

// ErrUnknownKind means a kind filter is neither one of Kinds nor an alias of
// one.
var ErrUnknownKind = errors.New("unknown kind")

// KindPropertyListKey is the kind filter for Info.plist and entitlement keys.
// The index files them under the kind of their value (typealias for most,
// dictionary for some) with the role heading "Property List Key"; the filter
// finds them by that heading.
const KindPropertyListKey = "propertyListKey"

// RolePropertyListKey is the role heading of a property list key's page.
const RolePropertyListKey = "Property List Key"

// Kinds are the values a kind filter takes: the kinds the index stores for
// every source (internal/docc documents Apple's), plus KindPropertyListKey.
// A few stored kinds are left out: crawl oddities no one asks for (pseudo,
// uid, pseudoCollection), and var and let, which Swift packages store and
// the property filter matches with Apple's property.
var Kinds = []string{
	// Types.
	"class", "struct", "enum", "protocol", "actor", "union", "namespace", "typealias", "associatedtype", "macro",
	// Members.
	"func", "init", "subscript", "operator", "property", "case",
	// Data, web services and language pages.
	"dictionary", KindPropertyListKey, "endpoint", "keyword",
	// Apple's non-symbol pages.
	"framework", "article", "collection", "collectionGroup", "sampleCode",
	// Other sources: Swift Evolution, swift.org, the HIG, Apple Archive,
	// WWDC, sample code and packages.
	"proposal", "blogPost", "guideline", "guide", "session", "sampleProject", "sourceFile", "package",
}

// kindAliases maps what people and agents write for a kind, keyed as
// kindKey spells it (lower case, no spaces, dashes or underscores), to one
// of Kinds: DocC's role headings ("Instance Method"), other languages' words
// (method, constructor) and Swift's keywords (var, let).
var kindAliases = func() map[string]string {
	m := map[string]string{}
	for _, k := range Kinds {
		m[kindKey(k)] = k
	}
	for canonical, aliases := range map[string][]string{
		"func": {"function", "method", "instance method", "type method", "class method", "static method",
			"generic instance method", "generic type method", "generic function", "fn"},
		"init":              {"initializer", "initialiser", "constructor", "generic initializer"},
		"property":          {"var", "let", "variable", "constant", "instance property", "type property", "global variable", "instance variable", "ivar", "field", "data field"},
		"case":              {"enumeration case", "enum case"},
		"struct":            {"structure", "generic structure"},
		"enum":              {"enumeration", "generic enumeration"},
		"class":             {"generic class"},
		"protocol":          {"interface"},
		"typealias":         {"type alias"},
		"associatedtype":    {"associated type"},
		"subscript":         {"instance subscript", "generic subscript"},
		"operator":          {"generic operator"},
		"dictionary":        {"object", "dict"},
		"endpoint":          {"web service endpoint", "web endpoint", "rest endpoint"},
		"framework":         {"module", "technology"},
		"collectionGroup":   {"api collection"},
		"sampleCode":        {"sample"},
		"sampleProject":     {"sample project"},
		"sourceFile":        {"source file", "file"},
		"proposal":          {"evolution proposal", "swift evolution proposal"},
		"blogPost":          {"blog", "post"},
		"guideline":         {"hig"},
		"session":           {"wwdc session", "video"},
		KindPropertyListKey: {"plist key", "info plist key", "info.plist key", "entitlement", "entitlement key"},
	} {
		for _, a := range aliases {
			m[kindKey(a)] = canonical
		}
	}
	return m
}()

// kindKey is the spelling kinds and aliases are compared in: lower case
// without spaces, dashes, underscores or dots.
func kindKey(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_', '.', '\t':
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}

// ResolveKind maps a kind filter (one of Kinds or an alias, in any case and
// spacing: "Instance Method", "initializer", "sample code") to its value in
// Kinds; "" stays "". Anything else is ErrUnknownKind listing Kinds.
func ResolveKind(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", nil
	}
	if k, ok := kindAliases[kindKey(name)]; ok {
		return k, nil
	}
	return "", fmt.Errorf("%w %q: use one of %s", ErrUnknownKind, name, strings.Join(Kinds, ", "))
}

// KeepsKind reports whether a page of the stored kind passes the kind
// filter; plistKey says the page is headed RolePropertyListKey. Filters must be normalised. property also keeps
// the var and let of Swift packages; propertyListKey keeps the pages headed
// "Property List Key", which typealias leaves out (they are configuration,
// not type aliases).
func (f Filters) KeepsKind(kind string, plistKey bool) bool {
	switch f.Kind {
	case "":
		return true
	case KindPropertyListKey:
		return plistKey
	case "typealias":
		return kind == "typealias" && !plistKey
	}
	return slices.ContainsFunc(storedKinds(f.Kind), func(k string) bool { return strings.EqualFold(k, kind) })
}
