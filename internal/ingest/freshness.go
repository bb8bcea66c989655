package ingest

import (
	"context"
	"time"

	"github.com/cupertino-go/cupertino/index"
)

// FetchedAtFunc says when the content of a source's folder was fetched, from
// what fetch left there (a crawl's journal, a git commit); ok is false when
// it left nothing, and the save falls back to the newest file's mtime.
type FetchedAtFunc func(ctx context.Context, kind, root string) (index.SourceFreshness, bool)

// freshness is the MetaSourceFreshness this save records: the previous
// index's entries for the sources it keeps unread, and for every source read
// (or found unchanged) now, its fetch date.
func freshness(ctx context.Context, opts Options, plans []*plan, prev previous, dropped []string) map[string]index.SourceFreshness {
	out := map[string]index.SourceFreshness{}
	for k, v := range prev.freshness {
		out[k] = v
	}
	for _, kind := range dropped {
		delete(out, kind)
	}
	for _, p := range plans {
		if len(p.files) == 0 {
			continue // a vanished folder keeps its documents and their date
		}
		if opts.FetchedAt != nil {
			if f, ok := opts.FetchedAt(ctx, p.spec.Kind, p.spec.Root); ok && !f.FetchedAt.IsZero() {
				out[p.spec.Kind] = f
				continue
			}
		}
		var newest int64
		for _, f := range p.files {
			newest = max(newest, f.mtimeNS)
		}
		out[p.spec.Kind] = index.SourceFreshness{FetchedAt: time.Unix(0, newest).UTC().Truncate(time.Second), Basis: index.FetchedByFileTime}
	}
	return out
}

// sameFreshness compares two recordings at the precision they are stored.
func sameFreshness(a, b map[string]index.SourceFreshness) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || v.Basis != w.Basis || !v.FetchedAt.Equal(w.FetchedAt) {
			return false
		}
	}
	return true
}
