package ranker

import (
	"context"
	"fmt"

	"github.com/cupertino-go/cupertino/internal/document"
)

// swiftTwins puts the Swift page in the place of each Objective-C page of
// results that Foundation documents twice (NSOperationQueue's
// maxConcurrentOperationCount, OperationQueue's): an old question names
// the Objective-C class, its words and title match both pages alike, and
// the Swift page is the one an agent writing Swift needs. The Swift twin
// takes the first of the two places, and the Objective-C page leaves the
// list; a request filtered to Objective-C keeps it.
func (s *search) swiftTwins(ctx context.Context, results []Result) ([]Result, error) {
	if s.filter.f.Language == "objc" {
		return results, nil
	}
	objc := map[string]*candidate{}
	for _, c := range s.cands {
		if c.language == "objc" && c.source == document.SourceAppleDocs {
			objc[c.uri] = c
		}
	}
	if len(objc) == 0 {
		return results, nil
	}
	at := map[string]int{}
	for i, r := range results {
		at[r.URI] = i
	}
	out := results[:0:0]
	dropped := map[string]bool{}
	for _, r := range results {
		if dropped[r.URI] {
			continue
		}
		c := objc[r.URI]
		if c == nil {
			out = append(out, r)
			continue
		}
		row, err := s.e.store.SwiftTwin(ctx, c.uri, c.title)
		if err != nil {
			return nil, fmt.Errorf("ranker swift twin: %w", err)
		}
		if row == nil {
			out = append(out, r)
			continue
		}
		if j, listed := at[row.URI]; listed {
			// Listed already: above, the Objective-C page is a repeat;
			// below, it moves up to this place.
			if j > at[r.URI] {
				twin := results[j]
				twin.Score = r.Score
				twin.Explain = append(twin.Explain[:len(twin.Explain):len(twin.Explain)],
					Factor{Name: FactorSwiftTwin, Op: OpBase, Detail: "in the place of " + c.uri})
				out = append(out, twin)
				dropped[row.URI] = true
			}
			continue
		}
		var t candidate
		t.setRow(row)
		r.URI, r.Title, r.Framework, r.Kind, r.Summary = t.uri, t.title, t.framework, t.kind, t.summary
		r.Availability, r.Deprecated = t.introduced, t.deprecated
		r.Explain = append(r.Explain[:len(r.Explain):len(r.Explain)], Factor{Name: FactorSwiftTwin, Op: OpBase, Detail: "the Swift page of " + c.uri})
		out = append(out, r)
	}
	return out, nil
}
