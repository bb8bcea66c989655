package index

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// ImportOptions tune ImportParts. The zero value takes the save lock itself,
// checks free space and keeps no previous index.
type ImportOptions struct {
	// Lock is a save lock the caller already holds (LockForSave), taken over
	// and released at the end, as BuildOptions.Lock.
	Lock *SaveLock
	// MinFreeBytes is the free space required beside the index; 0 means the
	// parts' total size. SkipDiskCheck disables the check; FreeSpace
	// replaces StatfsFreeSpace in tests.
	MinFreeBytes  uint64
	SkipDiskCheck bool
	FreeSpace     FreeSpaceFunc
	// KeepPrevious keeps the index being replaced as PreviousPath(dbPath),
	// a hard link that costs no copy.
	KeepPrevious bool
	// Meta are meta rows written into the new index before it is renamed
	// into place: what must describe the index installed and nothing else,
	// as setup's installed manifest (MetaBundleManifest) does. A file
	// beside the index would need a second rename, and a kill between the
	// two would leave it describing the index before.
	Meta map[string]string
	// Expect, when set, is the number of documents per source the parts
	// must hold; a difference is ErrCorrupt, found before anything is
	// installed.
	Expect map[string]int
	// Step is told the name of each step as it starts, for progress.
	Step func(name string)
	// Logger receives each step's duration; nil discards.
	Logger *slog.Logger
}

// ImportResult is what ImportParts installed.
type ImportResult struct {
	Documents map[string]int // per source
	Symbols   int
	// Previous is the kept previous index, "" when none was kept.
	Previous string
}

// PreviousPath is where ImportParts keeps the index it replaced.
func PreviousPath(dbPath string) string { return dbPath + ".previous" }

// ImportParts builds a new index at dbPath from part files that ExportPart
// wrote from one index: the shared part, the search part and one part per
// source wanted. The index is built in "<db>.in-flight" under the save lock
// and renamed over dbPath at the end, so the previous index serves until the
// new one is whole, and a failure leaves it as it was. Parts of another
// schema version give ErrSchemaVersion, parts that do not fit together
// ErrCorrupt, a full disk ErrLowDisk.
func ImportParts(ctx context.Context, dbPath string, parts []string, opts ImportOptions) (res *ImportResult, err error) {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Step == nil {
		opts.Step = func(string) {}
	}
	var lock *buildLock
	if opts.Lock != nil {
		if lock = opts.Lock.take(); lock == nil {
			return nil, fmt.Errorf("%w: the save lock was already released", ErrClosed)
		}
	} else if lock, err = acquireLock(dbPath); err != nil {
		return nil, err
	}
	defer lock.release()
	im := &importer{dbPath: dbPath, inFlight: dbPath + ".in-flight", opts: opts}
	defer func() {
		if err != nil {
			im.discard()
		}
	}()
	if err := im.plan(ctx, parts); err != nil {
		return nil, err
	}
	if !opts.SkipDiskCheck {
		need := opts.MinFreeBytes
		if need == 0 {
			need = im.partBytes + EstimateFreeBytes(0, 0)
		}
		if err := checkFreeSpace(dbPath, opts.FreeSpace, need); err != nil {
			return nil, err
		}
	}
	steps := []struct {
		name string
		run  func(context.Context) error
	}{
		{"copy rows", im.copyParts},
		{"finish full-text index", im.finishSearch},
		{"rebuild symbol index", im.exec("INSERT INTO doc_symbols_fts(doc_symbols_fts) VALUES('rebuild')")},
		{"create indexes", im.exec(schemaIndexesDDL())},
		{"write counts", im.recount},
		{"write meta", im.writeMeta},
		{"analyze", im.exec(analyzeSQL())},
		{"reclaim the space of left-out sources", im.vacuum},
		// Before the rename, as the file will be served: a damaged or forged
		// part must not become the index.
		{"check every page", func(ctx context.Context) error { return quickCheck(ctx, im.conn, false) }},
		{"check the full-text indexes", func(ctx context.Context) error { return checkFullText(ctx, im.conn) }},
	}
	for _, step := range steps {
		opts.Step(step.name)
		started := time.Now()
		if err := step.run(ctx); err != nil {
			if ctx.Err() != nil {
				err = ctx.Err() // SQLite's "interrupted" is the caller's cancellation
			}
			return nil, fmt.Errorf("import: %s: %w", step.name, classifyWriteError(err))
		}
		opts.Logger.Debug("import step", "step", step.name, "took", time.Since(started).Round(time.Millisecond))
	}
	opts.Step("install")
	if err := im.install(ctx); err != nil {
		return nil, fmt.Errorf("import: %w", classifyWriteError(err))
	}
	return &im.result, nil
}

// importer is one ImportParts run.
type importer struct {
	dbPath, inFlight string
	opts             ImportOptions
	sources          []partFile // sorted by source
	search, shared   partFile
	partBytes        uint64
	db               *sql.DB
	conn             *sql.Conn
	result           ImportResult
	// leftOut is set when sources were left out: their full-text rows
	// were deleted, leaving free pages behind.
	leftOut bool
}

type partFile struct {
	path string
	info PartInfo
}

// plan reads every part's kind and checks that they make one index.
func (im *importer) plan(ctx context.Context, parts []string) error {
	seen := map[string]bool{}
	for _, path := range parts {
		fi, err := os.Stat(path)
		if err != nil {
			return fmt.Errorf("import: %w", err)
		}
		im.partBytes += uint64(fi.Size())
		info, err := readPartMeta(ctx, path)
		if err != nil {
			return fmt.Errorf("import %s: %w", path, err)
		}
		name := partName(info.Kind, info.Source)
		if seen[name] {
			return fmt.Errorf("%w: two %s parts", ErrCorrupt, name)
		}
		seen[name] = true
		p := partFile{path: path, info: info}
		switch info.Kind {
		case PartSource:
			im.sources = append(im.sources, p)
		case PartSearch:
			im.search = p
		case PartShared:
			im.shared = p
		}
	}
	if im.search.path == "" || im.shared.path == "" || len(im.sources) == 0 {
		return fmt.Errorf("%w: an index needs the shared part, the search part and at least one source part", ErrCorrupt)
	}
	sort.Slice(im.sources, func(i, j int) bool { return im.sources[i].info.Source < im.sources[j].info.Source })
	return nil
}

// readPartMeta opens a part read-only and reads its bundle_part table.
func readPartMeta(ctx context.Context, path string) (PartInfo, error) {
	info := PartInfo{Documents: map[string]int{}}
	uri, err := fileURI(path, "mode=ro")
	if err != nil {
		return info, err
	}
	db, err := sql.Open("sqlite", uri)
	if err != nil {
		return info, err
	}
	defer db.Close()
	meta := map[string]string{}
	err = sqlrows.Each(ctx, db, "read part", "SELECT key, value FROM "+partMetaTable, nil, func(rows *sql.Rows) error {
		var k, v string
		err := rows.Scan(&k, &v)
		meta[k] = v
		return err
	})
	if err != nil {
		return info, fmt.Errorf("%w: not a bundle part: %v", ErrCorrupt, classifyOpenError(err))
	}
	if v := meta["schema_version"]; v != strconv.Itoa(SchemaVersion) {
		return info, fmt.Errorf("%w: part of schema version %s, this cupertino reads version %d", ErrSchemaVersion, v, SchemaVersion)
	}
	info.Kind, info.Source = meta["kind"], meta["source"]
	switch {
	case info.Kind == PartSource && info.Source != "":
	case info.Kind == PartSearch || info.Kind == PartShared:
	default:
		return info, fmt.Errorf("%w: part of unknown kind %q", ErrCorrupt, info.Kind)
	}
	return info, nil
}

// open (re)opens the in-flight index on one connection.
func (im *importer) open(ctx context.Context) error {
	db, conn, err := partConn(ctx, im.inFlight)
	if err != nil {
		return err
	}
	im.db, im.conn = db, conn
	return nil
}

func (im *importer) close() error {
	if im.db == nil {
		return nil
	}
	im.conn.Close()
	err := im.db.Close()
	im.db, im.conn = nil, nil
	return err
}

// discard removes everything the run wrote; the previous index is untouched.
func (im *importer) discard() {
	im.close()
	removeDBFiles(im.inFlight)
}

func (im *importer) exec(query string) func(context.Context) error {
	return func(ctx context.Context) error {
		_, err := im.conn.ExecContext(ctx, query)
		return err
	}
}

// copyParts creates the tables and copies every part's rows into them.
// The full-text shadow tables are written directly, which docs_fts notices
// only when reopened: finishSearch reopens.
func (im *importer) copyParts(ctx context.Context) error {
	removeDBFiles(im.inFlight)
	if err := im.open(ctx); err != nil {
		return err
	}
	if _, err := im.conn.ExecContext(ctx, schemaTablesDDL()); err != nil {
		return fmt.Errorf("create schema: %w", err)
	}
	for _, p := range im.sources {
		if err := im.copyPart(ctx, p, nil); err != nil {
			return err
		}
	}
	if err := im.copyPart(ctx, im.search, im.checkSearchPart); err != nil {
		return err
	}
	return im.copyPart(ctx, im.shared, nil)
}

// copyPart attaches one part and copies its tables in one transaction;
// check, if given, runs first inside it.
func (im *importer) copyPart(ctx context.Context, p partFile, check func(context.Context, *sql.Tx) error) (err error) {
	if err := attach(ctx, im.conn, p.path, "part", true); err != nil {
		return fmt.Errorf("%s: %w", p.path, err)
	}
	defer func() {
		if _, derr := im.conn.ExecContext(ctx, "DETACH DATABASE part"); err == nil && derr != nil {
			err = derr
		}
	}()
	tx, err := im.conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if check != nil {
		if err := check(ctx, tx); err != nil {
			return err
		}
	}
	main, err := listTables(ctx, tx, "main")
	if err != nil {
		return err
	}
	exists := map[string]bool{}
	for _, t := range main {
		exists[t.name] = true
	}
	tables, err := listTables(ctx, tx, "part")
	if err != nil {
		return err
	}
	for _, t := range tables {
		if t.name == partMetaTable || t.name == docSourceTable {
			continue
		}
		if !exists[t.name] {
			// The schema names every table a part may bring (see Parts).
			return unknownTable(p.path, t.name)
		} else if isFTSShadow(t.name) {
			// CREATE VIRTUAL TABLE wrote an empty index's records.
			if _, err := tx.ExecContext(ctx, "DELETE FROM main."+quoteIdent(t.name)); err != nil {
				return fmt.Errorf("clear %s: %w", t.name, err)
			}
		}
		if _, err := tx.ExecContext(ctx, copyRowsSQL(t, "part", "", deflateFunc)); err != nil {
			if isUniqueViolation(err) {
				return fmt.Errorf("%w: %s: parts overlap in %s: %v", ErrCorrupt, p.path, t.name, err)
			}
			return fmt.Errorf("copy %s from %s: %w", t.name, p.path, err)
		}
	}
	return tx.Commit()
}

// checkSearchPart checks that the search part indexes exactly the
// documents the source parts brought (the parts are of one index), and
// records the rows of sources left out for finishSearch to delete.
func (im *importer) checkSearchPart(ctx context.Context, tx *sql.Tx) error {
	var strays int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM main.docs d LEFT JOIN part.`+docSourceTable+` s ON s.id = d.id
		WHERE s.source IS NOT d.source`).Scan(&strays); err != nil {
		return err
	}
	if strays > 0 {
		return fmt.Errorf("%w: %d documents are not in the search part: the parts come from different indexes", ErrCorrupt, strays)
	}
	_, err := tx.ExecContext(ctx, `CREATE TABLE main.import_fts_dropped AS
		SELECT id FROM part.`+docSourceTable+` WHERE id NOT IN (SELECT id FROM main.docs)`)
	return err
}

// finishSearch reopens the index, so that docs_fts reads the shadow rows
// copied into it, deletes the rows of the sources left out and checks that
// every document, and only those, has a full-text row.
func (im *importer) finishSearch(ctx context.Context) error {
	if err := im.close(); err != nil {
		return err
	}
	if err := im.open(ctx); err != nil {
		return err
	}
	for _, table := range []string{FTSTable, PartsFTSTable} {
		res, err := im.conn.ExecContext(ctx, `DELETE FROM `+table+` WHERE rowid IN (SELECT id FROM import_fts_dropped)`)
		if err != nil {
			return fmt.Errorf("delete left-out sources: %w", err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			im.leftOut = true
			if _, err := im.conn.ExecContext(ctx, "INSERT INTO "+table+"("+table+") VALUES('optimize')"); err != nil {
				return err
			}
		}
	}
	if _, err := im.conn.ExecContext(ctx, `DROP TABLE import_fts_dropped`); err != nil {
		return err
	}
	var docs, indexed int
	if err := im.conn.QueryRowContext(ctx, "SELECT (SELECT count(*) FROM docs), (SELECT count(*) FROM docs_fts_docsize) + (SELECT count(*) FROM parts_fts_docsize)").Scan(&docs, &indexed); err != nil {
		return err
	}
	if docs != indexed {
		return fmt.Errorf("%w: %d documents but %d full-text rows", ErrCorrupt, docs, indexed)
	}
	return nil
}

// vacuum drops the free pages the deleted full-text rows left: the
// Swift Evolution and Swift book parts alone made a 69 MB file, 14 MB after.
func (im *importer) vacuum(ctx context.Context) error {
	if !im.leftOut {
		return nil
	}
	_, err := im.conn.ExecContext(ctx, "VACUUM")
	return err
}

func (im *importer) recount(ctx context.Context) error {
	if err := recount(ctx, im.conn); err != nil {
		return err
	}
	im.result.Documents = map[string]int{}
	err := sqlrows.Each(ctx, im.conn, "count sources", "SELECT source, count(*) FROM docs GROUP BY source", nil,
		func(rows *sql.Rows) error {
			var s string
			var n int
			err := rows.Scan(&s, &n)
			im.result.Documents[s] = n
			return err
		})
	if err != nil {
		return err
	}
	for source, n := range im.opts.Expect {
		if got := im.result.Documents[source]; got != n {
			return fmt.Errorf("%w: %d documents of %s, %d expected", ErrCorrupt, got, source, n)
		}
	}
	return im.conn.QueryRowContext(ctx, "SELECT count(*) FROM doc_symbols").Scan(&im.result.Symbols)
}

// writeMeta writes ImportOptions.Meta into the new index.
func (im *importer) writeMeta(ctx context.Context) error {
	keys := make([]string, 0, len(im.opts.Meta))
	for k := range im.opts.Meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, err := im.conn.ExecContext(ctx, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", k, im.opts.Meta[k]); err != nil {
			return err
		}
	}
	return nil
}

// install closes the finished file and renames it into place; the
// previous index, if kept, becomes a hard link first.
func (im *importer) install(ctx context.Context) error {
	if _, err := im.conn.ExecContext(ctx, "PRAGMA journal_mode=DELETE"); err != nil {
		return fmt.Errorf("set journal mode: %w", err)
	}
	if err := im.close(); err != nil {
		return fmt.Errorf("close in-flight index: %w", err)
	}
	if err := syncFile(im.inFlight); err != nil {
		return err
	}
	if im.opts.KeepPrevious {
		if _, err := os.Stat(im.dbPath); err == nil {
			prev := PreviousPath(im.dbPath)
			os.Remove(prev)
			if err := os.Link(im.dbPath, prev); err != nil {
				im.opts.Logger.Warn("previous index not kept", "err", err)
			} else {
				im.result.Previous = prev
			}
		}
	}
	// As in Commit, the rename is the one step that changes what readers
	// open: before it they get the previous index, after it the new one.
	if err := os.Rename(im.inFlight, im.dbPath); err != nil {
		return fmt.Errorf("install index: %w", err)
	}
	os.Remove(im.dbPath + "-journal")
	return syncFile(filepath.Dir(im.dbPath))
}

// schemaTablesDDL and schemaIndexesDDL split schemaDDL: a bulk load is
// faster into bare tables, with each index built once at the end.
func schemaTablesDDL() string  { return schemaStatements(false) }
func schemaIndexesDDL() string { return schemaStatements(true) }
func schemaStatements(indexes bool) string {
	var out []string
	for _, stmt := range strings.Split(schemaDDL, ";") {
		stmt = strings.TrimSpace(stmt)
		if stmt == "" || strings.HasPrefix(stmt, "CREATE INDEX") != indexes {
			continue
		}
		out = append(out, stmt)
	}
	return strings.Join(out, ";\n") + ";"
}
