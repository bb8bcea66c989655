package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// DefaultBatchSize is how many documents one write transaction holds.
const DefaultBatchSize = 2000

// BuildOptions tune a Builder. The zero value is the production setting.
type BuildOptions struct {
	// MinFreeBytes is the free space required in the index directory;
	// 0 means EstimateFreeBytes of the previous DB alone (the save pipeline
	// passes its estimate from the input sizes). SkipDiskCheck disables the
	// check.
	MinFreeBytes  uint64
	SkipDiskCheck bool
	// Lock is a save lock the caller already holds (LockForSave); the
	// Builder takes it over instead of locking again. nil means lock now.
	Lock *SaveLock
	// FreeSpace reports free bytes for a directory; nil means StatfsFreeSpace.
	// Tests inject a fake.
	FreeSpace FreeSpaceFunc
	// BatchSize is the number of documents per transaction; 0 means DefaultBatchSize.
	BatchSize int
	// CacheMiB is SQLite's page cache for the build; 0 means 256.
	CacheMiB int
	// SkipOptimize leaves docs_fts in the segments the bulk load produced.
	// By default Commit merges them into one ('optimize'): ~3 s wall (0.8 s
	// CPU) on the full apple-docs corpus, and it cut a rare-term ranked
	// query from 0.4 to 0.1 ms and a stop-word one from ~600 to ~220 ms.
	SkipOptimize bool
	// Components splits a symbol name into its CamelCase parts for the
	// symbol_components column; nil means swiftsym.Components.
	Components func(name string) []string
	// Logger receives progress of the slow Commit steps; nil discards.
	Logger *slog.Logger
}

// Builder writes a new index into "<db>.in-flight" and renames it over the
// DB on Commit. It is not safe for concurrent use: the save pipeline has a
// single writer goroutine.
type Builder struct {
	dbPath   string
	inFlight string
	opts     BuildOptions
	lock     *buildLock
	db       *sql.DB
	stmts    *statements
	tx       *sql.Tx
	txStmts  *statements
	pending  int
	rows     rowEncoder
	closed   bool
}

// Create starts a fresh index for dbPath. It takes the lock "<db>.lock"
// (ErrLocked if another save holds it), checks free space (ErrLowDisk) and
// creates an empty "<db>.in-flight", removing any stale one.
func Create(dbPath string, opts BuildOptions) (*Builder, error) {
	return start(dbPath, "", opts)
}

// CreateFrom starts an incremental build: existingDB is copied to the
// in-flight file, where DeleteSource, Replace, Delete and Put then edit it.
// existingDB may equal dbPath. Its schema version must be current.
func CreateFrom(existingDB, dbPath string, opts BuildOptions) (*Builder, error) {
	return start(dbPath, existingDB, opts)
}

func start(dbPath, copyFrom string, opts BuildOptions) (b *Builder, err error) {
	if opts.BatchSize <= 0 {
		opts.BatchSize = DefaultBatchSize
	}
	if opts.CacheMiB <= 0 {
		opts.CacheMiB = 256
	}
	if opts.Components == nil {
		opts.Components = defaultComponents
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if err := os.MkdirAll(filepath.Dir(dbPath), 0o755); err != nil {
		return nil, fmt.Errorf("create index directory: %w", err)
	}
	var lock *buildLock
	if opts.Lock != nil {
		if lock = opts.Lock.take(); lock == nil {
			return nil, fmt.Errorf("%w: the save lock was already released", ErrClosed)
		}
	} else {
		var err error
		if lock, err = acquireLock(dbPath); err != nil {
			return nil, err
		}
	}
	building := &Builder{dbPath: dbPath, inFlight: dbPath + ".in-flight", opts: opts, lock: lock}
	defer func() {
		if err != nil {
			building.Abort()
		}
	}()
	b = building
	if !opts.SkipDiskCheck {
		need := opts.MinFreeBytes
		if need == 0 {
			need = EstimateFreeBytes(0, fileSize(copyFrom))
		}
		if err := checkFreeSpace(dbPath, opts.FreeSpace, need); err != nil {
			return nil, err
		}
	}
	removeDBFiles(b.inFlight)
	if copyFrom != "" {
		if err := copyFile(copyFrom, b.inFlight); err != nil {
			return nil, fmt.Errorf("copy existing index: %w", err)
		}
	}
	b.db, err = openBuildDB(b.inFlight, opts.CacheMiB)
	if err != nil {
		return nil, err
	}
	if copyFrom != "" {
		if err := checkSchemaVersion(context.Background(), b.db); err != nil {
			return nil, err
		}
	} else if _, err := b.db.Exec(schemaDDL); err != nil {
		return nil, fmt.Errorf("create schema: %w", err)
	}
	if b.stmts, err = prepareStatements(b.db); err != nil {
		return nil, err
	}
	return b, nil
}

// openBuildDB opens the in-flight file for bulk loading. Durability pragmas
// are off because a crash discards the in-flight file anyway; the rollback
// journal stays in memory so a failed statement can still roll back.
func openBuildDB(path string, cacheMiB int) (*sql.DB, error) {
	dsn := path + "?_pragma=journal_mode(MEMORY)&_pragma=synchronous(OFF)" +
		"&_pragma=temp_store(MEMORY)&_pragma=locking_mode(EXCLUSIVE)" +
		"&_pragma=cache_size(-" + strconv.Itoa(cacheMiB*1024) + ")"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open in-flight index: %w", err)
	}
	// One connection: SQLite has one writer, and the exclusive locking mode
	// would block a second connection anyway.
	db.SetMaxOpenConns(1)
	db.SetConnMaxIdleTime(0)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("open in-flight index: %w", err)
	}
	return db, nil
}

// Flush commits the pending batch.
func (b *Builder) Flush() error {
	if b.tx == nil {
		return nil
	}
	tx := b.tx
	b.tx, b.txStmts, b.pending = nil, nil, 0
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit batch: %w", err)
	}
	return nil
}

// batch returns the statements bound to the open transaction, opening one.
func (b *Builder) batch() (*statements, error) {
	if b.closed {
		return nil, ErrClosed
	}
	if b.tx != nil {
		return b.txStmts, nil
	}
	tx, err := b.db.Begin()
	if err != nil {
		return nil, fmt.Errorf("begin batch: %w", err)
	}
	b.tx, b.txStmts = tx, b.stmts.bind(tx)
	return b.txStmts, nil
}

// endWrite counts one document into the batch and commits a full batch.
func (b *Builder) endWrite() error {
	b.pending++
	if b.pending >= b.opts.BatchSize {
		return b.Flush()
	}
	return nil
}

// Abort discards the in-flight file and releases the lock. The previous DB is
// untouched. Safe to call more than once and after Commit.
func (b *Builder) Abort() {
	if b.closed && b.lock == nil {
		return
	}
	b.closed = true
	if b.tx != nil {
		b.tx.Rollback()
		b.tx = nil
	}
	if b.stmts != nil {
		b.stmts.close()
	}
	if b.db != nil {
		b.db.Close()
		b.db = nil
	}
	removeDBFiles(b.inFlight)
	b.lock.release()
	b.lock = nil
}

// Commit finishes the index (edge resolution, the symbol full-text index,
// counts, ANALYZE, user_version) and atomically renames it over the DB path.
// On error the build is aborted and the previous DB stays as it was.
func (b *Builder) Commit(ctx context.Context) (err error) {
	if b.closed {
		return ErrClosed
	}
	defer func() {
		if err != nil {
			b.Abort()
		}
	}()
	if err := b.Flush(); err != nil {
		return err
	}
	steps := []struct {
		name string
		run  func(context.Context) error
	}{
		{"resolve inheritance edges", b.resolveEdges},
		{"build address keys", b.buildAddressKeys},
		{"number the files that use each type", b.buildCodeUseFiles},
		{"rebuild symbol index", b.rebuildSymbolIndex},
		{"optimize full-text index", b.optimize},
		{"write counts", b.writeCounts},
		{"analyze", b.analyze},
	}
	for _, step := range steps {
		started := time.Now()
		if err := step.run(ctx); err != nil {
			return fmt.Errorf("%s: %w", step.name, err)
		}
		b.opts.Logger.Info("index commit step", "step", step.name, "took", time.Since(started).Round(time.Millisecond))
	}
	b.stmts.close()
	b.stmts = nil
	// Leave the file in rollback-journal mode so readers need no side files.
	if _, err := b.db.ExecContext(ctx, "PRAGMA journal_mode=DELETE"); err != nil {
		return fmt.Errorf("set journal mode: %w", err)
	}
	if err := b.db.Close(); err != nil {
		return fmt.Errorf("close in-flight index: %w", err)
	}
	b.db = nil
	if err := syncFile(b.inFlight); err != nil {
		return err
	}
	// The rename is the only step that touches dbPath: a crash before it
	// leaves the previous DB, a crash after it leaves the new one.
	if err := os.Rename(b.inFlight, b.dbPath); err != nil {
		return fmt.Errorf("install index: %w", err)
	}
	if err := syncFile(filepath.Dir(b.dbPath)); err != nil {
		return err
	}
	os.Remove(b.dbPath + "-journal")
	b.closed = true
	b.lock.release()
	b.lock = nil
	return nil
}

func (b *Builder) optimize(ctx context.Context) error {
	if b.opts.SkipOptimize {
		return nil
	}
	for _, table := range []string{FTSTable, PartsFTSTable} {
		if _, err := b.db.ExecContext(ctx, "INSERT INTO "+table+"("+table+") VALUES('optimize')"); err != nil {
			return err
		}
	}
	return nil
}

func (b *Builder) rebuildSymbolIndex(ctx context.Context) error {
	_, err := b.db.ExecContext(ctx, "INSERT INTO doc_symbols_fts(doc_symbols_fts) VALUES('rebuild')")
	return err
}

func (b *Builder) analyze(ctx context.Context) error {
	_, err := b.db.ExecContext(ctx, analyzeSQL())
	return err
}

// analyzeSQL gathers the planner's statistics and stamps the schema version
// of a finished index, for save and for a bundle's import alike. It then
// drops the STAT4 samples of the full-text tables' term indexes
// (<table>_idx): FTS5 seeks them by primary key with bound values, so their
// plan cannot change, but a statement whose plan could use samples is
// planned again each time its values change, and FTS5 steps such a
// statement for every term of every match: 4-7% of a search's CPU
// (sqlite3Reprepare). The other tables keep theirs; some of the ranker's
// statements plan better with them (docs/benchmarks.md, round three).
func analyzeSQL() string {
	return `ANALYZE;
DELETE FROM sqlite_stat4 WHERE tbl IN (
	SELECT name || '_idx' FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE % USING fts5(%');
PRAGMA user_version = ` + strconv.Itoa(SchemaVersion)
}

func (b *Builder) writeCounts(ctx context.Context) error {
	if err := recount(ctx, b.db); err != nil {
		return err
	}
	_, err := b.db.ExecContext(ctx, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
		MetaBuiltAt, time.Now().UTC().Format(time.RFC3339))
	return err
}

// recount writes the counts derived from the rows: documents per framework,
// documents, symbols and the schema version in meta. ImportParts calls it
// alone, keeping the built_at of the index the parts came from.
func recount(ctx context.Context, db interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}) error {
	// Every framework with documents has a row, enriched or not, so that
	// Store.Frameworks reads this small table instead of grouping docs.
	if _, err := db.ExecContext(ctx, `INSERT OR IGNORE INTO framework_aliases(identifier)
		SELECT DISTINCT framework FROM docs WHERE framework != ''`); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `UPDATE framework_aliases SET doc_count =
		(SELECT count(*) FROM docs WHERE docs.framework = framework_aliases.identifier)`); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT OR REPLACE INTO meta(key, value) VALUES
	(?, (SELECT count(*) FROM docs)),
	(?, (SELECT count(*) FROM doc_symbols)),
	(?, ?),
	(?, (SELECT coalesce(group_concat(span, ' '), '') FROM
		(SELECT source || ':' || min(id) || ':' || max(id) || ':' || count(*) AS span FROM docs GROUP BY source ORDER BY source)))`,
		MetaDocCount, MetaSymbolCount,
		MetaSchemaVersion, strconv.Itoa(SchemaVersion),
		MetaSourceSpans)
	if err != nil {
		return err
	}
	return writeNewestPlatforms(ctx, db)
}

// resolveEdges fills edge titles from indexed URIs, URIs from unambiguous type
// titles (preferring the asserting page's framework), then drops duplicates
// that the two directions of a relationship produce.
func (b *Builder) resolveEdges(ctx context.Context) error {
	_, err := b.db.ExecContext(ctx, `
UPDATE inheritance_edges SET parent_title = (SELECT title FROM docs WHERE docs.uri = inheritance_edges.parent_uri)
	WHERE parent_title = '' AND parent_uri != '' AND EXISTS (SELECT 1 FROM docs WHERE docs.uri = inheritance_edges.parent_uri);
UPDATE inheritance_edges SET child_title = (SELECT title FROM docs WHERE docs.uri = child_uri)
	WHERE child_title = '' AND child_uri != '' AND EXISTS (SELECT 1 FROM docs WHERE docs.uri = child_uri);
CREATE TEMP TABLE type_titles AS
	SELECT title_lower, framework, min(uri) AS uri, count(*) AS n FROM docs
	WHERE kind IN ('protocol','class','struct','enum','actor','typealias','type')
	GROUP BY title_lower, framework;
CREATE INDEX temp.type_titles_key ON type_titles(title_lower, framework);`+
		fmt.Sprintf(resolveEndURI, "parent")+fmt.Sprintf(resolveEndURI, "child")+`
DROP TABLE type_titles;
DELETE FROM inheritance_edges WHERE rowid NOT IN (
	SELECT min(rowid) FROM inheritance_edges GROUP BY relation,
		CASE WHEN child_uri != '' THEN child_uri ELSE lower(child_title) END,
		CASE WHEN parent_uri != '' THEN parent_uri ELSE lower(parent_title) END);`)
	return err
}

// resolveEndURI fills one end's URI ("parent" or "child" fills %[1]s) from
// its title where exactly one type page has that title: in the asserting
// page's framework first, else in the whole index.
const resolveEndURI = `
UPDATE inheritance_edges SET %[1]s_uri = coalesce(
	(SELECT t.uri FROM type_titles t, docs d WHERE d.id = inheritance_edges.doc_id
		AND t.title_lower = lower(%[1]s_title) AND t.framework = d.framework AND t.n = 1),
	(SELECT min(t.uri) FROM type_titles t WHERE t.title_lower = lower(%[1]s_title)
		HAVING sum(t.n) = 1), '')
	WHERE %[1]s_uri = '' AND %[1]s_title != '';`

// fileSize is the size of the file at path, or 0 when there is none.
func fileSize(path string) int64 {
	if path == "" {
		return 0
	}
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

func removeDBFiles(path string) {
	for _, suffix := range []string{"", "-journal", "-wal", "-shm"} {
		os.Remove(path + suffix)
	}
}

func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("sync %s: %w", path, err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("sync %s: %w", path, err)
	}
	return nil
}

func copyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return ErrNotFound
		}
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// Manifest returns the in-flight manifest keyed by path: after CreateFrom,
// the previous save's manifest, for deciding which files changed.
func (b *Builder) Manifest(ctx context.Context) (map[string]SourceFile, error) {
	db, err := b.flushed()
	if err != nil {
		return nil, err
	}
	return readManifest(ctx, db)
}
