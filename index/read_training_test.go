package index

import (
	"context"
	"slices"
	"testing"
)

// TestTrainingReads: the fitter's reads stream the pages with abstracts of
// the sources asked for, in id order, and the code and section reads are
// valid SQL on the schema (the fixture has no code files or passages).
func TestTrainingReads(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	var uris []string
	var last int64
	err := s.EachTrainingPage(ctx, []string{"apple-docs"}, func(p TrainingPage) error {
		if p.ID <= last || p.Summary == "" || p.Source != "apple-docs" {
			t.Errorf("page %+v after id %d", p, last)
		}
		last = p.ID
		uris = append(uris, p.URI)
		return nil
	})
	mustNoErr(t, err)
	if !slices.Contains(uris, "apple-docs://foundation/urlsession") || slices.Contains(uris, "swift-evolution://SE-0306") {
		t.Errorf("apple-docs pages with abstracts: %v", uris)
	}
	mustNoErr(t, s.EachTrainingPage(ctx, nil, func(TrainingPage) error { t.Error("no sources, no pages"); return nil }))
	mustNoErr(t, s.EachCodeRef(ctx, "call", func(CodeRef) error { return nil }))
	_, err = s.SectionHeadings(ctx, "swift-book")
	mustNoErr(t, err)
}
