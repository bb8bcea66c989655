package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
)

func TestGatesFailWhenMissedOrNotRun(t *testing.T) {
	gates := filepath.Join(t.TempDir(), "gates.tsv")
	report := &search.Report{Batteries: []search.Summary{{Name: "canonical", MRR: 0.9}}}
	for _, tc := range []struct {
		name, rows, want string
		fails            bool
	}{
		{"met", "canonical\tmrr\t0.8\n", "ok   canonical mrr", false},
		{"missed", "canonical\tmrr\t0.95\n", "MISS canonical mrr", true},
		{"battery not run", "canonical\tmrr\t0.8\nerror\trecall10\t0.9\n", "MISS error: battery not run", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(gates, []byte("battery\tmetric\tmin\n"+tc.rows), 0o644); err != nil {
				t.Fatal(err)
			}
			io, out, _ := cmdTestIO(false)
			err := checkGates(&evalSearchOptions{IO: io, Gates: gates}, report)
			if got := errors.Is(err, errGatesFailed); got != tc.fails {
				t.Errorf("err = %v, want failure %v", err, tc.fails)
			}
			if !strings.Contains(out.String(), tc.want) {
				t.Errorf("output %q lacks %q", out.String(), tc.want)
			}
		})
	}
}
