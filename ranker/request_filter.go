package ranker

import (
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
)

// requestFilter is a request's filters as every stage applies them, in one
// place: the sources in scope, the constraints the full-text stage adds to
// its expression (so that its counts and its cap see the filter), the SQL
// filter of the filtered stages (filtered.go), and the test each candidate
// passes before it is scored and before any list is cut (rank). Built once
// per request in run, from the normalised Filters and the scope.
type requestFilter struct {
	f     Filters
	scope []string // sorted
}

// inScope reports whether the request searches src.
func (r *requestFilter) inScope(src string) bool { return containsString(r.scope, src) }

// narrowed reports whether the request has a filter the candidate stages
// do not apply themselves: a framework or a kind.
func (r *requestFilter) narrowed() bool { return r.f.Framework != "" || r.f.Kind != "" }

// constrain adds the framework and year filters to a full-text expression
// as column phrases, so that the stage's match count reflects them.
func (r *requestFilter) constrain(expr string) string {
	if r.f.Framework != "" {
		expr = MatchColumns([]string{"framework"}, Quote(r.f.Framework)) + " AND (" + expr + ")"
	}
	if r.f.Year != 0 {
		// wwdc://2024/10210 is the token run wwdc 2024 10210 of the uri
		// column: the phrase keeps a common word's matches to that year.
		expr = MatchColumns([]string{"uri"}, Quote(fmt.Sprintf("%s %d", document.SourceWWDC, r.f.Year))) + " AND (" + expr + ")"
	}
	return expr
}

// page is the framework, kind and source scope as the index's filter.
func (r *requestFilter) page() index.PageFilter {
	return index.PageFilter{Framework: r.f.Framework, Kinds: storedKinds(r.f.Kind), Sources: r.scope}
}

// keeps reports whether a candidate passes every filter: its source, its
// framework, language, kind, WWDC year and availability.
func (r *requestFilter) keeps(c *candidate) bool {
	if !r.inScope(c.source) {
		return false
	}
	if r.f.Framework != "" && c.framework != r.f.Framework {
		return false
	}
	if r.f.Language != "" && c.language != r.f.Language {
		return false
	}
	if !r.f.KeepsKind(c.kind, c.configKey) {
		return false
	}
	if r.f.Year != 0 && !strings.HasPrefix(c.uri, fmt.Sprintf("%s://%d/", document.SourceWWDC, r.f.Year)) {
		return false
	}
	return r.f.AvailableBy(c.introduced)
}

// storedKinds are the docs.kind values a kind filter keeps: the SQL side of
// KeepsKind, which also reads the property-list heading.
func storedKinds(kind string) []string {
	switch kind {
	case "":
		return nil
	case "property":
		return []string{"property", "var", "let"}
	case KindPropertyListKey:
		return []string{"typealias", "dictionary"}
	}
	return []string{kind}
}
