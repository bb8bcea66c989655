package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/bundle"
)

// errUpdateAvailable means setup --check found a bundle other than the one
// the index was installed from.
var errUpdateAvailable = errors.New("an update is available")

// checkInstalled compares the bundle manifest m with the index at dbPath
// and says whether it is current (nil) or not (errUpdateAvailable).
func checkInstalled(ctx context.Context, w io.Writer, dbPath string, m *bundle.Manifest) error {
	current, why := installedIs(ctx, dbPath, m)
	if current {
		fmt.Fprintf(w, "Up to date: the index is the bundle of %s.\n", m.CorpusDate)
		return nil
	}
	fmt.Fprintf(w, "Update available: the bundle of %s (%s); `cupertino update` installs it.\n", m.CorpusDate, why)
	return fmt.Errorf("setup --check: %w", errUpdateAvailable)
}

// installedIs says whether the index at dbPath was installed from the bundle
// m (same corpus date, same part checksums) and still is that index; why
// says how it is not.
func installedIs(ctx context.Context, dbPath string, m *bundle.Manifest) (bool, string) {
	st, err := index.Open(dbPath)
	if err != nil {
		return false, "no index to compare with"
	}
	defer st.Close()
	meta, err := st.Meta(ctx)
	if err != nil {
		return false, "the index's meta does not read"
	}
	in, _, err := bundle.ReadInstalled(meta, dbPath)
	if err != nil {
		return false, "the index was not installed from a bundle"
	}
	if meta[index.MetaBuiltAt] != in.CorpusDate {
		return false, "the index was rebuilt by save since setup"
	}
	if in.CorpusDate != m.CorpusDate {
		return false, "installed: the bundle of " + in.CorpusDate
	}
	have := map[string]string{}
	for _, p := range in.Parts {
		have[p.Name] = p.SHA256
	}
	for _, p := range m.Parts {
		if sum, ok := have[p.Name]; ok && sum != p.SHA256 {
			return false, "part " + p.Name + " changed"
		}
	}
	return true, ""
}
