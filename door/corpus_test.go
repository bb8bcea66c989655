package door

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/canonjson"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// renderPage is the little of DocC render JSON the door's checks look at. The
// test decodes it itself so that it does not depend on internal/docc.
type renderPage struct {
	Identifier struct {
		URL string `json:"url"`
	} `json:"identifier"`
	Metadata struct {
		Title     string `json:"title"`
		Role      string `json:"role"`
		Platforms []struct {
			Name string `json:"name"`
		} `json:"platforms"`
	} `json:"metadata"`
	Abstract               []json.RawMessage `json:"abstract"`
	PrimaryContentSections []struct {
		Kind         string `json:"kind"`
		Declarations []struct {
			Tokens []struct {
				Text string `json:"text"`
			} `json:"tokens"`
		} `json:"declarations"`
		Content []json.RawMessage `json:"content"`
	} `json:"primaryContentSections"`
	TopicSections []struct {
		Identifiers []string `json:"identifiers"`
	} `json:"topicSections"`
}

// texts collects every "text" string inside raw inline content.
func texts(raws []json.RawMessage) string {
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if s, ok := v["text"].(string); ok {
				b.WriteString(s)
				b.WriteByte(' ')
			}
			for _, c := range v {
				walk(c)
			}
		case []any:
			for _, c := range v {
				walk(c)
			}
		}
	}
	for _, r := range raws {
		var v any
		if json.Unmarshal(r, &v) == nil {
			walk(v)
		}
	}
	return strings.TrimSpace(b.String())
}

// judgeFile reads one corpus page the way the save pipeline does: raw bytes,
// canonical hash, a Document (or the parse error).
func judgeFile(t *testing.T, d *Door, docs, rel string) Decision {
	t.Helper()
	raw := testenv.ReadFile(t, filepath.Join(docs, rel))
	in := Input{SourceFile: rel, Raw: raw}
	hash, err := canonjson.Hash(raw)
	if err != nil {
		in.ParseErr = err
		return d.Judge(in)
	}
	var p renderPage
	if err := json.Unmarshal(raw, &p); err != nil {
		in.ParseErr = err
		return d.Judge(in)
	}
	doc := &document.Document{
		Source: document.SourceAppleDocs, SourceFile: rel, Title: p.Metadata.Title, Kind: p.Metadata.Role,
		Abstract: texts(p.Abstract), ContentHash: hash, Size: len(raw),
	}
	doc.URI, _ = docuri.FromURL(p.Identifier.URL)
	for _, pl := range p.Metadata.Platforms {
		doc.Platforms = append(doc.Platforms, document.Platform{Name: pl.Name})
	}
	var content []string
	for _, s := range p.PrimaryContentSections {
		for _, decl := range s.Declarations {
			for _, tok := range decl.Tokens {
				doc.Declaration += tok.Text
			}
		}
		content = append(content, texts(s.Content))
	}
	doc.Content = strings.TrimSpace(strings.Join(content, " "))
	for _, s := range p.TopicSections {
		for _, id := range s.Identifiers {
			doc.Children = append(doc.Children, document.Ref{URI: id})
		}
	}
	in.Doc = doc
	return d.Judge(in)
}

// Every real page titled Error/error (found with grep for "title" : "Error"
// under metadata) is legitimate and must pass; the one 0-byte file must not.
func TestCorpusErrorPagesAndEmptyFile(t *testing.T) {
	docs := testenv.CorpusPath(t, testenv.AppleDocsPath)
	errorPages := []string{
		"Swift/Error.json", "Combine/Fail/error.json", "Testing/Issue/error.json",
		"appstorereceipts/error.json", "Assignables/MergeableDocument/Error.json", "DeviceManagement/Error.json",
		"webkitjs/idbtransaction/1632732-error.json", "Matter/MTRAttributeReport/error.json",
		"Matter/MTREventReport/error.json", "AppleMusicAPI/Error.json", "AppleNewsAPI/Error.json",
		"tvmljs/xmlhttprequest/1627326-error.json", "foundation/nscoder/1643263-error.json",
		"corefoundation/cfstreamerror/1539698-error.json", "CreateML/MLWordTaggerMetrics/error.json",
		"os/OSLogType/error.json", "AVFoundation/AVPlayer/error.json", "SwiftUI/AsyncImagePhase/error.json",
	}
	d := New()
	for _, rel := range errorPages {
		got := judgeFile(t, d, docs, rel)
		if got.State != Indexed {
			t.Errorf("%s: %+v, want indexed", rel, got)
		}
	}
	const empty = "AppKit/NSFontCollection/matchingDescriptors(forFamily:).json"
	if fi, err := os.Stat(filepath.Join(docs, empty)); err != nil || fi.Size() != 0 {
		t.Fatalf("expected the corpus's 0-byte page at %s: %v", empty, err)
	}
	if got := judgeFile(t, d, docs, empty); got.State != Rejected || got.Reason != ReasonEmptyFile {
		t.Errorf("%s: %+v, want rejected as empty file", empty, got)
	}
}

// A sample of real pages must pass untouched: the door's validity and
// placeholder checks have no false positives on the real corpus.
func TestCorpusSamplePasses(t *testing.T) {
	docs := testenv.CorpusPath(t, testenv.AppleDocsPath)
	d := New()
	n := 0
	err := filepath.WalkDir(docs, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		if n++; n%50 != 0 {
			return nil
		}
		rel, _ := filepath.Rel(docs, p)
		if rel == "technologies.json" {
			return nil
		}
		if got := judgeFile(t, d, docs, rel); got.State == Rejected {
			t.Errorf("%s: rejected: %s", rel, got.Reason)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s := d.Stats()
	t.Logf("%d pages judged: %v", s.Total, s.ByState)
	if d.Collisions() != 0 {
		t.Errorf("%d tier-C collisions in the sample", d.Collisions())
	}
}

// The real files whose paths share a slug key (underscore and dash spellings,
// case variants: docuri.Key of the path's URI) must pass the door as distinct
// pages or dedup as tier A or B, never collide.
func TestCorpusSharedURIs(t *testing.T) {
	docs := testenv.CorpusPath(t, testenv.AppleDocsPath)
	byURI := map[string][]string{}
	err := filepath.WalkDir(docs, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		rel, _ := filepath.Rel(docs, p)
		if u, err := docuri.FromURL("/documentation/" + strings.TrimSuffix(filepath.ToSlash(rel), ".json")); err == nil {
			byURI[docuri.Key(u)] = append(byURI[docuri.Key(u)], rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var groups [][]string
	for _, files := range byURI {
		if len(files) > 1 {
			sort.Strings(files)
			groups = append(groups, files)
		}
	}
	if len(groups) == 0 {
		t.Fatal("no shared URIs found; the corpus has underscore/dash page pairs")
	}
	d := New()
	for _, files := range groups {
		for _, rel := range files {
			got := judgeFile(t, d, docs, rel)
			if got.State == CollisionTierC || got.State == Rejected {
				t.Errorf("%s: %+v", rel, got)
			}
		}
	}
	s := d.Stats()
	t.Logf("%d shared URIs over %d files: %v, %d replaced", len(groups), s.Total, s.ByState, s.Replaced)
}
