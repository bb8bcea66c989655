package bundle

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
)

// installedIn reads the installed manifest inside the index at dbPath.
func installedIn(t *testing.T, dbPath string) (*Installed, error) {
	t.Helper()
	meta, err := indextest.Open(t, dbPath).Meta(context.Background())
	if err != nil {
		return nil, err
	}
	if meta[index.MetaBundleManifest] == "" {
		return nil, errors.New("the index holds no installed manifest")
	}
	in, _, err := ReadInstalled(meta, dbPath)
	return in, err
}

// The installed manifest travels inside the index, written before its one
// rename: no kill can leave a manifest describing another index. The file
// an earlier setup kept beside the index is removed.
func TestInstalledManifestIsInsideTheIndex(t *testing.T) {
	opts := installOpts(t)
	legacy := LegacyInstalledPath(opts.DBPath)
	if err := os.WriteFile(legacy, []byte(`{"corpus_date": "an index replaced since"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := testBundle(t)
	r := open(t, dir)
	if _, err := r.Install(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	in, err := installedIn(t, opts.DBPath)
	if err != nil || in.CorpusDate != r.Manifest.CorpusDate || in.From != dir || len(in.Sources) != 3 {
		t.Fatalf("installed manifest in the index: %+v, %v", in, err)
	}
	if _, err := os.Lstat(legacy); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the earlier setup's manifest beside the index was kept: %v", err)
	}
	if _, err := os.Lstat(opts.DBPath + ".bundle.json.in-flight"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an in-flight manifest was written: %v", err)
	}
}

// An index installed before the manifest moved inside it still has its
// manifest read from the file beside it; one built by save has none.
func TestReadInstalledFallsBackToTheFileBeside(t *testing.T) {
	dbPath := t.TempDir() + "/search.db"
	if _, _, err := ReadInstalled(map[string]string{}, dbPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("no manifest anywhere: %v, want ErrNotExist", err)
	}
	os.WriteFile(LegacyInstalledPath(dbPath), []byte(`{"corpus_date": "2026-01-02", "from": "old"}`), 0o644)
	in, where, err := ReadInstalled(nil, dbPath)
	if err != nil || in.CorpusDate != "2026-01-02" || where != LegacyInstalledPath(dbPath) {
		t.Errorf("legacy manifest: %+v from %s, %v", in, where, err)
	}
	in, _, err = ReadInstalled(map[string]string{index.MetaBundleManifest: `{"corpus_date": "2027-01-01"}`}, dbPath)
	if err != nil || in.CorpusDate != "2027-01-01" {
		t.Errorf("the manifest inside the index does not win over the file beside it: %+v, %v", in, err)
	}
}
