package corpus

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/internal/safefile"
)

// reader is what every source's reader has in common: the source ID of the
// documents it produces and the directory it reads, which Open has checked.
// Each reader embeds it, so Name and Root are written once.
type reader struct {
	name string
	root string
	side *sideReads // nil in tests that make a reader by hand
}

// Name returns the document.Source* constant of the documents it produces.
func (r reader) Name() string { return r.name }

// Root returns the directory given to Open.
func (r reader) Root() string { return r.root }

// filesEndingIn lists every file under the root whose name ends in suffix.
func (r reader) filesEndingIn(ctx context.Context, suffix string) (Listing, error) {
	return listing(walkFiles(ctx, r.root, func(rel string) bool { return strings.HasSuffix(rel, suffix) }))
}

// sideReads is what a reader refused to read beside the walk: the files its
// Parse reads besides the one it was given (a sample's README for its
// title, a package's Package.swift, .package.json and Swift sources, a
// book's book.json, a swift.org partial). They are read by the same rules
// as the walked files (readSide), and each refusal is kept for the audit
// log (Refused).
type sideReads struct {
	limit   int64
	mu      sync.Mutex
	refused map[string]string // path -> reason
}

// readSide reads a file beside the walk: a regular file, not a link, of at
// most the save's size cap (safefile.ReadFile). A refusal is remembered
// for the audit log and returned like any read error, so each caller keeps
// its own fallback for a file it cannot read.
func (r reader) readSide(path string) ([]byte, error) {
	limit := int64(DefaultMaxFileBytes)
	if r.side != nil && r.side.limit > 0 {
		limit = r.side.limit
	}
	data, err := safefile.ReadFile(path, limit)
	if reason := safefile.Refusal(err); reason != "" && r.side != nil {
		r.side.mu.Lock()
		if r.side.refused == nil {
			r.side.refused = map[string]string{}
		}
		r.side.refused[path] = reason
		r.side.mu.Unlock()
	}
	return data, err
}

// Refused lists, sorted by path, the files beside the walk that Parse
// refused to read so far, each with its reason.
func (r reader) Refused() []Skip {
	if r.side == nil {
		return nil
	}
	r.side.mu.Lock()
	defer r.side.mu.Unlock()
	out := make([]Skip, 0, len(r.side.refused))
	for p, reason := range r.side.refused {
		out = append(out, Skip{Path: p, Reason: reason})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// errEmptyFile is what every reader's Parse returns for a file holding
// nothing but white space.
var errEmptyFile = fmt.Errorf("%w: empty file", ErrMalformed)

// isBlank reports a file holding nothing but white space.
func isBlank(raw []byte) bool { return len(bytes.TrimSpace(raw)) == 0 }
