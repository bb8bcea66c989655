package ranker

import (
	"context"
	"fmt"
	"sync"

	"github.com/cupertino-go/cupertino/index"
)

// Close releases what the engine holds. The prepared statements its
// searches run belong to the Store (index's retrieval API) and close with
// it; the engine must not be used afterwards.
func (e *Engine) Close() error { return nil }

// dfCacheMax bounds the document-frequency cache; past it the cache starts
// over (a server sees a few thousand distinct words a day).
const dfCacheMax = 8192

// countRows counts the rows of an FTS table matching expr, up to limit.
func (e *Engine) countRows(ctx context.Context, table, expr string, limit int) (int, error) {
	n, err := e.store.CountMatches(ctx, table, expr, index.RowSpan{}, limit)
	if err != nil {
		return 0, fmt.Errorf("ranker count: %w", err)
	}
	return n, nil
}

// dfCache remembers how many rows of an FTS table match a single-word
// expression (cachedCount).
type dfCache struct {
	mu sync.Mutex
	m  map[string]int
}

// docFreq returns the number of documents matching expr (one concept's
// expression), up to dfLimit. The count walks the word's doclist once per
// process: FTS5 exposes no cheaper document frequency, and bm25 itself
// walks it on every query for its IDF.
func (e *Engine) docFreq(ctx context.Context, expr string) (int, error) {
	return e.cachedCount(ctx, index.FTSTable, expr, dfLimit)
}

// cachedCount counts, once per process, the rows of an FTS table matching
// expr, up to limit: a single word's frequency never changes while the
// index is open, and common words come back query after query.
func (e *Engine) cachedCount(ctx context.Context, table, expr string, limit int) (int, error) {
	key := table + "\x00" + expr
	e.df.mu.Lock()
	n, ok := e.df.m[key]
	e.df.mu.Unlock()
	if ok {
		return n, nil
	}
	n, err := e.countRows(ctx, table, expr, limit)
	if err != nil {
		return 0, err
	}
	e.df.mu.Lock()
	defer e.df.mu.Unlock()
	if e.df.m == nil || len(e.df.m) >= dfCacheMax {
		e.df.m = make(map[string]int)
	}
	e.df.m[key] = n
	return n, nil
}

// memberPagesCacheSize bounds each generation of the engine's cache of
// typeMemberPages answers (a type and a member name: a few thousand pairs
// cover what a server is asked in a day).
const memberPagesCacheSize = 4096
