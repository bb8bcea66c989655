package ranker

import (
	"context"
	"strings"
	"testing"
)

// TestNamedMembersOfAFewTypes: a request naming one type proposes the member
// its other words name; one naming more than maxNamedTypes types (a list,
// a comparison) proposes none, and a code query none either.
func TestNamedMembersOfAFewTypes(t *testing.T) {
	e := openScoringEngine(t)
	ctx := context.Background()
	proposed := func(q string) bool {
		resp, err := e.SearchQuery(ctx, q, Filters{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range resp.Results {
			if strings.Contains(r.ExplainText(), "named member") {
				return true
			}
		}
		return false
	}
	if !proposed("why does the data task of my URLSession never start") {
		t.Error("URLSession's dataTask, named by data task, was not proposed")
	}
	if proposed("why does the data task of my URLSession and NSURL and Bundle never start") {
		t.Error("a request naming three types proposed a member")
	}
	if proposed("URLSession dataTask") {
		t.Error("a type and a member name (not a sentence) went through the sentence's proposals")
	}
	// A member is named by its last word ("touch": isExclusiveTouch), but
	// not by a word of the type's own name, which says which type.
	if !proposed("why does UIView ignore a second touch") {
		t.Error("UIView's isExclusiveTouch, named by its last word, was not proposed")
	}
	if proposed("why does UIView view ignore it") {
		t.Error("a word of the type's own name (view) proposed a member ending in it")
	}
}

// TestPlatformWordNamesNoTitle: "iOS" in "Close iOS keyboard…" is where the
// code runs; a page titled iOS (a typealias of some framework) is not the
// name the question mentions, as a type's name would be.
func TestPlatformWordNamesNoTitle(t *testing.T) {
	e := openScoringEngine(t)
	for _, c := range []struct {
		word  string
		names bool
	}{{"iOS", false}, {"iPhone", false}, {"NavigationStack", true}} {
		q := &Query{Raw: "close the " + c.word + " keyboard by touching anywhere", Keywords: []string{c.word, "keyboard", "touching"}}
		s := &search{e: e, q: q}
		if got := s.titleIsNameKeyword(&candidate{title: c.word}); got != c.names {
			t.Errorf("a page titled %s is the name the question mentions: %v; want %v", c.word, got, c.names)
		}
	}
}
