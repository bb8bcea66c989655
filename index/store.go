package index

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/cupertino-go/cupertino/internal/memo"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// readConnections bounds the read pool: enough for the MCP server's
// concurrent tool calls on a few cores without multiplying page caches.
const readConnections = 8

// Open's defaults for each read connection: a 32 MiB page cache, and the
// file mapped up to 2 GiB so that connections share the OS page cache.
const (
	readCacheKiB  = 32 << 10
	readMmapBytes = 2 << 30
)

// Store reads a committed index. It is safe for concurrent use.
type Store struct {
	db   *sql.DB
	path string
	// cache holds the retrieval API's prepared statements (stmts.go).
	cache stmtCache
	// rows keeps the docs rows of pages the ranker has read. The Store is
	// read-only, so a row never changes while it is open; the pages
	// searches meet (View, Text, URLSession…) come back search after
	// search, and reading a row costs more than finding it (sixteen
	// columns through database/sql). Two generations of 32,768 rows: about
	// 20 MB at most.
	rows *memo.Map[int64, *PageRow]
	// lookups keeps the answers of lookups by name, title or path (ids).
	lookups *memo.Map[string, []int64]
	// addresses keeps what pageByURI found at an address.
	addresses *memo.Map[string, pageAt]
	// links keeps ResolveLinks' answers.
	links *memo.Map[LinkQuery, string]
	// counts keeps CountMatches' answers. A count walks the doclist of
	// every word of its expression, and a word's frequency is asked
	// search after search (to drop common words, to relax an expression,
	// to weigh a concept).
	counts *memo.Map[countKey, int]
	// details keeps RowDetails' answers by URI: a search's results show
	// their declarations, and the pages searches find come back; read
	// anew, the rows cost a served search about a millisecond, their pages
	// pushed out of the connection's cache by the full-text scans.
	details *memo.Map[string, RowDetail]
	// freq keeps the phrases' document frequencies for the read pool's
	// bm25 (bm25.go); freqHandle names it to the connections.
	freq       *phraseFrequencies
	freqHandle uintptr
}

// StoredDocument is a document as the index returns it: the Document
// reassembled from every table (Content is not stored, so it is empty), plus
// what the index derived.
type StoredDocument struct {
	document.Document
	ID          int64
	Depth       int
	IsRecovered bool
}

// DocumentSummary is one row of a listing.
type DocumentSummary struct {
	ID         int64
	URI        string
	Source     string
	Framework  string
	Title      string
	Kind       string
	Summary    string
	Deprecated bool
}

// Bounds of a Store's caches, per generation (internal/memo): at most about
// 20 MB of docs rows, 10 MB of lookup answers, 15 MB of resolved links and
// 2 MB of match counts.
const (
	pageRowCacheSize = 32768
	lookupCacheSize  = 8192
	linkCacheSize    = 32768
	countCacheSize   = 8192
	detailCacheSize  = 8192
)

// Open opens the index at dbPath read-only. It returns ErrNotFound when there
// is no file, ErrCorrupt when the file is not a cupertino index and
// ErrSchemaVersion when it was written by another schema version.
func Open(dbPath string) (*Store, error) {
	return OpenWithLimits(dbPath, ReadLimits{})
}

// ReadLimits bound the read pool's memory. The zero value is Open's: eight
// connections that map the file (mmap_size 2 GiB), so that they share the
// OS page cache, each with a 32 MiB page cache.
//
// Every mapped page a query touches counts in the process's RSS, which for a
// long-lived server on a full index passed 500 MB after a few hundred
// searches; a server sets NoMmap, and its pages stay in SQLite's own bounded
// caches while the OS page cache does the rest.
type ReadLimits struct {
	Connections int  // the pool's size; 0 means readConnections
	CacheKiB    int  // each connection's page cache; 0 means 32 MiB
	NoMmap      bool // read through SQLite's page cache, not a mapping
}

// OpenWithLimits is Open with the read pool bounded by l. The pragmas are
// part of the connection string, so every connection gets them when the
// pool opens it, which it does on first use: a fresh server pays for one
// connection before its first answer, not for the whole pool.
func OpenWithLimits(dbPath string, l ReadLimits) (*Store, error) {
	if err := checkIndexFile(dbPath); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dbPath)
	if err != nil {
		return nil, fmt.Errorf("open index: %w", err)
	}
	connections, cacheKiB, mmap := readConnections, readCacheKiB, int64(readMmapBytes)
	if l.Connections > 0 {
		connections = l.Connections
	}
	if l.CacheKiB > 0 {
		cacheKiB = l.CacheKiB
	}
	if l.NoMmap {
		mmap = 0
	}
	// A file: URI so that SQLite itself honours mode=ro (the driver strips
	// query parameters from plain paths). immutable=1: a committed index is
	// never written in place (save, update and enrich rename a new file over
	// it), so a statement need not take a file lock and check the file for
	// changes, two system calls each time, tens of times a search.
	dsn := (&url.URL{Scheme: "file", Path: abs}).String() +
		fmt.Sprintf("?mode=ro&immutable=1&_pragma=query_only(1)&_pragma=mmap_size(%d)&_pragma=cache_size(-%d)&_pragma=busy_timeout(5000)", mmap, cacheKiB)
	connector, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, fmt.Errorf("open index: %w", err)
	}
	freq, freqHandle := newPhraseFrequencies()
	db := sql.OpenDB(rankingConnector{Connector: connector, handle: freqHandle, freq: freq})
	db.SetMaxOpenConns(connections)
	db.SetMaxIdleConns(connections)
	if err := checkSchemaVersion(context.Background(), db); err != nil {
		db.Close()
		frequencyTables.Delete(freqHandle)
		return nil, fmt.Errorf("%w (%s)", err, dbPath)
	}
	return &Store{db: db, path: dbPath, freq: freq, freqHandle: freqHandle, rows: memo.New[int64, *PageRow](pageRowCacheSize),
		lookups: memo.New[string, []int64](lookupCacheSize), addresses: memo.New[string, pageAt](lookupCacheSize),
		links: memo.New[LinkQuery, string](linkCacheSize), counts: memo.New[countKey, int](countCacheSize),
		details: memo.New[string, RowDetail](detailCacheSize)}, nil
}

// checkSchemaVersion tells a foreign or damaged file (ErrCorrupt) from an
// index of another version (ErrSchemaVersion).
func checkSchemaVersion(ctx context.Context, db *sql.DB) error {
	var version int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return classifyOpenError(err)
	}
	var tables int
	if err := db.QueryRowContext(ctx,
		"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('docs', 'docs_fts', 'meta')").Scan(&tables); err != nil {
		return classifyOpenError(err)
	}
	if tables == 0 && version == 0 {
		return ErrCorrupt
	}
	if version != SchemaVersion {
		return fmt.Errorf("%w: found version %d, this cupertino reads version %d", ErrSchemaVersion, version, SchemaVersion)
	}
	if tables != 3 {
		return fmt.Errorf("%w: required tables missing", ErrCorrupt)
	}
	return nil
}

func classifyOpenError(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT:
			return fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
	}
	return fmt.Errorf("open index: %w", err)
}

// Close closes the prepared statements and the connection pool.
func (s *Store) Close() error {
	stmtErr := s.closeStatements()
	if err := s.db.Close(); err != nil {
		return err
	}
	frequencyTables.Delete(s.freqHandle)
	return stmtErr
}

// Path is the file the Store reads.
func (s *Store) Path() string { return s.path }

// IntegrityCheck runs SQLite's quick_check, which reads every page of the
// file (1.4 s on the full 695 MiB index with a warm cache), or with full set
// integrity_check, which also checks that every index matches its table:
// for `doctor`, not for every open.
func (s *Store) IntegrityCheck(ctx context.Context, full bool) error {
	return quickCheck(ctx, s.db, full)
}

// Document returns the document with uri, or ErrDocumentNotFound. A URI
// that names no page exactly falls back to its slug key (docuri.Key), so an
// old underscore spelling ("setting_up_healthkit") finds the dashed page,
// and then to address_keys, so the modern address of a legacy numeric page
// finds it; a modern address of several pages (overloads) is an
// *AddressError listing them.
func (s *Store) Document(ctx context.Context, uri string) (*StoredDocument, error) {
	return s.document(ctx, uri, true)
}

// documentSQL reads a page's row, body and structured columns by URI, slug
// key or modern address (Document).
const documentSQL = `
SELECT d.id, d.uri, d.source, d.framework, d.title, d.kind, d.role_heading, d.language, d.summary,
	d.deprecated, d.deprecated_note, d.availability_source, d.swift_version, d.status, d.parent_uri,
	d.content_hash, d.source_file, d.size, d.depth, d.is_recovered,
	b.markdown, b.page,
	s.declaration, ` + relationshipColumns + `, s.attributes, s.platforms
FROM docs d
LEFT JOIN doc_body b ON b.doc_id = d.id
LEFT JOIN docs_structured s ON s.doc_id = d.id
WHERE d.id = (SELECT id FROM docs WHERE uri = ?1 UNION ALL SELECT id FROM docs WHERE uri_key = ?2
	UNION ALL SELECT min(doc_id) FROM address_keys WHERE key = ?2 HAVING count(*) = 1 LIMIT 1)`

// relationshipColumns are the structured relationship lists; pageSQL, for a
// page shown as Markdown, whose body lists them already, reads none.
// Sendable's conforming types are 629 KB of JSON, whose reading and
// decoding were 25 ms of its first read.
const relationshipColumns = "s.conforms_to, s.inherits_from, s.inherited_by, s.conforming_types"

var pageSQL = strings.Replace(documentSQL, relationshipColumns, "NULL, NULL, NULL, NULL", 1)

// document is Document, with the rows of the page's dependent tables
// (symbols, code examples, children) and its relationship lists when
// dependents is set.
func (s *Store) document(ctx context.Context, uri string, dependents bool) (*StoredDocument, error) {
	var (
		sd                                       StoredDocument
		markdown, page                           []byte
		declaration, conformsTo, inheritsFrom    sql.NullString
		inheritedBy, conformingTypes, attributes sql.NullString
		platforms                                sql.NullString
		deprecated, recovered                    int
	)
	d := &sd.Document
	query := documentSQL
	if !dependents {
		query = pageSQL
	}
	err := s.queryRow(ctx, []any{&sd.ID, &d.URI, &d.Source, &d.Framework, &d.Title, &d.Kind, &d.RoleHeading,
		&d.Language, &d.Abstract, &deprecated, &d.DeprecationNote, &d.AvailabilitySource, &d.SwiftVersion,
		&d.Status, &d.Parent, &d.ContentHash, &d.SourceFile, &d.Size, &sd.Depth, &recovered,
		&markdown, &page,
		&declaration, &conformsTo, &inheritsFrom, &inheritedBy, &conformingTypes, &attributes, &platforms},
		query, uri, docuri.Key(uri))
	if errors.Is(err, sql.ErrNoRows) {
		if aerr := s.ambiguousAddress(ctx, uri, docuri.Key(uri)); aerr != nil {
			return nil, aerr
		}
		return nil, fmt.Errorf("%w: %s", ErrDocumentNotFound, uri)
	}
	if err != nil {
		return nil, fmt.Errorf("read document %s: %w", uri, err)
	}
	sd.Deprecated, sd.IsRecovered = deprecated != 0, recovered != 0
	if err := sd.decodeBody(markdown, page); err != nil {
		return nil, fmt.Errorf("read document %s: %w", uri, err)
	}
	d.Declaration = declaration.String
	for _, field := range []struct {
		column sql.NullString
		into   any
	}{
		{conformsTo, &d.ConformsTo}, {inheritsFrom, &d.InheritsFrom}, {inheritedBy, &d.InheritedBy},
		{conformingTypes, &d.ConformingTypes}, {attributes, &d.Attributes}, {platforms, &d.Platforms},
	} {
		if err := unmarshalColumn(field.column, field.into); err != nil {
			return nil, fmt.Errorf("read document %s: %w", uri, err)
		}
	}
	if !dependents {
		return &sd, nil
	}
	if err := s.readDependents(ctx, &sd); err != nil {
		return nil, fmt.Errorf("read document %s: %w", uri, err)
	}
	return &sd, nil
}

func (sd *StoredDocument) decodeBody(markdown, page []byte) error {
	text, err := decompressString(markdown)
	if err != nil {
		return fmt.Errorf("markdown: %w", err)
	}
	sd.Markdown = text
	pageData, err := decompress(page)
	if err != nil {
		return fmt.Errorf("page: %w", err)
	}
	if len(pageData) == 0 {
		return nil
	}
	var extra document.Document
	if err := json.Unmarshal(pageData, &extra); err != nil {
		return fmt.Errorf("page: %w", err)
	}
	// The fields pageJSON keeps, i.e. those without a column of their own.
	sd.SeeAlso = extra.SeeAlso
	sd.AvailableWhen = extra.AvailableWhen
	return nil
}

// unmarshalColumn decodes a JSON column, leaving into empty for NULL, "" and
// "[]" so that absent and empty read back alike (nil slices).
func unmarshalColumn(column sql.NullString, into any) error {
	if !column.Valid || column.String == "" || column.String == "[]" {
		return nil
	}
	return json.Unmarshal([]byte(column.String), into)
}

func (s *Store) readDependents(ctx context.Context, sd *StoredDocument) error {
	d := &sd.Document
	var err error
	d.Symbols, err = sqlrows.All(ctx, s.prepared(), "symbols", `SELECT name, kind, signature, is_async, is_throws, is_static,
		attributes, conformances, generic_params, generic_constraints, origin
		FROM doc_symbols WHERE doc_id = ? ORDER BY id`, []any{sd.ID}, scanSymbol)
	if err != nil {
		return err
	}
	d.CodeExamples, err = sqlrows.All(ctx, s.prepared(), "code examples",
		"SELECT language, code, caption FROM doc_code_examples WHERE doc_id = ? ORDER BY ord", []any{sd.ID},
		func(rows *sql.Rows) (ex document.CodeExample, err error) {
			err = rows.Scan(&ex.Language, &ex.Code, &ex.Caption)
			return ex, err
		})
	if err != nil {
		return err
	}
	d.Children, err = s.children(ctx, sd.ID)
	return err
}

// scanSymbol reads a doc_symbols row selected as name, kind, signature,
// is_async, is_throws, is_static, attributes, conformances, generic_params,
// generic_constraints, origin.
func scanSymbol(rows *sql.Rows) (document.Symbol, error) {
	var sym document.Symbol
	var async, throws, static int
	var attrs, conformances, params, constraints string
	if err := rows.Scan(&sym.Name, &sym.Kind, &sym.Signature, &async, &throws, &static,
		&attrs, &conformances, &params, &constraints, &sym.Origin); err != nil {
		return sym, err
	}
	sym.IsAsync, sym.IsThrows, sym.IsStatic = async != 0, throws != 0, static != 0
	sym.Attributes, sym.Conformances = SplitList(attrs), SplitList(conformances)
	sym.GenericParams, sym.GenericConstraints = SplitList(params), SplitList(constraints)
	return sym, nil
}

// Children returns the topic-section children of the page with uri, in page
// order; a child title left empty by its reader is filled from the child's
// own page when that is indexed. uri is looked up as Document looks it up.
func (s *Store) Children(ctx context.Context, uri string) ([]document.Ref, error) {
	id, err := s.resolveID(ctx, uri)
	if errors.Is(err, ErrDocumentNotFound) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("children of %s: %w", uri, err)
	}
	return s.children(ctx, id)
}

func (s *Store) children(ctx context.Context, id int64) ([]document.Ref, error) {
	return sqlrows.All(ctx, s.prepared(), "children", `
SELECT c.child_uri, CASE WHEN c.child_title != '' THEN c.child_title
	ELSE coalesce((SELECT title FROM docs WHERE uri = c.child_uri), '') END, c.section, c.child_decl
FROM doc_children c WHERE c.doc_id = ? ORDER BY c.ord`, []any{id}, func(rows *sql.Rows) (r document.Ref, err error) {
		err = rows.Scan(&r.URI, &r.Title, &r.Section, &r.Declaration)
		return r, err
	})
}

// Frameworks lists every framework that has documents, with counts from
// docs and names and synonyms from framework_aliases where enrich set them.
func (s *Store) Frameworks(ctx context.Context) ([]Framework, error) {
	// framework_aliases holds a row per framework with its document count
	// (recount), a few hundred rows: reading it costs microseconds where
	// grouping docs costs tens of milliseconds, paid by every process start.
	return sqlrows.All(ctx, s.db, "list frameworks", `
SELECT identifier, doc_count, display_name, import_name, synonyms
FROM framework_aliases WHERE doc_count > 0 ORDER BY identifier`, nil, func(rows *sql.Rows) (Framework, error) {
		var f Framework
		var synonyms string
		if err := rows.Scan(&f.Identifier, &f.DocCount, &f.DisplayName, &f.ImportName, &synonyms); err != nil {
			return f, err
		}
		if synonyms != "" {
			f.Synonyms = strings.Fields(synonyms)
		}
		return f, nil
	})
}

// Documents lists the documents of a framework ordered by title, a page at a
// time. An empty framework lists documents without one (other sources).
func (s *Store) Documents(ctx context.Context, framework string, offset, limit int) ([]DocumentSummary, error) {
	if limit <= 0 {
		limit = 100
	}
	return sqlrows.All(ctx, s.db, "list documents", `
SELECT id, uri, source, framework, title, kind, summary, deprecated FROM docs
WHERE framework = ? ORDER BY title_lower, id LIMIT ? OFFSET ?`, []any{framework, limit, max(offset, 0)}, scanSummary)
}

// Sources counts documents per source.
func (s *Store) Sources(ctx context.Context) (map[string]int, error) {
	spans, err := s.SourceSpans(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(spans))
	for _, sp := range spans {
		out[sp.Source] = int(sp.Count)
	}
	return out, nil
}

// SourceSpan is the span of document ids one source occupies. The save
// pipeline writes each source contiguously, which lets the ranker search a
// small source as a rowid range.
type SourceSpan struct {
	Source        string
	Lo, Hi, Count int64
}

// SourceSpans lists each source's span of ids, sorted by source, from the
// meta row Commit and part imports write (MetaSourceSpans); an index
// without it is grouped instead, which costs tens of milliseconds.
func (s *Store) SourceSpans(ctx context.Context) ([]SourceSpan, error) {
	var encoded string
	err := s.db.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", MetaSourceSpans).Scan(&encoded)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return sqlrows.All(ctx, s.db, "source spans", "SELECT source, min(id), max(id), count(*) FROM docs GROUP BY source ORDER BY source", nil,
			func(rows *sql.Rows) (SourceSpan, error) {
				var sp SourceSpan
				err := rows.Scan(&sp.Source, &sp.Lo, &sp.Hi, &sp.Count)
				return sp, err
			})
	case err != nil:
		return nil, fmt.Errorf("source spans: %w", err)
	}
	return parseSourceSpans(encoded)
}

// parseSourceSpans decodes MetaSourceSpans.
func parseSourceSpans(encoded string) ([]SourceSpan, error) {
	var out []SourceSpan
	for _, item := range strings.Fields(encoded) {
		f := strings.Split(item, ":")
		if len(f) != 4 {
			return nil, fmt.Errorf("%w: source span %q", ErrCorrupt, item)
		}
		sp := SourceSpan{Source: f[0]}
		for i, dst := range []*int64{&sp.Lo, &sp.Hi, &sp.Count} {
			n, err := strconv.ParseInt(f[i+1], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%w: source span %q", ErrCorrupt, item)
			}
			*dst = n
		}
		out = append(out, sp)
	}
	return out, nil
}

// Meta returns every meta key.
func (s *Store) Meta(ctx context.Context) (map[string]string, error) {
	return sqlrows.Map[string, string](ctx, s.db, "read meta", "SELECT key, value FROM meta", nil)
}

// Manifest returns the save manifest keyed by path.
func (s *Store) Manifest(ctx context.Context) (map[string]SourceFile, error) {
	return readManifest(ctx, s.db)
}

func readManifest(ctx context.Context, db *sql.DB) (map[string]SourceFile, error) {
	out := map[string]SourceFile{}
	err := sqlrows.Each(ctx, db, "read manifest", "SELECT path, source, size, mtime_ns, content_hash, state, uri FROM source_files", nil,
		func(rows *sql.Rows) error {
			var f SourceFile
			if err := rows.Scan(&f.Path, &f.Source, &f.Size, &f.MtimeNS, &f.ContentHash, &f.State, &f.URI); err != nil {
				return err
			}
			out[f.Path] = f
			return nil
		})
	return out, err
}

// checkIndexFile says why dbPath cannot be an index to open: ErrNotFound
// when nothing is there, ErrCorrupt for a directory.
func checkIndexFile(dbPath string) error {
	info, err := os.Stat(dbPath)
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%w (looked at %s)", ErrNotFound, dbPath)
	}
	if err != nil {
		return fmt.Errorf("open index: %w", err)
	}
	if info.IsDir() {
		return fmt.Errorf("%w: %s is a directory", ErrCorrupt, dbPath)
	}
	return nil
}
