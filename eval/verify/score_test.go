package verifysets_test

// The scorer: it runs the checker `cupertino verify --format json` runs (the
// library, with the index's horizon applied) over set files and reports, per
// kind, how many invented APIs get a finding on their line that names them,
// and how many valid snippets get a false "does not exist" finding.
//
//	CUPERTINO_DB=…/search.db go test -count=1 -run TestScore -v ./eval/verify
//	CUPERTINO_DB=… VERIFY_SETS=hallucinations-final.jsonl,valid-final.jsonl go test -count=1 -run TestScore -v ./eval/verify
//
// VERIFY_SETS names the files (in this folder, or paths), comma-separated;
// it defaults to the two dev files. The sets' well-formedness test
// (sets_test.go) stays free of the checker.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	verifysets "github.com/cupertino-go/cupertino/eval/verify"
	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/internal/verify"
)

// setRow is a row of either kind of set: a hallucination row has a kind.
type setRow struct {
	ID       string `json:"id"`
	Kind     string `json:"kind"`
	Code     string `json:"code"`
	Line     int    `json:"line"`
	Name     string `json:"name"`
	Receiver string `json:"receiver"`
}

// missingStatuses are the statuses that say an API does not exist as
// written: what catches an invented API, and what a valid snippet must not
// get.
var missingStatuses = map[verify.Status]bool{
	verify.Unknown: true, "not_on_type": true, "wrong_labels": true, "no_such_initializer": true, "no_such_case": true,
}

func TestScore(t *testing.T) {
	db := testenv.FullIndexDB(t)
	sets := []string{"hallucinations-dev.jsonl", "valid-dev.jsonl"}
	if s := os.Getenv("VERIFY_SETS"); s != "" {
		sets = strings.Split(s, ",")
	}
	table, err := verify.OpenIndexTable(db)
	table = testenv.Closing(t, table, err)
	horizon, err := table.Horizon(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	checker := &verify.Checker{Table: table}
	check := func(code string) []verify.Reference {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		files := []verify.File{{Code: code}}
		rep, err := checker.Check(ctx, files, verify.Options{})
		if err != nil {
			t.Logf("check error: %v", err)
			return nil
		}
		rep.ApplyHorizon(horizon)
		return rep.Findings
	}

	type tally struct{ caught, total int }
	byKind := map[string]*tally{}
	validFalse, validTotal := 0, 0
	for _, set := range sets {
		for _, row := range readSet(t, set) {
			findings := check(row.Code)
			if row.Kind == "" {
				validTotal++
				var bad []string
				for _, f := range findings {
					if missingStatuses[f.Status] {
						bad = append(bad, fmt.Sprintf("line %d %s %s", f.Line, f.Status, f.Symbol))
					}
				}
				if len(bad) > 0 {
					validFalse++
					t.Logf("FALSE %s: %s", row.ID, strings.Join(bad, "; "))
				}
				continue
			}
			k := byKind[row.Kind]
			if k == nil {
				k = &tally{}
				byKind[row.Kind] = k
			}
			k.total++
			if caught(row, findings) {
				k.caught++
			} else {
				var got []string
				for _, f := range findings {
					got = append(got, fmt.Sprintf("line %d %s %s", f.Line, f.Status, f.Symbol))
				}
				t.Logf("MISS %s %s %s (%s) line %d; findings: %s", row.ID, row.Kind, row.Name, row.Receiver, row.Line, strings.Join(got, "; "))
			}
		}
	}
	var kinds []string
	all := tally{}
	for k, v := range byKind {
		kinds = append(kinds, k)
		all.caught += v.caught
		all.total += v.total
	}
	sort.Strings(kinds)
	var b strings.Builder
	fmt.Fprintf(&b, "sets: %s\n", strings.Join(sets, ", "))
	for _, k := range kinds {
		fmt.Fprintf(&b, "%-16s caught %3d / %3d (%.1f%%)\n", k, byKind[k].caught, byKind[k].total, pct(byKind[k].caught, byKind[k].total))
	}
	if all.total > 0 {
		fmt.Fprintf(&b, "%-16s caught %3d / %3d (%.1f%%)\n", "all", all.caught, all.total, pct(all.caught, all.total))
	}
	if validTotal > 0 {
		fmt.Fprintf(&b, "valid with a false finding: %d / %d (%.1f%%)\n", validFalse, validTotal, pct(validFalse, validTotal))
	}
	t.Log("\n" + b.String())
}

// caught says whether a finding that says the API is missing sits on the
// row's line and names the invented thing.
func caught(row setRow, findings []verify.Reference) bool {
	base := verifysets.BaseName(row.Name)
	for _, f := range findings {
		if f.Line == row.Line && missingStatuses[f.Status] && namesWord(f.Symbol, base) {
			return true
		}
	}
	return false
}

// namesWord says whether symbol holds word as a whole identifier, or a
// nested type's whole dotted path ("CKRecord.ID" in "CKRecord.ID(name:)").
func namesWord(symbol, word string) bool {
	isIdent := func(r rune) bool {
		return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	if strings.Contains(word, ".") {
		for at := strings.Index(symbol, word); at >= 0; {
			end := at + len(word)
			if (at == 0 || !isIdent(rune(symbol[at-1]))) && (end == len(symbol) || !isIdent(rune(symbol[end]))) {
				return true
			}
			next := strings.Index(symbol[at+1:], word)
			if next < 0 {
				break
			}
			at += 1 + next
		}
		return false
	}
	for _, part := range strings.FieldsFunc(symbol, func(r rune) bool { return !isIdent(r) }) {
		if part == word {
			return true
		}
	}
	return false
}

func pct(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return 100 * float64(n) / float64(d)
}

func readSet(t *testing.T, name string) []setRow {
	t.Helper()
	path := name
	if !strings.ContainsRune(name, filepath.Separator) {
		path = filepath.Join(".", name)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows []setRow
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var r setRow
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rows = append(rows, r)
	}
	return rows
}

// TestNamesWord: a finding names a plain name as a whole identifier and a
// nested type by its whole dotted path.
func TestNamesWord(t *testing.T) {
	named := [][2]string{{"UIColor(hex:)", "UIColor"}, {"UIDevice.hasNotch", "hasNotch"}, {"CKRecord.ID(name:)", "CKRecord.ID"},
		{"MKDirections.Request(source:destination:)", "MKDirections.Request"}}
	notNamed := [][2]string{{"UIDevice.hasNotchX", "hasNotch"}, {"CKRecord.IDs(name:)", "CKRecord.ID"},
		{"XCKRecord.ID(name:)", "CKRecord.ID"}, {"ID(name:)", "CKRecord.ID"}}
	for _, c := range named {
		if !namesWord(c[0], c[1]) {
			t.Errorf("%q does not name %q", c[0], c[1])
		}
	}
	for _, c := range notNamed {
		if namesWord(c[0], c[1]) {
			t.Errorf("%q names %q", c[0], c[1])
		}
	}
}
