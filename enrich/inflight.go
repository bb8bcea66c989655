package enrich

import (
	"context"

	"github.com/cupertino-go/cupertino/index"
)

// RunInFlight runs the passes on a save's in-flight database, before
// b.Commit, which then rebuilds doc_symbols_fts and the counts the passes
// touched. It flushes b's pending batch first (Builder.ForEnrich), so the
// passes see every document put so far.
func RunInFlight(ctx context.Context, b *index.Builder, opts Options) ([]Result, error) {
	db, err := b.ForEnrich()
	if err != nil {
		return nil, err
	}
	return Run(ctx, db, opts)
}
