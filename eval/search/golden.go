package search

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ErrGoldenMismatch means a run differs from the golden files.
var ErrGoldenMismatch = errors.New("search results differ from golden files")

// GoldenK is how many URIs per query the golden files pin.
const GoldenK = 10

// RankStatsFile is the golden summary's file name.
const RankStatsFile = "rank_stats.txt"

// GoldenFiles renders a report as golden files: "<battery>.txt" listing each
// query's top-k URIs (relevant ones starred), and RankStatsFile with
// recall@1/3/5/10 and MRR per battery. Timings are left out so the files are
// a pure function of the ranking.
func GoldenFiles(r *Report, k int) map[string][]byte {
	files := map[string]*bytes.Buffer{}
	var order []string
	for _, c := range r.Cases {
		buf, ok := files[c.Battery]
		if !ok {
			buf = &bytes.Buffer{}
			files[c.Battery] = buf
			order = append(order, c.Battery)
			fmt.Fprintf(buf, "# %s: top %d per query; * = relevant\n", c.Battery, k)
		}
		// Queries are named by battery line and a hash of their text, not
		// quoted: the batteries belong to ../shared and are not copied into
		// the repository; the line number finds the query there.
		fmt.Fprintf(buf, "\nquery: line %d (sha256 %s)\n", c.Line, queryHash(c.Query))
		if c.Error != "" {
			fmt.Fprintf(buf, "error: %s\n", c.Error)
		}
		for i := 0; i < k && i < len(c.URIs); i++ {
			mark := " "
			if c.Relevant[i] {
				mark = "*"
			}
			fmt.Fprintf(buf, "%2d %s %s\n", i+1, mark, c.URIs[i])
		}
	}
	out := make(map[string][]byte, len(files)+1)
	for name, buf := range files {
		out[name+".txt"] = buf.Bytes()
	}
	var stats bytes.Buffer
	fmt.Fprintf(&stats, "%-20s %7s %9s %9s %9s %9s %7s\n", "battery", "queries", "recall@1", "recall@3", "recall@5", "recall@10", "mrr")
	rows := append([]Summary(nil), r.Batteries...)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Name < rows[j].Name })
	for _, s := range append(rows, r.Overall) {
		fmt.Fprintf(&stats, "%-20s %7d %9.4f %9.4f %9.4f %9.4f %7.4f\n", s.Name, s.Queries, s.Recall1, s.Recall3, s.Recall5, s.Recall10, s.MRR)
	}
	out[RankStatsFile] = stats.Bytes()
	return out
}

// queryHash is a short, stable name for a query's text.
func queryHash(q string) string {
	sum := sha256.Sum256([]byte(q))
	return hex.EncodeToString(sum[:4])
}

// WriteGolden replaces the golden files in dir with the report's.
func WriteGolden(dir string, r *Report, k int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write golden: %w", err)
	}
	for name, data := range GoldenFiles(r, k) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return fmt.Errorf("write golden: %w", err)
		}
	}
	return nil
}

// DiffGolden compares the report with the golden files in dir. It returns
// ErrGoldenMismatch wrapping a description of every differing file (the
// first differing line of each), or nil when all match.
func DiffGolden(dir string, r *Report, k int) error {
	var diffs []string
	files := GoldenFiles(r, k)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		want, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, os.ErrNotExist) {
			diffs = append(diffs, name+": no golden file")
			continue
		}
		if err != nil {
			return fmt.Errorf("read golden: %w", err)
		}
		if d := firstDifference(want, files[name]); d != "" {
			diffs = append(diffs, name+": "+d)
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("%w (run `go test ./eval/search -update` to accept):\n%s", ErrGoldenMismatch, strings.Join(diffs, "\n"))
	}
	return nil
}

func firstDifference(want, got []byte) string {
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d: want %q, got %q", i+1, w, g)
		}
	}
	return ""
}
