package docc

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/golden"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

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
			d := documentOf(t, filepath.ToSlash(fixture), testenv.ReadFile(t, fixture))
			md := d.Markdown
			d.Markdown = ""
			docJSON, err := json.MarshalIndent(d, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", name+".md.golden"), []byte(md))
			golden.Check(t, filepath.Join("testdata", name+".doc.golden"), append(docJSON, '\n'))
		})
	}
}
