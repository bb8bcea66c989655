package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/ranker"
)

// TestSaveCutsTheDemoBookIntoSections: save of the demo corpus runs the
// passages pass, so a language question finds the Swift book's
// Concurrency chapter through its "Actors" section, the result names that
// section and shows its text, and `cupertino read --sections` opens it.
func TestSaveCutsTheDemoBookIntoSections(t *testing.T) {
	db := demoIndex(t)
	io, out, errb := cmdTestIO(false)
	o := &searchOptions{IO: io, DB: dbFlags{SearchDB: db}, Format: "json",
		Query: "how does an actor keep its mutable state safe", Filters: ranker.Filters{Limit: 10}}
	if err := runSearch(context.Background(), o); err != nil {
		t.Fatalf("search: %v\n%s", err, errb)
	}
	var resp struct {
		Results []ranker.Result `json:"results"`
	}
	if err := json.Unmarshal(out.Bytes(), &resp); err != nil {
		t.Fatalf("decode %s: %v", out, err)
	}
	var hit *ranker.Result
	for i, r := range resp.Results {
		if r.URI == "swift-book://languageguide/concurrency" {
			hit = &resp.Results[i]
		}
	}
	if hit == nil || hit.Section != "Actors" || !strings.Contains(hit.Summary, "one task at a time") {
		t.Fatalf("want the Concurrency chapter found through its Actors section, got %+v", resp.Results)
	}
	text, _, err := runReadCLI(t, db, "--sections", hit.Section, hit.URI)
	if err != nil || !strings.Contains(text, "## Actors") || strings.Contains(text, "## Tasks and Task Groups") {
		t.Fatalf("read --sections %q: %v\n%s", hit.Section, err, text)
	}
}
