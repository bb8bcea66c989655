package door

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cupertino-go/cupertino/internal/canonjson"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

func hashOf(s string) string {
	h, err := canonjson.Hash([]byte(fmt.Sprintf("%q", s)))
	if err != nil {
		panic(err)
	}
	return h
}

// errorProtocol looks like Swift's real Error protocol page.
func errorProtocol() *document.Document {
	return &document.Document{
		URI: "apple-docs://swift/error", Source: document.SourceAppleDocs, Framework: "swift",
		Title: "Error", Kind: "protocol", RoleHeading: "Protocol", Language: "swift",
		Abstract:    "A type representing an error value that can be thrown.",
		Declaration: "protocol Error : Sendable",
		Content:     "Any type that declares conformance to the Error protocol can be used to represent an error in Swift's error handling system.",
		Platforms:   []document.Platform{{Name: "iOS", Introduced: "8.0"}, {Name: "macOS", Introduced: "10.10"}},
		ContentHash: hashOf("swift/error"), Size: 33793,
	}
}

// failError looks like Combine's Fail.error property page.
func failError() *document.Document {
	return &document.Document{
		URI: "apple-docs://combine/fail/error", Source: document.SourceAppleDocs, Framework: "combine",
		Title: "error", Kind: "property", RoleHeading: "Instance Property",
		Abstract:    "The failure to send to the subscriber.",
		Declaration: "let error: Failure",
		ContentHash: hashOf("combine/fail/error"), Size: 6995,
	}
}

func page(uri, title string) *document.Document {
	return &document.Document{
		URI: uri, Source: document.SourceAppleDocs, Title: title, Kind: "article",
		Abstract: "A real abstract about " + title + ".", ContentHash: hashOf(uri + title), Size: 1000,
	}
}

func TestRejections(t *testing.T) {
	var syntaxErr error = json.Unmarshal([]byte(`{"a":`), new(any))
	tests := []struct {
		name   string
		in     Input
		reason string // exact, or a prefix when it ends in "…"
	}{
		{"empty file", Input{SourceFile: "a.json", ParseErr: canonjson.ErrEmpty, Raw: []byte{}}, "empty file"},
		{"whitespace file", Input{SourceFile: "a.json", ParseErr: errors.New("unexpected end of JSON input"), Raw: []byte(" \n")}, "empty file"},
		{"empty markdown", Input{SourceFile: "a.md", ParseErr: fmt.Errorf("read proposal: %w", ErrEmptyFile)}, "empty file"},
		{"malformed JSON", Input{SourceFile: "a.json", ParseErr: syntaxErr, Raw: []byte(`{"a":`)}, "malformed JSON: unexpected end of JSON input"},
		{"markdown parse error", Input{SourceFile: "a.md", ParseErr: errors.New("bad front matter")}, "parse error: bad front matter"},
		{"no document", Input{SourceFile: "a.json", Raw: []byte(`{}`)}, "no document"},
		{"no URI", Input{SourceFile: "a.json", Doc: &document.Document{Title: "View", Abstract: "x"}}, "no URI"},
		{"404 template", Input{SourceFile: "a.json", Doc: &document.Document{URI: "apple-docs://x/y", Title: "404",
			Content: "The page you're looking for can't be found. Search developer.apple.com or go back home."}}, `HTTP error template (title "404")`},
		{"403 forbidden", Input{SourceFile: "a.json", Doc: &document.Document{URI: "apple-docs://x/y", Title: "403 Forbidden"}}, `HTTP error template (title "403 Forbidden")`},
		{"429 words", Input{SourceFile: "a.json", Doc: &document.Document{URI: "apple-docs://x/y", Title: "Too Many Requests", Abstract: "Slow down."}}, `HTTP error template…`},
		{"5xx", Input{SourceFile: "a.json", Doc: &document.Document{URI: "apple-docs://x/y", Title: "HTTP Error 503 - Service Unavailable"}}, `HTTP error template…`},
		{"502", Input{SourceFile: "a.json", Doc: &document.Document{URI: "apple-docs://x/y", Title: "Bad Gateway"}}, `HTTP error template…`},
		{"JS shell", Input{SourceFile: "a.json", Doc: &document.Document{URI: "apple-docs://x/y", Title: "Apple Developer Documentation",
			Content: "Please turn on JavaScript in your browser and refresh the page to view its content."}}, "JavaScript-disabled shell"},
		{"unknown error shell", Input{SourceFile: "a.json", Doc: &document.Document{URI: "apple-docs://swiftui/view", Title: "View",
			Abstract: "An unknown error occurred.", Markdown: "# View\n\nAn unknown error occurred."}}, "JavaScript-disabled shell"},
		{"empty Error shell", Input{SourceFile: "a.json", Doc: &document.Document{URI: "apple-docs://swift/error", Title: "Error",
			Markdown: "# Error\n", ContentHash: hashOf("shell"), Size: 120}}, `placeholder title "Error"`},
		{"empty title shell", Input{SourceFile: "a.json", Doc: &document.Document{URI: "apple-docs://x/y", Content: "Overview"}}, `placeholder title ""`},
		{"Documentation shell", Input{SourceFile: "a.json", Doc: &document.Document{URI: "apple-docs://x/y", Title: "Documentation",
			Content: "Apple Developer Documentation"}}, `placeholder title "Documentation"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := New()
			got := d.Judge(tt.in)
			if got.State != Rejected || got.Insert || got.Replace {
				t.Fatalf("Judge = %+v, want rejected", got)
			}
			if prefix, ok := strings.CutSuffix(tt.reason, "…"); ok {
				if !strings.HasPrefix(got.Reason, prefix) {
					t.Errorf("reason = %q, want prefix %q", got.Reason, prefix)
				}
			} else if got.Reason != tt.reason {
				t.Errorf("reason = %q, want %q", got.Reason, tt.reason)
			}
			if ReasonClass(got.Reason) == "" {
				t.Errorf("reason %q has no class", got.Reason)
			}
			if s := d.Stats(); s.ByState[Rejected] != 1 || s.ByReason[ReasonClass(got.Reason)] != 1 {
				t.Errorf("stats = %+v", s)
			}
		})
	}
}

func TestRealPagesPass(t *testing.T) {
	long := strings.Repeat("Web content can run scripts when the user allows it. ", 10)
	docs := []*document.Document{
		errorProtocol(),
		failError(),
		// No abstract, but a declaration: Matter's MTRAttributeReport.error.
		{URI: "apple-docs://matter/mtrattributereport/error", Title: "error", Declaration: "var error: (any Error)? { get }", ContentHash: hashOf("m")},
		// A placeholder-titled collection with topic links.
		{URI: "apple-docs://x/documentation", Title: "Documentation", Children: []document.Ref{{URI: "apple-docs://x/a", Title: "A"}}},
		// A page that merely discusses the JavaScript message.
		{URI: "apple-docs://webkit/js", Title: "Handling disabled scripts", Abstract: "Please turn on JavaScript, the page says.", Content: long},
		// A real symbol whose name contains an HTTP phrase.
		{URI: "apple-docs://x/notfound", Title: "NotFoundError", Declaration: "struct NotFoundError"},
		{URI: "apple-docs://x/status", Title: "404", Declaration: "case notFound = 404"},
		// An article titled Error with a real paragraph but no abstract.
		{URI: "apple-docs://x/error", Title: "Error", Content: "When the server cannot process a request it answers with a structured error object whose code and message fields describe what went wrong and how a client should retry the request."},
	}
	d := New()
	for _, doc := range docs {
		got := d.Judge(Input{SourceFile: doc.URI + ".json", Doc: doc})
		if got.State != Indexed || !got.Insert || got.Reason != "" {
			t.Errorf("%s (%q): %+v, want indexed", doc.URI, doc.Title, got)
		}
	}
	if s := d.Stats(); s.Inserted != len(docs) || s.BySource[document.SourceAppleDocs][Indexed] != 2 || s.BySource["unknown"][Indexed] != len(docs)-2 {
		t.Errorf("stats = %+v", s)
	}
}

func TestTierA(t *testing.T) {
	d := New()
	first := d.Judge(Input{SourceFile: "Swift/Error.json", Doc: errorProtocol()})
	dup := d.Judge(Input{SourceFile: "swift/error.json", Doc: errorProtocol()})
	if !first.Insert || first.State != Indexed {
		t.Fatalf("first = %+v", first)
	}
	if dup.State != BenignDupTierA || dup.DuplicateOf != "Swift/Error.json" || dup.Insert || dup.Replace {
		t.Errorf("dup = %+v, want tier A of Swift/Error.json", dup)
	}
}

// Without a ContentHash the door hashes Raw canonically itself.
func TestTierAFromRaw(t *testing.T) {
	d := New()
	a := &document.Document{URI: "apple-docs://x/y", Title: "Y", Abstract: "y"}
	b := *a
	d.Judge(Input{SourceFile: "1.json", Doc: a, Raw: []byte(`{"b":1,"a":[1, 2]}`)})
	if got := d.Judge(Input{SourceFile: "2.json", Doc: &b, Raw: []byte("{\n  \"a\": [1,2],\n  \"b\": 1\n}")}); got.State != BenignDupTierA {
		t.Errorf("same JSON, other layout: %+v, want tier A", got)
	}
	c := *a
	if got := d.Judge(Input{SourceFile: "3.json", Doc: &c, Raw: []byte(`{"b":2}`)}); got.State != BenignDupTierB {
		t.Errorf("other JSON, same title: %+v, want tier B", got)
	}
}

func TestTierB(t *testing.T) {
	poor := func() *document.Document {
		return &document.Document{URI: "apple-docs://healthkit/data-types", Title: "Data types", Abstract: "Types.", ContentHash: hashOf("poor"), Size: 500}
	}
	rich := func() *document.Document {
		doc := poor()
		doc.Title = "  data   Types "
		doc.Declaration, doc.Content, doc.ContentHash = "enum DataTypes", "Body.", hashOf("rich")
		return doc
	}

	t.Run("richer later replaces", func(t *testing.T) {
		d := New()
		d.Judge(Input{SourceFile: "data_types.json", Doc: poor()})
		got := d.Judge(Input{SourceFile: "data-types.json", Doc: rich()})
		if got.State != Indexed || !got.Replace || got.Insert || got.Replaced != "data_types.json" {
			t.Fatalf("got %+v, want indexed replacing data_types.json", got)
		}
		// A third, poorer variant is now a duplicate of the replacement.
		third := poor()
		third.ContentHash = hashOf("third")
		got = d.Judge(Input{SourceFile: "third.json", Doc: third})
		if got.State != BenignDupTierB || got.DuplicateOf != "data-types.json" || got.Replace {
			t.Errorf("third = %+v, want tier B of data-types.json", got)
		}
		s := d.Stats()
		if s.Inserted != 1 || s.Replaced != 1 || s.ByState[Indexed] != 2 || s.ByState[BenignDupTierB] != 1 {
			t.Errorf("stats = %+v", s)
		}
	})
	t.Run("poorer later skipped", func(t *testing.T) {
		d := New()
		d.Judge(Input{SourceFile: "rich.json", Doc: rich()})
		got := d.Judge(Input{SourceFile: "poor.json", Doc: poor()})
		if got.State != BenignDupTierB || got.DuplicateOf != "rich.json" || got.Replace || got.Insert {
			t.Errorf("got %+v, want tier B of rich.json", got)
		}
	})
	t.Run("equal richness, larger later replaces", func(t *testing.T) {
		d := New()
		d.Judge(Input{SourceFile: "small.json", Doc: poor()})
		big := poor()
		big.Size, big.ContentHash = 900, hashOf("big")
		if got := d.Judge(Input{SourceFile: "big.json", Doc: big}); !got.Replace || got.Replaced != "small.json" {
			t.Errorf("got %+v, want replace of small.json", got)
		}
	})
	t.Run("tie keeps the first", func(t *testing.T) {
		d := New()
		d.Judge(Input{SourceFile: "first.json", Doc: poor()})
		same := poor()
		same.ContentHash = hashOf("other bytes")
		if got := d.Judge(Input{SourceFile: "second.json", Doc: same}); got.State != BenignDupTierB || got.Replace || got.DuplicateOf != "first.json" {
			t.Errorf("got %+v, want tier B of first.json", got)
		}
	})
}

func TestTierC(t *testing.T) {
	d := New()
	d.Judge(Input{SourceFile: "os/os-log-t.json", Doc: page("apple-docs://os/os-log-t", "Logging Types")})
	got := d.Judge(Input{SourceFile: "os/os_log_t.json", Doc: page("apple-docs://os/os-log-t", "os_log_t")})
	if got.State != CollisionTierC || got.CollisionWith != "os/os-log-t.json" || got.Insert || got.Replace {
		t.Errorf("got %+v, want tier C with os/os-log-t.json", got)
	}
	if d.Collisions() != 1 {
		t.Errorf("Collisions() = %d, want 1", d.Collisions())
	}
	// The first stays: a later variant with its title is still tier B of it.
	again := page("apple-docs://os/os-log-t", "logging types")
	again.ContentHash = hashOf("again")
	if got := d.Judge(Input{SourceFile: "again.json", Doc: again}); got.State != BenignDupTierB || got.DuplicateOf != "os/os-log-t.json" {
		t.Errorf("got %+v, want tier B of the first", got)
	}
}

// A rejected page must not claim its URI: the real page that follows is a first
// sighting.
func TestRejectedDoesNotClaimURI(t *testing.T) {
	d := New()
	shell := &document.Document{URI: "apple-docs://swift/error", Title: "Error"}
	if got := d.Judge(Input{SourceFile: "shell.json", Doc: shell}); got.State != Rejected {
		t.Fatalf("shell = %+v", got)
	}
	if got := d.Judge(Input{SourceFile: "Swift/Error.json", Doc: errorProtocol()}); got.State != Indexed || !got.Insert {
		t.Errorf("real page = %+v, want first sighting", got)
	}
}

func TestStatsConcurrentWithJudge(t *testing.T) {
	d := New()
	var wg sync.WaitGroup
	wg.Go(func() {
		for range 200 {
			_ = d.Stats()
		}
	})
	for i := range 1000 {
		d.Judge(Input{SourceFile: fmt.Sprint(i), Doc: page(fmt.Sprintf("apple-docs://x/%d", i%500), "T")})
	}
	wg.Wait()
	if s := d.Stats(); s.Total != 1000 || s.Inserted != 500 || s.ByState[BenignDupTierA] != 500 {
		t.Errorf("stats = %+v", s)
	}
}

// The 0-byte fixture goes through the same path a reader would take.
func TestEmptyFixture(t *testing.T) {
	raw := testenv.ReadFile(t, "testdata/empty.json")
	_, perr := canonjson.Hash(raw)
	if got := New().Judge(Input{SourceFile: "testdata/empty.json", ParseErr: perr, Raw: raw}); got.Reason != ReasonEmptyFile {
		t.Errorf("got %+v, want empty file", got)
	}
}

func BenchmarkJudge(b *testing.B) {
	docs := make([]*document.Document, 10000)
	for i := range docs {
		docs[i] = errorProtocol()
		docs[i].URI = fmt.Sprintf("apple-docs://swift/error/%d", i)
		docs[i].Content = strings.Repeat("Real words in a real body. ", 200)
	}
	b.ReportAllocs()
	for b.Loop() {
		d := New()
		for _, doc := range docs {
			d.Judge(Input{SourceFile: doc.URI, Doc: doc})
		}
	}
	b.ReportMetric(float64(b.N*len(docs))/b.Elapsed().Seconds(), "docs/s")
}

func TestDeclinedInputIsRejectedWithReadersReason(t *testing.T) {
	d := New()
	dec := d.Judge(Input{SourceFile: "proposals/0999-x.md", ParseErr: fmt.Errorf("%w: status Rejected", ErrDeclined)})
	if dec.State != Rejected || ReasonClass(dec.Reason) != ReasonDeclined || !strings.Contains(dec.Reason, "status Rejected") {
		t.Fatalf("got %+v, want rejected/declined with the reader's reason", dec)
	}
}
