package agent

import (
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

	_ "modernc.org/sqlite" // database/sql driver "sqlite"

	"github.com/cupertino-go/cupertino/internal/version"
)

// ErrNotIndex means the file lacks the docs table the checks read.
var ErrNotIndex = errors.New("not a cupertino search index (no docs table)")

// IndexTable resolves names against the Apple documentation in a search.db,
// reading the docs and docs_structured tables directly (see index/schema.go)
// rather than through the ranker: a symbol check wants exact titles, not the
// best-scoring page. The file is opened read-only.
type IndexTable struct {
	db    *sql.DB
	path  string
	query string
	// minCols are the min_<platform> columns present, in query order.
	minCols      []string
	hasPlatforms bool
	// byNames: the query takes the lowercased name alone (symbol_names);
	// otherwise it also takes the "name(" … "name)" title range.
	byNames bool

	mu    sync.Mutex
	cache map[string][]SymbolInfo
}

// nonSymbolKinds are page roles that are not APIs.
var nonSymbolKinds = setOf("article", "collection", "sampleCode", "sample-code", "tutorial", "overview",
	"module", "framework", "proposal", "guide", "section", "symbol-collection", "landing")

// OpenIndexTable opens the index at path read-only.
func OpenIndexTable(path string) (*IndexTable, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("index path: %w", err)
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("open index: %w", err)
	}
	// mode=ro makes SQLite refuse writes; query_only guards the connection
	// too, so nothing in the harness can touch the user's index.
	dsn := "file:" + (&url.URL{Path: abs}).EscapedPath() + "?mode=ro&_pragma=query_only(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open index: %w", err)
	}
	t := &IndexTable{db: db, path: abs, cache: map[string][]SymbolInfo{}}
	if err := t.prepare(); err != nil {
		db.Close()
		return nil, err
	}
	return t, nil
}

// Close releases the database.
func (t *IndexTable) Close() error { return t.db.Close() }

// Describe implements SymbolTable.
func (t *IndexTable) Describe() string {
	return "search index " + filepath.Base(t.path) + " (docs table)"
}

func (t *IndexTable) columns(table string) (map[string]bool, error) {
	rows, err := t.db.Query("SELECT name FROM pragma_table_info(?)", table)
	if err != nil {
		return nil, fmt.Errorf("read schema: %w", err)
	}
	defer rows.Close()
	cols := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, fmt.Errorf("read schema: %w", err)
		}
		cols[name] = true
	}
	return cols, rows.Err()
}

// prepare builds the lookup query from the columns that exist, so an older
// or newer schema degrades to fewer checks instead of failing.
func (t *IndexTable) prepare() error {
	docs, err := t.columns("docs")
	if err != nil {
		return err
	}
	if !docs["title"] || !docs["uri"] {
		return fmt.Errorf("%w: %s", ErrNotIndex, t.path)
	}
	structured, err := t.columns("docs_structured")
	if err != nil {
		return err
	}
	t.hasPlatforms = structured["platforms"] && structured["doc_id"] && docs["id"]

	col := func(name, fallback string) string {
		if docs[name] {
			return "d." + name
		}
		return fallback
	}
	sel := []string{"d.title", col("kind", "''"), col("framework", "''"), "d.uri", col("language", "''"), col("deprecated", "0")}
	for _, p := range []string{"ios", "macos", "tvos", "watchos", "visionos"} {
		if docs["min_"+p] {
			t.minCols = append(t.minCols, p)
			sel = append(sel, "d.min_"+p)
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
	if t.hasPlatforms {
		sel = append(sel, "COALESCE(s.platforms, '')")
		platJoin = " LEFT JOIN docs_structured s ON s.doc_id = d.id"
	} else {
		sel = append(sel, "''")
	}
	// symbol_names maps every base name ("scale" for "Text.Scale",
	// "padding" for "padding(_:_:)") to its pages, by primary key. Without
	// it, title_lower (indexed) is ranged to pick "name" and every "name(…)".
	names, err := t.columns("symbol_names")
	if err != nil {
		return err
	}
	var where string
	if names["name_lower"] && names["doc_id"] && docs["id"] {
		where = "d.id IN (SELECT doc_id FROM symbol_names WHERE name_lower = ?1)"
		t.byNames = true
	} else {
		titleCol := col("title_lower", "lower(d.title)")
		where = fmt.Sprintf("(%[1]s = ?1 OR (%[1]s >= ?2 AND %[1]s < ?3))", titleCol)
	}
	if docs["source"] {
		where += " AND d.source = '" + document.SourceAppleDocs + "'"
	}
	t.query = "SELECT " + strings.Join(sel, ", ") + " FROM docs d" + parentJoin + platJoin + " WHERE " + where
	return nil
}

// Lookup implements SymbolTable.
func (t *IndexTable) Lookup(name string) ([]SymbolInfo, error) {
	t.mu.Lock()
	cached, ok := t.cache[name]
	t.mu.Unlock()
	if ok {
		return cached, nil
	}
	low := strings.ToLower(name)
	args := []any{low}
	if !t.byNames {
		args = append(args, low+"(", low+")")
	}
	rows, err := t.db.Query(t.query, args...)
	if err != nil {
		return nil, fmt.Errorf("index lookup %s: %w", name, err)
	}
	defer rows.Close()
	var out []SymbolInfo
	for rows.Next() {
		info, keep, err := t.scan(rows, name)
		if err != nil {
			return nil, fmt.Errorf("index lookup %s: %w", name, err)
		}
		if keep {
			out = append(out, info)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("index lookup %s: %w", name, err)
	}
	t.mu.Lock()
	t.cache[name] = out
	t.mu.Unlock()
	return out, nil
}

func (t *IndexTable) scan(rows *sql.Rows, name string) (SymbolInfo, bool, error) {
	var title, kind, framework, uri, language, parentTitle, parentKind, platforms string
	var deprecated int
	mins := make([]sql.NullInt64, len(t.minCols))
	dest := []any{&title, &kind, &framework, &uri, &language, &deprecated}
	for i := range mins {
		dest = append(dest, &mins[i])
	}
	dest = append(dest, &parentTitle, &parentKind, &platforms)
	if err := rows.Scan(dest...); err != nil {
		return SymbolInfo{}, false, err
	}
	// Case matters in Swift: "Text" must not resolve to a "text" property.
	if titleName(title) != name || nonSymbolKinds[kind] || language == "data" {
		return SymbolInfo{}, false, nil
	}
	info := SymbolInfo{Name: name, Kind: kind, Module: framework, Origin: "index:" + uri}
	if parentTitle != "" && !nonSymbolKinds[parentKind] {
		info.Parent = titleName(parentTitle)
	}
	for i, p := range t.minCols {
		if mins[i].Valid {
			setVersion(&info.Introduced, p, version.Unpack(int(mins[i].Int64)))
		}
	}
	perPlatformDeprecation := false
	if platforms != "" {
		var plats []document.Platform
		if err := json.Unmarshal([]byte(platforms), &plats); err == nil {
			perPlatformDeprecation = applyPlatforms(&info, plats)
		}
	}
	if deprecated != 0 && !perPlatformDeprecation {
		info.DeprecatedEverywhere = true
	}
	return info, true, nil
}

// applyPlatforms fills availability from docs_structured.platforms and
// reports whether it carried per-platform deprecation.
func applyPlatforms(info *SymbolInfo, plats []document.Platform) bool {
	anyDeprecated := false
	for _, p := range plats {
		plat := domainPlatform(p.Name)
		if plat == "" {
			continue
		}
		if _, ok := info.Introduced[plat]; !ok && p.Introduced != "" {
			if v, err := ParseVersion(p.Introduced); err == nil {
				setVersion(&info.Introduced, plat, v)
			}
		}
		if p.Deprecated {
			anyDeprecated = true
			v, _ := ParseVersion(p.DeprecatedAt)
			setVersion(&info.Deprecated, plat, v)
		}
		if p.Unavailable {
			if info.Unavailable == nil {
				info.Unavailable = map[string]bool{}
			}
			info.Unavailable[plat] = true
		}
	}
	return anyDeprecated
}

// titleName is the name a page documents: "padding" for "padding(_:_:)",
// "Scale" for the nested type titled "Text.Scale".
func titleName(title string) string {
	b := baseName(title)
	if i := strings.LastIndex(b, "."); i > 0 && isCapitalized(b) {
		b = b[i+1:]
	}
	return b
}
