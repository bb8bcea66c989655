package search

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/cupertino-go/cupertino/ranker"
)

func writeBattery(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAgentKindsFromFileNames(t *testing.T) {
	for name, want := range map[string]string{
		"task.tsv": KindTask, "task-final.tsv": KindTask, "error-v2.tsv": KindError,
		"syntax-final.tsv": KindSyntax, "typo.tsv": KindTypo, "filter-final.tsv": KindFilter,
		"task-last.tsv": KindTask, "error-last.tsv": KindError, "syntax-last.tsv": KindSyntax,
		"typo-last.tsv": KindTypo, "filter-last.tsv": KindFilter,
	} {
		got, err := KindOf(name)
		if err != nil || got != want {
			t.Errorf("KindOf(%s) = %q, %v; want %q", name, got, err, want)
		}
	}
	for _, name := range []string{"prose-final.tsv", "prose-last.tsv", "tasklast.tsv"} {
		if _, err := KindOf(name); !errors.Is(err, ErrBadBattery) {
			t.Errorf("%s: got %v, want ErrBadBattery (only agent kinds have final and last sets)", name, err)
		}
	}
}

func TestFilterRowsMustBeValid(t *testing.T) {
	dir := t.TempDir()
	for _, body := range []string{
		"query\tframework\tkind\tsource\texpected_uri_regex\nbutton\t\t\t\tapple-docs://uikit/uibutton$\n",
		"query\tframework\tkind\tsource\texpected_uri_regex\nbutton\tuikit\tgizmo\t\tapple-docs://uikit/uibutton$\n",
		"query\tframework\tkind\tsource\texpected_uri_regex\nbutton\t\t\tnowhere\tapple-docs://uikit/uibutton$\n",
	} {
		if _, err := LoadFile(writeBattery(t, dir, "filter.tsv", body)); !errors.Is(err, ErrBadBattery) {
			t.Errorf("%q: got %v, want ErrBadBattery", body, err)
		}
	}
}

// agentFake answers the agent rows: each query names where its target lands.
func agentFake() *fakeSearcher {
	ten := func(last string) []ranker.Result {
		var uris []string
		for i := 0; i < 9; i++ {
			uris = append(uris, "apple-docs://noise/"+string(rune('a'+i)))
		}
		return docs(append(uris, last)...)
	}
	eleven := append(ten("apple-docs://noise/j"), docs("apple-docs://swiftui/progressview")...)
	withFW := func(fw, kind string, uris ...string) []ranker.Result {
		out := docs(uris...)
		for i := range out {
			out[i].Framework, out[i].Kind = fw, kind
		}
		return out
	}
	disobeying := withFW("uikit", "class", "apple-docs://uikit/uibutton", "apple-docs://uikit/uibuttonconfiguration")
	disobeying[1].Framework = "appkit"
	return &fakeSearcher{results: map[string][]ranker.Result{
		"spinner at 2":   docs("apple-docs://uikit/uiprogressview", "apple-docs://swiftui/progressview/init()"),
		"spinner at 11":  eleven,
		"error at 10":    ten("swift-book://languageguide/concurrency"),
		"snippet at 3":   docs("apple-docs://a", "apple-docs://b", "apple-docs://swiftui/state"),
		"snippet at 4":   docs("apple-docs://a", "apple-docs://b", "apple-docs://c", "apple-docs://swiftui/state"),
		"typo missed":    nil,
		"button ok":      withFW("uikit", "class", "apple-docs://uikit/uibuttonconfiguration", "apple-docs://uikit/uibutton"),
		"button disobey": disobeying,
		"button empty":   nil,
		"button at 4":    withFW("uikit", "class", "apple-docs://uikit/a", "apple-docs://uikit/b", "apple-docs://uikit/c", "apple-docs://uikit/uibutton"),
		"button wrong":   withFW("appkit", "class", "apple-docs://uikit/uibutton"),
	}}
}

func TestAgentJudgesPassAndFail(t *testing.T) {
	dir := t.TempDir()
	writeBattery(t, dir, "task.tsv", "query\texpected_uri_regex\nspinner at 2\tswiftui/progressview(/|$)\nspinner at 11\tswiftui/progressview(/|$)\n")
	writeBattery(t, dir, "error-final.tsv", "query\texpected_uri_regex\nerror at 10\tswift-book://languageguide/concurrency$\n")
	writeBattery(t, dir, "syntax.tsv", "query\texpected_uri_regex\nsnippet at 3\tapple-docs://swiftui/state$\nsnippet at 4\tapple-docs://swiftui/state$\n")
	writeBattery(t, dir, "typo.tsv", "query\texpected_uri_regex\ntypo missed\tapple-docs://swiftui/state$\n")
	writeBattery(t, dir, "filter.tsv", "query\tframework\tkind\tsource\texpected_uri_regex\n"+
		"button ok\tuikit\tclass\t\tapple-docs://uikit/uibutton$\n"+
		"button disobey\tuikit\t\t\tapple-docs://uikit/uibutton$\n"+
		"button empty\tuikit\t\tapple-docs\tapple-docs://uikit/uibutton$\n"+
		"button at 4\tUIKit\t\t\tapple-docs://uikit/uibutton$\n"+
		"button wrong\tuikit\t\t\tapple-docs://uikit/uibutton$\n")
	fake := agentFake()
	rep := runDir(t, dir, Config{Label: "agent", Searcher: fake})
	want := map[string]struct {
		rank int
		pass bool
	}{
		"spinner at 2": {2, true}, "spinner at 11": {11, false}, // found, but no hit@10
		"error at 10": {10, true}, "snippet at 3": {3, true}, "snippet at 4": {4, false}, "typo missed": {0, false},
		"button ok": {2, true}, "button disobey": {1, false}, "button empty": {0, false}, "button at 4": {4, false},
		"button wrong": {0, false}, // the canonical page with the wrong framework is not relevant
	}
	for _, c := range rep.Cases {
		w := want[c.Query]
		if c.Rank != w.rank {
			t.Errorf("%s: rank %d, want %d", c.Query, c.Rank, w.rank)
		}
		if c.Pass != w.pass {
			t.Errorf("%s: pass %v, want %v", c.Query, c.Pass, w.pass)
		}
		if c.Class != c.Kind {
			t.Errorf("%s: class %q, want the kind %q", c.Query, c.Class, c.Kind)
		}
	}
	// Filter rows reach the ranker with their filters; other rows without.
	sawFilter := false
	for _, f := range fake.calls {
		if f.Framework == "uikit" && f.Kind == "class" {
			sawFilter = true
		}
		if f.Limit != Depth {
			t.Errorf("limit %d, want %d", f.Limit, Depth)
		}
	}
	if !sawFilter {
		t.Error("the filter row's framework and kind never reached the searcher")
	}
	for _, s := range rep.Batteries {
		switch s.Name {
		case "filter":
			if s.NonEmpty != 0.8 || s.Obeying != 0.6 || s.Pass != 1 {
				t.Errorf("filter: non-empty %.2f obeying %.2f pass %d, want 0.80 0.60 1", s.NonEmpty, s.Obeying, s.Pass)
			}
			if s.Headline != "non-empty 4/5, obeying 3/5, top-3 2/5" {
				t.Errorf("filter headline %q", s.Headline)
			}
		case "task":
			if s.Headline != "MRR 0.2955, hit@10 1/2" {
				t.Errorf("task headline %q", s.Headline)
			}
		case "error-final":
			if s.Kind != KindError || s.Recall10 != 1 {
				t.Errorf("error-final: kind %q hit@10 %.2f", s.Kind, s.Recall10)
			}
		}
	}
	classes := map[string]bool{}
	for _, s := range rep.Classes {
		classes[s.Name] = true
	}
	for _, k := range agentKinds {
		if !classes[k] {
			t.Errorf("no class %q in the report", k)
		}
	}
}
