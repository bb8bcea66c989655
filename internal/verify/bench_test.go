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
// at a time on one table as the server holds it once its warm-up (started
// by the server's first verify_swift call) is done, and reports p50 and p99
// in milliseconds. BenchmarkVerifyFirstCall times the call that starts
// the warm-up. docs/benchmarks.md has the command and the figures.
func BenchmarkVerify200Lines(b *testing.B) {
	table, err := OpenIndexTable(testenv.FullIndexDB(b))
	if err != nil {
		b.Fatal(err)
	}
	defer table.Close()
	table.Warm() // as the server's first verify_swift call does
	table.WaitWarm()
	files := twoHundredLineFiles(b, testenv.CorpusPath(b, "sample-code"))
	c := &Checker{Table: table}
	var lat benchkit.Latencies
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lat.Add(timedCheck(b, c, files[i%len(files)]))
	}
	b.StopTimer()
	b.ReportMetric(float64(lat.Percentile(50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat.Percentile(99).Microseconds())/1000, "p99-ms")
}

// BenchmarkVerifyFirstCall times a server's first verify_swift call: the
// table opened and its warm-up started in the background, then one
// 200-line file checked while the warm-up runs (a different file each
// time, on a fresh table each time), and reports p50 and the slowest in
// milliseconds.
func BenchmarkVerifyFirstCall(b *testing.B) {
	files := twoHundredLineFiles(b, testenv.CorpusPath(b, "sample-code"))
	var lat benchkit.Latencies
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		started := time.Now()
		table, err := OpenIndexTable(testenv.FullIndexDB(b))
		if err != nil {
			b.Fatal(err)
		}
		table.Warm()
		timedCheck(b, &Checker{Table: table}, files[i%len(files)])
		lat.Add(time.Since(started))
		b.StopTimer()
		table.Close()
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(float64(lat.Percentile(50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat.Percentile(100).Microseconds())/1000, "max-ms")
}

// timedCheck checks one file as verify_swift does, its answer written as
// text and JSON, and returns how long that took.
func timedCheck(b testing.TB, c *Checker, code string) time.Duration {
	started := time.Now()
	rep, err := c.Check(context.Background(), []File{{Code: code}}, Options{Targets: []Target{{Platform: "ios", Version: v("17.0")}}})
	if err != nil {
		b.Fatal(err)
	}
	rep.WriteText(io.Discard, 300)
	if _, err := json.Marshal(rep); err != nil {
		b.Fatal(err)
	}
	return time.Since(started)
}

// twoHundredLineFiles returns the first 200 lines of the sample files that
// have more, in path order.
func twoHundredLineFiles(b testing.TB, root string) []string {
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
