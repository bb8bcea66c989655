package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// EnrichTx is one enrich pass's transaction (EnrichDB.BeginPass): the
// statements the passes run, by name.
type EnrichTx struct {
	tx *sql.Tx
	// stmts are the statements a pass runs once per row (prepared).
	stmts map[string]*sql.Stmt
}

// EachPageText calls fn with the id, kind, source, title and summary of
// every page of sources, in id order.
func (w *EnrichTx) EachPageText(ctx context.Context, sources []string, fn func(id int64, kind, source, title, summary string)) error {
	if len(sources) == 0 {
		return nil
	}
	args := anyArgs(sources)
	return sqlrows.Each(ctx, w.tx, "read pages", `SELECT id, kind, source, title, summary FROM docs
		WHERE source IN (?`+strings.Repeat(",?", len(args)-1)+`) ORDER BY id`, args, func(rows *sql.Rows) error {
		var id int64
		var kind, src, title, summary string
		if err := rows.Scan(&id, &kind, &src, &title, &summary); err != nil {
			return err
		}
		fn(id, kind, src, title, summary)
		return nil
	})
}

// SemanticValue returns the semantic table's value under key; found is
// false when there is none.
func (w *EnrichTx) SemanticValue(ctx context.Context, key string) (value []byte, found bool, err error) {
	err = w.tx.QueryRowContext(ctx, "SELECT value FROM semantic WHERE key = ?", key).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read semantic: %w", err)
	}
	return value, true, nil
}

// ClearSemantic deletes every page vector (doc_vectors) and every value of
// the semantic table.
func (w *EnrichTx) ClearSemantic(ctx context.Context) error {
	for _, stmt := range []string{"DELETE FROM doc_vectors", "DELETE FROM semantic"} {
		if _, err := w.tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("clear vectors: %w", err)
		}
	}
	return nil
}

// PageVector is one page's quantized semantic vector.
type PageVector struct {
	Doc int64
	Vec []byte
}

// PutVectors stores the page vectors in doc_vectors.
func (w *EnrichTx) PutVectors(ctx context.Context, vectors []PageVector) error {
	insert, err := w.tx.PrepareContext(ctx, "INSERT INTO doc_vectors(doc_id, vec) VALUES (?, ?)")
	if err != nil {
		return fmt.Errorf("store vectors: %w", err)
	}
	defer insert.Close()
	for _, v := range vectors {
		if _, err := insert.ExecContext(ctx, v.Doc, v.Vec); err != nil {
			return fmt.Errorf("store vectors: %w", err)
		}
	}
	return nil
}

// PutSemantic stores value under key in the semantic table (cleared
// before: ClearSemantic).
func (w *EnrichTx) PutSemantic(ctx context.Context, key string, value []byte) error {
	if _, err := w.tx.ExecContext(ctx, "INSERT INTO semantic(key, value) VALUES (?, ?)", key, value); err != nil {
		return fmt.Errorf("store model: %w", err)
	}
	return nil
}

// APIName is one Apple page as the contexts pass names it.
type APIName struct {
	ID         int64
	URI, Title string
	// IsType is true for a class, struct, enum, protocol or actor page.
	IsType bool
}

// EachAPIName calls fn with every Apple documentation page: Swift's,
// SwiftUI's, Foundation's, UIKit's and AppKit's first, then the shallowest
// first.
func (w *EnrichTx) EachAPIName(ctx context.Context, fn func(APIName)) error {
	return sqlrows.Each(ctx, w.tx, "read names", `SELECT id, uri, title, kind IN ('class', 'struct', 'enum', 'protocol', 'actor') FROM docs
		WHERE source = 'apple-docs' ORDER BY framework NOT IN ('swiftui', 'swift', 'foundation', 'uikit', 'appkit'), depth, id`, nil,
		func(rows *sql.Rows) error {
			var n APIName
			if err := rows.Scan(&n.ID, &n.URI, &n.Title, &n.IsType); err != nil {
				return err
			}
			fn(n)
			return nil
		})
}

// EachContextSource calls fn, in id order, with the id, source and stored
// (compressed) Markdown body of every page whose prose may mention an API:
// every page but a package's files and a sample's files (a sample's
// project page counts).
func (w *EnrichTx) EachContextSource(ctx context.Context, fn func(id int64, source string, body []byte)) error {
	return sqlrows.Each(ctx, w.tx, "read pages", `SELECT d.id, d.source, b.markdown FROM docs d JOIN doc_body b ON b.doc_id = d.id
		WHERE d.source != 'packages' AND (d.source != 'samples' OR d.kind = 'sampleProject') AND b.markdown IS NOT NULL
		ORDER BY d.id`, nil, func(rows *sql.Rows) error {
		var id int64
		var src string
		var body []byte
		if err := rows.Scan(&id, &src, &body); err != nil {
			return err
		}
		fn(id, src, body)
		return nil
	})
}

// MetaValue returns the meta table's value under key; found is false when
// there is none.
func (w *EnrichTx) MetaValue(ctx context.Context, key string) (value string, found bool, err error) {
	err = w.tx.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", key).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read meta: %w", err)
	}
	return value, true, nil
}

// ReplaceContexts deletes every row of ContextFTSTable, stores words[i] as
// the context of page ids[i], and records digest under MetaContextsDigest.
func (w *EnrichTx) ReplaceContexts(ctx context.Context, ids []int64, words []string, digest string) error {
	if _, err := w.tx.ExecContext(ctx, "DELETE FROM "+ContextFTSTable); err != nil {
		return fmt.Errorf("clear contexts: %w", err)
	}
	insert, err := w.tx.PrepareContext(ctx, "INSERT INTO "+ContextFTSTable+"(rowid, words) VALUES (?, ?)")
	if err != nil {
		return fmt.Errorf("store contexts: %w", err)
	}
	defer insert.Close()
	for i, id := range ids {
		if _, err := insert.ExecContext(ctx, id, words[i]); err != nil {
			return fmt.Errorf("store contexts: %w", err)
		}
	}
	if _, err := w.tx.ExecContext(ctx, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", MetaContextsDigest, digest); err != nil {
		return fmt.Errorf("store contexts: %w", err)
	}
	return nil
}

// FrameworkRoot is one framework of docs with its root page, as the
// synonyms pass reads it.
type FrameworkRoot struct {
	Framework string
	Docs      int
	// The root page (<source>://<framework>, Apple's when the framework
	// has Apple pages): title, source file, kind and role heading, "" when
	// there is none.
	Title, SourceFile, Kind, RoleHeading string
}

// FrameworkRoots returns every framework of docs with its page count and
// root page, by framework.
func (w *EnrichTx) FrameworkRoots(ctx context.Context) ([]FrameworkRoot, error) {
	return sqlrows.All(ctx, w.tx, "read frameworks", `
SELECT f.framework, f.n, coalesce(r.title, ''), coalesce(r.source_file, ''), coalesce(r.kind, ''), coalesce(r.role_heading, '')
FROM (SELECT framework, count(*) AS n, max(source = 'apple-docs') AS apple, min(source) AS source
	FROM docs WHERE framework != '' GROUP BY framework) f
LEFT JOIN docs r ON r.uri = (CASE WHEN f.apple THEN 'apple-docs' ELSE f.source END) || '://' || f.framework
ORDER BY f.framework`, nil, func(rows *sql.Rows) (f FrameworkRoot, err error) {
		err = rows.Scan(&f.Framework, &f.Docs, &f.Title, &f.SourceFile, &f.Kind, &f.RoleHeading)
		return f, err
	})
}

// FrameworkAliases returns the framework_aliases rows by identifier.
func (w *EnrichTx) FrameworkAliases(ctx context.Context) (map[string]Framework, error) {
	out := map[string]Framework{}
	err := sqlrows.Each(ctx, w.tx, "read framework_aliases", "SELECT identifier, import_name, display_name, synonyms, doc_count FROM framework_aliases", nil,
		func(rows *sql.Rows) error {
			var f Framework
			var synonyms string
			if err := rows.Scan(&f.Identifier, &f.ImportName, &f.DisplayName, &synonyms, &f.DocCount); err != nil {
				return err
			}
			f.Synonyms = strings.Fields(synonyms)
			out[f.Identifier] = f
			return nil
		})
	return out, err
}

// PutFrameworkAlias writes a framework_aliases row, replacing the one of
// its identifier.
func (w *EnrichTx) PutFrameworkAlias(ctx context.Context, a Framework) error {
	if _, err := w.tx.ExecContext(ctx, `INSERT INTO framework_aliases(identifier, import_name, display_name, synonyms, doc_count)
			VALUES (?,?,?,?,?) ON CONFLICT(identifier) DO UPDATE SET import_name = excluded.import_name,
			display_name = excluded.display_name, synonyms = excluded.synonyms, doc_count = excluded.doc_count`,
		a.Identifier, a.ImportName, a.DisplayName, strings.Join(a.Synonyms, " "), a.DocCount); err != nil {
		return fmt.Errorf("write alias %s: %w", a.Identifier, err)
	}
	return nil
}

// DeleteFrameworkAlias deletes the framework_aliases row of identifier.
func (w *EnrichTx) DeleteFrameworkAlias(ctx context.Context, identifier string) error {
	if _, err := w.tx.ExecContext(ctx, "DELETE FROM framework_aliases WHERE identifier = ?", identifier); err != nil {
		return fmt.Errorf("delete alias %s: %w", identifier, err)
	}
	return nil
}

// PassagePages is the package's PassagePages on the pass's transaction.
func (w *EnrichTx) PassagePages(ctx context.Context, fn func(id int64, title string, compressed []byte) error) error {
	return PassagePages(ctx, w.tx, fn)
}

// PassagesDigest is the package's PassagesDigest on the pass's
// transaction.
func (w *EnrichTx) PassagesDigest(ctx context.Context) (string, error) {
	return PassagesDigest(ctx, w.tx)
}

// ReplacePassages is the package's ReplacePassages on the pass's
// transaction.
func (w *EnrichTx) ReplacePassages(ctx context.Context, ps []Passage, digest string) error {
	return ReplacePassages(ctx, w.tx, ps, digest)
}
