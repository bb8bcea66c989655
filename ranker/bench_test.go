package ranker

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/index/indextest"
)

// benchQueries mixes the shapes the ranker sees: identifiers common and
// rare, framework names, topics, prose, Type member, attributes.
var benchQueries = []string{"Task", "Text", "View", "Result", "SwiftUI", "wifi", "URLSession dataTask",
	"padding(_:_:)", "TextField editable text", "Dark mode", "actor isolation guarantees", "@MainActor", "color"}

func BenchmarkSearchFixture(b *testing.B) {
	e := openTestEngine(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := e.Search(ctx, benchQueries[i%len(benchQueries)], Filters{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearchRealIndex measures per-query latency on the full index
// ($CUPERTINO_DB) over the quality batteries'
// queries ($CUPERTINO_QUALITY, else ../shared/quality) and reports p50 and
// p99 in milliseconds; the goal is p50 ≤ 5 ms and p99 ≤ 50 ms.
func BenchmarkSearchRealIndex(b *testing.B) {
	store := indextest.OpenFull(b)
	ctx := context.Background()
	e, err := New(ctx, store, nil)
	if err != nil {
		b.Fatal(err)
	}
	queries := append(batteryQueries(b), benchQueries...)
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := queries[i%len(queries)]
		start := time.Now()
		if _, err := e.Search(ctx, q, Filters{}); err != nil && !errors.Is(err, ErrEmptyQuery) {
			b.Fatalf("%q: %v", q, err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
	b.ReportMetric(ms(lat[len(lat)*99/100]), "p99-ms")
}

// batteryQueries reads the first column of every quality battery.
func batteryQueries(b *testing.B) []string {
	dir := os.Getenv("CUPERTINO_QUALITY")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "quality")
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.tsv"))
	var out []string
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for first := true; sc.Scan(); first = false {
			if q, _, _ := strings.Cut(sc.Text(), "\t"); !first && q != "" {
				out = append(out, q)
			}
		}
		f.Close()
	}
	return out
}
