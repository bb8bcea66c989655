package index

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// EnrichDB is an index opened read-write for the enrich passes: a save's
// in-flight database (Builder.ForEnrich), or a copy of a committed index
// that `cupertino enrich` edits under the build lock and renames over it on
// Close (OpenForEnrich). Each pass runs in one transaction (BeginPass).
type EnrichDB struct {
	db   *sql.DB
	path string
	// release frees the build lock; owned means Close closes db (not a
	// Builder's).
	release func()
	owned   bool
	// commitTo is the committed index the edited copy at path replaces on
	// Close (OpenForEnrich).
	commitTo string
}

// OpenForEnrich opens a copy of the committed index at dbPath read-write
// under the build lock, so that it never races a save (ErrLocked while one
// runs); Close renames the copy over the index. A committed index is never
// written in place: readers open it immutable (Open), and a server sees the
// new file as it sees a save's. It returns ErrNotFound when there is no
// index and the schema errors for a foreign or outdated file.
func OpenForEnrich(ctx context.Context, dbPath string) (*EnrichDB, error) {
	if err := checkIndexFile(dbPath); err != nil {
		return nil, err
	}
	release, err := AcquireLock(dbPath)
	if err != nil {
		return nil, err
	}
	inFlight := dbPath + ".in-flight"
	removeDBFiles(inFlight)
	if err := copyFile(dbPath, inFlight); err != nil {
		removeDBFiles(inFlight)
		release()
		return nil, fmt.Errorf("open index: %w", err)
	}
	abs, err := filepath.Abs(inFlight)
	if err != nil {
		removeDBFiles(inFlight)
		release()
		return nil, fmt.Errorf("open index: %w", err)
	}
	// mode=rw: never create a file that is not there. The rollback journal
	// keeps the committed file free of -wal side files, as save leaves it.
	dsn := (&url.URL{Scheme: "file", Path: abs}).String() +
		"?mode=rw&_pragma=busy_timeout(10000)&_pragma=journal_mode(DELETE)&_pragma=cache_size(-131072)&_pragma=temp_store(MEMORY)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		removeDBFiles(inFlight)
		release()
		return nil, fmt.Errorf("open index: %w", err)
	}
	// One writer connection: passes run one transaction at a time.
	db.SetMaxOpenConns(1)
	if err := checkSchemaVersion(ctx, db); err != nil {
		db.Close()
		removeDBFiles(inFlight)
		release()
		return nil, fmt.Errorf("%w (%s)", err, dbPath)
	}
	return &EnrichDB{db: db, path: inFlight, release: release, owned: true, commitTo: dbPath}, nil
}

// ForEnrich flushes the pending batch and returns the in-flight database
// for the enrich passes, which run before Commit. The pool has one
// connection: finish the passes before calling Put again. Closing it
// leaves the Builder's database open.
func (b *Builder) ForEnrich() (*EnrichDB, error) {
	db, err := b.flushed()
	if err != nil {
		return nil, err
	}
	return &EnrichDB{db: db, path: b.inFlight}, nil
}

// flushed flushes the pending batch and returns the in-flight database.
func (b *Builder) flushed() (*sql.DB, error) {
	if b.closed {
		return nil, ErrClosed
	}
	if err := b.Flush(); err != nil {
		return nil, err
	}
	return b.db, nil
}

// Path is the file the passes edit.
func (x *EnrichDB) Path() string { return x.path }

// Close closes the database it opened, puts an edited copy in place of
// the committed index (each pass committed or rolled back its own
// transaction, as it would have in place) and releases the build lock.
func (x *EnrichDB) Close() error {
	var err error
	if x.owned {
		err = x.db.Close()
	}
	if x.commitTo != "" {
		if err == nil {
			err = syncFile(x.path)
		}
		if err == nil {
			err = os.Rename(x.path, x.commitTo)
		}
		if err != nil {
			err = fmt.Errorf("enrich: the index is unchanged: %w", err)
		}
		removeDBFiles(x.path)
		x.commitTo = ""
	}
	if x.release != nil {
		x.release()
		x.release = nil
	}
	return err
}

// BeginPass starts one pass's transaction; end it with Commit, or
// Rollback (a no-op after Commit).
func (x *EnrichDB) BeginPass(ctx context.Context) (*EnrichTx, error) {
	tx, err := x.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	return &EnrichTx{tx: tx}, nil
}

// Commit commits the pass's transaction.
func (w *EnrichTx) Commit() error {
	if err := w.tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Rollback abandons the pass's transaction unless it was committed.
func (w *EnrichTx) Rollback() error { return w.tx.Rollback() }

// RecordRun adds the pass's line to enrich_runs: its version, the rows it
// changed, how long it took and when it ran (RFC 3339).
func (w *EnrichTx) RecordRun(ctx context.Context, pass, version string, rows, millis int64, ranAt string) error {
	if _, err := w.tx.ExecContext(ctx, `INSERT INTO enrich_runs(pass, version, rows_touched, millis, ran_at) VALUES (?,?,?,?,?)`,
		pass, version, rows, millis, ranAt); err != nil {
		return fmt.Errorf("record run: %w", err)
	}
	return nil
}

// RanAtVersion reports whether enrich_runs records pass at version.
func (x *EnrichDB) RanAtVersion(ctx context.Context, pass, version string) (bool, error) {
	var n int
	err := x.db.QueryRowContext(ctx, "SELECT count(*) FROM enrich_runs WHERE pass = ? AND version = ?", pass, version).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("read enrich_runs: %w", err)
	}
	return n > 0, nil
}

// RefreshDerived redoes what Builder.Commit derives from the tables the
// passes may have changed: doc_symbols_fts when symbols changed, and the
// counts in meta.
func (x *EnrichDB) RefreshDerived(ctx context.Context, symbols bool) error {
	if symbols {
		if _, err := x.db.ExecContext(ctx, "INSERT INTO doc_symbols_fts(doc_symbols_fts) VALUES('rebuild')"); err != nil {
			return fmt.Errorf("rebuild symbol index: %w", err)
		}
	}
	_, err := x.db.ExecContext(ctx, `INSERT OR REPLACE INTO meta(key, value) VALUES
	(?, (SELECT count(*) FROM docs)), (?, (SELECT count(*) FROM doc_symbols))`,
		MetaDocCount, MetaSymbolCount)
	if err != nil {
		return fmt.Errorf("write counts: %w", err)
	}
	return nil
}

// Runs returns the enrich_runs log, newest first (RanAt left empty).
func (x *EnrichDB) Runs(ctx context.Context) ([]EnrichRun, error) {
	return sqlrows.All(ctx, x.db, "read enrich_runs", "SELECT pass, version, rows_touched, millis FROM enrich_runs ORDER BY rowid DESC", nil,
		func(rows *sql.Rows) (r EnrichRun, err error) {
			err = rows.Scan(&r.Pass, &r.Version, &r.RowsTouched, &r.Millis)
			return r, err
		})
}
