package index

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/cupertino-go/cupertino/internal/document"
)

// This file exports the few Builder internals that post-index passes (the
// enrich package) need when they edit a committed index in place, outside a
// Builder: the build lock, the schema check and the document writer.

// AcquireLock takes the exclusive build lock "<db>.lock" that Create and
// CreateFrom take, so that an in-place edit of dbPath never races a save.
// It returns ErrLocked (wrapped) while another process holds it. Call
// release when done; it is safe to call more than once.
func AcquireLock(dbPath string) (release func(), err error) {
	lock, err := acquireLock(dbPath)
	if err != nil {
		return nil, err
	}
	return func() {
		lock.release()
	}, nil
}

// CheckSchema reports ErrCorrupt or ErrSchemaVersion when db is not an index
// of the current schema version.
func CheckSchema(ctx context.Context, db *sql.DB) error {
	return checkSchemaVersion(ctx, db)
}

// WriteDocument inserts doc inside tx, or replaces every row of the indexed
// document with its URI while keeping its id, exactly as Builder.Replace
// does. It returns the document's id and whether one was replaced. The
// caller's tx must belong to a database opened read-write on an index.
// doc_symbols_fts is not maintained: rebuild it after changing doc_symbols
// ("INSERT INTO doc_symbols_fts(doc_symbols_fts) VALUES('rebuild')").
func WriteDocument(ctx context.Context, tx *sql.Tx, doc *document.Document) (id int64, replaced bool, err error) {
	if err := validate(doc); err != nil {
		return 0, false, err
	}
	st := &statements{}
	defer st.close()
	for i, text := range stmtSQL {
		stmt, err := tx.PrepareContext(ctx, text)
		if err != nil {
			return 0, false, fmt.Errorf("prepare statement %d: %w", i, err)
		}
		st[i] = stmt
	}
	oldID, found, err := lookupID(st, doc.URI)
	if err != nil {
		return 0, false, err
	}
	var keepID any
	if found {
		if err := deleteDocRows(st, oldID); err != nil {
			return 0, false, err
		}
		keepID = oldID
	}
	w := &Builder{opts: BuildOptions{Components: defaultComponents}}
	if err := w.insert(st, keepID, doc); err != nil {
		return 0, false, err
	}
	if err := st[stLookupID].QueryRow(doc.URI).Scan(&id); err != nil {
		return 0, false, fmt.Errorf("look up %s: %w", doc.URI, err)
	}
	return id, found, nil
}

// EnsureEnrichConstraints creates enrich_constraints inside tx when the index
// lacks it: one written before the schema held the table and never enriched
// since. The enrich passes call it before they read or write the table.
func EnsureEnrichConstraints(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, "CREATE TABLE IF NOT EXISTS "+enrichConstraintsTable); err != nil {
		return fmt.Errorf("create enrich_constraints: %w", err)
	}
	return nil
}
