package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// This file reads what the sample-code and package sources add: the
// projects of the samples source and the code_refs table behind "used in
// samples".

// SampleProjects lists the sample-code projects, of one framework or all
// (framework ""), by title, a page at a time, with their total count.
func (s *Store) SampleProjects(ctx context.Context, framework string, offset, limit int) ([]DocumentSummary, int, error) {
	if limit <= 0 {
		limit = 50
	}
	cond, args := "source = ? AND kind = ?", []any{document.SourceSamples, document.KindSampleProject}
	if framework != "" {
		cond += " AND framework = ?"
		args = append(args, strings.ToLower(framework))
	}
	total, err := s.count(ctx, "count sample projects", "SELECT count(*) FROM docs WHERE "+cond, args)
	if err != nil {
		return nil, 0, err
	}
	rows, err := sqlrows.All(ctx, s.db, "list sample projects", `
SELECT id, uri, source, framework, title, kind, summary, deprecated FROM docs
WHERE `+cond+` ORDER BY title_lower, id LIMIT ? OFFSET ?`, append(args, limit, max(offset, 0)), scanSummary)
	return rows, total, err
}

// SampleFrameworks counts the sample-code projects of each framework.
func (s *Store) SampleFrameworks(ctx context.Context) (map[string]int, error) {
	return sqlrows.Map[string, int](ctx, s.db, "count sample frameworks",
		"SELECT framework, count(*) FROM docs WHERE source = ? AND kind = ? GROUP BY framework",
		[]any{document.SourceSamples, document.KindSampleProject})
}

// DocumentByTitle returns the first document of a source and kind with the
// given title (case-insensitive): the sample project of a sampleCode page,
// the sampleCode page of a project. ErrDocumentNotFound when none has it.
func (s *Store) DocumentByTitle(ctx context.Context, source, kind, title string) (DocumentSummary, error) {
	rows, err := sqlrows.All(ctx, s.db, "document by title", `
SELECT id, uri, source, framework, title, kind, summary, deprecated FROM docs
WHERE title_lower = ? AND source = ? AND kind = ? ORDER BY id LIMIT 1`,
		[]any{strings.ToLower(strings.TrimSpace(title)), source, kind}, scanSummary)
	if err != nil {
		return DocumentSummary{}, err
	}
	if len(rows) == 0 {
		return DocumentSummary{}, ErrDocumentNotFound
	}
	return rows[0], nil
}

// CodeUse is one source file's use of an API, from code_refs.
type CodeUse struct {
	URI     string `json:"uri"`     // the file: samples://<project>/<path>
	Path    string `json:"path"`    // the file's path in its project or package
	Project string `json:"project"` // the project's or package's URI
	Source  string `json:"source"`
	Name    string `json:"name"` // as written: "URLSession", "URLSession.shared"
	Kind    string `json:"kind"` // call, conform, wrap, member, type
	Line    int    `json:"line"`
}

// CodeUseQuery selects code_refs rows.
type CodeUseQuery struct {
	// Type is the API type ("URLSession"); Member, when set, narrows to
	// Type.Member uses ("shared").
	Type, Member string
	// Source is samples or packages; empty means both.
	Source string
	Limit  int
	Offset int
}

// codeUseOrder puts the uses that show the API at work first: a call or a
// conformance says more than a mention in a type annotation.
const codeUseOrder = `CASE r.kind WHEN 'call' THEN 0 WHEN 'conform' THEN 1 WHEN 'wrap' THEN 2 WHEN 'member' THEN 3 ELSE 4 END`

// CodeUses returns the files that use an API, one row per file (its first,
// most telling use), calls and conformances first, and the number of files.
//
// The uses of a type are read from code_use_files, which Commit fills in
// that order: a page of them is a range of its key and their number a
// count of it. `View` is used 3,415 times in 1,799 files; picking the best
// use of each file and sorting the files when asked cost the first read of
// swiftui/view 20 ms. The uses of a member (Type.Member) are few and are
// picked from code_refs when asked (codeUsesPicked).
func (s *Store) CodeUses(ctx context.Context, q CodeUseQuery) ([]CodeUse, int, error) {
	if q.Limit <= 0 {
		q.Limit = 20
	}
	if q.Member != "" {
		return s.codeUsesPicked(ctx, "name_lower = ?", strings.ToLower(q.Type+"."+q.Member), q)
	}
	cond, args := "f.type_lower = ?", []any{strings.ToLower(q.Type)}
	if q.Source != "" {
		cond += " AND f.source = ?"
		args = append(args, q.Source)
	}
	total, err := s.count(ctx, "count code uses", "SELECT count(*) FROM code_use_files f WHERE "+cond, args)
	if err != nil || total == 0 {
		return nil, total, err
	}
	uses, err := sqlrows.All(ctx, s.db, "code uses", `
SELECT d.uri, d.title, d.parent_uri, d.source, f.name, f.kind, f.line
FROM code_use_files f JOIN docs d ON d.id = f.doc_id WHERE `+cond+`
ORDER BY f.ord LIMIT ? OFFSET ?`, append(args, q.Limit, max(q.Offset, 0)), scanCodeUse)
	return uses, total, err
}

func scanCodeUse(rows *sql.Rows) (u CodeUse, err error) {
	err = rows.Scan(&u.URI, &u.Path, &u.Project, &u.Source, &u.Name, &u.Kind, &u.Line)
	return u, err
}

// codeUsesPicked is CodeUses of the code_refs rows matching cond (on
// one column, bound to arg), each file's best use picked when asked: from
// code_refs alone, and only those rows (one per file, not one per use)
// joined with docs, whose rows are wide. It answers for a member
// (Type.Member), whose uses are few.
func (s *Store) codeUsesPicked(ctx context.Context, cond, arg string, q CodeUseQuery) ([]CodeUse, int, error) {
	args := []any{arg}
	sourceCond := ""
	if q.Source != "" {
		sourceCond = " AND d.source = ?"
		args = append(args, q.Source)
	}
	from := `FROM (` + bestUseOfEachFile(cond, "r.doc_id") + `) f JOIN docs d ON d.id = f.doc_id WHERE 1` + sourceCond
	total, err := s.count(ctx, "count code uses", "SELECT count(*) "+from, args)
	if err != nil || total == 0 {
		return nil, total, err
	}
	uses, err := sqlrows.All(ctx, s.db, "code uses", `
SELECT d.uri, d.title, d.parent_uri, d.source, f.name, f.kind, f.line `+from+`
ORDER BY f.rank, d.parent_uri, d.uri LIMIT ? OFFSET ?`, append(args, q.Limit, max(q.Offset, 0)), scanCodeUse)
	return uses, total, err
}

// bestUseOfEachFile selects the code_refs rows matching cond, one per
// group (a file, or a type's file), the one holding the least (order,
// line) key: its doc_id, name, kind, line and rank (codeUseOrder). The key
// is packed in one integer, and SQLite gives the bare columns of a min()
// aggregate from the row holding it.
func bestUseOfEachFile(cond, groupBy string) string {
	return `SELECT r.type_lower, r.doc_id, r.name, r.kind, r.line, min((` + codeUseOrder + `) << 32 | r.line) >> 32 AS rank
	FROM code_refs r WHERE ` + cond + ` GROUP BY ` + groupBy
}

// buildCodeUseFiles rebuilds code_use_files from code_refs (see the
// package comment): every type's files, each with its best use, numbered
// in CodeUses' order.
func (b *Builder) buildCodeUseFiles(ctx context.Context) error {
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, stmt := range []string{"DELETE FROM code_use_files", `
INSERT INTO code_use_files(type_lower, ord, doc_id, source, name, kind, line)
SELECT f.type_lower, row_number() OVER (PARTITION BY f.type_lower ORDER BY f.rank, d.parent_uri, d.uri),
	f.doc_id, d.source, f.name, f.kind, f.line
FROM (` + bestUseOfEachFile("1", "r.type_lower, r.doc_id") + `) f JOIN docs d ON d.id = f.doc_id`} {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// NameExists reports whether any page is titled name or a name nested in
// it (name.Iterator), in any case: whether a type is documented at all,
// even when the crawl lacks its own page.
func (s *Store) NameExists(ctx context.Context, name string) (bool, error) {
	lower := strings.ToLower(name)
	return s.anyRow(ctx, "name exists", `SELECT 1 FROM docs WHERE title_lower = ? OR (title_lower > ? AND title_lower < ?) LIMIT 1`,
		lower, lower+".", lower+".\U0010FFFF")
}

// TitlePrefixExists reports whether some page's title starts with prefix,
// in any case: SecItemAdd( finds SecItemAdd(_:_:).
func (s *Store) TitlePrefixExists(ctx context.Context, prefix string) (bool, error) {
	lower := strings.ToLower(prefix)
	return s.anyRow(ctx, "title prefix exists", titlePrefixExistsSQL, lower, lower+"\U0010FFFF")
}

// titlePrefixExistsSQL finds a page whose lower-cased title lies in
// [first argument, second argument).
const titlePrefixExistsSQL = `SELECT 1 FROM docs WHERE title_lower >= ? AND title_lower < ? LIMIT 1`

// RequirementExists reports whether some protocol has a member titled
// name (CustomStringConvertible's description): a property a type declares
// by that name may implement it.
func (s *Store) RequirementExists(ctx context.Context, name string) (bool, error) {
	return s.anyRow(ctx, "requirement exists", `SELECT 1 FROM docs c JOIN docs p ON p.uri = c.parent_uri
		WHERE c.title_lower = ? AND c.source = 'apple-docs' AND p.kind = 'protocol' LIMIT 1`, strings.ToLower(name))
}

// RequirementPrefixExists reports whether some protocol has a member whose
// title starts with prefix (sizeThatFits(proposal:subviews:cache:).
func (s *Store) RequirementPrefixExists(ctx context.Context, prefix string) (bool, error) {
	lower := strings.ToLower(prefix)
	return s.anyRow(ctx, "requirement prefix exists", `SELECT 1 FROM docs c JOIN docs p ON p.uri = c.parent_uri
		WHERE c.title_lower >= ? AND c.title_lower < ? AND c.source = 'apple-docs' AND p.kind = 'protocol' LIMIT 1`,
		lower, lower+"\U0010FFFF")
}

// anyRow reports whether query returns a row.
func (s *Store) anyRow(ctx context.Context, what, query string, args ...any) (bool, error) {
	var one int
	err := s.db.QueryRowContext(ctx, query, args...).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("%s: %w", what, err)
	}
	return true, nil
}

// TitleCount returns how many Apple documentation pages are titled name
// exactly, case included: a property's name that few pages bear
// (isPlaybackLikelyToKeepUp) points at them, one on hundreds (name) at
// none.
func (s *Store) TitleCount(ctx context.Context, name string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM docs WHERE title_lower = ? AND title = ? AND source = 'apple-docs'`,
		strings.ToLower(name), name).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("title count: %w", err)
	}
	return n, nil
}

// maxUseCountNames bounds one CodeUseCounts statement's IN list, well under
// SQLite's limit on bound parameters.
const maxUseCountNames = 500

// CodeUseCounts returns, for each type name (any case), how many sample and
// package source files use it; names no file uses are absent. The ranker
// reads it as a page's prominence: UIViewController is used in hundreds of
// files, NSTextViewportLayoutController in three. code_use_files has a row
// per type and file: a count of its key's range.
func (s *Store) CodeUseCounts(ctx context.Context, types []string) (map[string]int, error) {
	counts := map[string]int{}
	for len(types) > 0 {
		batch := types[:min(len(types), maxUseCountNames)]
		types = types[len(batch):]
		args := make([]any, len(batch))
		for i, t := range batch {
			args[i] = strings.ToLower(t)
		}
		query := "SELECT type_lower, count(*) FROM code_use_files WHERE type_lower IN (?" +
			strings.Repeat(",?", len(batch)-1) + ") GROUP BY type_lower"
		rows, err := sqlrows.All(ctx, s.db, "code use counts", query, args, func(rows *sql.Rows) (c struct {
			name string
			n    int
		}, err error) {
			err = rows.Scan(&c.name, &c.n)
			return c, err
		})
		if err != nil {
			return nil, err
		}
		for _, c := range rows {
			counts[c.name] = c.n
		}
	}
	return counts, nil
}

// count runs a SELECT count(*) query.
func (s *Store) count(ctx context.Context, what, query string, args []any) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, query, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	return n, nil
}

func scanSummary(rows *sql.Rows) (DocumentSummary, error) {
	var d DocumentSummary
	var deprecated int
	err := rows.Scan(&d.ID, &d.URI, &d.Source, &d.Framework, &d.Title, &d.Kind, &d.Summary, &deprecated)
	d.Deprecated = deprecated != 0
	return d, err
}

// MarkdownOf returns the stored Markdown of the documents with the given
// URIs, by URI; URIs the index lacks are absent. The ranker reads WWDC
// transcripts through it to show the passage a query matched, without
// decoding doc_body itself.
func MarkdownOf(ctx context.Context, q sqlrows.Querier, uris []string) (map[string]string, error) {
	out := make(map[string]string, len(uris))
	for _, uri := range uris {
		err := sqlrows.Each(ctx, q, "read markdown",
			"SELECT b.markdown FROM docs d JOIN doc_body b ON b.doc_id = d.id WHERE d.uri = ?", []any{uri},
			func(rows *sql.Rows) error {
				var blob []byte
				if err := rows.Scan(&blob); err != nil {
					return err
				}
				text, err := decompress(blob)
				if err != nil {
					return fmt.Errorf("markdown of %s: %w", uri, err)
				}
				out[uri] = string(text)
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// WholeCounts counts, for each source whose pages are parts of wholes
// (source.Whole), the pages that stand for a whole: sample projects, WWDC
// sessions, packages. A source without any is absent. Each count is a
// lookup in the covering docs_kind index.
func (s *Store) WholeCounts(ctx context.Context) (map[string]int, error) {
	out := map[string]int{}
	for _, src := range source.All {
		if src.Whole.Kind == "" {
			continue
		}
		n, err := s.count(ctx, "count "+src.Whole.Noun, "SELECT count(*) FROM docs WHERE kind = ? AND source = ?",
			[]any{src.Whole.Kind, src.ID})
		if err != nil {
			return nil, err
		}
		if n > 0 {
			out[src.ID] = n
		}
	}
	return out, nil
}
