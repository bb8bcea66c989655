package verify

import (
	"crypto/sha256"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadSymbolGraphs(t *testing.T) {
	dir := t.TempDir()
	graph := `{"module": {"name": "DemoKit"}, "symbols": [
	  {"kind": {"identifier": "swift.struct"}, "names": {"title": "Gauge"}, "pathComponents": ["Gauge"],
	   "availability": [{"domain": "iOS", "introduced": {"major": 16, "minor": 0}}, {"domain": "macOS", "introduced": {"major": 13}}]},
	  {"kind": {"identifier": "swift.method"}, "names": {"title": "tint(_:)"}, "pathComponents": ["Gauge", "tint(_:)"],
	   "availability": [{"domain": "iOS", "introduced": {"major": 16}, "deprecated": {"major": 17, "minor": 2}}]},
	  {"kind": {"identifier": "swift.func"}, "names": {"title": "legacy()"}, "pathComponents": ["legacy()"],
	   "availability": [{"domain": "*", "isUnconditionallyDeprecated": true}]},
	  {"kind": {"identifier": "swift.class"}, "names": {"title": "Gone"}, "pathComponents": ["Gone"],
	   "availability": [{"domain": "watchOS", "isUnconditionallyUnavailable": true}]}
	]}`
	if err := os.MkdirAll(filepath.Join(dir, "nested"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "nested", "DemoKit.symbols.json"), []byte(graph), 0o644); err != nil {
		t.Fatal(err)
	}
	table, err := LoadSymbolGraphs(dir)
	if err != nil {
		t.Fatal(err)
	}
	gauge, _ := table.Lookup("Gauge")
	if len(gauge) != 1 || gauge[0].Introduced["ios"] != v("16.0") || gauge[0].Introduced["macos"] != v("13.0") || gauge[0].Module != "DemoKit" {
		t.Errorf("Gauge = %+v", gauge)
	}
	tint, _ := table.Lookup("tint")
	if len(tint) != 1 || tint[0].Parent != "Gauge" || tint[0].Deprecated["ios"] != v("17.2") {
		t.Errorf("tint = %+v", tint)
	}
	legacy, _ := table.Lookup("legacy")
	if len(legacy) != 1 || !legacy[0].DeprecatedEverywhere {
		t.Errorf("legacy = %+v", legacy)
	}
	gone, _ := table.Lookup("Gone")
	if len(gone) != 1 || !gone[0].Unavailable["watchos"] {
		t.Errorf("Gone = %+v", gone)
	}
	if got, _ := table.Lookup("gauge"); len(got) != 0 {
		t.Error("lookup must be case-sensitive")
	}
	if _, err := LoadSymbolGraphs(t.TempDir()); err == nil {
		t.Error("an empty directory must be an error")
	}
}

// makeIndex writes a small search.db with the columns of index/schema.go
// that the checks read. full=false leaves out title_lower, the min_*
// columns and docs_structured, like an older schema.
func makeIndex(t *testing.T, full bool) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "search.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ddl := `CREATE TABLE docs (id INTEGER PRIMARY KEY, uri TEXT NOT NULL UNIQUE, source TEXT NOT NULL, framework TEXT NOT NULL DEFAULT '',
		title TEXT NOT NULL DEFAULT '', kind TEXT NOT NULL DEFAULT '', language TEXT NOT NULL DEFAULT '',
		deprecated INTEGER NOT NULL DEFAULT 0, parent_uri TEXT NOT NULL DEFAULT ''`
	if full {
		ddl += `, title_lower TEXT NOT NULL DEFAULT '', min_ios INTEGER, min_macos INTEGER, min_tvos INTEGER, min_watchos INTEGER, min_visionos INTEGER`
	}
	ddl += `);`
	if full {
		ddl += `CREATE INDEX docs_title_lower ON docs(title_lower);
		CREATE TABLE docs_structured (doc_id INTEGER PRIMARY KEY, platforms TEXT NOT NULL DEFAULT '[]');
		CREATE TABLE symbol_names (name_lower TEXT NOT NULL, doc_id INTEGER NOT NULL, PRIMARY KEY (name_lower, doc_id)) WITHOUT ROWID;`
	}
	if _, err := db.Exec(ddl); err != nil {
		t.Fatal(err)
	}
	type row struct {
		uri, source, title, kind, lang, parent string
		deprecated                             int
		ios, macos                             any
		platforms                              string
	}
	rows := []row{
		{"apple-docs://swiftui", "apple-docs", "SwiftUI", "module", "swift", "", 0, nil, nil, ""},
		{"apple-docs://swiftui/view", "apple-docs", "View", "protocol", "swift", "apple-docs://swiftui", 0, 130000, 101500, ""},
		{"apple-docs://swiftui/view/padding(_:_:)", "apple-docs", "padding(_:_:)", "method", "swift", "apple-docs://swiftui/view", 0, 130000, 101500, ""},
		{"apple-docs://swiftui/view/glasseffect(_:in:)", "apple-docs", "glassEffect(_:in:)", "method", "swift", "apple-docs://swiftui/view", 0, 260000, 260000, ""},
		{"apple-docs://uikit/uionly", "apple-docs", "UIOnly", "class", "swift", "", 0, 130000, nil, ""},
		{"apple-docs://foundation/nsurlconnection", "apple-docs", "NSURLConnection", "class", "swift", "", 1, 20000, 100200,
			`[{"name":"iOS","introduced":"2.0","deprecated":true,"deprecatedAt":"9.0"},{"name":"macOS","introduced":"10.2","deprecated":true,"deprecatedAt":"10.11"}]`},
		{"apple-docs://foundation/legacything", "apple-docs", "LegacyThing", "class", "swift", "", 1, 80000, nil, ""},
		{"apple-docs://swiftui/text-article", "apple-docs", "Text", "article", "", "", 0, nil, nil, ""},
		{"swift-evolution://SE-9999", "swift-evolution", "Shimmer", "proposal", "", "", 0, nil, nil, ""},
		{"apple-docs://appstoreconnectapi/title", "apple-docs", "Width", "property", "data", "", 0, nil, nil, ""},
		{"apple-docs://swiftui/view/scale", "apple-docs", "View.Scale", "struct", "swift", "apple-docs://swiftui/view", 0, 170000, 140000, ""},
	}
	for i, r := range rows {
		if full {
			_, err = db.Exec(`INSERT INTO docs (id, uri, source, title, title_lower, kind, language, parent_uri, deprecated, min_ios, min_macos) VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
				i+1, r.uri, r.source, r.title, strings.ToLower(r.title), r.kind, r.lang, r.parent, r.deprecated, r.ios, r.macos)
			if err == nil && r.platforms != "" {
				_, err = db.Exec(`INSERT INTO docs_structured (doc_id, platforms) VALUES (?, ?)`, i+1, r.platforms)
			}
			// As the index does: the title, its base name and a nested
			// type's own name, lowercased.
			for _, n := range []string{strings.ToLower(r.title), strings.ToLower(titleName(r.title)), strings.ToLower(baseName(r.title))} {
				if err == nil {
					_, err = db.Exec(`INSERT OR IGNORE INTO symbol_names (name_lower, doc_id) VALUES (?, ?)`, n, i+1)
				}
			}
		} else {
			_, err = db.Exec(`INSERT INTO docs (id, uri, source, title, kind, language, parent_uri, deprecated) VALUES (?,?,?,?,?,?,?,?)`,
				i+1, r.uri, r.source, r.title, r.kind, r.lang, r.parent, r.deprecated)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return path
}

func fileHash(t *testing.T, path string) [32]byte {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(data)
}

func TestIndexTable(t *testing.T) {
	path := makeIndex(t, true)
	before := fileHash(t, path)
	table := openTable(t, path)

	padding, err := table.Lookup("padding")
	if err != nil || len(padding) != 1 || padding[0].Parent != "View" || padding[0].Introduced["ios"] != v("13.0") || padding[0].Introduced["macos"] != v("10.15") {
		t.Fatalf("padding = %+v, %v", padding, err)
	}
	if scale, _ := table.Lookup("Scale"); len(scale) != 1 || scale[0].Parent != "View" || scale[0].Introduced["ios"] != v("17.0") {
		t.Errorf("nested type View.Scale = %+v", scale)
	}
	if view, _ := table.Lookup("View"); len(view) != 1 || view[0].Parent != "" {
		t.Errorf("View's parent is a module page, so it is top level: %+v", view)
	}
	for _, name := range []string{"Text", "Shimmer", "Width", "SwiftUI", "view"} {
		if got, _ := table.Lookup(name); len(got) != 0 {
			t.Errorf("%s must not resolve (article, other source, REST data, module page, case): %+v", name, got)
		}
	}
	conn, _ := table.Lookup("NSURLConnection")
	if len(conn) != 1 || conn[0].DeprecatedEverywhere || conn[0].Deprecated["ios"] != v("9.0") {
		t.Errorf("NSURLConnection = %+v", conn)
	}
	legacy, _ := table.Lookup("LegacyThing")
	if len(legacy) != 1 || !legacy[0].DeprecatedEverywhere {
		t.Errorf("a deprecated row without platform detail is deprecated everywhere: %+v", legacy)
	}

	// Read-only: the file is untouched (index.TestNameLookupRefusesWrites
	// checks that writes are refused).
	table.Close()
	if fileHash(t, path) != before {
		t.Error("the index file changed")
	}
}

func TestIndexTableOlderSchema(t *testing.T) {
	table := openTable(t, makeIndex(t, false))
	padding, err := table.Lookup("padding")
	if err != nil || len(padding) != 1 || len(padding[0].Introduced) != 0 {
		t.Errorf("padding = %+v, %v", padding, err)
	}
	if _, err := OpenIndexTable(filepath.Join(t.TempDir(), "missing.db")); err == nil {
		t.Error("a missing index must be an error")
	}
}
