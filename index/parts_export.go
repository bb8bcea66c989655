package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// pageSize is fixed so that a part's bytes do not depend on the SQLite
// build's default.
const pageSize = 4096

// ExportPart writes one part of the committed index at dbPath to outPath,
// replacing any file there: the rows of source for PartSource, the
// full-text index for PartSearch, the shared tables for PartShared (see
// Parts). The same index gives the same bytes: rows go in key order, into a
// fresh file, with no time or path recorded. The index is only read.
func ExportPart(ctx context.Context, dbPath, kind, source, outPath string) (info PartInfo, err error) {
	switch {
	case kind == PartSource && source == "":
		return info, errors.New("export part: a source part needs a source")
	case kind != PartSource && kind != PartSearch && kind != PartShared:
		return info, fmt.Errorf("export part: unknown kind %q", kind)
	}
	if _, err := os.Stat(dbPath); errors.Is(err, os.ErrNotExist) {
		return info, fmt.Errorf("%w (looked at %s)", ErrNotFound, dbPath)
	}
	removeDBFiles(outPath)
	db, conn, err := partConn(ctx, outPath)
	if err != nil {
		return info, err
	}
	defer func() {
		conn.Close()
		if cerr := db.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("close part: %w", cerr)
		}
		if err != nil {
			removeDBFiles(outPath)
		}
	}()
	if _, err := conn.ExecContext(ctx, "PRAGMA page_size = "+strconv.Itoa(pageSize)); err != nil {
		return info, fmt.Errorf("export part: %w", err)
	}
	if err := attach(ctx, conn, dbPath, "src", true); err != nil {
		return info, fmt.Errorf("export part: %w", err)
	}
	if err := checkAttachedSchema(ctx, conn, "src"); err != nil {
		return info, fmt.Errorf("export part: %w", err)
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return info, fmt.Errorf("export part: %w", err)
	}
	defer tx.Rollback()
	info, err = exportRows(ctx, tx, kind, source)
	if err != nil {
		return info, fmt.Errorf("export %s part: %w", partName(kind, source), classifyWriteError(err))
	}
	if err := tx.Commit(); err != nil {
		return info, fmt.Errorf("export part: %w", classifyWriteError(err))
	}
	if _, err := conn.ExecContext(ctx, "DETACH DATABASE src"); err != nil {
		return info, fmt.Errorf("export part: %w", err)
	}
	return info, nil
}

func partName(kind, source string) string {
	if kind == PartSource {
		return source
	}
	return kind
}

// checkAttachedSchema is checkSchemaVersion for an attached index.
func checkAttachedSchema(ctx context.Context, conn *sql.Conn, schema string) error {
	var version int
	if err := conn.QueryRowContext(ctx, "PRAGMA "+quoteIdent(schema)+".user_version").Scan(&version); err != nil {
		return classifyOpenError(err)
	}
	if version != SchemaVersion {
		return fmt.Errorf("%w: found version %d, this cupertino reads version %d", ErrSchemaVersion, version, SchemaVersion)
	}
	return nil
}

func exportRows(ctx context.Context, tx *sql.Tx, kind, source string) (PartInfo, error) {
	info := PartInfo{Kind: kind, Documents: map[string]int{}}
	tables, err := listTables(ctx, tx, "src")
	if err != nil {
		return info, err
	}
	want := map[string]tableClass{PartSource: perDocRows, PartSearch: searchRows, PartShared: sharedRows}[kind]
	if kind == PartSource {
		info.Source = source
		// docs first: the other tables select their rows by its ids.
		for _, t := range tables {
			if classify(t.name, t.ddl, false) == docsRows {
				if err := copyTable(ctx, tx, t, "WHERE source = ?", source); err != nil {
					return info, err
				}
			}
		}
	}
	for _, t := range tables {
		if classify(t.name, t.ddl, t.has("doc_id")) != want {
			continue
		}
		where := ""
		if want == perDocRows {
			where = "WHERE doc_id IN (SELECT id FROM main.docs)"
		}
		if err := copyTable(ctx, tx, t, where); err != nil {
			return info, err
		}
	}
	switch kind {
	case PartSource:
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM main.docs").Scan(&n); err != nil {
			return info, err
		}
		info.Documents[source] = n
	case PartSearch:
		if _, err := tx.ExecContext(ctx, "CREATE TABLE "+docSourceTable+" (id INTEGER PRIMARY KEY, source TEXT NOT NULL)"); err != nil {
			return info, err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO "+docSourceTable+" SELECT id, source FROM src.docs ORDER BY id"); err != nil {
			return info, err
		}
		err := sqlrows.Each(ctx, tx, "count documents", "SELECT source, count(*) FROM src.docs GROUP BY source ORDER BY source", nil,
			func(rows *sql.Rows) error {
				var s string
				var n int
				err := rows.Scan(&s, &n)
				info.Documents[s] = n
				return err
			})
		if err != nil {
			return info, err
		}
	}
	return info, writePartMeta(ctx, tx, info)
}

// copyTable creates t in the part with the index's own DDL and copies its
// rows in key order. doc_body's columns are inflated on the way (see Parts).
func copyTable(ctx context.Context, tx *sql.Tx, t tableDef, where string, args ...any) error {
	if _, err := tx.ExecContext(ctx, t.ddl); err != nil {
		return fmt.Errorf("create %s: %w", t.name, err)
	}
	if _, err := tx.ExecContext(ctx, copyRowsSQL(t, "src", where, inflateFunc), args...); err != nil {
		return fmt.Errorf("copy %s: %w", t.name, err)
	}
	return nil
}

func writePartMeta(ctx context.Context, tx *sql.Tx, info PartInfo) error {
	if _, err := tx.ExecContext(ctx, "CREATE TABLE "+partMetaTable+" (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID"); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, "INSERT INTO "+partMetaTable+" VALUES ('kind', ?), ('source', ?), ('schema_version', ?)",
		info.Kind, info.Source, strconv.Itoa(SchemaVersion))
	return err
}
