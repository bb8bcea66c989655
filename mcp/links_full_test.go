package mcp

import (
	"context"
	"errors"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

var nextOffsetRE = regexp.MustCompile(`call read_document with .* offset=(\d+)`)

// TestRenderedLinksResolveOrAreMarked reads 500 random pages of the full
// index (CUPERTINO_DB) through read_document, every part of each, and
// checks each internal link it renders: its target is an indexed page
// (exactly, or a modern address that lists its overloads), or the link is
// marked "(not indexed…)". None may be neither.
func TestRenderedLinksResolveOrAreMarked(t *testing.T) {
	dbPath := testenv.FullIndexDB(t)
	st := indextest.Open(t, dbPath)
	ctx := context.Background()
	ids := indextest.Column[int64](t, indextest.DB(t, st), "SELECT id FROM docs ORDER BY id")
	rng := rand.New(rand.NewPCG(13, 500))
	rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	ids = ids[:min(500, len(ids))]
	slices.Sort(ids)

	s := connect(t, Options{DBPath: dbPath})
	held := map[string]bool{}
	isHeld := func(uri string) bool {
		if v, ok := held[uri]; ok {
			return v
		}
		var n int
		if err := indextest.DB(t, st).QueryRowContext(ctx, "SELECT count(*) FROM docs WHERE uri = ?", uri).Scan(&n); err != nil {
			t.Fatal(err)
		}
		ok := n > 0
		if !ok {
			_, err := st.Document(ctx, uri)
			var aerr *index.AddressError
			ok = errors.As(err, &aerr) && aerr.Ambiguous
		}
		held[uri] = ok
		return ok
	}
	links, resolved, marked, dangling := 0, 0, 0, 0
	var examples []string
	for _, id := range ids {
		var uri string
		if err := indextest.DB(t, st).QueryRowContext(ctx, "SELECT uri FROM docs WHERE id = ?", id).Scan(&uri); err != nil {
			t.Fatal(err)
		}
		for offset, parts := 0, 0; parts < 50; parts++ {
			text := s.ok("read_document", map[string]any{"uri": uri, "offset": offset, "max_tokens": maxTokenBudget})
			for _, l := range findLinks(text) {
				links++
				switch {
				case strings.HasPrefix(text[l.end:], " (not indexed"):
					marked++
				case isHeld(l.target):
					resolved++
				default:
					dangling++
					if len(examples) < 10 {
						examples = append(examples, uri+": "+text[l.destStart:l.destEnd])
					}
				}
			}
			m := nextOffsetRE.FindStringSubmatch(text)
			if m == nil {
				break
			}
			next := 0
			for _, c := range m[1] {
				next = next*10 + int(c-'0')
			}
			if next <= offset {
				break
			}
			offset = next
		}
	}
	t.Logf("%d pages: %d internal links, %d resolve, %d marked not indexed (%.1f%%), %d unmarked dangling",
		len(ids), links, resolved, marked, 100*float64(marked)/float64(max(links, 1)), dangling)
	if dangling > 0 {
		t.Errorf("%d rendered links name no indexed page and are not marked, e.g.:\n%s", dangling, strings.Join(examples, "\n"))
	}
}
