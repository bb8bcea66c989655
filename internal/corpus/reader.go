package corpus

import (
	"bytes"
	"context"
	"fmt"
	"strings"
)

// reader is what every source's reader has in common: the source ID of the
// documents it produces and the directory it reads, which Open has checked.
// Each reader embeds it, so Name and Root are written once.
type reader struct {
	name string
	root string
}

// Name returns the document.Source* constant of the documents it produces.
func (r reader) Name() string { return r.name }

// Root returns the directory given to Open.
func (r reader) Root() string { return r.root }

// filesEndingIn lists every file under the root whose name ends in suffix.
func (r reader) filesEndingIn(ctx context.Context, suffix string) (Listing, error) {
	return listing(walkFiles(ctx, r.root, func(rel string) bool { return strings.HasSuffix(rel, suffix) }))
}

// errEmptyFile is what every reader's Parse returns for a file holding
// nothing but white space.
var errEmptyFile = fmt.Errorf("%w: empty file", ErrMalformed)

// isBlank reports a file holding nothing but white space.
func isBlank(raw []byte) bool { return len(bytes.TrimSpace(raw)) == 0 }
