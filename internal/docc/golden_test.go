package docc

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// TestGolden renders every fixture page in testdata/*.json and compares the
// Markdown (<name>.md.golden) and the Document without its Markdown
// (<name>.doc.golden) with the checked-in files. Run `go test ./internal/docc
// -update` after an intended change and review the diff.
func TestGolden(t *testing.T) {
	fixtures, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil || len(fixtures) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, fixture := range fixtures {
		name := strings.TrimSuffix(filepath.Base(fixture), ".json")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(fixture)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Parse(raw)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			d, err := p.Document(filepath.ToSlash(fixture), raw)
			if err != nil {
				t.Fatalf("document: %v", err)
			}
			md := d.Markdown
			d.Markdown = ""
			docJSON, err := json.MarshalIndent(d, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			compareGolden(t, filepath.Join("testdata", name+".md.golden"), []byte(md))
			compareGolden(t, filepath.Join("testdata", name+".doc.golden"), append(docJSON, '\n'))
		})
	}
}

func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run with -update to accept):\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}
