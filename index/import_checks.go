package index

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// The checks ImportParts runs on the index it built before renaming it
// into place. A bundle part's checksum proves only that it is the file the
// manifest lists, and whoever writes a manifest writes its checksums: so
// the SQLite file must be whole, its full-text indexes consistent, and no
// part may bring a table this cupertino does not know.

// fullTextTables are the FTS5 tables of the schema.
var fullTextTables = []string{FTSTable, PartsFTSTable, ContextFTSTable, PassageFTSTable, symbolsFTSPrefix}

// quickCheck runs PRAGMA quick_check (every page read, every record well
// formed), or with full PRAGMA integrity_check (every index matched to its
// table too); a problem is ErrCorrupt listing what SQLite found.
func quickCheck(ctx context.Context, q sqlrows.Querier, full bool) error {
	pragma := "PRAGMA quick_check"
	if full {
		pragma = "PRAGMA integrity_check"
	}
	rows, err := q.QueryContext(ctx, pragma)
	if err != nil {
		return classifyOpenError(err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return classifyOpenError(err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return classifyOpenError(err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", ErrCorrupt, strings.Join(problems, "; "))
	}
	return nil
}

// checkFullText runs FTS5's integrity-check on every full-text table: it
// reads every segment and checks its structure (and, for doc_symbols_fts,
// its rows against doc_symbols); damage is ErrCorrupt naming the table.
func checkFullText(ctx context.Context, conn interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}) error {
	for _, table := range fullTextTables {
		if _, err := conn.ExecContext(ctx, "INSERT INTO "+table+"("+table+") VALUES('integrity-check')"); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("%w: full-text index %s: %v", ErrCorrupt, table, err)
		}
	}
	return nil
}

// unknownTable is the error for a part's table that is neither in the
// schema's.
func unknownTable(part, table string) error {
	return fmt.Errorf("%w: %s brings table %q, which this cupertino's index does not have", ErrCorrupt, part, table)
}
