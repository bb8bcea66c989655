package enrich

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/index"
)

func TestPassOrderRespectsDependencies(t *testing.T) {
	names := PassNames()
	pos := map[string]int{}
	for i, n := range names {
		pos[n] = i
	}
	for _, p := range Passes() {
		for _, dep := range p.After {
			if pos[dep] >= pos[p.Name] {
				t.Errorf("%s runs at %d, before its dependency %s at %d", p.Name, pos[p.Name], dep, pos[dep])
			}
		}
	}
	if strings.Join(names, ",") != "synonyms,constraints,hierarchy,relationships,semantic,contexts,passages" {
		t.Errorf("passes = %v, want synonyms, constraints, hierarchy, relationships, semantic, contexts, passages", names)
	}
}

func TestOrderDetectsCycle(t *testing.T) {
	_, err := order([]Pass{{Name: "a", After: []string{"b"}}, {Name: "b", After: []string{"a"}}})
	if !errors.Is(err, ErrDependencyCycle) {
		t.Fatalf("err = %v, want ErrDependencyCycle", err)
	}
	_, err = order([]Pass{{Name: "a", After: []string{"missing"}}})
	if !errors.Is(err, ErrUnknownPass) {
		t.Fatalf("err = %v, want ErrUnknownPass", err)
	}
}

func TestRunRecordsEveryPassAndPrintsOneLineEach(t *testing.T) {
	path := buildIndex(t, fixtureDoc("apple-docs://corebluetooth", "Core Bluetooth", "framework", ""))
	x := openIndex(t, path)
	var out bytes.Buffer
	stamp := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	res := runPasses(t, x, Options{Out: &out, Now: func() time.Time { return stamp }})
	if len(res) != len(PassNames()) {
		t.Fatalf("ran %d passes, want %d", len(res), len(PassNames()))
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(res) {
		t.Fatalf("printed %d lines for %d passes:\n%s", len(lines), len(res), out.String())
	}
	for i, r := range res {
		if !strings.HasPrefix(lines[i], r.Pass+": ") || !strings.Contains(lines[i], "(v"+r.Version+", ") {
			t.Errorf("line %q does not report pass %s v%s", lines[i], r.Pass, r.Version)
		}
	}
	if !strings.Contains(out.String(), "constraints: ") || !strings.Contains(out.String(), "no --symbolgraph-dir, skipped") {
		t.Errorf("constraints line does not say the join was skipped:\n%s", out.String())
	}
	runs, err := Runs(context.Background(), x)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != len(res) {
		t.Fatalf("enrich_runs has %d rows, want %d", len(runs), len(res))
	}
	if got := queryString(t, rawDB(t, x), "SELECT ran_at FROM enrich_runs LIMIT 1"); got != "2026-01-02T03:04:05Z" {
		t.Errorf("ran_at = %q", got)
	}
	if got := queryInt(t, rawDB(t, x), "SELECT rows_touched FROM enrich_runs WHERE pass = 'synonyms'"); got != 1 {
		t.Errorf("synonyms rows_touched = %d, want 1 (one framework)", got)
	}
}

func TestSelectedPassAddsOnlyUnrunDependencies(t *testing.T) {
	path := buildIndex(t, fixtureDoc("apple-docs://swiftui", "SwiftUI", "framework", ""))
	x := openIndex(t, path)
	res := runPasses(t, x, Options{}, "hierarchy")
	got := []string{}
	for _, r := range res {
		got = append(got, r.Pass)
	}
	// hierarchy needs constraints; neither ran yet.
	if strings.Join(got, ",") != "constraints,hierarchy" {
		t.Fatalf("first run = %v", got)
	}
	res = runPasses(t, x, Options{}, "hierarchy")
	if len(res) != 1 || res[0].Pass != "hierarchy" {
		t.Fatalf("second run = %+v, want hierarchy alone (its dependencies ran at their version)", res)
	}
	// A dependency recorded at another version (the pass changed since)
	// runs again; one at its version does not.
	if _, err := rawDB(t, x).Exec("UPDATE enrich_runs SET version = '0' WHERE pass = 'constraints'"); err != nil {
		t.Fatal(err)
	}
	res = runPasses(t, x, Options{}, "hierarchy")
	if len(res) != 2 || res[0].Pass != "constraints" || res[1].Pass != "hierarchy" {
		t.Fatalf("after a version change = %+v, want constraints then hierarchy", res)
	}
	if _, err := Run(context.Background(), x, Options{Passes: []string{"nope"}}); !errors.Is(err, ErrUnknownPass) {
		t.Fatalf("unknown pass err = %v", err)
	}
}

func TestOpenIndexTakesTheBuildLock(t *testing.T) {
	path := buildIndex(t, fixtureDoc("apple-docs://swiftui", "SwiftUI", "framework", ""))
	x, err := OpenIndex(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := index.Create(path, index.BuildOptions{SkipDiskCheck: true}); !errors.Is(err, index.ErrLocked) {
		t.Fatalf("save while enrich holds the index: err = %v, want ErrLocked", err)
	}
	if _, err := OpenIndex(context.Background(), path); !errors.Is(err, index.ErrLocked) {
		t.Fatalf("second enrich: err = %v, want ErrLocked", err)
	}
	x.Close()
	b, err := index.Create(path, index.BuildOptions{SkipDiskCheck: true})
	if err != nil {
		t.Fatalf("save after enrich closed: %v", err)
	}
	b.Abort()
	if _, err := OpenIndex(context.Background(), path+".missing"); !errors.Is(err, index.ErrNotFound) {
		t.Fatalf("missing index: err = %v", err)
	}
}

// TestRunTwiceChangesNothing is the idempotence contract over every pass on
// a fixture that gives each pass work: the second run reports 0 rows changed
// and leaves every table identical.
func TestRunTwiceChangesNothing(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	opts := Options{SymbolGraphDir: fx.graphs}
	first := runPasses(t, x, opts)
	for _, r := range first {
		if r.Rows == 0 {
			t.Errorf("first run: pass %s changed nothing; the fixture should give it work (%s)", r.Pass, r.Summary)
		}
	}
	before := snapshotTables(t, rawDB(t, x))
	second := runPasses(t, x, opts)
	for _, r := range second {
		if r.Rows != 0 {
			t.Errorf("second run: pass %s changed %d rows (%s)", r.Pass, r.Rows, r.Summary)
		}
	}
	after := snapshotTables(t, rawDB(t, x))
	for table, want := range before {
		if after[table] != want {
			t.Errorf("table %s changed on re-run: %s -> %s", table, want, after[table])
		}
	}
	if n := queryInt(t, rawDB(t, x), "SELECT count(*) FROM enrich_runs"); n != int64(2*len(PassNames())) {
		t.Errorf("enrich_runs rows = %d, want %d", n, 2*len(PassNames()))
	}
}
