package index

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/sqlrows"

	"modernc.org/sqlite"
)

// ErrNoDocsTable means a file a NameLookup was asked to read has no docs
// table with titles and URIs.
var ErrNoDocsTable = errors.New("not a cupertino search index (no docs table)")

// NameLookup finds the Apple documentation pages that document a name, by
// exact title rather than by rank: `cupertino eval agent` checks that every
// API a model wrote exists. Unlike Store it reads an index of any schema
// version: the query is built from the columns the file has, so an older or
// newer index degrades to fewer facts instead of failing.
type NameLookup struct {
	db    *sql.DB
	path  string
	query string
	// briefQuery is query's title, kind, URI and language alone (Briefs).
	briefQuery string
	// minColumns are the PlatformColumns the docs table has, in query order.
	minColumns []PlatformColumn
	// byNames: the query takes the lowercased name alone (symbol_names);
	// otherwise it also takes the "name(" … "name)" title range.
	byNames bool
	// containers backs ContainerURI (read_verify.go).
	containers containers
	// graphTablesSeen backs the graph reads (read_graph.go).
	graphTablesSeen graphTablesSeen
	// listed backs GraphListed on an index without doc_children_title.
	listed listedEntries
	// stmts holds the reads whose text is fixed, prepared once: parsing
	// the SQL was a fifth of a verify call's CPU.
	stmts stmtCache
	// tables memoizes hasTable: MentionedPages asks it on every call.
	tables tablesSeen
	// names backs Names and the reads that skip a name no page has.
	names names
	// segments backs GraphContainers' skip of an address no page or
	// Topics entry sits under.
	segments segmentKeys
}

// tablesSeen memoizes which optional tables the index has.
type tablesSeen struct {
	mu   sync.Mutex
	seen map[string]bool
}

// fixed is a Querier over the statements whose text never changes.
func (l *NameLookup) fixed() sqlrows.Querier {
	return sqlrows.QueryFunc(func(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
		st, err := l.stmts.prepared(ctx, l.db, query)
		if err != nil {
			return nil, err
		}
		return st.QueryContext(ctx, args...)
	})
}

// NamedPage is one page a NameLookup found. Fields whose column the index
// lacks are empty.
type NamedPage struct {
	Title, Kind, Framework, URI, Language string
	Deprecated                            bool
	// DeprecatedNote is the page's deprecation message, usually naming the
	// replacement; "" when the index has no such column.
	DeprecatedNote string
	// Introduced maps a PlatformColumns name ("iOS") to the packed version
	// of its min_* column, for the platforms the page lists.
	Introduced map[string]int
	// ParentTitle and ParentKind describe the page's parent_uri page.
	ParentTitle, ParentKind string
	// platforms is docs_structured.platforms as stored, parsed by
	// Platforms: a name's lookup reads hundreds of pages (appending: 918),
	// and its caller keeps those titled with the name's case alone.
	platforms string
}

// Platforms is the page's docs_structured.platforms; nil when absent or
// unreadable (a damaged list only costs the per-platform facts). The
// slice is shared: callers read it and never change it.
func (p NamedPage) Platforms() []document.Platform {
	if p.platforms == "" {
		return nil
	}
	if plats, ok := parsedPlatforms.Load(p.platforms); ok {
		return plats.([]document.Platform)
	}
	var plats []document.Platform
	if err := json.Unmarshal([]byte(p.platforms), &plats); err != nil {
		return nil
	}
	parsedPlatforms.Store(p.platforms, plats)
	return plats
}

// parsedPlatforms memoizes Platforms by the stored text: pages share
// their lists (the full index has 4,577 distinct among 193,927 pages),
// and a name's pages are read by the hundred, each list parsed from JSON.
var parsedPlatforms sync.Map

// OpenNameLookup opens the index at path read-only.
func OpenNameLookup(path string) (*NameLookup, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("index path: %w", err)
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("open index: %w", err)
	}
	// mode=ro makes SQLite refuse writes; query_only guards the connection
	// too, so nothing in the harness can touch the user's index.
	// SQLite's default page cache: a 32 MiB one cost a verify call more
	// in the driver's page allocations than the file reads it saved.
	// immutable=1, as the Store has it: a committed index is never written
	// in place, so a statement need not lock the file and check it for
	// changes. The connections plan without STAT4's samples (stat4.go).
	dsn := "file:" + (&url.URL{Path: abs}).EscapedPath() + "?mode=ro&immutable=1&_pragma=query_only(1)"
	connector, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, fmt.Errorf("open index: %w", err)
	}
	db := sql.OpenDB(noStat4Connector{connector})
	l := &NameLookup{db: db, path: abs}
	if err := l.prepare(); err != nil {
		db.Close()
		return nil, err
	}
	return l, nil
}

// Close releases the database.
func (l *NameLookup) Close() error {
	l.stmts.closeAll()
	return l.db.Close()
}

// Path is the absolute path of the file read.
func (l *NameLookup) Path() string { return l.path }

func (l *NameLookup) columns(table string) (map[string]bool, error) {
	cols := map[string]bool{}
	err := sqlrows.Each(context.Background(), l.db, "read schema", "SELECT name FROM pragma_table_info(?)", []any{table},
		func(rows *sql.Rows) error {
			var name string
			if err := rows.Scan(&name); err != nil {
				return err
			}
			cols[name] = true
			return nil
		})
	return cols, err
}

// prepare builds the lookup query from the columns that exist.
func (l *NameLookup) prepare() error {
	docs, err := l.columns("docs")
	if err != nil {
		return err
	}
	if !docs["title"] || !docs["uri"] {
		return fmt.Errorf("%w: %s", ErrNoDocsTable, l.path)
	}
	structured, err := l.columns("docs_structured")
	if err != nil {
		return err
	}
	hasPlatforms := structured["platforms"] && structured["doc_id"] && docs["id"]

	col := func(name, fallback string) string {
		if docs[name] {
			return "d." + name
		}
		return fallback
	}
	sel := []string{"d.title", col("kind", "''"), col("framework", "''"), "d.uri", col("language", "''"), col("deprecated", "0"), col("deprecated_note", "''")}
	for _, p := range PlatformColumns {
		if docs[p.Column] {
			l.minColumns = append(l.minColumns, p)
			sel = append(sel, "d."+p.Column)
		}
	}
	parentJoin := ""
	if docs["parent_uri"] {
		sel = append(sel, "COALESCE(p.title, '')", "COALESCE(p.kind, '')")
		parentJoin = " LEFT JOIN docs p ON d.parent_uri != '' AND p.uri = d.parent_uri"
	} else {
		sel = append(sel, "''", "''")
	}
	platJoin := ""
	if hasPlatforms {
		sel = append(sel, "COALESCE(s.platforms, '')")
		platJoin = " LEFT JOIN docs_structured s ON s.doc_id = d.id"
	} else {
		sel = append(sel, "''")
	}
	// symbol_names maps every base name ("scale" for "Text.Scale",
	// "padding" for "padding(_:_:)") to its pages, by primary key. Without
	// it, title_lower (indexed) is ranged to pick "name" and every "name(…)".
	names, err := l.columns("symbol_names")
	if err != nil {
		return err
	}
	var where string
	if names["name_lower"] && names["doc_id"] && docs["id"] {
		where = "d.id IN (SELECT doc_id FROM symbol_names WHERE name_lower = ?1)"
		l.byNames = true
	} else {
		titleCol := col("title_lower", "lower(d.title)")
		where = fmt.Sprintf("(%[1]s = ?1 OR (%[1]s >= ?2 AND %[1]s < ?3))", titleCol)
	}
	if docs["source"] {
		where += " AND d.source = '" + document.SourceAppleDocs + "'"
	}
	l.query = "SELECT " + strings.Join(sel, ", ") + " FROM docs d" + parentJoin + platJoin + " WHERE " + where
	l.briefQuery = "SELECT d.title, " + col("kind", "''") + ", d.uri, " + col("language", "''") + " FROM docs d WHERE " + where
	return nil
}

// Pages returns the Apple documentation pages whose symbol names or title
// (without case) are name or begin "name(": the candidates a caller then
// checks by exact title, kind and language.
func (l *NameLookup) Pages(name string) ([]NamedPage, error) {
	args, may := l.nameArgs(name)
	if !may {
		return nil, nil
	}
	return sqlrows.All(context.Background(), l.fixed(), "index lookup "+name, l.query, args, l.scan)
}

// nameArgs are the arguments of the queries that read name's pages; may
// is false when no page can bear the name.
func (l *NameLookup) nameArgs(name string) (args []any, may bool) {
	low := strings.ToLower(name)
	if !l.mayHavePages(low) {
		return nil, false
	}
	args = []any{low}
	if !l.byNames {
		args = append(args, low+"(", low+")")
	}
	return args, true
}

func (l *NameLookup) scan(rows *sql.Rows) (NamedPage, error) {
	var p NamedPage
	var platforms string
	var deprecated int
	mins := make([]sql.NullInt64, len(l.minColumns))
	dest := []any{&p.Title, &p.Kind, &p.Framework, &p.URI, &p.Language, &deprecated, &p.DeprecatedNote}
	for i := range mins {
		dest = append(dest, &mins[i])
	}
	dest = append(dest, &p.ParentTitle, &p.ParentKind, &platforms)
	if err := rows.Scan(dest...); err != nil {
		return NamedPage{}, err
	}
	p.Deprecated = deprecated != 0
	for i, c := range l.minColumns {
		if mins[i].Valid {
			if p.Introduced == nil {
				p.Introduced = map[string]int{}
			}
			p.Introduced[c.Platform] = int(mins[i].Int64)
		}
	}
	p.platforms = platforms
	return p, nil
}

// Briefs returns the pages Pages returns for name with their title, kind,
// URI and language alone, read without the joins: what recovers a
// lowercased name's spelling, or names a near name's page.
func (l *NameLookup) Briefs(name string) ([]NamedPage, error) {
	args, may := l.nameArgs(name)
	if !may {
		return nil, nil
	}
	return sqlrows.All(context.Background(), l.fixed(), "index briefs "+name, l.briefQuery, args, func(rows *sql.Rows) (NamedPage, error) {
		var p NamedPage
		return p, rows.Scan(&p.Title, &p.Kind, &p.URI, &p.Language)
	})
}
