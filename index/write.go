package index

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// SourceFile is one row of the save manifest (source_files).
type SourceFile struct {
	Path        string
	Source      string
	Size        int64
	MtimeNS     int64
	ContentHash string
	// State is the pipeline's verdict for the file, e.g. "indexed",
	// "skipped", "duplicate", "invalid".
	State string
	// URI is the document the file produced, "" when none.
	URI string
}

// Framework is one framework_aliases row, or a framework derived from docs.
type Framework struct {
	Identifier  string   // lowercased framework id as in docs.framework: "swiftui"
	DisplayName string   // "SwiftUI"
	ImportName  string   // the module to import: "SwiftUI"
	Synonyms    []string // extra query words that mean this framework
	DocCount    int
}

// Put inserts a new document. A URI already in the index gives
// ErrDuplicateURI; use Replace to overwrite.
func (b *Builder) Put(doc *document.Document) error {
	if err := validate(doc); err != nil {
		return err
	}
	st, err := b.batch()
	if err != nil {
		return err
	}
	if err := b.insert(st, nil, doc); err != nil {
		return err
	}
	return b.endWrite()
}

// Replace inserts doc or, when its URI is indexed, replaces every row of the
// old version while keeping its document id. It reports whether a document
// was replaced.
func (b *Builder) Replace(doc *document.Document) (replaced bool, err error) {
	if err := validate(doc); err != nil {
		return false, err
	}
	st, err := b.batch()
	if err != nil {
		return false, err
	}
	id, found, err := lookupID(st, doc.URI)
	if err != nil {
		return false, err
	}
	var keepID any
	if found {
		if err := deleteDocRows(st, id); err != nil {
			return false, err
		}
		keepID = id
	}
	if err := b.insert(st, keepID, doc); err != nil {
		return false, err
	}
	return found, b.endWrite()
}

// Delete removes the document with uri from every table. It reports whether
// one was there.
func (b *Builder) Delete(uri string) (bool, error) {
	st, err := b.batch()
	if err != nil {
		return false, err
	}
	id, found, err := lookupID(st, uri)
	if err != nil || !found {
		return false, err
	}
	if err := deleteDocRows(st, id); err != nil {
		return false, err
	}
	return true, b.endWrite()
}

// DeleteSource removes every document of source from every table keyed by
// document (enrich_constraints aside: enrich prunes the rows whose symbol
// is gone on its next run, which a save makes before its commit), and the
// source's manifest rows, for a full re-save of one source. It returns the
// number of documents removed.
func (b *Builder) DeleteSource(source string) (int64, error) {
	if err := b.Flush(); err != nil {
		return 0, err
	}
	if b.closed {
		return 0, ErrClosed
	}
	tx, err := b.db.Begin()
	if err != nil {
		return 0, fmt.Errorf("begin delete source: %w", err)
	}
	defer tx.Rollback()
	// Collect the ids once: every per-document table is keyed by doc_id.
	if _, err := tx.Exec("CREATE TEMP TABLE doomed(id INTEGER PRIMARY KEY)"); err != nil {
		return 0, fmt.Errorf("delete source %s: %w", source, err)
	}
	if _, err := tx.Exec("INSERT INTO doomed SELECT id FROM docs WHERE source = ?", source); err != nil {
		return 0, fmt.Errorf("delete source %s: %w", source, err)
	}
	var n int64
	if err := tx.QueryRow("SELECT count(*) FROM doomed").Scan(&n); err != nil {
		return 0, fmt.Errorf("delete source %s: %w", source, err)
	}
	deletes := []string{
		"DELETE FROM docs_fts WHERE rowid IN (SELECT id FROM doomed)",
		"DELETE FROM parts_fts WHERE rowid IN (SELECT id FROM doomed)",
		"DELETE FROM doc_body WHERE doc_id IN (SELECT id FROM doomed)",
		"DELETE FROM docs_structured WHERE doc_id IN (SELECT id FROM doomed)",
		"DELETE FROM doc_symbols WHERE doc_id IN (SELECT id FROM doomed)",
		"DELETE FROM symbol_names WHERE doc_id IN (SELECT id FROM doomed)",
		"DELETE FROM doc_code_examples WHERE doc_id IN (SELECT id FROM doomed)",
		"DELETE FROM doc_children WHERE doc_id IN (SELECT id FROM doomed)",
		"DELETE FROM inheritance_edges WHERE doc_id IN (SELECT id FROM doomed)",
		"DELETE FROM doc_vectors WHERE doc_id IN (SELECT id FROM doomed)",
		"DELETE FROM context_fts WHERE rowid IN (SELECT id FROM doomed)",
		"DELETE FROM passage_fts WHERE rowid IN (SELECT id FROM passages WHERE doc_id IN (SELECT id FROM doomed))",
		"DELETE FROM passages WHERE doc_id IN (SELECT id FROM doomed)",
		"DELETE FROM code_refs WHERE doc_id IN (SELECT id FROM doomed)",
		"DELETE FROM code_use_files WHERE doc_id IN (SELECT id FROM doomed)",
		"DELETE FROM address_keys WHERE doc_id IN (SELECT id FROM doomed)",
		"DELETE FROM docs WHERE id IN (SELECT id FROM doomed)",
		"DROP TABLE doomed",
	}
	for _, stmt := range deletes {
		if _, err := tx.Exec(stmt); err != nil {
			return 0, fmt.Errorf("delete source %s: %w", source, err)
		}
	}
	if _, err := tx.Exec("DELETE FROM source_files WHERE source = ?", source); err != nil {
		return 0, fmt.Errorf("delete source %s manifest: %w", source, err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("delete source %s: %w", source, err)
	}
	return n, nil
}

// PutSourceFile inserts or replaces one manifest row.
func (b *Builder) PutSourceFile(f SourceFile) error {
	st, err := b.batch()
	if err != nil {
		return err
	}
	if _, err := st[stPutSourceFile].Exec(f.Path, f.Source, f.Size, f.MtimeNS, f.ContentHash, f.State, f.URI); err != nil {
		return fmt.Errorf("put source file %s: %w", f.Path, err)
	}
	return nil
}

// DeleteSourceFile removes one manifest row.
func (b *Builder) DeleteSourceFile(path string) error {
	st, err := b.batch()
	if err != nil {
		return err
	}
	if _, err := st[stDeleteSourceFile].Exec(path); err != nil {
		return fmt.Errorf("delete source file %s: %w", path, err)
	}
	return nil
}

// SetMeta sets one meta key.
func (b *Builder) SetMeta(key, value string) error {
	st, err := b.batch()
	if err != nil {
		return err
	}
	if _, err := st[stSetMeta].Exec(key, value); err != nil {
		return fmt.Errorf("set meta %s: %w", key, err)
	}
	return nil
}

// UpsertFrameworkAlias inserts or updates a framework_aliases row. Commit
// recounts doc_count from docs, so callers may leave it 0.
func (b *Builder) UpsertFrameworkAlias(f Framework) error {
	if f.Identifier == "" {
		return errors.New("upsert framework alias: empty identifier")
	}
	st, err := b.batch()
	if err != nil {
		return err
	}
	if _, err := st[stUpsertAlias].Exec(f.Identifier, f.ImportName, f.DisplayName, strings.Join(f.Synonyms, " "), f.DocCount); err != nil {
		return fmt.Errorf("upsert framework alias %s: %w", f.Identifier, err)
	}
	return nil
}

func validate(doc *document.Document) error {
	if doc == nil || doc.URI == "" {
		return errors.New("put document: empty URI")
	}
	if doc.Source == "" {
		return fmt.Errorf("put document %s: empty source", doc.URI)
	}
	return nil
}

func lookupID(st *statements, uri string) (int64, bool, error) {
	var id int64
	err := st[stLookupID].QueryRow(uri).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("look up %s: %w", uri, err)
	}
	return id, true, nil
}

func deleteDocRows(st *statements, id int64) error {
	for _, stmt := range perDocDeletes {
		if _, err := st[stmt].Exec(id); err != nil {
			return fmt.Errorf("delete document %d: %w", id, err)
		}
	}
	return nil
}

// insert writes every row of doc. id is nil for a new document or the id to
// reuse on Replace. A failure after the docs row removes the partial rows so
// that the batch transaction can continue.
// MaxSummaryBytes caps docs.summary, which every search row carries and the
// ranker stems: the longest real abstract is 989 bytes, and a hostile page
// with a 100 MB abstract made one search take 13 s. The full abstract stays
// searchable in docs_fts and readable in the page.
const MaxSummaryBytes = 2048

// clipUTF8 shortens s to at most n bytes on a character boundary.
func clipUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func (b *Builder) insert(st *statements, id any, doc *document.Document) error {
	mins := platformMinimums(doc.Platforms)
	min := func(column string) any { n, ok := mins[column]; return nullableInt(n, ok) }
	res, err := st[stInsertDoc].Exec(id, doc.URI, docuri.Key(doc.URI), doc.Source, doc.Framework, doc.Title, strings.ToLower(doc.Title),
		doc.Kind, doc.RoleHeading, doc.Language, clipUTF8(doc.Abstract, MaxSummaryBytes),
		min("min_ios"), min("min_macos"), min("min_tvos"), min("min_watchos"), min("min_visionos"),
		boolInt(doc.Deprecated), doc.DeprecationNote, doc.AvailabilitySource, doc.SwiftVersion, doc.Status,
		doc.Parent, doc.ContentHash, doc.SourceFile, doc.Size, uriDepth(doc.URI), boolInt(doc.Recovered))
	if err != nil {
		if isUniqueViolation(err) {
			return fmt.Errorf("%w: %s", ErrDuplicateURI, doc.URI)
		}
		return fmt.Errorf("insert %s: %w", doc.URI, err)
	}
	docID, err := res.LastInsertId()
	if err != nil {
		return fmt.Errorf("insert %s: %w", doc.URI, err)
	}
	if err := b.insertDependents(st, docID, doc); err != nil {
		deleteDocRows(st, docID)
		return fmt.Errorf("insert %s: %w", doc.URI, err)
	}
	return nil
}

func (b *Builder) insertDependents(st *statements, id int64, doc *document.Document) error {
	terms := buildSymbolTerms(doc, b.opts.Components)
	content := doc.Content
	if doc.Declaration != "" {
		content += "\n" + doc.Declaration
	}
	insertFTS := stInsertFTS
	if FTSTableOf(doc.Source) == PartsFTSTable {
		insertFTS = stInsertPartsFTS
	}
	if _, err := st[insertFTS].Exec(id, doc.URI, doc.Source, doc.Framework, doc.Language, doc.Title, content,
		doc.Abstract, strings.Join(terms.symbols, " "), strings.Join(terms.components, " ")); err != nil {
		return fmt.Errorf("full-text row: %w", err)
	}
	for _, name := range terms.exact {
		if _, err := st[stInsertName].Exec(name, id); err != nil {
			return fmt.Errorf("symbol name: %w", err)
		}
	}

	markdown, err := b.rows.compress([]byte(doc.Markdown))
	if err != nil {
		return fmt.Errorf("compress markdown: %w", err)
	}
	pageData, err := pageJSON(doc)
	if err != nil {
		return fmt.Errorf("encode page: %w", err)
	}
	page, err := b.rows.compress(pageData)
	if err != nil {
		return fmt.Errorf("compress page: %w", err)
	}
	if _, err := st[stInsertBody].Exec(id, markdown, page); err != nil {
		return fmt.Errorf("body: %w", err)
	}

	if hasStructured(doc) {
		if _, err := st[stInsertStructured].Exec(id, doc.Declaration, refsJSON(doc.ConformsTo), refsJSON(doc.InheritsFrom),
			refsJSON(doc.InheritedBy), refsJSON(doc.ConformingTypes), stringsJSON(doc.Attributes),
			platformsJSON(doc.Platforms)); err != nil {
			return fmt.Errorf("structured: %w", err)
		}
	}
	for i := range doc.Symbols {
		s := &doc.Symbols[i]
		if _, err := st[stInsertSymbol].Exec(id, s.Name, s.Kind, s.Signature, boolInt(s.IsAsync), boolInt(s.IsThrows),
			boolInt(s.IsStatic), JoinList(s.Attributes), JoinList(s.Conformances), JoinList(s.GenericParams),
			JoinList(s.GenericConstraints), s.Origin); err != nil {
			return fmt.Errorf("symbol %s: %w", s.Name, err)
		}
	}
	for i, ex := range doc.CodeExamples {
		if _, err := st[stInsertExample].Exec(id, i, ex.Language, ex.Code, ex.Caption); err != nil {
			return fmt.Errorf("code example: %w", err)
		}
	}
	for i, child := range doc.Children {
		if _, err := st[stInsertChild].Exec(id, i, child.URI, child.Title, child.Section, child.Declaration); err != nil {
			return fmt.Errorf("child: %w", err)
		}
	}
	for _, ref := range doc.References {
		name := strings.ToLower(ref.Name)
		typeName, _, _ := strings.Cut(name, ".")
		if _, err := st[stInsertRef].Exec(id, ref.Name, name, typeName, ref.Kind, ref.Line); err != nil {
			return fmt.Errorf("code reference: %w", err)
		}
	}
	return insertEdges(st, id, doc)
}

func insertEdges(st *statements, id int64, doc *document.Document) error {
	edge := func(childURI, childTitle, parentURI, parentTitle, relation string) error {
		if _, err := st[stInsertEdge].Exec(childURI, childTitle, parentURI, parentTitle, relation, id); err != nil {
			return fmt.Errorf("inheritance edge: %w", err)
		}
		return nil
	}
	groups := []struct {
		refs     []document.Ref
		relation string
		upward   bool // doc is the child
	}{
		{doc.InheritsFrom, RelationInheritsFrom, true},
		{doc.ConformsTo, RelationConformsTo, true},
		{doc.InheritedBy, RelationInheritsFrom, false},
		{doc.ConformingTypes, RelationConformsTo, false},
	}
	for _, g := range groups {
		for _, ref := range g.refs {
			var err error
			if g.upward {
				err = edge(doc.URI, doc.Title, ref.URI, ref.Title, g.relation)
			} else {
				err = edge(ref.URI, ref.Title, doc.URI, doc.Title, g.relation)
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

func isUniqueViolation(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && (se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
}
