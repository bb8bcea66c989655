package main

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/ranker"
)

// dbFlags are the flags every reading command shares.
type dbFlags struct {
	BaseDir  string
	SearchDB string
}

func (d *dbFlags) bind(f *pflag.FlagSet) {
	f.StringVar(&d.BaseDir, "base-dir", defaultBaseDir(), "base directory holding search.db")
	f.StringVar(&d.SearchDB, "search-db", "", "index to read (default <base-dir>/search.db)")
}

func (d *dbFlags) path() string {
	if d.SearchDB != "" {
		return d.SearchDB
	}
	return filepath.Join(d.BaseDir, "search.db")
}

// openStore opens the index read-only.
func (d *dbFlags) openStore() (*index.Store, error) {
	st, err := index.Open(d.path())
	if err != nil {
		return nil, fmt.Errorf("open index: %w", err)
	}
	return st, nil
}

// withStore opens the index read-only, runs f on it and closes it.
func (d *dbFlags) withStore(f func(*index.Store) error) error {
	st, err := d.openStore()
	if err != nil {
		return err
	}
	defer st.Close()
	return f(st)
}

// openEngine opens the index and the ranker over it.
func (d *dbFlags) openEngine(ctx context.Context) (*index.Store, *ranker.Engine, error) {
	st, err := d.openStore()
	if err != nil {
		return nil, nil, err
	}
	eng, err := ranker.New(ctx, st, nil)
	if err != nil {
		st.Close()
		return nil, nil, fmt.Errorf("open ranker: %w", err)
	}
	return st, eng, nil
}
