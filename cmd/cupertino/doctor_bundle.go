package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/bundle"
)

// checkBundle reports the bundle setup installed the index from, if it
// did, and whether this binary reads it: its layout, its schema and its
// minimum version, from the installed manifest inside the index (or, for
// an index installed before it moved there, the file beside it). st is
// the open index, nil when it did not open. It returns false when the
// bundle needs another cupertino.
func checkBundle(ctx context.Context, w io.Writer, dbPath string, st *index.Store) bool {
	defer notePrevious(w, dbPath)
	var meta map[string]string
	if st != nil {
		meta, _ = st.Meta(ctx)
	}
	in, where, err := bundle.ReadInstalled(meta, dbPath)
	if errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(w, "       built by save, not installed from a bundle\n")
		return true
	}
	if err != nil {
		fmt.Fprintf(w, "  note the installed bundle's manifest does not read: %v\n", err)
		return true
	}
	// A save after setup rewrites the index and its built_at; the manifest
	// then describes an index that is gone.
	if meta != nil && meta[index.MetaBuiltAt] != in.CorpusDate {
		fmt.Fprintf(w, "       rebuilt by save since setup installed the bundle of %s (%s no longer describes it)\n",
			in.CorpusDate, where)
		return true
	}
	if err := in.Check(version); err != nil {
		fmt.Fprintf(w, "  FAIL bundle: %v\n", err)
		return false
	}
	fmt.Fprintf(w, "  ok   installed from bundle v%d (schema %d, corpus of %s, for cupertino %s or later): %s\n",
		in.BundleVersion, in.SchemaVersion, in.CorpusDate, in.MinBinaryVersion, strings.Join(in.Sources, ", "))
	return true
}

// notePrevious names the previous index setup kept, which only cleanup
// removes.
func notePrevious(w io.Writer, dbPath string) {
	if fi, err := os.Stat(index.PreviousPath(dbPath)); err == nil {
		fmt.Fprintf(w, "  note previous index kept at %s (%s); `cupertino cleanup` removes it\n",
			index.PreviousPath(dbPath), humanBytes(fi.Size()))
	}
}
