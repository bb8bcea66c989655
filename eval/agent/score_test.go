package agent

import (
	"context"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/version"
)

func v(s string) Version { return version.MustParse(s) }

// smallTable is a hand-built symbol table for criterion tests.
func smallTable() *MemTable {
	ios := func(ver string) map[string]Version { return map[string]Version{"ios": v(ver), "macos": v("10.15")} }
	return NewMemTable("test table", []SymbolInfo{
		{Name: "View", Kind: "swift.protocol", Introduced: ios("13.0")},
		{Name: "Text", Kind: "swift.struct", Introduced: ios("13.0")},
		{Name: "padding", Parent: "View", Kind: "swift.method", Introduced: ios("13.0")},
		{Name: "glassEffect", Parent: "View", Kind: "swift.method", Introduced: map[string]Version{"ios": v("26.0")}},
		{Name: "scrollEdgeEffect", Parent: "View", Kind: "swift.method", Introduced: map[string]Version{"ios": v("26.0")}},
		{Name: "URLSession", Kind: "swift.class", Introduced: ios("7.0")},
		{Name: "shared", Parent: "URLSession", Kind: "swift.property", Introduced: ios("7.0")},
		{Name: "data", Parent: "URLSession", Kind: "swift.method", Introduced: ios("15.0")},
		{Name: "OldThing", Kind: "swift.class", Introduced: ios("8.0"), Deprecated: map[string]Version{"ios": v("16.0")}},
		{Name: "softDeprecated", Parent: "View", Kind: "swift.method", Introduced: ios("13.0"), Deprecated: map[string]Version{"ios": v("100000.0")}},
		// Two overloads, one deprecated: the name is still fine.
		{Name: "onChange", Parent: "View", Introduced: ios("14.0"), Deprecated: map[string]Version{"ios": v("17.0")}},
		{Name: "onChange", Parent: "View", Introduced: ios("17.0")},
		{Name: "UIOnly", Kind: "swift.class", Introduced: map[string]Version{"ios": v("13.0")}, Origin: "index:apple-docs://uikit/uionly"},
	})
}

func scoreWith(t *testing.T, table SymbolTable, task Task, code string) Score {
	t.Helper()
	s := &Scorer{Syntax: TreeSitterChecker{}, Symbols: table, Deprecations: Deprecations}
	sc, err := s.Score(context.Background(), task, code)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func iosTask(target string) Task {
	return Task{ID: "t", Family: FamilySwiftUI, Prompt: "p", TargetPlatform: target, SwiftVersion: "6.0"}
}

func TestScoreEachCriterion(t *testing.T) {
	const good = "import SwiftUI\nstruct A: View {\n    var body: some View {\n        Text(\"x\").padding()\n    }\n}\n"
	tests := []struct {
		name   string
		task   Task
		code   string
		failed string // "" = all pass
		line   int
		text   string
	}{
		{"all pass", iosTask("ios17.0"), good, "", 0, ""},
		{"compile: missing brace", iosTask("ios17.0"), "struct A: View {\n    var body: some View {\n        Text(\"x\"\n    }\n}\n", CriterionCompile, 3, "syntax error"},
		{"symbol_exists: invented modifier", iosTask("ios17.0"), strings.Replace(good, ".padding()", ".shimmering()", 1), CriterionSymbolExists, 4, ".shimmering"},
		{"symbol_exists: invented member on a known type", iosTask("ios17.0"), "func f() async throws {\n    let d = try await URLSession.shared.fetchJSON(url)\n}\n", CriterionSymbolExists, 2, ".fetchJSON"},
		{"symbol_exists: invented type", iosTask("ios17.0"), "let v = GlassPanel()\n", CriterionSymbolExists, 1, "GlassPanel"},
		{"availability: iOS 26 API on iOS 17", iosTask("ios17.0"), strings.Replace(good, ".padding()", ".glassEffect()", 1), CriterionAvailability, 4, "needs iOS 26.0"},
		{"availability: not on the platform (index data)", iosTask("macos14.0"), "let u = UIOnly()\n", CriterionAvailability, 1, "not available on macOS"},
		{"no_deprecated: curated NSURLConnection", iosTask("ios17.0"), "import Foundation\nlet c = NSURLConnection(request: r, delegate: nil)\n", CriterionNoDeprecated, 2, "URLSession"},
		{"no_deprecated: data", iosTask("ios17.0"), "let o = OldThing()\n", CriterionNoDeprecated, 1, "deprecated for iOS 17.0"},
	}
	table := smallTable()
	table.Add(SymbolInfo{Name: "NSURLConnection", Kind: "swift.class", Introduced: map[string]Version{"ios": v("2.0")}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := scoreWith(t, table, tt.task, tt.code)
			for _, c := range Criteria {
				if want := c != tt.failed; sc.Get(c) != want {
					t.Errorf("%s = %v, want %v (findings %v)", c, sc.Get(c), want, sc.Findings)
				}
			}
			if sc.Outcome != (tt.failed == "") {
				t.Errorf("outcome = %v", sc.Outcome)
			}
			if tt.failed == "" {
				return
			}
			ok := false
			for _, f := range sc.Findings {
				ok = ok || (f.Criterion == tt.failed && f.Line == tt.line && strings.Contains(f.Message, tt.text))
			}
			if !ok {
				t.Errorf("want a %s finding at line %d containing %q, got %v", tt.failed, tt.line, tt.text, sc.Findings)
			}
		})
	}
}

func TestScoreAvailabilityFloorsAndOverloads(t *testing.T) {
	table := smallTable()
	guarded := "import SwiftUI\nstruct A: View {\n    var body: some View {\n        if #available(iOS 26, *) {\n            Text(\"x\").glassEffect()\n        } else {\n            Text(\"x\").padding()\n        }\n    }\n}\n"
	if sc := scoreWith(t, table, iosTask("ios17.0"), guarded); !sc.Outcome {
		t.Errorf("#available-guarded use fails: %v", sc.Findings)
	}
	unguarded := strings.Replace(guarded, ".padding()", ".scrollEdgeEffect()", 1)
	if sc := scoreWith(t, table, iosTask("ios17.0"), unguarded); sc.Availability {
		t.Error("the else branch is not guarded and must fail availability")
	}
	onChange := "import SwiftUI\nstruct A: View {\n    @State var q = \"\"\n    var body: some View {\n        Text(q).onChange(of: q) { old, new in }\n    }\n}\n"
	table.Add(SymbolInfo{Name: "State", Introduced: map[string]Version{"ios": v("13.0")}})
	if sc := scoreWith(t, table, iosTask("ios17.0"), onChange); !sc.Outcome {
		t.Errorf("one deprecated overload must not condemn onChange: %v", sc.Findings)
	}
	soft := "import SwiftUI\nlet v = Text(\"a\").softDeprecated()\n"
	if sc := scoreWith(t, table, iosTask("ios18.0"), soft); !sc.NoDeprecated {
		t.Errorf("deprecated-in-a-future-version is not deprecated yet: %v", sc.Findings)
	}
	if sc := scoreWith(t, table, iosTask("ios15.0"), "let o = OldThing()\n"); !sc.NoDeprecated {
		t.Errorf("OldThing is deprecated from iOS 16 only: %v", sc.Findings)
	}
}

func TestScoreNoCode(t *testing.T) {
	sc := scoreWith(t, smallTable(), iosTask("ios17.0"), "")
	if sc.Compile || sc.Outcome || !strings.Contains(sc.Reason(), "no Swift code") {
		t.Errorf("empty code: %+v", sc)
	}
}

func TestScoreHints(t *testing.T) {
	task := iosTask("ios17.0")
	task.SuccessHints = []string{"Text(", "NavigationStack"}
	task.FailureHints = []string{".padding()"}
	sc := scoreWith(t, smallTable(), task, "import SwiftUI\nlet t = Text(\"a\").padding()\n")
	if strings.Join(sc.SuccessHints, ",") != "Text(" || strings.Join(sc.FailureHints, ",") != ".padding()" {
		t.Errorf("hints: %v / %v", sc.SuccessHints, sc.FailureHints)
	}
}
