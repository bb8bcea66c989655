package ranker

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestSpreadNames: in a question's first spreadWindow results a name holds
// at most spreadSameName (1) places, whatever its parameters and case; its
// further pages follow the window in order, fixed pages keep their place,
// and nothing is lost.
func TestSpreadNames(t *testing.T) {
	titles := []string{"buildEither(first:)", "buildEither(second:)", "BuildEither", "buildEither(first:)",
		"Result builders", "Attributes", "a", "b", "c", "d", "e", "f", "g"}
	got := spreadNames(titles, spreadName, func(string) bool { return false })
	want := []string{"buildEither(first:)", "Result builders", "Attributes", "a", "b", "c", "d", "e", "f", "g",
		"buildEither(second:)", "BuildEither", "buildEither(first:)"}
	if !slices.Equal(got, want) {
		t.Errorf("spreadNames:\n got %q\nwant %q", got, want)
	}
	// A fixed page (a forced canonical page) keeps its place and counts.
	fixed := func(s string) bool { return strings.HasPrefix(s, "Build") }
	got = spreadNames(titles, spreadName, fixed)
	want = []string{"buildEither(first:)", "BuildEither", "Result builders", "Attributes", "a", "b", "c", "d", "e", "f",
		"buildEither(second:)", "buildEither(first:)", "g"}
	if !slices.Equal(got, want) {
		t.Errorf("spreadNames with a fixed page:\n got %q\nwant %q", got, want)
	}
	// A short list loses nothing.
	short := []string{"x(a:)", "x(b:)", "x(c:)", "y"}
	if got := spreadNames(short, spreadName, func(string) bool { return false }); !slices.Equal(got, []string{"x(a:)", "y", "x(b:)", "x(c:)"}) {
		t.Errorf("spreadNames(short) = %q", got)
	}
}

// TestQuestionsSpreadNames: on the scoring fixture, a question about a
// name twelve builders declare ("How does zigzagEither work?") shows one
// of them and the proposal that explains it in its first ten; the name
// alone still lists the builders.
func TestQuestionsSpreadNames(t *testing.T) {
	e := openEngineAt(t, spreadFixture.build(t))
	top := func(q string) (names int, proposal bool) {
		resp, err := e.SearchQuery(context.Background(), q, Filters{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range resp.Results {
			names += boolInt(spreadName(r.Title) == "zigzageither")
			proposal = proposal || r.URI == "swift-evolution://SE-9001"
		}
		return names, proposal
	}
	if names, proposal := top("How does zigzagEither work?"); names != spreadSameName || !proposal {
		t.Errorf("question: %d zigzagEither pages in the first ten (want %d), proposal there: %v", names, spreadSameName, proposal)
	}
	if names, _ := top("zigzagEither"); names != 10 {
		t.Errorf("the name alone: %d zigzagEither pages in the first ten, want 10", names)
	}
	// A question whose rest is code names the overload it calls: a
	// search of its reading is not spread.
	for _, inWords := range []bool{true, false} {
		ctx := context.WithValue(context.Background(), askedAsKey{}, askedAs{framed: true, inWords: inWords})
		results, err := e.searchText(ctx, "zigzagEither", Filters{Limit: 10}, nil)
		if err != nil {
			t.Fatal(err)
		}
		names := 0
		for _, r := range results {
			names += boolInt(spreadName(r.Title) == "zigzageither")
		}
		if inWords && names != spreadSameName || !inWords && names <= spreadSameName {
			t.Errorf("a framed search, in words %v: %d zigzagEither pages in the first ten", inWords, names)
		}
	}
}

// spreadFixture: twelve builders' zigzagEither members, the proposal that
// explains the name and eight pages that mention it (nine besides the
// builders: with the one builder a question keeps, the window is full),
// generated in the corpus's shape.
var spreadFixture = &fixtureIndex{pages: func() []*document.Document {
	out := []*document.Document{page("swift-evolution://SE-9001", "Zigzag builders", "proposal",
		"Generated: a builder's zigzagEither joins the branches of an if statement, and this is how it works.")}
	for i := range 12 {
		owner := fmt.Sprintf("apple-docs://zigzagkit/builder%d", i)
		out = append(out, page(owner+"/zigzageither(first:)", "zigzagEither(first:)", "method",
			"Generated: builds the first branch of a conditional.", ios("16.0"), parent(owner)))
		if i >= 8 {
			continue
		}
		out = append(out, page(fmt.Sprintf("apple-docs://zigzagkit/workshop%d", i), fmt.Sprintf("Workshop%d", i), "class",
			"Generated: a workshop whose conditionals call zigzagEither.", ios("16.0")))
	}
	return out
}}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
