package search

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
)

// GoldenK is how many URIs per query the golden files pin: the top 3, the
// results an agent reads. Ranks 4 to 10 are a noisy tail (near-ties among
// pages an agent rarely opens) that made most of the lines of every ranking
// diff and buried the ones that mattered; how relevant pages fare below the
// top 3 stays pinned, summarised, by RankStatsFile's recall@5/10 and MRR.
const GoldenK = 3

// RankStatsFile is the golden summary's file name.
const RankStatsFile = "rank_stats.txt"

// GoldenFiles renders a report as golden files: "<battery>.txt" listing each
// query's top-k URIs (relevant ones starred), and RankStatsFile with
// recall@1/3/5/10 and MRR per battery. Timings are left out so the files are
// a pure function of the ranking. The tests compare them with
// internal/golden (the one -update flag).
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
