package canonjson

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// realPages reads a fixed sample of real pages: a few named ones plus every
// 500th file of the Swift and SwiftUI trees, about 6 MB.
func realPages(tb testing.TB) [][]byte {
	docs := testenv.CorpusPath(tb, testenv.AppleDocsPath)
	var pages [][]byte
	for _, name := range []string{"Swift/Error.json", "SwiftUI/View.json", "HealthKit/data-types.json", "Swift/Task.json"} {
		b, err := os.ReadFile(filepath.Join(docs, name))
		if err != nil {
			tb.Fatal(err)
		}
		pages = append(pages, b)
	}
	n := 0
	for _, tree := range []string{"Swift", "SwiftUI", "foundation", "UIKit"} {
		err := filepath.WalkDir(filepath.Join(docs, tree), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
				return err
			}
			if n++; n%500 == 0 {
				b, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				pages = append(pages, b)
			}
			return nil
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
	return pages
}

func totalSize(pages [][]byte) int64 {
	var n int64
	for _, p := range pages {
		n += int64(len(p))
	}
	return n
}

func benchPages(b *testing.B, pages [][]byte, f func([]byte) error) {
	b.SetBytes(totalSize(pages))
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pages {
			if err := f(p); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(pages))/b.Elapsed().Seconds(), "pages/s")
}

func hashOnly(p []byte) error {
	_, err := Hash(p)
	return err
}

func BenchmarkHash(b *testing.B) {
	b.Run("fixture", func(b *testing.B) {
		raw, err := os.ReadFile("testdata/page.json")
		if err != nil {
			b.Fatal(err)
		}
		benchPages(b, [][]byte{raw}, hashOnly)
	})
	b.Run("corpus", func(b *testing.B) {
		benchPages(b, realPages(b), hashOnly)
	})
}

// BenchmarkAlternatives measures the choices considered for the canonical
// form, on the same real pages.
func BenchmarkAlternatives(b *testing.B) {
	pages := realPages(b)
	b.Run("scanner-canonicalize", func(b *testing.B) {
		benchPages(b, pages, func(p []byte) error { _, err := Canonicalize(p); return err })
	})
	b.Run("jsontext-canonicalize-rfc8785", func(b *testing.B) {
		benchPages(b, pages, func(p []byte) error {
			v := jsontext.Value(append([]byte(nil), p...))
			return v.Canonicalize()
		})
	})
	b.Run("jsontext-reorder-raw-strings", func(b *testing.B) {
		benchPages(b, pages, func(p []byte) error {
			v := jsontext.Value(append([]byte(nil), p...))
			return v.Format(jsontext.PreserveRawStrings(true), jsontext.ReorderRawObjects(true), jsontext.AllowDuplicateNames(true))
		})
	})
}

// TestCorpusSample canonicalises the sampled real pages and checks that a
// compacted, a re-indented and a member-reversed copy (all made with jsontext,
// tokens byte-exact) hash the same as the original.
func TestCorpusSample(t *testing.T) {
	pages := realPages(t)
	for i, p := range pages {
		h, err := Hash(p)
		if err != nil {
			t.Fatalf("page %d: %v", i, err)
		}
		v := jsontext.Value(bytes.Clone(p))
		if err := v.Compact(); err != nil {
			t.Fatalf("page %d: compact: %v", i, err)
		}
		if hc, _ := Hash(v); hc != h {
			t.Errorf("page %d: compacted copy hashes %s, original %s", i, hc, h)
		}
		if err := v.Indent(jsontext.WithIndent("\t")); err != nil {
			t.Fatalf("page %d: indent: %v", i, err)
		}
		if hi, _ := Hash(v); hi != h {
			t.Errorf("page %d: re-indented copy hashes %s, original %s", i, hi, h)
		}
		rev, err := reverseMembers(jsontext.NewDecoder(bytes.NewReader(p)))
		if err != nil {
			t.Fatalf("page %d: reverse: %v", i, err)
		}
		if canon, _ := Canonicalize(p); bytes.Equal(rev, canon) {
			t.Fatalf("page %d: reversed copy is already canonical; the check proves nothing", i)
		}
		if hr, _ := Hash(rev); hr != h {
			t.Errorf("page %d: copy with reversed member order hashes %s, original %s", i, hr, h)
		}
	}
	t.Logf("%d real pages, %d bytes, all canonical", len(pages), totalSize(pages))
}

// reverseMembers re-emits the next value with every object's members in
// reverse order, copying scalars (and keys) byte-exact.
func reverseMembers(d *jsontext.Decoder) ([]byte, error) {
	switch d.PeekKind() {
	case '{':
		if _, err := d.ReadToken(); err != nil {
			return nil, err
		}
		var members [][]byte
		for d.PeekKind() != '}' {
			key, err := d.ReadValue()
			if err != nil {
				return nil, err
			}
			key = bytes.Clone(key)
			val, err := reverseMembers(d)
			if err != nil {
				return nil, err
			}
			members = append(members, append(append(key, ':'), val...))
		}
		if _, err := d.ReadToken(); err != nil {
			return nil, err
		}
		slices.Reverse(members)
		return append(append([]byte{'{'}, bytes.Join(members, []byte{','})...), '}'), nil
	case '[':
		if _, err := d.ReadToken(); err != nil {
			return nil, err
		}
		var elems [][]byte
		for d.PeekKind() != ']' {
			v, err := reverseMembers(d)
			if err != nil {
				return nil, err
			}
			elems = append(elems, v)
		}
		if _, err := d.ReadToken(); err != nil {
			return nil, err
		}
		return append(append([]byte{'['}, bytes.Join(elems, []byte{','})...), ']'), nil
	default:
		v, err := d.ReadValue()
		return bytes.Clone(v), err
	}
}
