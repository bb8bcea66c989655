package docc

import (
	"os"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// benchPages loads a sample of real pages into memory (every 200th file,
// about 900 pages) so the benchmarks measure decoding, not disk.
func benchPages(b *testing.B) ([][]byte, []string, int64) {
	b.Helper()
	files := corpusFiles(b, testenv.CorpusPath(b, testenv.AppleDocsPath), 200)
	var pages [][]byte
	var names []string
	var total int64
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		if len(raw) == 0 {
			continue
		}
		pages = append(pages, raw)
		names = append(names, f)
		total += int64(len(raw))
	}
	return pages, names, total
}

func reportPages(b *testing.B, n int) {
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkParse decodes real pages (one op = the whole sample).
func BenchmarkParse(b *testing.B) {
	pages, _, total := benchPages(b)
	b.SetBytes(total)
	b.ResetTimer()
	for b.Loop() {
		for _, raw := range pages {
			if _, err := Parse(raw); err != nil {
				b.Fatal(err)
			}
		}
	}
	reportPages(b, len(pages))
}

// BenchmarkDocument is Parse plus the full conversion: canonical hash,
// Markdown, plain text, references.
func BenchmarkDocument(b *testing.B) {
	pages, names, total := benchPages(b)
	b.SetBytes(total)
	b.ResetTimer()
	for b.Loop() {
		for i, raw := range pages {
			p, err := Parse(raw)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := p.Document(names[i], raw); err != nil {
				b.Fatal(err)
			}
		}
	}
	reportPages(b, len(pages))
}

// BenchmarkRenderMarkdown measures rendering alone on parsed pages.
func BenchmarkRenderMarkdown(b *testing.B) {
	raws, _, total := benchPages(b)
	pages := make([]*Page, len(raws))
	for i, raw := range raws {
		p, err := Parse(raw)
		if err != nil {
			b.Fatal(err)
		}
		pages[i] = p
	}
	b.SetBytes(total)
	b.ResetTimer()
	for b.Loop() {
		for _, p := range pages {
			_ = RenderMarkdown(p, RenderOptions{})
		}
	}
	reportPages(b, len(pages))
}
