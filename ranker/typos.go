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
		titles, err := e.titlesFrom(ctx, p)
		if err != nil {
			return "", err
		}
		for _, t := range titles {
			if d := len(t.lower) - len(lower); d > limit || d < -limit {
				continue
			}
			dist := osaDistance(lower, t.lower, limit)
			if dist > limit {
				continue
			}
			if dist < bestDist || dist == bestDist && t.rank > bestRank {
				best, bestDist, bestRank = t.title, dist, t.rank
			}
		}
	}
	return best, nil
}

// typoPrefixCacheSize bounds each generation of the kept prefixes' titles
// (titlesFrom): at most 6,000 titles of about 60 bytes each, so two
// generations of 24 stay under 20 MB.
const typoPrefixCacheSize = 24

// typoTitle is a title a misspelt name may be corrected to.
type typoTitle struct {
	title, lower string
	rank         int // titleRank
}

// titlesFrom returns the titles of letters and digits among the first
// typoScanLimit titles starting with prefix, in the index's title order.
// They are kept per prefix: reading a few thousand rows cost a
// correction more than all its distances, and a misspelling's first two
// letters are usually a correct name's.
func (e *Engine) titlesFrom(ctx context.Context, prefix string) ([]typoTitle, error) {
	if titles, ok := e.typoTitles.Get(prefix); ok {
		return titles, nil
	}
	var titles []typoTitle
	err := e.store.EachTitleFrom(ctx, prefix, typoScanLimit, func(r index.TitleRow) {
		if isLetters(r.Title) {
			titles = append(titles, typoTitle{title: r.Title, lower: strings.ToLower(r.Title), rank: titleRank(r.Kind, r.Source)})
		}
	})
	if err != nil {
		return nil, fmt.Errorf("ranker spelling: %w", err)
	}
	e.typoTitles.Put(prefix, titles)
	return titles, nil
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
