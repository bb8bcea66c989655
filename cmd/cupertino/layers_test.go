package main

import (
	"os/exec"
	"strings"
	"testing"
)

// layers is docs/architecture.md's layer diagram: a package may import only
// packages of lower layers. A new package needs a line here, which is the
// point: its place in the house is decided, not drifted into.
var layers = map[string]int{
	"internal/document": 0, "internal/docuri": 0, "internal/canonjson": 0,
	"internal/stats": 0, "internal/version": 0, "internal/filelock": 0, "internal/mdbound": 0, "internal/ondisk": 0, "internal/safefile": 0, "internal/termtext": 0, "internal/swiftlex": 0,
	"internal/progress": 0, "internal/benchkit": 0, "internal/testenv": 0, "internal/sqlrows": 0, "internal/memo": 0, "internal/symbolgraph": 1,
	"internal/golden": 1, "internal/swiftsym": 1, "internal/semantic": 1, "internal/docc": 1, "door": 1, "internal/source": 1,
	"ranker/reading": 1, "index": 2, "internal/corpus": 2,
	"ranker": 3, "internal/ingest": 3, "enrich": 3, "crawler": 3, "crawler/fakeapple": 3, "internal/bundle": 3, "index/indextest": 3,
	"internal/verify": 3,
	"mcp":             4, "eval/search": 4, "eval/agent": 4, "eval/agent/fakellm": 4, "eval/verify": 4, "eval/fit": 4, "ranker/internal/lexicongen": 4,
	"cmd/cupertino": 5, "crawler/fakeapple/cmd/fakeapple": 5, "eval/fit/cmd/fitweights": 5,
}

func TestPackagesDependDownwardOnly(t *testing.T) {
	const module = "github.com/cupertino-go/cupertino/"
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "../../...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], module)
		layer, ok := layers[pkg]
		if !ok {
			t.Errorf("package %s has no layer: add it to layers and to docs/architecture.md", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			dep := strings.TrimPrefix(imp, module)
			if l, ok := layers[dep]; ok && l >= layer {
				t.Errorf("%s (layer %d) imports %s (layer %d): packages depend downward only", pkg, layer, dep, l)
			}
		}
	}
}

// TestReadingAsksNoDatabase: the ranker's reading stage is pure (issue
// #26): neither it nor anything it imports opens a database or the index;
// the ranker confirms a reading's guesses against the index afterwards.
func TestReadingAsksNoDatabase(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "../../ranker/reading").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "database/sql" || strings.HasPrefix(dep, "modernc.org/sqlite") || dep == "github.com/cupertino-go/cupertino/index" {
			t.Errorf("ranker/reading depends on %s", dep)
		}
	}
}
