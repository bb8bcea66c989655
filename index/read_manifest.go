package index

import (
	"context"
	"fmt"
)

// SavedOnlyFrom reports whether every file the index was saved from has
// folder in its path ("testdata/demo/"): how doctor tells the demo index
// `make demo` builds from the real one. An index with no save manifest (one
// setup installed from a bundle, which leaves the manifest out) answers
// false.
func (s *Store) SavedOnlyFrom(ctx context.Context, folder string) (bool, error) {
	var only bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM source_files)
		AND NOT EXISTS (SELECT 1 FROM source_files WHERE instr(path, ?) = 0)`, folder).Scan(&only)
	if err != nil {
		return false, fmt.Errorf("read the save manifest: %w", err)
	}
	return only, nil
}
