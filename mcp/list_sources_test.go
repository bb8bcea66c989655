package mcp

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/index"
)

// TestListSourcesCountsWholes: a source whose pages are parts of wholes says
// how many wholes it holds, in the text and in structuredContent.
func TestListSourcesCountsWholes(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	res, text := s.okResult("list_sources", map[string]any{})
	mustContain(t, text, "sample projects)")
	var out struct {
		Sources []struct {
			Source    string `json:"source"`
			Documents int    `json:"documents"`
			Wholes    int    `json:"wholes"`
			WholeKind string `json:"wholeKind"`
		} `json:"sources"`
	}
	structured(t, res, &out)
	found := false
	for _, src := range out.Sources {
		switch src.Source {
		case "samples":
			found = true
			if src.Wholes < 1 || src.Wholes >= src.Documents || src.WholeKind != "sampleProject" {
				t.Errorf("samples row = %+v, want a project count below the page count", src)
			}
		case "apple-docs":
			if src.Wholes != 0 || src.WholeKind != "" {
				t.Errorf("apple-docs row counts wholes: %+v", src)
			}
		}
	}
	if !found {
		t.Errorf("no samples row in %+v", out.Sources)
	}
}

// TestCanonicalURIAcceptsWebAddresses: every tool that takes a URI takes the
// web addresses of the other sources as read_document does.
func TestCanonicalURIAcceptsWebAddresses(t *testing.T) {
	for raw, want := range map[string]string{
		"https://github.com/swiftlang/swift-evolution/blob/main/proposals/0306-actors.md": "swift-evolution://SE-0306",
		"https://developer.apple.com/documentation/swiftui/view":                          "apple-docs://swiftui/view",
		"SE-0306": "swift-evolution://SE-0306",
	} {
		got, err := canonicalURI(raw)
		if err != nil || got != want {
			t.Errorf("canonicalURI(%s) = %q, %v; want %q", raw, got, err, want)
		}
	}
}

// TestListSourcesAndInstructionsSayHowFreshTheIndexIs: each source's fetch
// date and the newest platform versions reach list_sources (text and
// structuredContent) and the server's instructions, so an agent can tell an
// API newer than the crawl from an invented one.
func TestListSourcesAndInstructionsSayHowFreshTheIndexIs(t *testing.T) {
	path := fixtureDB(t)
	fresh, err := index.EncodeSourceFreshness(map[string]index.SourceFreshness{
		"apple-docs": {FetchedAt: time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC), Basis: index.FetchedByCrawl},
		"samples":    {FetchedAt: time.Date(2026, 4, 2, 0, 0, 0, 0, time.UTC), Basis: index.FetchedByGit},
	})
	if err != nil {
		t.Fatal(err)
	}
	lock, err := index.LockForSave(path)
	if err != nil {
		t.Fatal(err)
	}
	err = index.RewriteMeta(context.Background(), path, lock, map[string]string{index.MetaSourceFreshness: fresh})
	lock.Release()
	if err != nil {
		t.Fatal(err)
	}
	s := connect(t, Options{DBPath: path})
	res, text := s.okResult("list_sources", map[string]any{})
	mustContain(t, text, "fetched 2026-05-01 (crawl)")
	mustContain(t, text, "fetched 2026-04-02 (git commit)")
	mustContain(t, text, "Crawled 2026-04-02 to 2026-05-01; newest versions iOS ")
	var out struct {
		NewestPlatforms map[string]string `json:"newestPlatforms"`
		Sources         []struct {
			Source    string `json:"source"`
			FetchedAt string `json:"fetchedAt"`
			FetchedBy string `json:"fetchedBy"`
		} `json:"sources"`
	}
	structured(t, res, &out)
	if out.NewestPlatforms["iOS"] == "" {
		t.Errorf("newestPlatforms = %v", out.NewestPlatforms)
	}
	for _, src := range out.Sources {
		if src.Source == "apple-docs" && (src.FetchedAt != "2026-05-01T10:00:00Z" || src.FetchedBy != "crawl") {
			t.Errorf("apple-docs row: %+v", src)
		}
	}
	if !strings.Contains(s.instructions, "This index was crawled 2026-04-02 to 2026-05-01") {
		t.Errorf("instructions do not say how fresh the index is:\n%s", s.instructions)
	}
	// An index that recorded nothing keeps the plain instructions.
	if plain := connect(t, Options{DBPath: fixtureDB(t)}); plain.instructions != instructions {
		t.Errorf("instructions of an index without dates:\n%s", plain.instructions)
	}
}
