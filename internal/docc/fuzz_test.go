package docc

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// FuzzParse checks that Parse, Document and RenderMarkdown never panic,
// whatever the input: go test -fuzz=FuzzParse -fuzzminimizetime=5s ./internal/docc
// (the seeds are whole pages, so the default 60s minimization of each new
// input looks like a stall).
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	demo, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "demo", "docs", "documentation", "*", "*.json"))
	for _, s := range append(seeds, demo...) {
		if raw, err := os.ReadFile(s); err == nil {
			f.Add(raw)
		}
	}
	f.Add([]byte(`{"identifier": {"url": {"content": 5}}, "kind": "symbol", "metadata": {"title": "x"}}`))
	f.Add([]byte(`{"kind": "symbol", "metadata": {"title": "x"}, "primaryContentSections": [{"kind": "content", "content": [{"type": "table", "header": "row", "rows": [[]]}]}]}`))
	f.Add([]byte(`{"kind": "a", "metadata": {"role": "r"}, "primaryContentSections": [{"kind": "content", "content": [{"type": "links", "items": ["x", 1, {"content": []}]}]}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		tm := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("input took over 10s: %q", raw)) })
		defer tm.Stop()
		p, err := Parse(raw)
		if err != nil {
			if p != nil {
				t.Fatalf("Parse returned a page with error %v", err)
			}
			return
		}
		_ = RenderMarkdown(p, RenderOptions{})
		_ = RenderMarkdown(p, RenderOptions{Omit: SectionTopics, OmitTopicAbstracts: true})
		_ = p.LinkedURIs()
		d, err := p.Document("fuzz.json", raw)
		if err == nil && (d.URI == "" || d.ContentHash == "" || d.Size != len(raw)) {
			t.Fatalf("document without uri, hash or size: %+v", d)
		}
	})
}
