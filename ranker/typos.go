package ranker

import (
	"context"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/index"
)

// nearestTitle returns the title nearest to w, or "" when none is close.
func (e *Engine) nearestTitle(ctx context.Context, w string) (string, error) {
	lower := strings.ToLower(w)
	limit := 2
	if len(lower) <= 5 {
		limit = 1
	}
	prefixes := []string{lower[:2]}
	if lower[0] != lower[1] {
		prefixes = append(prefixes, string([]byte{lower[1], lower[0]}))
	}
	best, bestDist, bestRank := "", limit+1, 0
	for _, p := range prefixes {
		err := e.store.EachTitleFrom(ctx, p, typoScanLimit, func(r index.TitleRow) {
			title := r.Title
			if d := len(title) - len(lower); d > limit || d < -limit || !isLetters(title) {
				return
			}
			dist := osaDistance(lower, strings.ToLower(title), limit)
			if dist > limit {
				return
			}
			rank := titleRank(r.Kind, r.Source)
			if dist < bestDist || dist == bestDist && rank > bestRank {
				best, bestDist, bestRank = title, dist, rank
			}
		})
		if err != nil {
			return "", fmt.Errorf("ranker spelling: %w", err)
		}
	}
	return best, nil
}

// titleRank prefers, among equally near titles, Apple's types, then its
// other pages, then everything else.
func titleRank(kind, src string) int {
	n := 0
	if src == "apple-docs" {
		n += 2
	}
	if canonicalTypeKinds[kind] {
		n++
	}
	return n
}

// osaDistance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and adjacent transpositions),
// giving up with limit+1 once every alignment exceeds limit.
func osaDistance(a, b string, limit int) int {
	if a == b {
		return 0
	}
	n, m := len(a), len(b)
	prev2 := make([]int, m+1)
	prev := make([]int, m+1)
	cur := make([]int, m+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= n; i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= m; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[m]
}
