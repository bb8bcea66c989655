package index

import (
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// # Parts
//
// A part is a slice of a committed index in a plain SQLite file of its own,
// written by ExportPart and merged back into a new index by ImportParts: the
// storage half of a release bundle (internal/bundle compresses, checksums and
// ships them). A part holds tables with the index's own DDL and no secondary
// indexes (ImportParts builds those once, after the rows are in), plus a
// bundle_part table that names its kind. There are three kinds:
//
//	source  every row of one source's documents: docs, and each table with a
//	        doc_id column, ids kept. doc_body's markdown and page are stored
//	        inflated: per-page DEFLATE (155 MB on the full index) hardly
//	        compresses further, while the 453 MB of text they hold, seen by
//	        zstd as one stream, packs into 28-36 MB. Import deflates them
//	        again, byte for byte as the Builder wrote them.
//	search  docs_fts's shadow tables as they are. The full-text index is
//	        contentless, so its text cannot be read back and re-indexed: it
//	        travels built (50 MB for every source) and an import that leaves
//	        sources out deletes their rows, which doc_source lists.
//	shared  the tables no source owns: meta, framework_aliases, enrich_runs
//	        and any other table without a doc_id column.
//
// Not exported: source_files (the save manifest names files on the machine
// that built the index, and an incremental save elsewhere must not trust
// them), doc_symbols_fts (rebuilt from doc_symbols) and SQLite's statistics
// (ANALYZE runs on import). A table with a doc_id column travels in its
// source's part, any other in the shared part; an import refuses a table the
// index schema does not have.

// Part kinds.
const (
	PartSource = "source"
	PartSearch = "search"
	PartShared = "shared"
)

// PartInfo describes one part file.
type PartInfo struct {
	Kind   string
	Source string // the source of a PartSource part, "" otherwise
	// Documents counts the part's documents per source: one source for a
	// source part, every source for the search part, none for shared.
	Documents map[string]int
}

// partMetaTable names a part's kind, source and schema version.
const partMetaTable = "bundle_part"

// docSourceTable, in the search part, maps every full-text row to its source.
const docSourceTable = "doc_source"

// ftsShadowPrefixes and symbolsFTSPrefix start the names of the shadow
// tables of docs_fts, parts_fts, context_fts and passage_fts (which travel in the search
// part), and of doc_symbols_fts.
var ftsShadowPrefixes = []string{FTSTable + "_", PartsFTSTable + "_", ContextFTSTable + "_", PassageFTSTable + "_"}

const symbolsFTSPrefix = "doc_symbols_fts"

// isFTSShadow reports a shadow table of one of the full-text tables.
func isFTSShadow(name string) bool {
	for _, p := range ftsShadowPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// tableClass says which part a table of the index travels in.
type tableClass int

const (
	notExported tableClass = iota
	docsRows               // docs itself: source part, WHERE source = ?
	perDocRows             // a doc_id column: source part, rows of its documents
	searchRows             // docs_fts's and parts_fts's shadow tables: search part
	sharedRows             // everything else: shared part
)

// classify places a table of a committed index, from its name, its CREATE
// statement and whether it has a doc_id column.
func classify(name, ddl string, hasDocID bool) tableClass {
	switch {
	case strings.HasPrefix(name, "sqlite_"), name == "source_files",
		strings.HasPrefix(strings.ToUpper(ddl), "CREATE VIRTUAL TABLE"),
		strings.HasPrefix(name, symbolsFTSPrefix):
		return notExported
	case name == "docs":
		return docsRows
	case isFTSShadow(name):
		return searchRows
	case hasDocID:
		return perDocRows
	}
	return sharedRows
}

// tableDef is one table of an attached database.
type tableDef struct {
	name    string
	ddl     string
	columns []string
	order   string // ORDER BY clause that lists rows in key order
}

func (t tableDef) has(column string) bool {
	for _, c := range t.columns {
		if c == column {
			return true
		}
	}
	return false
}

// columnList is the table's columns, quoted, for INSERT and SELECT.
func (t tableDef) columnList() string {
	quoted := make([]string, len(t.columns))
	for i, c := range t.columns {
		quoted[i] = quoteIdent(c)
	}
	return strings.Join(quoted, ", ")
}

// copyRowsSQL is the statement that copies t's rows, in key order, from the
// attached database from into main: the rows where selects ("WHERE ...";
// empty, all of them). A part keeps doc_body's markdown and page plain and
// an index keeps them DEFLATEd, so those two pass through bodyFunc:
// inflateFunc on export, deflateFunc on import.
func copyRowsSQL(t tableDef, from, where, bodyFunc string) string {
	columns := t.columnList()
	selected := columns
	if t.name == "doc_body" {
		selected = "doc_id, " + bodyFunc + "(markdown), " + bodyFunc + "(page)"
	}
	if where != "" {
		where = " " + where
	}
	return fmt.Sprintf("INSERT INTO main.%s (%s) SELECT %s FROM %s.%s%s ORDER BY %s",
		quoteIdent(t.name), columns, selected, from, quoteIdent(t.name), where, t.order)
}

// listTables reads the tables of the database attached as schema, sorted by
// name so that every walk over them is in one order.
func listTables(ctx context.Context, conn sqlrows.Querier, schema string) ([]tableDef, error) {
	tables, err := sqlrows.All(ctx, conn, "list tables",
		"SELECT name, sql FROM "+quoteIdent(schema)+".sqlite_master WHERE type = 'table' AND sql IS NOT NULL ORDER BY name", nil,
		func(rows *sql.Rows) (t tableDef, err error) {
			err = rows.Scan(&t.name, &t.ddl)
			return t, err
		})
	if err != nil {
		return nil, err
	}
	for i := range tables {
		t := &tables[i]
		if strings.HasPrefix(strings.ToUpper(t.ddl), "CREATE VIRTUAL TABLE") {
			continue // a virtual table's columns are not rows to copy
		}
		type column struct {
			name string
			pk   int
		}
		cols, err := sqlrows.All(ctx, conn, "columns of "+t.name,
			"SELECT name, pk FROM pragma_table_info(?, ?) ORDER BY cid", []any{t.name, schema},
			func(rows *sql.Rows) (c column, err error) {
				err = rows.Scan(&c.name, &c.pk)
				return c, err
			})
		if err != nil {
			return nil, err
		}
		var keys []string
		for _, c := range cols {
			t.columns = append(t.columns, c.name)
			if c.pk > 0 {
				keys = append(keys, c.name)
			}
		}
		// A rowid table lists in rowid order (an INTEGER PRIMARY KEY is the
		// rowid); a WITHOUT ROWID table has no rowid, only its key.
		t.order = "rowid"
		if strings.Contains(strings.ToUpper(t.ddl), "WITHOUT ROWID") {
			sortKeys := make([]string, len(keys))
			for _, c := range cols {
				if c.pk > 0 {
					sortKeys[c.pk-1] = quoteIdent(c.name)
				}
			}
			t.order = strings.Join(sortKeys, ", ")
		}
	}
	return tables, nil
}

func quoteIdent(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}

// fileURI is the SQLite URI of a file with query parameters, such as
// mode=ro, that a plain path would not carry into ATTACH.
func fileURI(path, query string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	u := (&url.URL{Scheme: "file", Path: abs}).String()
	if query != "" {
		u += "?" + query
	}
	return u, nil
}

// inflateFunc and deflateFunc are SQL functions, registered once per
// process, that convert doc_body's columns between the Builder's DEFLATE
// and the plain bytes a part stores. deflate is rowEncoder.compress, so an
// imported body is the very bytes the exporting index held.
const (
	inflateFunc = "cupertino_inflate"
	deflateFunc = "cupertino_deflate"
)

var registerBodyFuncs = sync.OnceValue(func() error {
	encoders := sync.Pool{New: func() any { return new(rowEncoder) }}
	err := sqlite.RegisterDeterministicScalarFunction(inflateFunc, 1,
		func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			data, err := blobArg(args[0])
			if err != nil || len(data) == 0 {
				return nil, err
			}
			return decompress(data)
		})
	if err != nil {
		return err
	}
	return sqlite.RegisterDeterministicScalarFunction(deflateFunc, 1,
		func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			data, err := blobArg(args[0])
			if err != nil || len(data) == 0 {
				return nil, err
			}
			enc := encoders.Get().(*rowEncoder)
			defer encoders.Put(enc)
			return enc.compress(data)
		})
})

func blobArg(v driver.Value) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return nil, nil
	case []byte:
		return bytes.Clone(v), nil
	case string:
		return []byte(v), nil
	}
	return nil, fmt.Errorf("doc_body holds a %T, not a blob", v)
}

// partConn opens path as a single-connection database for writing a part
// or an index without durability (a crash discards the file anyway).
func partConn(ctx context.Context, path string) (*sql.DB, *sql.Conn, error) {
	if err := registerBodyFuncs(); err != nil {
		return nil, nil, fmt.Errorf("register body functions: %w", err)
	}
	db, err := openBuildDB(path, 64)
	if err != nil {
		return nil, nil, err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, nil, fmt.Errorf("open %s: %w", path, err)
	}
	return db, conn, nil
}

// attach attaches the file at path as schema, read-only when readOnly.
func attach(ctx context.Context, conn *sql.Conn, path, schema string, readOnly bool) error {
	query := ""
	if readOnly {
		query = "mode=ro"
	}
	uri, err := fileURI(path, query)
	if err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "ATTACH DATABASE ? AS "+quoteIdent(schema), uri); err != nil {
		return classifyOpenError(err)
	}
	return nil
}

// classifyWriteError names a full disk ErrLowDisk, whichever layer saw it.
func classifyWriteError(err error) error {
	var se *sqlite.Error
	if (errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_FULL) || errors.Is(err, syscall.ENOSPC) {
		return fmt.Errorf("%w: %v", ErrLowDisk, err)
	}
	return err
}
