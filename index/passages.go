package index

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// Passages: the long pages of the Swift book, Swift Evolution and swift.org
// are whole chapters and proposals in docs_fts, so a question about one of
// their sections ("willSet and didSet") competes with every page that says
// the words once. enrich's passages pass cuts them into sections (the
// passages table, searched through passage_fts), and the ranker adds the
// pages of the best sections to its candidates with the section's anchor.

// PassageFTSTable is the full-text table over the passages.
const PassageFTSTable = "passage_fts"

// PassageBM25Weights weigh passage_fts's columns: title (the page's),
// heading (the section's headings), body. A heading names what its
// section is about; the chapter's title is shared by all its sections.
var PassageBM25Weights = [...]float64{2, 8, 1}

// PassageBM25Expr ranks passage_fts rows, best first when ascending.
var PassageBM25Expr = fmt.Sprintf("bm25(%s, %g, %g, %g)", PassageFTSTable,
	PassageBM25Weights[0], PassageBM25Weights[1], PassageBM25Weights[2])

// PassageSources are the sources whose pages are cut into passages: long
// prose pages with "##" sections, few enough (about 760) to cut on every
// save in about a second.
var PassageSources = []string{"swift-book", "swift-evolution", "swift-org"}

// MetaPassagesDigest is the SHA-256 of what the passages pass wrote, so a
// re-run over the same pages changes nothing.
const MetaPassagesDigest = "passages_digest"

// Passage is one searchable section of a page.
type Passage struct {
	DocID int64
	// Anchor is the "##" heading that holds the passage: what
	// read_document's section= (and `cupertino read --sections`) opens.
	Anchor string
	// Heading is the passage's own heading: Anchor, or the "###" heading
	// under it.
	Heading string
	// Title is the page's title, indexed with the passage.
	Title string
	// Text is the passage's Markdown, its heading line left out.
	Text string
}

// PassagePages calls fn with the id, title and compressed Markdown of
// every page of PassageSources, in id order.
func PassagePages(ctx context.Context, tx *sql.Tx, fn func(id int64, title string, compressed []byte) error) error {
	list := "'" + strings.Join(PassageSources, "','") + "'"
	return sqlrows.Each(ctx, tx, "read passage pages",
		`SELECT d.id, d.title, b.markdown FROM docs d JOIN doc_body b ON b.doc_id = d.id
		WHERE d.source IN (`+list+`) AND b.markdown IS NOT NULL ORDER BY d.id`, nil,
		func(rows *sql.Rows) error {
			var id int64
			var title string
			var compressed []byte
			if err := rows.Scan(&id, &title, &compressed); err != nil {
				return err
			}
			return fn(id, title, compressed)
		})
}

// PassagesDigest returns the digest the passages pass stored last, "" when
// none.
func PassagesDigest(ctx context.Context, tx *sql.Tx) (string, error) {
	var stored string
	err := tx.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", MetaPassagesDigest).Scan(&stored)
	if err == sql.ErrNoRows {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read passages digest: %w", err)
	}
	return stored, nil
}

// ReplacePassages replaces every passage of the index with ps, in order,
// and records digest.
func ReplacePassages(ctx context.Context, tx *sql.Tx, ps []Passage, digest string) error {
	for _, stmt := range []string{"DELETE FROM " + PassageFTSTable, "DELETE FROM passages"} {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("clear passages: %w", err)
		}
	}
	row, err := tx.PrepareContext(ctx, "INSERT INTO passages(id, doc_id, ord, anchor, heading, text) VALUES (?, ?, ?, ?, ?, ?)")
	if err != nil {
		return fmt.Errorf("store passages: %w", err)
	}
	defer row.Close()
	fts, err := tx.PrepareContext(ctx, "INSERT INTO "+PassageFTSTable+"(rowid, title, heading, body) VALUES (?, ?, ?, ?)")
	if err != nil {
		return fmt.Errorf("store passages: %w", err)
	}
	defer fts.Close()
	ord, last := 0, int64(-1)
	for i, p := range ps {
		if p.DocID != last {
			ord, last = 0, p.DocID
		}
		ord++
		id := int64(i + 1)
		if _, err := row.ExecContext(ctx, id, p.DocID, ord, p.Anchor, p.Heading, p.Text); err != nil {
			return fmt.Errorf("store passages: %w", err)
		}
		headings := p.Heading
		if p.Anchor != p.Heading {
			headings = p.Anchor + " " + p.Heading
		}
		if _, err := fts.ExecContext(ctx, id, p.Title, headings, p.Text); err != nil {
			return fmt.Errorf("store passages: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", MetaPassagesDigest, digest); err != nil {
		return fmt.Errorf("store passages: %w", err)
	}
	return nil
}

// PassageHit is a passage a search found.
type PassageHit struct {
	ID, DocID       int64
	Anchor, Heading string
}

// PassageSearchSQL finds the passages matching an FTS5 expression (the
// first argument) whose ids lie between the second and the third argument
// (one source's PassageSpan), best first, at most the fourth argument of
// them, with their page. The passages pass numbers passages in page order,
// so a source's passages are one span of ids, and FTS5 bounds its scan by
// rowid without reading the passages table.
var PassageSearchSQL = `SELECT p.id, p.doc_id, p.anchor, p.heading FROM (SELECT rowid AS id, ` + PassageBM25Expr + ` AS rank
	FROM ` + PassageFTSTable + ` WHERE ` + PassageFTSTable + ` MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rank LIMIT ?) f
	JOIN passages p ON p.id = f.id ORDER BY f.rank`

// PassageCountSQL counts the passages matching an FTS5 expression (the
// first argument) with ids between the second and the third argument, up
// to the fourth argument.
var PassageCountSQL = `SELECT count(*) FROM (SELECT rowid FROM ` + PassageFTSTable + ` WHERE ` + PassageFTSTable + ` MATCH ?
	AND rowid BETWEEN ? AND ? LIMIT ?)`

// PassageSpan returns the first and last passage id of the pages whose
// ids lie between lo and hi (a source's span); ok is false when they have
// none.
func PassageSpan(ctx context.Context, q sqlrows.Querier, lo, hi int64) (first, last int64, ok bool, err error) {
	var f, l sql.NullInt64
	rows, err := q.QueryContext(ctx, "SELECT min(id), max(id) FROM passages WHERE doc_id BETWEEN ? AND ?", lo, hi)
	if err != nil {
		return 0, 0, false, fmt.Errorf("read passage span: %w", err)
	}
	defer rows.Close()
	if rows.Next() {
		if err := rows.Scan(&f, &l); err != nil {
			return 0, 0, false, fmt.Errorf("read passage span: %w", err)
		}
	}
	return f.Int64, l.Int64, f.Valid, rows.Err()
}

// PassageTexts returns the Markdown of the given passages.
func PassageTexts(ctx context.Context, db sqlrows.Querier, ids []int64) (map[int64]string, error) {
	if len(ids) == 0 {
		return map[int64]string{}, nil
	}
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprint(&b, id)
	}
	return sqlrows.Map[int64, string](ctx, db, "read passages", "SELECT id, text FROM passages WHERE id IN (SELECT value FROM json_each('['||?||']'))",
		[]any{b.String()})
}
