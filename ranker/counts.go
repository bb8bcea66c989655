package ranker

import (
	"context"
	"fmt"

	"github.com/cupertino-go/cupertino/index"
)

// Close releases what the engine holds. The prepared statements its
// searches run belong to the Store (index's retrieval API) and close with
// it; the engine must not be used afterwards.
func (e *Engine) Close() error { return nil }

// countRows counts the rows of an FTS table matching expr, up to limit.
// The index keeps the counts it gave (Store.CountMatches): a word's
// frequency never changes while the index is open, and common words come
// back query after query.
func (e *Engine) countRows(ctx context.Context, table, expr string, limit int) (int, error) {
	n, err := e.store.CountMatches(ctx, table, expr, index.RowSpan{}, limit)
	if err != nil {
		return 0, fmt.Errorf("ranker count: %w", err)
	}
	return n, nil
}

// docFreq returns the number of documents matching expr (one concept's
// expression), up to dfLimit. The count walks the word's doclist once per
// process: FTS5 exposes no cheaper document frequency, and bm25 itself
// walks it on every query for its IDF.
func (e *Engine) docFreq(ctx context.Context, expr string) (int, error) {
	return e.countRows(ctx, index.FTSTable, expr, dfLimit)
}

// memberPagesCacheSize bounds each generation of the engine's cache of
// typeMemberPages answers (a type and a member name: a few thousand pairs
// cover what a server is asked in a day).
const memberPagesCacheSize = 4096
