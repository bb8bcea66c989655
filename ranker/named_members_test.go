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
}
