package verify

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/benchkit"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// benchFiles is how many distinct 200-line files the benchmark cycles
// through: each is checked cold the first time, as a new draft is.
const benchFiles = 300

// BenchmarkVerify200Lines times what verify_swift does for one call (the
// check against the full index, CUPERTINO_DB, then the text and the JSON of
// the answer) on 200-line files cut from Apple's sample projects, one call
// at a time on one table as the server holds it (warmed when opened, as
// the server's is), and reports p50 and p99 in milliseconds.
// docs/benchmarks.md has the command and the figures.
func BenchmarkVerify200Lines(b *testing.B) {
	table, err := OpenIndexTable(testenv.FullIndexDB(b))
	if err != nil {
		b.Fatal(err)
	}
	defer table.Close()
	table.Warm() // as the server does when it opens the table
	files := twoHundredLineFiles(b, testenv.CorpusPath(b, "sample-code"))
	c := &Checker{Table: table}
	opts := Options{Targets: []Target{{Platform: "ios", Version: v("17.0")}}}
	var lat benchkit.Latencies
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		started := time.Now()
		rep, err := c.Check(context.Background(), []File{{Code: files[i%len(files)]}}, opts)
		if err != nil {
			b.Fatal(err)
		}
		rep.WriteText(io.Discard, 300)
		if _, err := json.Marshal(rep); err != nil {
			b.Fatal(err)
		}
		lat.Add(time.Since(started))
	}
	b.StopTimer()
	b.ReportMetric(float64(lat.Percentile(50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat.Percentile(99).Microseconds())/1000, "p99-ms")
}

// twoHundredLineFiles returns the first 200 lines of the sample files that
// have more, in path order.
func twoHundredLineFiles(b *testing.B, root string) []string {
	b.Helper()
	var paths []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".swift") {
			paths = append(paths, path)
		}
		return nil
	})
	sort.Strings(paths)
	var out []string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		if lines := strings.SplitAfter(string(data), "\n"); len(lines) > 200 {
			out = append(out, strings.Join(lines[:200], ""))
		}
		if len(out) == benchFiles {
			break
		}
	}
	if len(out) < benchFiles {
		b.Fatalf("%d sample files over 200 lines, want %d", len(out), benchFiles)
	}
	return out
}
