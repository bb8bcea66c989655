// Package verifysets holds the blind evaluation sets for verify_swift (issue 28).
// The test only checks that the sets are well formed; it never imports the checker,
// so the sets stay independent of the engine they measure.
package verifysets

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// hallucinationRow is one snippet with exactly one invented API.
type hallucinationRow struct {
	ID         string   `json:"id"`
	Kind       string   `json:"kind"`
	Frameworks []string `json:"frameworks"`
	Code       string   `json:"code"`
	Line       int      `json:"line"`
	Name       string   `json:"name"`
	Receiver   string   `json:"receiver"`
	Fix        string   `json:"fix"`
}

// validRow is one snippet that uses only real APIs.
type validRow struct {
	ID         string   `json:"id"`
	Frameworks []string `json:"frameworks"`
	Code       string   `json:"code"`
	HardCases  []string `json:"hard_cases"`
}

var validKinds = map[string]bool{
	"invented-type":   true,
	"invented-member": true,
	"wrong-label":     true,
	"invented-init":   true,
	"invented-case":   true,
}

var knownHardCases = map[string]bool{
	"own-types": true, "extension": true, "conformance": true, "property-wrapper": true,
	"result-builder": true, "generics": true, "dollar-zero": true, "optional-chain-singleton": true,
	"available-block": true, "inferred-closure-params": true, "default-arguments": true,
	"trailing-closure": true, "async-await": true, "key-path": true, "inherited-member": true,
	"delegate-callback": true, "leading-dot": true, "own-member-shadowing": true,
}

// readJSONL decodes every line of path into a fresh T, refusing unknown fields so a
// misspelt key cannot slip through as an empty value.
func readJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	var rows []T
	scanner := bufio.NewScanner(bytes.NewReader(data))
	scanner.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for lineNo := 1; scanner.Scan(); lineNo++ {
		line := scanner.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			t.Errorf("%s:%d: blank line", path, lineNo)
			continue
		}
		decoder := json.NewDecoder(bytes.NewReader(line))
		decoder.DisallowUnknownFields()
		var row T
		if err := decoder.Decode(&row); err != nil {
			t.Errorf("%s:%d: %v", path, lineNo, err)
			continue
		}
		rows = append(rows, row)
	}
	if err := scanner.Err(); err != nil {
		t.Fatalf("scan %s: %v", path, err)
	}
	return rows
}

// BaseName is the part of a reference a source line must contain, and the
// name the scorer (score_test.go) wants a finding to carry: the name before
// any argument list or generic arguments, without a leading dot
// ("asyncAfter(delay:)" -> "asyncAfter", ".roundedRectangle" ->
// "roundedRectangle", "UIColor(hex:)" -> "UIColor", "Box<Int>" -> "Box").
// It is exported for the scorer's external test package, so that the sets
// and their score read a row's name one way.
func BaseName(name string) string {
	name = strings.TrimPrefix(name, ".")
	if i := strings.IndexAny(name, "(<"); i >= 0 {
		name = name[:i]
	}
	return name
}

// normalizedCode collapses whitespace so that re-indented copies still count as shared.
func normalizedCode(code string) string {
	return strings.Join(strings.Fields(code), " ")
}

func checkHallucinations(t *testing.T, path, idPrefix string, minimum int) []hallucinationRow {
	rows := readJSONL[hallucinationRow](t, path)
	if len(rows) < minimum {
		t.Errorf("%s: %d rows, want at least %d", path, len(rows), minimum)
	}
	kindCounts := map[string]int{}
	for _, row := range rows {
		where := path + " " + row.ID
		if !strings.HasPrefix(row.ID, idPrefix) {
			t.Errorf("%s: id should start with %q", where, idPrefix)
		}
		if !validKinds[row.Kind] {
			t.Errorf("%s: unknown kind %q", where, row.Kind)
		}
		kindCounts[row.Kind]++
		if len(row.Frameworks) == 0 || row.Name == "" || row.Receiver == "" || row.Fix == "" {
			t.Errorf("%s: frameworks, name, receiver and fix must all be set", where)
		}
		if !strings.Contains(row.Code, "import ") {
			t.Errorf("%s: code has no import", where)
		}
		lines := strings.Split(row.Code, "\n")
		if len(lines) < 5 || len(lines) > 40 {
			t.Errorf("%s: code has %d lines, want 5 to 40", where, len(lines))
		}
		if row.Line < 1 || row.Line > len(lines) {
			t.Errorf("%s: line %d outside code of %d lines", where, row.Line, len(lines))
			continue
		}
		if base := BaseName(row.Name); base == "" || !strings.Contains(lines[row.Line-1], base) {
			t.Errorf("%s: line %d %q does not contain %q", where, row.Line, lines[row.Line-1], base)
		}
	}
	// Every kind is represented: five rows of each, or four in a set of
	// fewer than sixty (dev23's forty, which put twenty on cases).
	perKind := 5
	if len(rows) < 60 {
		perKind = 4
	}
	for kind := range validKinds {
		if kindCounts[kind] < perKind {
			t.Errorf("%s: only %d rows of kind %s, want at least %d", path, kindCounts[kind], kind, perKind)
		}
	}
	return rows
}

func checkValid(t *testing.T, path, idPrefix string, minimum int) []validRow {
	rows := readJSONL[validRow](t, path)
	if len(rows) < minimum {
		t.Errorf("%s: %d rows, want at least %d", path, len(rows), minimum)
	}
	for _, row := range rows {
		where := path + " " + row.ID
		if !strings.HasPrefix(row.ID, idPrefix) {
			t.Errorf("%s: id should start with %q", where, idPrefix)
		}
		if len(row.Frameworks) == 0 || len(row.HardCases) == 0 {
			t.Errorf("%s: frameworks and hard_cases must be set", where)
		}
		for _, hardCase := range row.HardCases {
			if !knownHardCases[hardCase] {
				t.Errorf("%s: unknown hard case %q", where, hardCase)
			}
		}
		if lines := strings.Count(row.Code, "\n") + 1; lines < 5 {
			t.Errorf("%s: code has %d lines, want at least 5", where, lines)
		}
	}
	return rows
}

// TestSetsAreWellFormed checks every file (dev, dev2 to dev25 and final), id uniqueness across files, and that no
// snippet is shared between a dev file and a final file (or repeated within one).
func TestSetsAreWellFormed(t *testing.T) {
	type origin struct{ split, id string }
	seenIDs := map[string]bool{}
	seenCode := map[string]origin{}
	record := func(split, id, code string) {
		if seenIDs[id] {
			t.Errorf("duplicate id %s", id)
		}
		seenIDs[id] = true
		key := normalizedCode(code)
		if first, ok := seenCode[key]; ok {
			if first.split != split {
				t.Errorf("code of %s (%s) is also in %s (%s)", id, split, first.id, first.split)
			} else {
				t.Errorf("code of %s repeats %s", id, first.id)
			}
			return
		}
		seenCode[key] = origin{split, id}
	}
	// Each set is a hallucination file and a valid file; dev2 to dev25 are
	// further development pairs, each written blind by another writer and
	// tuned on like dev. The dev sets are read before final, so a snippet
	// shared by both is reported on the final one.
	for _, set := range []struct {
		name, split                 string
		minHallucinations, minValid int
	}{
		{"dev", "dev", 150, 150},
		{"dev2", "dev", 100, 80},
		{"dev3", "dev", 100, 80},
		{"dev4", "dev", 60, 50},
		{"dev5", "dev", 80, 60},
		{"dev6", "dev", 60, 50},
		{"dev7", "dev", 60, 50},
		{"dev8", "dev", 60, 50},
		{"dev9", "dev", 60, 50},
		{"dev10", "dev", 60, 50},
		{"dev11", "dev", 60, 50},
		{"dev12", "dev", 60, 50},
		{"dev13", "dev", 60, 50},
		{"dev14", "dev", 60, 50},
		{"dev15", "dev", 60, 50},
		{"dev16", "dev", 60, 50},
		{"dev17", "dev", 60, 50},
		{"dev18", "dev", 59, 50},
		{"dev19", "dev", 60, 50},
		{"dev20", "dev", 60, 50},
		{"dev21", "dev", 60, 50},
		{"dev22", "dev", 60, 50},
		{"dev23", "dev", 40, 30},
		{"dev24", "dev", 60, 50},
		{"dev25", "dev", 60, 50},
		{"final", "final", 60, 60},
	} {
		for _, row := range checkHallucinations(t, "hallucinations-"+set.name+".jsonl", "h-"+set.name+"-", set.minHallucinations) {
			record(set.split, row.ID, row.Code)
		}
		for _, row := range checkValid(t, "valid-"+set.name+".jsonl", "v-"+set.name+"-", set.minValid) {
			record(set.split, row.ID, row.Code)
		}
	}
}

func TestBaseName(t *testing.T) {
	for name, want := range map[string]string{
		"asyncAfter(delay:)": "asyncAfter",
		".roundedRectangle":  "roundedRectangle",
		"UIColor(hex:)":      "UIColor",
		"hasNotch":           "hasNotch",
		"Box<Int>":           "Box",
	} {
		if got := BaseName(name); got != want {
			t.Errorf("BaseName(%q) = %q, want %q", name, got, want)
		}
	}
}
