package ranker

import (
	"context"
	"slices"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestSwiftTwins: an Objective-C page of results is shown as its Swift
// twin in its place (the twin read from the index when not listed, moved
// up when listed below, and the Objective-C page dropped as a repeat when
// the twin is listed above); a request filtered to Objective-C keeps it.
func TestSwiftTwins(t *testing.T) {
	e := openScoringEngine(t)
	ctx := context.Background()
	const (
		objcType   = "apple-docs://foundation/nsoperationqueue"
		objcMember = "apple-docs://foundation/nsoperationqueue/1414982-maxconcurrentoperationcount"
		swiftType  = "apple-docs://foundation/operationqueue"
		swiftMemb  = "apple-docs://foundation/operationqueue/1414982-maxconcurrentoperationcount"
		other      = "apple-docs://uikit/uiview"
	)
	newSearch := func(f Filters) *search {
		s := &search{e: e, q: &Query{}, cands: map[int64]*candidate{}, filter: requestFilter{f: f}}
		s.cands[1] = &candidate{id: 1, uri: objcType, title: "NSOperationQueue", language: "objc", source: document.SourceAppleDocs}
		s.cands[2] = &candidate{id: 2, uri: objcMember, title: "maxConcurrentOperationCount", language: "objc", source: document.SourceAppleDocs}
		return s
	}
	uris := func(rs []Result) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.URI)
		}
		return out
	}
	for _, c := range []struct {
		name   string
		filter Filters
		in     []string
		want   []string
	}{
		{"read from the index", Filters{}, []string{objcMember, other}, []string{swiftMemb, other}},
		{"moved up", Filters{}, []string{objcType, other, swiftType}, []string{swiftType, other}},
		{"a repeat", Filters{}, []string{swiftType, other, objcType}, []string{swiftType, other}},
		{"Objective-C asked for", Filters{Language: "objc"}, []string{objcMember, other}, []string{objcMember, other}},
	} {
		var in []Result
		for i, u := range c.in {
			in = append(in, Result{URI: u, Score: float64(len(c.in) - i)})
		}
		got, err := newSearch(c.filter).swiftTwins(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(uris(got), c.want) {
			t.Errorf("%s: %q, want %q", c.name, uris(got), c.want)
		}
		for i := 1; i < len(got); i++ {
			if got[i].Score >= got[i-1].Score {
				t.Errorf("%s: scores %g then %g do not fall", c.name, got[i-1].Score, got[i].Score)
			}
		}
	}
}

// TestSwiftTwinsKeepTheLimit: a list whose Objective-C page is dropped for
// its listed Swift twin still holds as many rows as asked (twinSpare).
func TestSwiftTwinsKeepTheLimit(t *testing.T) {
	e := openScoringEngine(t)
	resp, err := e.SearchQuery(context.Background(), "operations generated", Filters{Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range resp.Results {
		got = append(got, r.URI)
	}
	if len(got) != 3 || slices.Contains(got, "apple-docs://foundation/nsoperationqueue") {
		t.Errorf("results %q: want 3, none of them NSOperationQueue's page", got)
	}
}
