package search

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

func TestLoadRealBatteries(t *testing.T) {
	batteries, err := LoadDir(testenv.QualityDir(t))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{
		"acronym": 22, "canonical": 50, "canonical-v2": 30, "cross-source": 25, "deprecation": 30,
		"fragment": 20, "prose": 15, "symbol-attribute": 15,
	}
	for _, b := range batteries {
		if n, ok := want[b.Name]; ok && len(b.Cases) != n {
			t.Errorf("%s: %d cases, want %d", b.Name, len(b.Cases), n)
		}
		delete(want, b.Name)
	}
	if len(want) > 0 {
		t.Errorf("batteries not loaded: %v", want)
	}
}

func TestLoadBatteryRules(t *testing.T) {
	batteries, err := LoadDir("testdata/batteries")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]Battery{}
	for _, b := range batteries {
		byName[b.Name] = b
	}
	canon := byName["canonical"]
	if canon.Kind != KindCanonical || canon.Cases[1].Class != "B" || canon.Cases[0].Line != 2 {
		t.Errorf("canonical = %+v", canon)
	}
	re := canon.Cases[0].Expect
	for uri, want := range map[string]bool{
		"apple-docs://swiftui/view":        true,
		"APPLE-DOCS://SwiftUI/View":        true, // case-insensitive
		"apple-docs://swiftui/view/body":   true,
		"apple-docs://swiftui/viewbuilder": false,
		"x-apple-docs://swiftui/view":      false, // anchored at the start
	} {
		if re.MatchString(uri) != want {
			t.Errorf("canonical regex on %s = %v", uri, !want)
		}
	}
	prose := byName["prose"].Cases[0].Expect
	if !prose.MatchString("mirror+swift-evolution://SE-0306") {
		t.Error("prose regex must match anywhere in the URI")
	}
	if byName["symbol-attribute"].Cases[0].Predicate.Attribute != "frozen" {
		t.Errorf("predicate = %+v", byName["symbol-attribute"].Cases[0].Predicate)
	}
	if byName["cross-source"].Cases[0].Source != "hig" || byName["cross-source"].Cases[0].Class != "F" {
		t.Errorf("cross-source = %+v", byName["cross-source"].Cases[0])
	}
	if kind, err := KindOf("x/canonical-v12.tsv"); err != nil || kind != KindCanonical {
		t.Errorf("KindOf(canonical-v12) = %q, %v", kind, err)
	}
}

func TestLoadBatteryErrors(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"unknown.tsv":          "query\tx\nA\tb\n",
		"canonical.tsv":        "query\tclass\nA\tA\n",                      // no regex column
		"prose.tsv":            "query\texpected_uri_regex\nA\t(unclosed\n", // bad regex
		"symbol-attribute.tsv": "query\trelevant_when\nA\tsmells nice\n",    // unknown rule
		"acronym.tsv":          "query\texpected_uri_regex\n",               // no rows
		"cross-source.tsv":     "query\texpected_source\n\tapple-docs\n",    // empty query
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadFile(p); !errors.Is(err, ErrBadBattery) {
			t.Errorf("%s: error = %v, want ErrBadBattery", name, err)
		}
	}
	if _, err := LoadDir(t.TempDir()); !errors.Is(err, ErrBadBattery) {
		t.Errorf("empty dir: %v", err)
	}
}

func TestSegmentContains(t *testing.T) {
	for _, tt := range []struct {
		uri, frag string
		want      bool
	}{
		{"apple-docs://swiftui/lazyvgrid", "Grid", true},
		{"apple-docs://swiftui/text", "Grid", false},
		{"apple-docs://gridkit", "grid", true}, // the framework segment counts
		{"apple-docs:grid", "grid", true},
		{"swift-evolution://SE-0306", "actor", false},
	} {
		if got := segmentContains(tt.uri, tt.frag); got != tt.want {
			t.Errorf("segmentContains(%q, %q) = %v", tt.uri, tt.frag, got)
		}
	}
}

func TestParsePredicateRealRules(t *testing.T) {
	sym := func(mod func(*document.Symbol)) PageSymbols {
		s := document.Symbol{Name: "x", Kind: "func", Signature: "func x()"}
		mod(&s)
		return PageSymbols{Symbols: []document.Symbol{s}}
	}
	tests := []struct {
		rule string
		yes  PageSymbols
		no   PageSymbols
	}{
		{"attributes contain MainActor", sym(func(s *document.Symbol) { s.Attributes = []string{"MainActor"} }), sym(func(s *document.Symbol) { s.Attributes = []string{"Sendable"} })},
		{"attributes contain Observable (macro)", PageSymbols{Attributes: []string{"@Observable"}}, PageSymbols{}},
		{"kind = protocol", PageSymbols{Kind: "protocol"}, PageSymbols{Kind: "struct"}},
		{"kind = initializer", sym(func(s *document.Symbol) { s.Kind = "init" }), sym(func(*document.Symbol) {})},
		{"conformances contain Sendable", sym(func(s *document.Symbol) { s.Conformances = []string{"Hashable", "Sendable"} }), PageSymbols{ConformsTo: []string{"Hashable"}}},
		{"declaration is public and static", sym(func(s *document.Symbol) { s.Signature = "public static func x()"; s.IsStatic = true }), sym(func(s *document.Symbol) { s.Signature = "static func x()"; s.IsStatic = true })},
		{"declaration is async and throws", sym(func(s *document.Symbol) { s.IsAsync, s.IsThrows = true, true }), sym(func(s *document.Symbol) { s.IsAsync = true })},
		{"has a generic where-clause constraint", sym(func(s *document.Symbol) { s.GenericConstraints = []string{"Element: Equatable"} }), sym(func(*document.Symbol) {})},
	}
	for _, tt := range tests {
		p, err := ParsePredicate(tt.rule)
		if err != nil {
			t.Errorf("ParsePredicate(%q): %v", tt.rule, err)
			continue
		}
		if !p.Match(tt.yes) || p.Match(tt.no) {
			t.Errorf("%q: match(yes)=%v match(no)=%v", tt.rule, p.Match(tt.yes), p.Match(tt.no))
		}
	}
	for _, bad := range []string{"", "kind", "declaration is shiny", "attributes contain", "looks good"} {
		if _, err := ParsePredicate(bad); !errors.Is(err, ErrBadPredicate) {
			t.Errorf("ParsePredicate(%q) error = %v", bad, err)
		}
	}
}
