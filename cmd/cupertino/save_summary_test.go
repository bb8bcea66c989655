package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/door"
	"github.com/cupertino-go/cupertino/internal/ingest"
)

// saveJargon is the door's vocabulary, which belongs in the audit log and
// not in what a person reads after a save.
var saveJargon = regexp.MustCompile(`(?i)\bdoor\b|tier[- ][abc]|\brejected\b|\bjudged\b|\bdeclined\b|\bcollisions?\b|benignDup`)

func TestWholesLine(t *testing.T) {
	got := wholesLine(map[string]int{"samples": 606, "wwdc": 1266, "packages": 27})
	if want := "606 sample projects, 1266 WWDC sessions, 27 Swift packages"; got != want {
		t.Errorf("wholesLine = %q, want %q", got, want)
	}
	if got := wholesLine(map[string]int{"wwdc": 3}); got != "3 WWDC sessions" {
		t.Errorf("wholesLine with one source = %q", got)
	}
	if got := wholesLine(map[string]int{"samples": 2, "wwdc": 1, "packages": 1}); got != "2 sample projects, 1 WWDC session, 1 Swift package" {
		t.Errorf("wholesLine with one of a kind = %q", got)
	}
	if got := wholesLine(nil); got != "" {
		t.Errorf("wholesLine without the sources = %q", got)
	}
}

// TestSaveSummaryInPlainWords: every door outcome lands in one of three
// lines (indexed, left out on purpose, failed) in words a newcomer reads,
// with singulars and plurals right.
func TestSaveSummaryInPlainWords(t *testing.T) {
	s := &ingest.Summary{
		Sources: []*ingest.SourceSummary{{Kind: "apple-docs", Files: 20, Indexed: 7, Replaced: 1, Recovered: 1}},
		Door: door.Stats{
			Total: 22,
			ByState: map[door.State]int{
				door.Indexed: 8, door.BenignDupTierA: 2, door.BenignDupTierB: 1, door.CollisionTierC: 1, door.Rejected: 10,
			},
			ByReason: map[string]int{
				door.ReasonDeclined: 3, door.ReasonHTTPError: 1, door.ReasonPlaceholder: 2, door.ReasonTooLarge: 1,
				door.ReasonEmptyFile: 1, door.ReasonMalformedJSON: 2,
			},
			Replaced: 1, Inserted: 7,
		},
		Collisions: 1,
		Installed:  true, DBPath: "/x/search.db", Documents: 1, AuditPath: "/x/search.audit.jsonl",
		Wholes: map[string]int{"wwdc": 1},
	}
	var out bytes.Buffer
	printSaveSummary(&out, s)
	for _, want := range []string{
		"Indexed:   8 pages", // 7 first sightings and 1 recovered placeholder; the replacement is the same page
		"Left out:  10 on purpose (3 files that are not documentation, 1 error page the crawler saved, " +
			"1 placeholder page with no content, 1 file over the size cap (--max-file-mib), 4 copies of pages indexed once)",
		"Failed:    4 (1 empty file, 2 files of malformed JSON, 1 page whose address another page already had (the first was kept)): the audit log names each",
		"1 page replaced by a fuller copy", "1 page with a placeholder title kept",
		"(0 B, 1 document)", "Holding:   1 WWDC session\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, out.String())
		}
	}
	if m := saveJargon.FindString(out.String()); m != "" {
		t.Errorf("summary speaks the door's jargon (%q):\n%s", m, out.String())
	}

	// Nothing left out and nothing failed say so, in one word each.
	out.Reset()
	printSaveSummary(&out, &ingest.Summary{Door: door.Stats{ByState: map[door.State]int{door.Indexed: 1}}, DryRun: true})
	for _, want := range []string{"Indexed:   1 page\n", "Left out:  nothing\n", "Failed:    nothing\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("clean summary lacks %q:\n%s", want, out.String())
		}
	}
}
