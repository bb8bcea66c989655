// Package index is the SQLite store behind cupertino: the schema, the Builder
// that `cupertino save` writes with, and the Store that the ranker, the MCP
// server and the CLI read from.
//
// # File and lifecycle
//
// One SQLite file (default ~/.cupertino/search.db). It is never modified in
// place by save: the Builder writes "<db>.in-flight" under an exclusive lock
// file "<db>.lock" (flock, released by the kernel if the process dies) and
// Commit renames the finished file over <db> atomically. A killed save leaves
// the previous DB untouched. PRAGMA user_version holds SchemaVersion; Open
// refuses any other value with ErrSchemaVersion ("re-run `cupertino save`").
// The committed file uses journal_mode=DELETE, so readers need no -wal file.
//
// # Row identity
//
// docs.id is the document's id. It equals the rowid of its docs_fts or
// parts_fts row (and of its context_fts row), and every per-document table
// (doc_body, docs_structured, doc_symbols, doc_code_examples, doc_children,
// symbol_names, inheritance_edges, address_keys, code_refs, doc_vectors,
// passages, enrich_constraints) refers to it as doc_id, which keeps them
// small (an integer instead of a ~60-byte URI per row). Join docs for the
// URI. Replace keeps a document's id; DeleteSource removes the ids of one
// source from every table but enrich_constraints, whose rows for symbols
// that are gone the enrich passes prune on their next run.
//
// # Tables
//
//	docs                 one row per document: the metadata the ranker filters,
//	                     boosts and displays without touching the FTS index.
//	  id INTEGER PRIMARY KEY      = docs_fts.rowid
//	  uri TEXT UNIQUE             canonical URI (apple-docs://swiftui/view)
//	  uri_key                     docuri.Key(uri), indexed (docs_uri_key): the
//	                              slug-folded spelling Store.Document falls
//	                              back to when no uri matches exactly
//	  source, framework           document.Source*, lowercased framework id
//	  title, title_lower          title_lower is indexed (docs_title_lower) for
//	                              exact-title candidate lookup
//	  kind, role_heading, language
//	  summary                     the abstract, for result lists
//	  min_ios … min_visionos      introduced versions packed by PackVersion
//	                              (13.0 -> 130000, 10.15.4 -> 101504), NULL when
//	                              the platform is not listed; compare in SQL
//	                              (min_ios <= ?) or with internal/version
//	  deprecated, deprecated_note, availability_source
//	  swift_version, status       Swift Evolution
//	  parent_uri                  nearest parent in the hierarchy ('' if none)
//	  content_hash, source_file, size
//	  is_recovered                1 for a placeholder-title page save kept (Document.Recovered)
//	  depth                       path segments after the scheme
//	                              (apple-docs://swiftui/view/padding(_:_:) -> 3),
//	                              for the nested-type penalty
//	  Indexes: docs_source_framework(source, framework),
//	  docs_framework_title(framework, title_lower),
//	  docs_title_lower(title_lower), docs_parent_uri(parent_uri),
//	  docs_kind(kind, source, title_lower) (covering: the ranker finds the
//	  few thousand whole projects, packages and sessions by title words
//	  without reading their rows).
//
//	docs_fts             FTS5, tokenize 'porter unicode61 remove_diacritics 2',
//	                     contentless (content='', contentless_delete=1): it holds
//	                     only the inverted index, so column values read back as
//	                     NULL; join docs ON docs.id = docs_fts.rowid for uri,
//	                     title and summary. snippet()/highlight() are unavailable;
//	                     bm25() works. Storing the body text only once, as the
//	                     compressed Markdown in doc_body, is what keeps the DB
//	                     within budget.
//	  columns, in order, with their BM25 weight (BM25Weights, BM25Expr):
//	  uri 1, source 1, framework 2, language 1, title 10, content 1,
//	  summary 3, symbols 5, symbol_components 1.5
//	  content           Document.Content plus Document.Declaration
//	  summary           Document.Abstract
//	  symbols           the title, its base name ("padding" for
//	                    "padding(_:_:)") and the names of the page's symbols
//	  symbol_components acronym-aware CamelCase parts of those names
//	                    (LazyVGrid -> Lazy VGrid Grid, URLSession -> URL Session,
//	                    swiftsym.Components), the names of symbols found only
//	                    in code examples ("ContentView" recurs on thousands of
//	                    pages, so it must not weigh like a declared symbol),
//	                    and the parts of a symbol's Objective-C name, whole
//	                    (Document.ObjCName: "addChildViewController" for
//	                    addChild(_:)), which is no Swift name
//	  The title joins symbols (and symbol_names) only when it is symbol-like
//	  (no space before any parameter list): an article title such as
//	  "Laying out views" is in the title column alone.
//	  Every term given to MATCH must be a quoted string ('"padding(_:_:)"'):
//	  FTS5 syntax rejects bare punctuation.
//	  Filtering: source, framework and language are indexed columns, so a
//	  column filter inside MATCH is the fastest filter: on the full apple-docs
//	  corpus (183k pages) '{framework}: "swiftui" AND "view"' ranked top 20 in
//	  7 ms against 13 ms for MATCH '"view"' plus JOIN docs ... framework =
//	  'swiftui'. Phrase semantics apply: {source}: "swift-evolution" matches
//	  the two tokens swift, evolution. Cost grows with the rows a term
//	  matches, since bm25 scores each: "view" (16k pages) 30 ms, "the" (118k)
//	  ~220 ms, a rare name 0.1 ms. So generate candidates for single common
//	  words from docs_title_lower and symbol_names (both ~0.03 ms), and
//	  restrict MATCH to a column ({title}: "view", 2 ms) where that suffices.
//
//	parts_fts            FTS5, the same columns, tokenizer and weights as
//	                     docs_fts, holding the pages of the sources whose
//	                     pages are parts of wholes (source.Source.Separate:
//	                     samples, wwdc, packages) instead of docs_fts: bm25's
//	                     statistics (document count, term frequencies,
//	                     average lengths) are per table, and their code
//	                     files and transcripts must not move the
//	                     documentation's ranking. A document id has a row in
//	                     exactly one of the two (FTSTableOf).
//
//	doc_body             doc_id PRIMARY KEY, markdown BLOB, page BLOB: both
//	                     raw DEFLATE (compress/flate), NULL when empty. markdown
//	                     is Document.Markdown; page is the Document as JSON
//	                     minus every field that has a column elsewhere (today
//	                     that leaves SeeAlso and AvailableWhen), so a field added to Document
//	                     later is kept without a schema change. Store.Document
//	                     reassembles the Document from all tables; `read` never
//	                     touches the corpus. Document.Content is not stored
//	                     (only indexed).
//
//	docs_structured      doc_id PRIMARY KEY, declaration, conforms_to,
//	                     inherits_from, inherited_by, conforming_types (JSON
//	                     arrays of {"uri","title"}), attributes (JSON array of
//	                     strings), platforms (JSON array of document.Platform).
//	                     Authoritative over the copy inside doc_body.page, so
//	                     enrich passes may rewrite it.
//
//	doc_symbols          id INTEGER PRIMARY KEY, doc_id, name, kind, signature,
//	                     is_async, is_throws, is_static, attributes,
//	                     conformances, generic_params, generic_constraints (lists
//	                     joined with "; "), origin. Index doc_symbols_doc(doc_id).
//	doc_symbols_fts      FTS5 external content over doc_symbols (content_rowid
//	                     id): name, signature, attributes, conformances,
//	                     generic_constraints; tokenize 'unicode61
//	                     remove_diacritics 2' (no stemming: symbol names). Rebuilt
//	                     in full by Commit, so writers never maintain it.
//	symbol_names         (name_lower, doc_id) WITHOUT ROWID primary key: the
//	                     lowercased names in docs_fts.symbols, plus the full
//	                     title ("padding(_:_:)") next to its base name, for
//	                     exact-name candidate generation. Code-example names
//	                     are left out (see symbol_components).
//
//	doc_code_examples    doc_id, ord, language, code, caption;
//	                     PRIMARY KEY(doc_id, ord).
//	doc_children         doc_id (the parent page), ord, child_uri, child_title,
//	                     section, child_decl (the entry's declaration as the
//	                     listing page shows it: labels and types, no
//	                     parameter names or defaults; what verify knows of
//	                     the types of a member with no page of its own);
//	                     PRIMARY KEY(doc_id, ord), indexes on child_uri
//	                     and on child_title (doc_children_title: verify finds a
//	                     member listed in some type's Topics whose own page is
//	                     missing by its title; an index saved without it is
//	                     read whole once instead, and still opens), and,
//	                     partial, on the last dotted component of a
//	                     qualified title (doc_children_leaf: the
//	                     expression childLeafExpr over the rows where
//	                     childQualified holds, about 40k of 300k; a Topics
//	                     page lists UIView.ContentMode.scaleAspectFill,
//	                     and verify asks whether any type has a member
//	                     scaleAspectFill; an index saved without it still
//	                     opens, and verify's check of a name alone is off).
//	                     From Document.Children in page order.
//	inheritance_edges    child_uri, child_title, parent_uri, parent_title,
//	                     relation ('inheritsFrom' | 'conformsTo'), doc_id (the
//	                     page that asserted it). From InheritsFrom/ConformsTo and,
//	                     reversed, from InheritedBy/ConformingTypes. Commit fills
//	                     missing titles and URIs from docs and removes duplicates;
//	                     indexed on child_uri, parent_uri and both titles
//	                     (COLLATE NOCASE) so get_inheritance can walk by name.
//
//	address_keys         key, doc_id; PRIMARY KEY(key, doc_id) WITHOUT ROWID,
//	                     index on doc_id. The modern address of each Apple page
//	                     stored under a legacy numeric path, as an agent
//	                     builds it from the parent and the title:
//	                     apple-docs://foundation/urlsession/1407613-datatask
//	                     has the key docuri.Key of
//	                     apple-docs://foundation/urlsession/datatask(with:completionhandler:)
//	                     (docuri.ModernAddress: each legacy segment replaced
//	                     by docuri.TitleSegment of its page's title). Rebuilt
//	                     in full by Commit. Store.Document falls back to it
//	                     after uri and uri_key: one row is that page, several
//	                     are overloads (an AddressError listing them).
//
//	code_refs            doc_id (a sample or package source file), name as
//	                     written ("URLSession", "URLSession.shared"),
//	                     name_lower, type_lower (the part before the first
//	                     dot, lowercased), kind ('call' | 'conform' | 'wrap' |
//	                     'member' | 'type'), line (1-based). From
//	                     Document.References: the first use of each name and
//	                     kind in a file. Indexed on name_lower, type_lower and
//	                     doc_id; answers "used in samples" (Store.CodeUses).
//	code_use_files       type_lower, ord, doc_id, source, name, kind, line;
//	                     PRIMARY KEY(type_lower, ord) WITHOUT ROWID, index on
//	                     (type_lower, source, ord). code_refs by file: for
//	                     each type and each file that uses it, the file's
//	                     most telling use (a call before a conformance, a
//	                     wrapper, a member, a mention; then the earliest
//	                     line), numbered by ord in the order "used in
//	                     samples" lists them (that use, then the project's
//	                     and the file's URI). Rebuilt in full by Commit.
//	                     Store.CodeUses of a type reads a page of it and
//	                     counts its range: `View` is used in 1,799 files.
//	framework_aliases    identifier PRIMARY KEY, import_name, display_name,
//	                     synonyms (space-separated), doc_count.
//	source_files         the save manifest for incremental re-save: path
//	                     PRIMARY KEY, source, size, mtime_ns, content_hash,
//	                     state, uri.
//	meta                 key PRIMARY KEY, value: build time, cupertino version,
//	                     corpus roots, counts (see Meta* keys), and the
//	                     index's age: source_freshness, JSON
//	                     {source: {"fetchedAt": RFC 3339, "basis": "crawl" |
//	                     "git commit" | "newest file"}} written by save from
//	                     what fetch left in each folder (the newest page's
//	                     fetch time, the fetched commit's date, or, for a
//	                     folder with no fetch record, its newest file's
//	                     mtime), and newest_platforms, JSON {"iOS": packed
//	                     version, …}: the newest introduced version the
//	                     apple-docs rows list per platform column, written
//	                     by Commit and by part imports.
//	enrich_runs          pass, version, rows_touched, millis, ran_at; written by
//	                     the enrich package.
//	enrich_constraints   symbol_id, doc_id, pass, added: per doc_symbols row
//	                     and enrich pass, the constraints that pass appended
//	                     to generic_constraints, so a re-run first takes its
//	                     own earlier additions away and never appends twice.
//	                     Written by the enrich package; travels in bundle
//	                     parts by doc_id like every other per-page table.
//	doc_vectors          doc_id PRIMARY KEY, vec: the page's semantic vector
//	                     (internal/semantic, Dim int8 values), for the pages
//	                     of the sources searched in docs_fts. Written by
//	                     enrich's semantic pass; read by Store.DocVectors.
//	context_fts          FTS5, contentless, rowid = an Apple page's doc id,
//	                     one column, words: the prose around the page's
//	                     mentions elsewhere (articles, guides, WWDC
//	                     transcripts, READMEs, other pages' discussions).
//	                     Written by enrich's contexts pass; searched by the
//	                     ranker for requests (ContextFTSTable).
//	passages             id INTEGER PRIMARY KEY (= passage_fts.rowid), doc_id,
//	                     ord, anchor, heading, text: the sections of the
//	                     long pages of PassageSources (the Swift book,
//	                     Swift Evolution, swift.org), each "###" subsection
//	                     and each "##" section's text before its first
//	                     "###" one unit. anchor is the "##" heading that
//	                     read_document's section= opens (mdbound.Select);
//	                     heading is the unit's own; text its Markdown.
//	                     Index passages_doc(doc_id). Written by enrich's
//	                     passages pass; searched by the ranker.
//	passage_fts          FTS5, contentless, rowid = passages.id, columns
//	                     title (the page's), heading (the "##" and "###"
//	                     headings), body; weights PassageBM25Expr.
//	semantic             key PRIMARY KEY, value BLOB: the word vectors
//	                     (SemanticModel, semantic.Model.Encode) and the
//	                     matrix of type and article pages searched by
//	                     similarity (SemanticMatrix, semantic.Matrix.Encode).
//
// # Who runs SQL
//
// Every SQL text of the program is in this package (tests aside); the
// Store keeps its read pool to itself (it has no accessor for it) and
// prepares each retrieval statement once (stmts.go). Besides the read API of the MCP tools and the
// CLI (read_*.go), the ranker builds its candidates through a named
// retrieval API, methods of Store with every caller value bound:
//
//	retrieve.go          B-tree lookups: ExactTitleIDs, NameIDs,
//	                     TitleExtensionIDs, TypeIDs, WholePages,
//	                     PageID, PageIDKind, MemberIDsUnderPath,
//	                     TypeMemberIDs, TypeMemberPrefixIDs,
//	                     TypeMemberEndingIDs, RequirementIDs, SymbolIDs
//	                     (doc_symbols_fts with a SymbolFilter),
//	                     ConformingIDs; the spelling probes
//	                     KnownName, TypeTitle, EachTitleFrom,
//	                     MemberOfType.
//	retrieve_calls.go    a call's member pages (MemberPage): TypePage,
//	                     ChildPagesFrom, RequirementPages, TitlePrefixPages,
//	                     TitlePages, TypeMemberPages, ProtocolMemberIDs.
//	retrieve_fts.go      full text: CountMatches (any of the four FTS
//	                     tables, within a RowSpan), ScorePages (bm25 with
//	                     the table's weights and the PageRow in one
//	                     statement), EachPageRow, FilteredTitleIDs and
//	                     FilteredMatchIDs (a PageFilter), ContextIDs,
//	                     SearchPassages, PassageTexts, PassageSpan,
//	                     MarkdownOf; MembersMatching (bm25 within the
//	                     pages under an address), SwiftTwin (the Swift
//	                     page of an Objective-C "ns…" page).
//	retrieve_deprecated.go  what a deprecation names instead:
//	                     DeprecatedPages (the note), ChildIDsTitled.
//
// The enrich passes write through EnrichDB, an index opened read-write
// (OpenForEnrich for `cupertino enrich`, Builder.ForEnrich during a save),
// one transaction per pass (EnrichTx), whose named statements are in
// enrich_tx.go (semantic, contexts, synonyms, passages), enrich_constraints.go
// (constraints, hierarchy), enrich_symbols.go (the symbol-graph join),
// enrich_edges.go (relationships) and enrich_db.go (enrich_runs, the
// derived counts).
package index

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/internal/source"
)

// SchemaVersion is stored in PRAGMA user_version. Bump it on any change to the
// DDL below; Open rejects other versions.
const SchemaVersion = 10

// BM25Weights are the per-column weights of docs_fts in column order: uri,
// source, framework, language, title, content, summary, symbols,
// symbol_components. Title and symbol names dominate so that an exact API name
// beats a page that merely mentions it.
var BM25Weights = [...]float64{1, 1, 2, 1, 10, 1, 3, 5, 1.5}

// BM25Expr is the ranking expression for docs_fts. bm25 is negative: ORDER BY
// it ascending puts the best match first.
var BM25Expr = bm25Expr(FTSTable)

// PartsBM25Expr is the same expression for parts_fts.
var PartsBM25Expr = bm25Expr(PartsFTSTable)

// The full-text tables: FTSTable holds the documentation's pages,
// PartsFTSTable the pages of the sources whose pages are parts of wholes
// (source.Source.Separate: sample code, WWDC, packages). Two tables keep
// two sets of bm25 statistics, so that tens of thousands of code files and
// transcripts never change how the documentation ranks.
const (
	FTSTable      = "docs_fts"
	PartsFTSTable = "parts_fts"
)

// FTSTableOf names the full-text table that holds a source's pages.
func FTSTableOf(src string) string {
	if s, ok := source.Lookup(src); ok && s.Separate {
		return PartsFTSTable
	}
	return FTSTable
}

func bm25Expr(table string) string {
	parts := make([]string, len(BM25Weights))
	for i, w := range BM25Weights {
		parts[i] = fmt.Sprint(w)
	}
	return "bm25(" + table + ", " + strings.Join(parts, ", ") + ")"
}

// Meta keys written by the Builder.
const (
	MetaBuiltAt       = "built_at"       // RFC 3339 UTC, set by Commit
	MetaSchemaVersion = "schema_version" // mirrors user_version, set by Commit
	MetaDocCount      = "doc_count"      // set by Commit
	MetaSymbolCount   = "symbol_count"   // set by Commit
	// MetaContextsDigest is the SHA-256 of what enrich's contexts pass
	// wrote, so a re-run over the same corpus changes nothing.
	MetaContextsDigest = "contexts_digest"
	// MetaSourceSpans is each source's span of document ids, written by
	// Commit and by part imports: "source:lo:hi:count" items separated by
	// spaces, sorted by source. Store.SourceSpans reads it.
	MetaSourceSpans = "source_spans"
	MetaVersion     = "cupertino_version"
	MetaCorpusRoots = "corpus_roots"
	// MetaBundleManifest is the manifest of the bundle setup installed the
	// index from (internal/bundle's Installed, as JSON), written by
	// ImportParts (ImportOptions.Meta) into the file it renames into place,
	// so that it describes the very index it is in.
	MetaBundleManifest = "bundle_manifest"
)

// Relation values in inheritance_edges.
const (
	RelationInheritsFrom = "inheritsFrom"
	RelationConformsTo   = "conformsTo"
)

var (
	// ErrNotFound means there is no index file at the path. Its advice names
	// what works on a fresh machine: `cupertino save` alone fails there, as
	// nothing has been fetched for it to read.
	ErrNotFound = errors.New("no search index found: run `cupertino setup` to download one, or `make demo` in a clone of the repository " +
		"for a small demo; `cupertino fetch` then `cupertino save` build one from the sources")
	// ErrSchemaVersion means the file was written by another schema version.
	ErrSchemaVersion = errors.New("search index has an incompatible schema version: re-run `cupertino save`")
	// ErrCorrupt means the file exists but is not a usable cupertino index.
	ErrCorrupt = errors.New("search index is corrupt or not a cupertino database: re-run `cupertino save`")
	// ErrLocked means another save holds the lock on this index.
	ErrLocked = errors.New("another `cupertino save` is writing this index")
	// ErrLowDisk means the index directory lacks the free space a build needs.
	ErrLowDisk = errors.New("not enough free disk space to build the index")
	// ErrDocumentNotFound means no document has the URI.
	ErrDocumentNotFound = errors.New("document not found")
	// ErrDuplicateURI means Put was given a URI already in the index; use Replace.
	ErrDuplicateURI = errors.New("document URI already indexed")
	// ErrClosed means the Builder was already committed or aborted.
	ErrClosed = errors.New("index builder is closed")
)

// enrichConstraintsTable is enrich_constraints' definition: in schemaDDL,
// and created where missing by EnsureEnrichConstraints, because indexes
// written before the schema held it got it from the enrich package only.
const enrichConstraintsTable = `enrich_constraints (
	symbol_id INTEGER NOT NULL,
	doc_id INTEGER NOT NULL,
	pass TEXT NOT NULL,
	added TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (symbol_id, pass)
)`

// childLeafExpr is a doc_children title's last dotted component,
// "scaleAspectFill" for "UIView.ContentMode.scaleAspectFill": rtrim strips
// every character but a dot from the right, which leaves the title up to
// its last dot, and replace cuts that prefix away. doc_children_leaf
// indexes it over the rows where childQualified holds; a read uses the
// index only when it writes both exactly so.
const (
	childLeafExpr  = "replace(child_title, rtrim(child_title, replace(child_title, '.', '')), '')"
	childQualified = "instr(child_title, '.') > 1"
)

// schemaDDL creates every table of SchemaVersion in an empty database.
const schemaDDL = `
CREATE TABLE docs (
	id INTEGER PRIMARY KEY,
	uri TEXT NOT NULL UNIQUE,
	uri_key TEXT NOT NULL DEFAULT '',
	source TEXT NOT NULL,
	framework TEXT NOT NULL DEFAULT '',
	title TEXT NOT NULL DEFAULT '',
	title_lower TEXT NOT NULL DEFAULT '',
	kind TEXT NOT NULL DEFAULT '',
	role_heading TEXT NOT NULL DEFAULT '',
	language TEXT NOT NULL DEFAULT '',
	summary TEXT NOT NULL DEFAULT '',
	min_ios INTEGER,
	min_macos INTEGER,
	min_tvos INTEGER,
	min_watchos INTEGER,
	min_visionos INTEGER,
	deprecated INTEGER NOT NULL DEFAULT 0,
	deprecated_note TEXT NOT NULL DEFAULT '',
	availability_source TEXT NOT NULL DEFAULT '',
	swift_version TEXT NOT NULL DEFAULT '',
	status TEXT NOT NULL DEFAULT '',
	parent_uri TEXT NOT NULL DEFAULT '',
	content_hash TEXT NOT NULL DEFAULT '',
	source_file TEXT NOT NULL DEFAULT '',
	is_recovered INTEGER NOT NULL DEFAULT 0,
	size INTEGER NOT NULL DEFAULT 0,
	depth INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX docs_source_framework ON docs(source, framework);
CREATE INDEX docs_framework_title ON docs(framework, title_lower);
CREATE INDEX docs_title_lower ON docs(title_lower);
CREATE INDEX docs_uri_key ON docs(uri_key);
CREATE INDEX docs_parent_uri ON docs(parent_uri);
CREATE INDEX docs_kind ON docs(kind, source, title_lower);

CREATE VIRTUAL TABLE docs_fts USING fts5(
	uri, source, framework, language, title, content, summary, symbols, symbol_components,
	content='', contentless_delete=1,
	tokenize='porter unicode61 remove_diacritics 2'
);

CREATE VIRTUAL TABLE parts_fts USING fts5(
	uri, source, framework, language, title, content, summary, symbols, symbol_components,
	content='', contentless_delete=1,
	tokenize='porter unicode61 remove_diacritics 2'
);

CREATE TABLE doc_body (
	doc_id INTEGER PRIMARY KEY,
	markdown BLOB,
	page BLOB
);

CREATE TABLE docs_structured (
	doc_id INTEGER PRIMARY KEY,
	declaration TEXT NOT NULL DEFAULT '',
	conforms_to TEXT NOT NULL DEFAULT '[]',
	inherits_from TEXT NOT NULL DEFAULT '[]',
	inherited_by TEXT NOT NULL DEFAULT '[]',
	conforming_types TEXT NOT NULL DEFAULT '[]',
	attributes TEXT NOT NULL DEFAULT '[]',
	platforms TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE doc_symbols (
	id INTEGER PRIMARY KEY,
	doc_id INTEGER NOT NULL,
	name TEXT NOT NULL,
	kind TEXT NOT NULL DEFAULT '',
	signature TEXT NOT NULL DEFAULT '',
	is_async INTEGER NOT NULL DEFAULT 0,
	is_throws INTEGER NOT NULL DEFAULT 0,
	is_static INTEGER NOT NULL DEFAULT 0,
	attributes TEXT NOT NULL DEFAULT '',
	conformances TEXT NOT NULL DEFAULT '',
	generic_params TEXT NOT NULL DEFAULT '',
	generic_constraints TEXT NOT NULL DEFAULT '',
	origin TEXT NOT NULL DEFAULT ''
);
CREATE INDEX doc_symbols_doc ON doc_symbols(doc_id);

CREATE VIRTUAL TABLE doc_symbols_fts USING fts5(
	name, signature, attributes, conformances, generic_constraints,
	content='doc_symbols', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);

CREATE TABLE symbol_names (
	name_lower TEXT NOT NULL,
	doc_id INTEGER NOT NULL,
	PRIMARY KEY (name_lower, doc_id)
) WITHOUT ROWID;
CREATE INDEX symbol_names_doc ON symbol_names(doc_id);

CREATE TABLE doc_code_examples (
	doc_id INTEGER NOT NULL,
	ord INTEGER NOT NULL,
	language TEXT NOT NULL DEFAULT '',
	code TEXT NOT NULL,
	caption TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (doc_id, ord)
) WITHOUT ROWID;

CREATE TABLE doc_children (
	doc_id INTEGER NOT NULL,
	ord INTEGER NOT NULL,
	child_uri TEXT NOT NULL DEFAULT '',
	child_title TEXT NOT NULL DEFAULT '',
	section TEXT NOT NULL DEFAULT '',
	child_decl TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (doc_id, ord)
) WITHOUT ROWID;
CREATE INDEX doc_children_child ON doc_children(child_uri);
CREATE INDEX doc_children_title ON doc_children(child_title);
CREATE INDEX doc_children_leaf ON doc_children(` + childLeafExpr + `) WHERE ` + childQualified + `;

CREATE TABLE inheritance_edges (
	child_uri TEXT NOT NULL DEFAULT '',
	child_title TEXT NOT NULL DEFAULT '',
	parent_uri TEXT NOT NULL DEFAULT '',
	parent_title TEXT NOT NULL DEFAULT '',
	relation TEXT NOT NULL,
	doc_id INTEGER NOT NULL
);
CREATE INDEX inheritance_edges_child ON inheritance_edges(child_uri);
CREATE INDEX inheritance_edges_parent ON inheritance_edges(parent_uri);
CREATE INDEX inheritance_edges_child_title ON inheritance_edges(child_title COLLATE NOCASE);
CREATE INDEX inheritance_edges_parent_title ON inheritance_edges(parent_title COLLATE NOCASE);
CREATE INDEX inheritance_edges_doc ON inheritance_edges(doc_id);

CREATE TABLE address_keys (
	key TEXT NOT NULL,
	doc_id INTEGER NOT NULL,
	PRIMARY KEY (key, doc_id)
) WITHOUT ROWID;
CREATE INDEX address_keys_doc ON address_keys(doc_id);

CREATE TABLE code_refs (
	doc_id INTEGER NOT NULL,
	name TEXT NOT NULL,
	name_lower TEXT NOT NULL,
	type_lower TEXT NOT NULL,
	kind TEXT NOT NULL,
	line INTEGER NOT NULL
);
CREATE INDEX code_refs_name ON code_refs(name_lower);
CREATE INDEX code_refs_type ON code_refs(type_lower);
CREATE INDEX code_refs_doc ON code_refs(doc_id);

CREATE TABLE code_use_files (
	type_lower TEXT NOT NULL,
	ord INTEGER NOT NULL,
	doc_id INTEGER NOT NULL,
	source TEXT NOT NULL,
	name TEXT NOT NULL,
	kind TEXT NOT NULL,
	line INTEGER NOT NULL,
	PRIMARY KEY (type_lower, ord)
) WITHOUT ROWID;
CREATE INDEX code_use_files_source ON code_use_files(type_lower, source, ord);

CREATE TABLE framework_aliases (
	identifier TEXT PRIMARY KEY,
	import_name TEXT NOT NULL DEFAULT '',
	display_name TEXT NOT NULL DEFAULT '',
	synonyms TEXT NOT NULL DEFAULT '',
	doc_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE source_files (
	path TEXT PRIMARY KEY,
	source TEXT NOT NULL DEFAULT '',
	size INTEGER NOT NULL DEFAULT 0,
	mtime_ns INTEGER NOT NULL DEFAULT 0,
	content_hash TEXT NOT NULL DEFAULT '',
	state TEXT NOT NULL DEFAULT '',
	uri TEXT NOT NULL DEFAULT ''
);

CREATE TABLE meta (
	key TEXT PRIMARY KEY,
	value TEXT NOT NULL DEFAULT ''
);

CREATE TABLE doc_vectors (
	doc_id INTEGER PRIMARY KEY,
	vec BLOB NOT NULL
);

CREATE VIRTUAL TABLE context_fts USING fts5(
	words,
	content='', contentless_delete=1,
	tokenize='porter unicode61 remove_diacritics 2'
);

CREATE TABLE passages (
	id INTEGER PRIMARY KEY,
	doc_id INTEGER NOT NULL,
	ord INTEGER NOT NULL,
	anchor TEXT NOT NULL DEFAULT '',
	heading TEXT NOT NULL DEFAULT '',
	text TEXT NOT NULL DEFAULT ''
);
CREATE INDEX passages_doc ON passages(doc_id);

CREATE VIRTUAL TABLE passage_fts USING fts5(
	title, heading, body,
	content='', contentless_delete=1,
	tokenize='porter unicode61 remove_diacritics 2'
);

CREATE TABLE semantic (
	key TEXT PRIMARY KEY,
	value BLOB NOT NULL
);

CREATE TABLE ` + enrichConstraintsTable + `;

CREATE TABLE enrich_runs (
	pass TEXT NOT NULL,
	version TEXT NOT NULL DEFAULT '',
	rows_touched INTEGER NOT NULL DEFAULT 0,
	millis INTEGER NOT NULL DEFAULT 0,
	ran_at TEXT NOT NULL DEFAULT ''
);
`
