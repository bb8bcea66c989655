package corpus

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/ondisk"
)

func sessionJSON(t *testing.T, year, id string, related ...ondisk.WWDCRelated) []byte {
	t.Helper()
	raw, err := json.Marshal(ondisk.WWDCSession{ID: id, Year: year, Title: "Meet the session",
		Transcript: ondisk.WWDCTranscript{FullText: "Hello. This is a session."}, RelatedVideos: related})
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// L9 (issue 25): a session's year and id become its URI, which every answer
// citing it prints; "..", a newline or U+202E must not get there.
func TestWWDCRefusesYearsAndIDsThatAreNotOnes(t *testing.T) {
	w := &WWDC{reader{name: document.SourceWWDC, root: "/w"}}
	for _, c := range []struct{ year, id string }{
		{"2024", "../../etc"},
		{"2024", "10210\nwwdc://2025/1"},
		{"2024", "102\u202e01"},
		{"20 24", "10210"},
		{"..", "10210"},
		{"2024", "a/b"},
		{"2024\x1b[2J", "10210"},
	} {
		doc, err := w.Parse("/w/videos/x.json", sessionJSON(t, c.year, c.id))
		if !errors.Is(err, ErrMalformed) {
			t.Errorf("year %q id %q: Parse = %v (uri %q), want ErrMalformed", c.year, c.id, err, docURIOf(doc))
			continue
		}
		if strings.ContainsAny(err.Error(), "\n\x1b\u202e") {
			t.Errorf("the error carries the raw characters: %q", err)
		}
	}

	doc, err := w.Parse("/w/videos/2024-10210.json", sessionJSON(t, " 2024 ", "10210",
		ondisk.WWDCRelated{ID: "10211", Year: "2024", Title: "Good"},
		ondisk.WWDCRelated{ID: "..\u202e", Year: "2024", Title: "Bad"}))
	if err != nil {
		t.Fatal(err)
	}
	if doc.URI != "wwdc://2024/10210" {
		t.Errorf("URI = %q", doc.URI)
	}
	if len(doc.SeeAlso) != 1 || doc.SeeAlso[0].URI != "wwdc://2024/10211" {
		t.Errorf("related = %+v, want the valid one only", doc.SeeAlso)
	}
	if strings.Contains(doc.Markdown, "\u202e") || strings.Contains(doc.Markdown, "wwdc://2024/..") {
		t.Errorf("the page lists the bad related session:\n%s", doc.Markdown)
	}
}

func docURIOf(d *document.Document) string {
	if d == nil {
		return ""
	}
	return d.URI
}
