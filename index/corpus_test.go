package index

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/benchkit"
	"github.com/cupertino-go/cupertino/internal/corpus"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestCorpusSampleBuild indexes an evenly spaced sample of real apple-docs
// pages (CUPERTINO_INDEX_CORPUS_SAMPLE pages, default 1500, 0 for all) and
// reports writer cost, bytes per page and the share of each table, from
// which the full-corpus DB size is extrapolated. CUPERTINO_INDEX_BENCH_SKIP_OPTIMIZE
// leaves out the FTS optimize step of Commit.
func TestCorpusSampleBuild(t *testing.T) {
	root := testenv.CorpusDir(t, testenv.AppleDocsPath)
	sample := 1500
	if v := os.Getenv("CUPERTINO_INDEX_CORPUS_SAMPLE"); v != "" {
		sample, _ = strconv.Atoi(v)
	}
	source, err := corpus.Open(document.SourceAppleDocs, filepath.Join(root, "tutorials", "data", "documentation"), corpus.Options{})
	mustNoErr(t, err)
	listed, err := source.Files(context.Background())
	files := listed.Files
	mustNoErr(t, err)
	stride := 1
	if sample > 0 && len(files) > sample {
		stride = len(files) / sample
	}
	// CUPERTINO_INDEX_CORPUS_OUT keeps the built DB for query measurements.
	dbPath := os.Getenv("CUPERTINO_INDEX_CORPUS_OUT")
	if dbPath == "" {
		dbPath = filepath.Join(t.TempDir(), "search.db")
	}
	opts := testOptions()
	opts.SkipOptimize = os.Getenv("CUPERTINO_INDEX_BENCH_SKIP_OPTIMIZE") != ""
	opts.Logger = slog.New(slog.NewTextHandler(testWriter{t}, nil))
	b, err := Create(dbPath, opts)
	mustNoErr(t, err)
	defer b.Abort()

	var putCPU, putWall time.Duration
	docs, duplicates := 0, 0
	for i := 0; i < len(files); i += stride {
		path := files[i] // Files returns paths under the root
		raw, err := os.ReadFile(path)
		mustNoErr(t, err)
		doc, err := source.Parse(path, raw)
		if err != nil {
			continue // navigator indexes, empty files: the door's business
		}
		doc.Symbols = swiftsym.ExtractDeclaration(doc.Declaration)
		for _, ex := range doc.CodeExamples {
			doc.Symbols = append(doc.Symbols, swiftsym.ExtractCode(ex.Code)...)
		}
		wall, cpu := time.Now(), benchkit.ProcessCPU(0)
		err = b.Put(doc)
		putWall += time.Since(wall)
		putCPU += benchkit.ProcessCPU(0) - cpu
		if errors.Is(err, ErrDuplicateURI) {
			duplicates++
			continue
		}
		mustNoErr(t, err)
		docs++
	}
	commitWall, commitCPU := time.Now(), benchkit.ProcessCPU(0)
	db, err := b.flushed()
	mustNoErr(t, err)
	tableBytes := tableSizes(t, db)
	mustNoErr(t, b.Commit(context.Background()))
	commitTook, commitCPUTook := time.Since(commitWall), benchkit.ProcessCPU(0)-commitCPU
	info, err := os.Stat(dbPath)
	mustNoErr(t, err)

	s := openStore(t, dbPath)
	if n := queryInt(t, s.db, "SELECT count(*) FROM docs"); n != docs {
		t.Fatalf("docs table has %d rows, put %d", n, docs)
	}
	t.Logf("%d pages (stride %d of %d files, %d duplicate URIs): put %.0f µs/page cpu, %.0f µs/page wall; commit %v wall, %v cpu",
		docs, stride, len(files), duplicates, float64(putCPU.Microseconds())/float64(docs),
		float64(putWall.Microseconds())/float64(docs), commitTook.Round(time.Millisecond), commitCPUTook.Round(time.Millisecond))
	perDoc := info.Size() / int64(docs)
	t.Logf("DB %d bytes = %d bytes/page; at 184.8k pages ≈ %.2f GB", info.Size(), perDoc, float64(perDoc)*184800/1e9)
	for _, ts := range tableBytes {
		t.Logf("  %-28s %6.1f%%  %7d bytes/page", ts.name, 100*float64(ts.bytes)/float64(info.Size()), ts.bytes/int64(docs))
	}
}

type tableSize struct {
	name  string
	bytes int64
}

// tableSizes groups dbstat pages by table (FTS shadow tables and indexes
// under their table), largest first. Empty when dbstat is compiled out.
func tableSizes(t *testing.T, db *sql.DB) []tableSize {
	// The builder's pool has one connection: read the owners before dbstat.
	owners := map[string]string{}
	for _, pair := range queryPairs(t, db, "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index'") {
		owners[pair[0]] = pair[1]
	}
	rows, err := db.Query(`SELECT name, sum(pgsize) FROM dbstat GROUP BY name`)
	if err != nil {
		t.Logf("dbstat unavailable: %v", err)
		return nil
	}
	defer rows.Close()
	sums := map[string]int64{}
	for rows.Next() {
		var name string
		var bytes int64
		mustNoErr(t, rows.Scan(&name, &bytes))
		if owner, ok := owners[name]; ok {
			name = owner
		}
		for _, fts := range []string{"docs_fts", "doc_symbols_fts"} {
			if strings.HasPrefix(name, fts+"_") {
				name = fts
			}
		}
		sums[name] += bytes
	}
	var out []tableSize
	for name, bytes := range sums {
		out = append(out, tableSize{name, bytes})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].bytes > out[j].bytes })
	return out
}

func queryPairs(t *testing.T, db *sql.DB, query string) [][2]string {
	rows, err := db.Query(query)
	mustNoErr(t, err)
	defer rows.Close()
	var out [][2]string
	for rows.Next() {
		var a, b string
		mustNoErr(t, rows.Scan(&a, &b))
		out = append(out, [2]string{a, b})
	}
	return out
}

// testWriter routes the builder's log lines to t.Log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}
