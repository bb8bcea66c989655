package docuri

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestCorpusPaths maps every page path of the real corpus to a URI. Only path
// names are read, so the whole tree is cheap; -short samples every 20th path.
func TestCorpusPaths(t *testing.T) {
	root := filepath.Join(testenv.CorpusDir(t, testenv.AppleDocsPath), "tutorials", "data")
	step := 1
	if testing.Short() {
		step = 20
	}
	byURI := map[string][]string{}
	n := 0
	err := filepath.WalkDir(filepath.Join(root, "documentation"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".json") {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if rel == "documentation/technologies.json" {
			return nil // the crawl root, not a page
		}
		n++
		if n%step != 0 && !strings.Contains(rel, "=(_:_:)") && !strings.Contains(rel, "(_:_:).json") {
			return nil
		}
		u, err := FromURL("/tutorials/data/" + rel)
		if err != nil {
			t.Errorf("FromURL(%q): %v", rel, err)
			return nil
		}
		checkProperties(t, "/tutorials/data/"+rel)
		byURI[u] = append(byURI[u], rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	collapsed, groups := 0, 0
	var examples []string
	for u, paths := range byURI {
		if len(paths) > 1 {
			groups++
			collapsed += len(paths)
			examples = append(examples, u+" <- "+strings.Join(paths, " | "))
		}
	}
	sort.Strings(examples)
	t.Logf("%d page paths walked, %d mapped, %d distinct URIs; %d paths collapse into %d shared URIs",
		n, countPaths(byURI), len(byURI), collapsed, groups)
	for i, e := range examples {
		if i == 20 {
			t.Logf("  … %d more", len(examples)-20)
			break
		}
		t.Logf("  %s", e)
	}

	distinct := []string{
		"documentation/Swift/FloatingPoint/_=(_:_:).json",
		"documentation/Swift/FloatingPoint/-=(_:_:).json",
		"documentation/Swift/Double/_(_:_:).json",
		"documentation/Swift/Double/-(_:_:).json",
	}
	seen := map[string]bool{}
	for _, rel := range distinct {
		if _, err := os.Stat(filepath.Join(root, rel)); err != nil {
			t.Errorf("expected corpus page missing: %s", rel)
			continue
		}
		u, _ := FromURL("/tutorials/data/" + rel)
		if seen[u] {
			t.Errorf("%s collapses into an earlier page's URI %s", rel, u)
		}
		seen[u] = true
		if len(byURI[u]) != 1 {
			t.Errorf("%s shares %s with %v", rel, u, byURI[u])
		}
	}
}

func countPaths(m map[string][]string) int {
	n := 0
	for _, p := range m {
		n += len(p)
	}
	return n
}
