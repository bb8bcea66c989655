package search

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// ErrBadPredicate means a relevant_when rule has an unknown form.
var ErrBadPredicate = errors.New("unknown relevance rule")

// PageSymbols is what the symbol-attribute judge needs of a result's page.
type PageSymbols struct {
	Kind       string   // the page's kind (docs.kind)
	Attributes []string // the page declaration's attributes, without "@"
	ConformsTo []string // titles of the protocols the page's type conforms to
	Symbols    []document.Symbol
}

// SymbolSource fetches a result page's declared symbols. The harness calls it
// once per distinct URI; StoreSymbols reads them from an index.
type SymbolSource interface {
	PageSymbols(ctx context.Context, uri string) (PageSymbols, error)
}

// SymbolPredicate is a parsed relevant_when rule. The accepted forms, case
// insensitive, with any parenthesised remark ignored:
//
//	attributes contain NAME     a symbol or the page carries @NAME
//	conformances contain NAME   a symbol or the page conforms to NAME
//	kind = KIND                 the page or a symbol is of KIND (initializer,
//	                            protocol, …; Apple's and tree-sitter's names
//	                            for a kind are equated)
//	declaration is M and M …    one symbol has every modifier M of public,
//	                            static, async, throws
//	… generic … constraint …    a symbol has a generic constraint
type SymbolPredicate struct {
	Rule              string   `json:"rule"`
	Attribute         string   `json:"attribute,omitempty"`
	Conformance       string   `json:"conformance,omitempty"`
	Kind              string   `json:"kind,omitempty"`
	Modifiers         []string `json:"modifiers,omitempty"`
	GenericConstraint bool     `json:"genericConstraint,omitempty"`
}

var (
	parenthetical = regexp.MustCompile(`\([^)]*\)`)
	containRule   = regexp.MustCompile(`(?i)^(attributes|conformances)\s+contains?\s+@?([A-Za-z_][A-Za-z0-9_.]*)$`)
	kindRule      = regexp.MustCompile(`^kind\s*(?:=|is)\s*([a-z ]+)$`)
	declRule      = regexp.MustCompile(`^declaration\s+is\s+(.+)$`)
)

var knownModifiers = map[string]bool{"public": true, "static": true, "async": true, "throws": true}

// ParsePredicate parses a relevant_when rule.
func ParsePredicate(rule string) (SymbolPredicate, error) {
	p := SymbolPredicate{Rule: rule}
	s := strings.Join(strings.Fields(parenthetical.ReplaceAllString(rule, " ")), " ")
	lower := strings.ToLower(s)
	if m := containRule.FindStringSubmatch(s); m != nil {
		if strings.EqualFold(m[1], "attributes") {
			p.Attribute = m[2]
		} else {
			p.Conformance = m[2]
		}
		return p, nil
	}
	if m := kindRule.FindStringSubmatch(lower); m != nil {
		p.Kind = normalizeKind(m[1])
		return p, nil
	}
	if m := declRule.FindStringSubmatch(lower); m != nil {
		for _, w := range strings.Fields(strings.ReplaceAll(m[1], ",", " ")) {
			if w == "and" {
				continue
			}
			if !knownModifiers[w] {
				return p, fmt.Errorf("%w: modifier %q in %q", ErrBadPredicate, w, rule)
			}
			p.Modifiers = append(p.Modifiers, w)
		}
		if len(p.Modifiers) == 0 {
			return p, fmt.Errorf("%w: %q", ErrBadPredicate, rule)
		}
		return p, nil
	}
	if strings.Contains(lower, "generic") && strings.Contains(lower, "constraint") {
		p.GenericConstraint = true
		return p, nil
	}
	return p, fmt.Errorf("%w: %q", ErrBadPredicate, rule)
}

// kindSynonyms equate Apple's role names with tree-sitter's declaration kinds.
var kindSynonyms = map[string]string{
	"initializer": "init", "constructor": "init",
	"function": "func", "method": "func", "instance method": "func", "type method": "func", "operator": "func",
	"variable": "property", "var": "property", "let": "property", "instance property": "property", "type property": "property",
	"type alias": "typealias", "associated type": "associatedtype",
	"enumeration": "enum", "structure": "struct", "enum case": "case",
}

func normalizeKind(k string) string {
	k = strings.ToLower(strings.TrimSpace(k))
	if n, ok := kindSynonyms[k]; ok {
		return n
	}
	return k
}

// Match reports whether a page satisfies the rule.
func (p SymbolPredicate) Match(ps PageSymbols) bool {
	switch {
	case p.Attribute != "":
		if containsFold(ps.Attributes, p.Attribute) {
			return true
		}
		return slices.ContainsFunc(ps.Symbols, func(s document.Symbol) bool { return containsFold(s.Attributes, p.Attribute) })
	case p.Conformance != "":
		if containsFold(ps.ConformsTo, p.Conformance) {
			return true
		}
		return slices.ContainsFunc(ps.Symbols, func(s document.Symbol) bool { return containsFold(s.Conformances, p.Conformance) })
	case p.Kind != "":
		if normalizeKind(ps.Kind) == p.Kind {
			return true
		}
		return slices.ContainsFunc(ps.Symbols, func(s document.Symbol) bool { return normalizeKind(s.Kind) == p.Kind })
	case len(p.Modifiers) > 0:
		return slices.ContainsFunc(ps.Symbols, p.hasModifiers)
	case p.GenericConstraint:
		return slices.ContainsFunc(ps.Symbols, func(s document.Symbol) bool { return len(s.GenericConstraints) > 0 })
	}
	return false
}

func (p SymbolPredicate) hasModifiers(s document.Symbol) bool {
	words := strings.FieldsFunc(s.Signature, func(r rune) bool { return r == ' ' || r == '\t' || r == '(' || r == ')' })
	for _, m := range p.Modifiers {
		ok := false
		switch m {
		case "async":
			ok = s.IsAsync
		case "throws":
			ok = s.IsThrows
		case "static":
			// "class func" is the class-bound form of static.
			ok = s.IsStatic || slices.Contains(words, "static")
		case "public":
			ok = slices.Contains(words, "public") || slices.Contains(words, "open")
		}
		if !ok {
			return false
		}
	}
	return true
}

func containsFold(list []string, s string) bool {
	return slices.ContainsFunc(list, func(v string) bool { return strings.EqualFold(strings.TrimPrefix(v, "@"), s) })
}
