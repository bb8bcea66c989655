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

// benchEach times op over every page of the sample (one op = the whole
// sample) and reports the throughput in bytes and pages per second.
func benchEach(b *testing.B, n int, total int64, op func(i int) error) {
	b.SetBytes(total)
	b.ResetTimer()
	for b.Loop() {
		for i := range n {
			if err := op(i); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkParse decodes real pages.
func BenchmarkParse(b *testing.B) {
	pages, _, total := benchPages(b)
	benchEach(b, len(pages), total, func(i int) error {
		_, err := Parse(pages[i])
		return err
	})
}

// BenchmarkDocument is Parse plus the full conversion: canonical hash,
// Markdown, plain text, references.
func BenchmarkDocument(b *testing.B) {
	pages, names, total := benchPages(b)
	benchEach(b, len(pages), total, func(i int) error {
		p, err := Parse(pages[i])
		if err != nil {
			return err
		}
		_, err = p.Document(names[i], pages[i])
		return err
	})
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
	benchEach(b, len(pages), total, func(i int) error {
		_ = RenderMarkdown(pages[i], RenderOptions{})
		return nil
	})
}
