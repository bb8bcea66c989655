package index

import (
	"context"
	"database/sql"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// Reads for the weight fitter's training data (eval/fit): pages with their
// abstracts, code references and the sections of long pages, from which it
// draws (query, page) pairs. Each streams rows in a fixed order, so a
// seeded sample of them is the same on every run over the same index.

// TrainingPage is a page with its abstract.
type TrainingPage struct {
	ID                                int64
	URI, Source, Kind, Title, Summary string
}

// EachTrainingPage calls fn with every page of sources that has an
// abstract, in id order.
func (s *Store) EachTrainingPage(ctx context.Context, sources []string, fn func(TrainingPage) error) error {
	if len(sources) == 0 {
		return nil
	}
	args := anyArgs(sources)
	return sqlrows.Each(ctx, s.db, "training pages",
		`SELECT id, uri, source, kind, title, summary FROM docs
WHERE summary <> '' AND source IN (`+placeholders(len(sources))+`) ORDER BY id`, args,
		func(rows *sql.Rows) error {
			var p TrainingPage
			if err := rows.Scan(&p.ID, &p.URI, &p.Source, &p.Kind, &p.Title, &p.Summary); err != nil {
				return err
			}
			return fn(p)
		})
}

// CodeRef is one row of code_refs with its file's URI.
type CodeRef struct {
	Name, Kind string // as written ("URLSession.shared"); call, member, …
	Line       int
	FileURI    string
}

// EachCodeRef calls fn with every code reference of kind, in (file, line,
// name) order.
func (s *Store) EachCodeRef(ctx context.Context, kind string, fn func(CodeRef) error) error {
	return sqlrows.Each(ctx, s.db, "training code refs",
		`SELECT c.name, c.kind, c.line, d.uri FROM code_refs c JOIN docs d ON d.id = c.doc_id
WHERE c.kind = ? ORDER BY c.doc_id, c.line, c.name`, []any{kind},
		func(rows *sql.Rows) error {
			var r CodeRef
			if err := rows.Scan(&r.Name, &r.Kind, &r.Line, &r.FileURI); err != nil {
				return err
			}
			return fn(r)
		})
}

// SectionHeading is one passage's heading with its page.
type SectionHeading struct {
	URI, Title, Anchor, Heading string
}

// SectionHeadings lists the passages of source's pages, in passage order.
func (s *Store) SectionHeadings(ctx context.Context, source string) ([]SectionHeading, error) {
	return sqlrows.All(ctx, s.db, "training section headings",
		`SELECT d.uri, d.title, p.anchor, p.heading FROM passages p JOIN docs d ON d.id = p.doc_id
WHERE d.source = ? ORDER BY p.id`, []any{source},
		func(rows *sql.Rows) (h SectionHeading, err error) {
			err = rows.Scan(&h.URI, &h.Title, &h.Anchor, &h.Heading)
			return h, err
		})
}
