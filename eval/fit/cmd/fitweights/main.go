// Command fitweights fits the ranker's named weights on a weakly labelled
// set drawn from an index (package eval/fit) and writes the pairs, the
// examples and a report under -out. It reads the index only.
//
//	go run ./eval/fit/cmd/fitweights -db /path/to/search.db -out .cache/fit
package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/cupertino-go/cupertino/eval/fit"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/ranker"
)

func main() {
	db := flag.String("db", "", "the index to draw from and search (read only)")
	out := flag.String("out", ".cache/fit", "folder for pairs.tsv, examples.json.gz and report.md")
	seed := flag.Uint64("seed", 27, "the sampling seed")
	workers := flag.Int("workers", 2, "searches at once")
	reuse := flag.Bool("reuse", false, "fit the examples already in -out instead of searching again")
	var batteries dirList
	flag.Var(&batteries, "batteries", "a folder of held-out human-written batteries to replay hand against fitted values on (repeatable)")
	var devBatteries dirList
	flag.Var(&devBatteries, "dev-batteries", "a folder of dev batteries (its -final, -last and -heldout sets held out), which the guarded fit may not lower (repeatable)")
	flag.Parse()
	if err := run(context.Background(), *db, *out, *seed, *workers, *reuse, batteries, devBatteries); err != nil {
		log.Fatal(err)
	}
}

// dirList is a repeatable flag.
type dirList []string

func (d *dirList) String() string     { return fmt.Sprint(*d) }
func (d *dirList) Set(v string) error { *d = append(*d, v); return nil }

func run(ctx context.Context, db, out string, seed uint64, workers int, reuse bool, heldOutDirs, devDirs []string) error {
	batteries := append(slices.Clone(heldOutDirs), devDirs...)
	dev := map[string]bool{}
	for _, d := range devDirs {
		dev[d] = true
	}
	if db == "" {
		return errors.New("-db is required")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var names []string
	var values []float64
	for _, w := range ranker.HandWeights() {
		names, values = append(names, w.Name), append(values, w.Value)
	}
	hand := fit.NewModel(names, values, ranker.CoverageSlopeRule)
	examplesPath := filepath.Join(out, "examples.json.gz")
	var saved savedExamples
	if reuse {
		if err := readJSON(examplesPath, &saved); err != nil {
			return err
		}
	} else {
		store, err := index.Open(db)
		if err != nil {
			return err
		}
		defer store.Close()
		start := time.Now()
		pairs, err := fit.Generate(ctx, store, seed, fit.DefaultSizes)
		if err != nil {
			return err
		}
		log.Printf("%d pairs in %s", len(pairs), time.Since(start).Round(time.Second))
		if err := writePairs(filepath.Join(out, "pairs.tsv"), pairs); err != nil {
			return err
		}
		e, err := ranker.New(ctx, store, nil)
		if err != nil {
			return err
		}
		defer e.Close()
		start = time.Now()
		examples, skipped, err := fit.Extract(ctx, e, hand, pairs, workers)
		if err != nil {
			return err
		}
		log.Printf("%d examples (%d skipped) in %s", len(examples), skipped, time.Since(start).Round(time.Second))
		saved = savedExamples{Names: names, Pairs: len(pairs), Skipped: skipped, Examples: examples}
		if err := writeJSON(examplesPath, saved); err != nil {
			return err
		}
	}
	if fmt.Sprint(saved.Names) != fmt.Sprint(names) {
		return errors.New("the saved examples name other weights: search again without -reuse")
	}
	var bs []batteryExamples
	if len(batteries) > 0 {
		store, err := index.Open(db)
		if err != nil {
			return err
		}
		defer store.Close()
		e, err := ranker.New(ctx, store, nil)
		if err != nil {
			return err
		}
		defer e.Close()
		if bs, err = loadBatteries(ctx, e, hand, batteries, dev); err != nil {
			return err
		}
	}
	train, test := fit.Split(saved.Examples)
	start := time.Now()
	fitted, steps := fit.Fit(hand, train, fit.DefaultOptions, nil)
	log.Printf("fitted in %s", time.Since(start).Round(time.Millisecond))
	if err := writeFile(filepath.Join(out, "report.md"), func(w io.Writer) error {
		return fit.WriteReport(w, hand, fitted, saved.Pairs, train, test, saved.Skipped, steps, fit.DefaultOptions)
	}); err != nil {
		return err
	}
	if len(bs) == 0 {
		return nil
	}
	start = time.Now()
	guarded, gsteps := fit.Fit(hand, train, fit.DefaultOptions, devGuard(hand, bs))
	log.Printf("fitted under the dev batteries' guard in %s", time.Since(start).Round(time.Millisecond))
	if err := writeFile(filepath.Join(out, "report-guarded.md"), func(w io.Writer) error {
		return fit.WriteReport(w, hand, guarded, saved.Pairs, train, test, saved.Skipped, gsteps, fit.DefaultOptions)
	}); err != nil {
		return err
	}
	return writeFile(filepath.Join(out, "batteries.md"), func(w io.Writer) error {
		writeAblation(w, hand, fitted, guarded, bs)
		return nil
	})
}

// writeFile writes path through a buffer filled by fill.
func writeFile(path string, fill func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := fill(w); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// savedExamples is examples.json.gz: what -reuse fits again.
type savedExamples struct {
	Names    []string
	Pairs    int
	Skipped  int
	Examples []fit.Example
}

func writePairs(path string, pairs []fit.Pair) error {
	return writeFile(path, func(w io.Writer) error {
		for _, p := range pairs {
			fmt.Fprintf(w, "%s\t%s\t%s\n", p.Kind, p.Query, p.Target)
		}
		return nil
	})
}

func writeJSON(path string, v any) error {
	return writeFile(path, func(w io.Writer) error {
		z := gzip.NewWriter(w)
		if err := json.NewEncoder(z).Encode(v); err != nil {
			return err
		}
		return z.Close()
	})
}

func readJSON(path string, v any) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	return json.NewDecoder(z).Decode(v)
}
