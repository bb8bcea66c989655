package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/memo"
	"github.com/cupertino-go/cupertino/ranker"
)

// backend holds the index for the handlers.
//
// When opening failed it retries (at most once a second) on the next call, so
// a server started before `cupertino save` finished recovers without a
// restart. When save replaces the file (it renames a new index over the old
// one), the next call after reloadCheck opens the new file and the old one is
// closed once the calls still using it have had time to finish.
type backend struct {
	opts Options
	log  *slog.Logger
	// now reads the clock for the reopen and reload intervals; tests move a
	// fake one instead of sleeping through them. Read under mu.
	now func() time.Time

	closed atomic.Bool

	mu        sync.Mutex
	cur       *snapshot
	openErr   error
	lastTry   time.Time
	lastCheck time.Time
}

// snapshot is one opened index and what is derived from it. The index does
// not change while open, so listings are computed once.
type snapshot struct {
	store *index.Store
	file  os.FileInfo
	// search is built in the background (the ranker loads framework names
	// and source ranges) so that the server answers initialize without
	// waiting for it.
	search *pendingSearcher

	once       sync.Once
	frameworks []index.Framework
	resolver   *ranker.Frameworks // the one framework resolver, as search uses
	sources    map[string]int
	wholes     map[string]int // sample projects, sessions, packages by source (source.Whole)
	meta       map[string]string
	err        error

	// verify backs verify_swift (tools_verify.go).
	verify verifyTable
	// warm starts the semantic model's load once (warmSemantic).
	warm sync.Once
	// usedIn holds read_document's "Used in samples" section by page URI
	// (usedInSamples).
	usedIn textCache
	// pages holds the pages read_document rendered (renderPage).
	pages *memo.Map[pageKey, *readPage]
}

const (
	reopenInterval = time.Second
	reloadCheck    = 2 * time.Second
)

func newBackend(opts Options, log *slog.Logger) *backend {
	b := &backend{opts: opts, log: log, now: time.Now}
	b.mu.Lock()
	b.cur, b.openErr = b.open()
	b.lastTry, b.lastCheck = b.now(), b.now()
	b.mu.Unlock()
	return b
}

func (b *backend) open() (*snapshot, error) {
	info, _ := os.Stat(b.opts.DBPath)
	st, err := index.OpenWithLimits(b.opts.DBPath, serveReadLimits)
	if err != nil {
		b.log.Warn("search index unavailable; every tool will report it until it is fixed", "path", b.opts.DBPath, "err", err)
		return nil, err
	}
	s := &snapshot{store: st, file: info, search: &pendingSearcher{ready: make(chan struct{})},
		pages: memo.NewWeighed[pageKey, *readPage](pageCacheBytes, pageWeight)}
	go b.prepare(s)
	return s, nil
}

// pendingSearcher is a Searcher that becomes available once ready closes.
// close releases the snapshot: its searcher (the ranker's prepared
// statements) when it has finished building, then the store.
func (s *snapshot) close() error {
	s.verify.close()
	select {
	case <-s.search.ready:
		if c, ok := s.search.searcher.(io.Closer); ok {
			c.Close()
		}
	default:
	}
	return s.store.Close()
}

type pendingSearcher struct {
	searcher Searcher // set before ready closes
	ready    chan struct{}
}

// prepare builds the snapshot's searcher, then warms its listings so the
// first list_frameworks or framework filter does not pay for them. The two
// run one after the other: on two cores, in parallel they would only slow
// the first calls. The semantic model waits for warmSemantic.
func (b *backend) prepare(s *snapshot) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	defer raiseGCPercent(startupGCPercent)()
	searcher := b.opts.Searcher
	if searcher == nil && b.opts.NewSearcher != nil {
		var err error
		if searcher, err = b.opts.NewSearcher(ctx, s.store); err != nil {
			// Every other tool still works, and search degrades to BM25. A
			// server shut down while this ran has nothing to report.
			if !b.closed.Load() {
				b.log.Error("ranker unavailable; search falls back to plain full-text ranking", "err", err)
			}
			searcher = nil
		}
	}
	if searcher == nil {
		searcher = textSearcher{store: s.store}
	}
	s.search.searcher = searcher
	close(s.search.ready)
	s.load(ctx)
}

// warmSemantic loads the semantic model and the ranker's section index
// (Engine.Preload) in the background once the first call has been
// answered, so that later requests in words find them ready. Loading them
// at start cost a server's first search about 7 and 5 ms when that search
// was a name, which needs neither; a client that starts a server per call
// (Codex) makes only that one call, and a first request in words loads
// them itself (a search arriving during the load waits for it).
func (b *backend) warmSemantic() {
	// The call just answered has had snapshot() reopen or reload the
	// index as needed: the current one is read as it stands.
	b.mu.Lock()
	s := b.cur
	b.mu.Unlock()
	if s == nil {
		return
	}
	s.warm.Do(func() {
		go func() {
			<-s.search.ready
			p, ok := s.search.searcher.(interface{ Preload(context.Context) error })
			if !ok {
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			defer raiseGCPercent(startupGCPercent)()
			if err := p.Preload(ctx); err != nil && !b.closed.Load() {
				// "ranker semantic: …": prose is ranked by its words; "ranker
				// sections: …": the first request in words reads them again.
				b.log.Warn("ranker preload failed", "err", err)
			}
		}()
	})
}

// snapshot returns the current index, opening or reopening it as needed.
func (b *backend) snapshot() (*snapshot, error) {
	if b == nil {
		return nil, errors.New("no index configured")
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	switch {
	case b.cur == nil && now.Sub(b.lastTry) >= reopenInterval:
		b.lastTry = now
		b.cur, b.openErr = b.open()
	case b.cur != nil && now.Sub(b.lastCheck) >= reloadCheck:
		b.lastCheck = now
		b.reloadIfReplacedLocked()
	}
	if b.cur == nil {
		return nil, fmt.Errorf("%w\nFix: run `cupertino setup` to install an index (or `cupertino save` to rebuild it from fetched sources), or start the server with --search-db pointing at one", b.openErr)
	}
	return b.cur, nil
}

// reloadIfReplacedLocked swaps in a new index when the file at DBPath is no
// longer the one open. A replacement that does not open keeps the old index.
func (b *backend) reloadIfReplacedLocked() {
	info, err := os.Stat(b.opts.DBPath)
	if err != nil || b.cur.file == nil || os.SameFile(info, b.cur.file) && info.ModTime().Equal(b.cur.file.ModTime()) {
		return
	}
	next, err := b.open()
	if err != nil {
		b.log.Warn("index file changed but does not open; serving the previous one", "err", err)
		return
	}
	old := b.cur
	b.cur = next
	b.log.Info("index file replaced; serving the new one", "path", b.opts.DBPath)
	// Calls in flight finish on the old index; none outlives the timeout.
	time.AfterFunc(2*b.opts.CallTimeout+time.Second, func() { old.close() })
}

// get returns the open index or the reason it is not available.
func (b *backend) get() (*index.Store, error) {
	s, err := b.snapshot()
	if err != nil {
		return nil, err
	}
	return s.store, nil
}

// search returns the searcher, waiting for it to be built.
func (b *backend) search(ctx context.Context) (Searcher, error) {
	s, err := b.snapshot()
	if err != nil {
		return nil, err
	}
	select {
	case <-s.search.ready:
		return s.search.searcher, nil
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

// listings computes the framework, source and meta listings once per index.
func (b *backend) listings(ctx context.Context) (*snapshot, error) {
	s, err := b.snapshot()
	if err != nil {
		return nil, err
	}
	if err := s.load(ctx); err != nil {
		// A failed first load (a timeout, say) must not stick: the next call
		// gets a fresh snapshot of the same index.
		b.mu.Lock()
		if b.cur == s {
			b.cur = &snapshot{store: s.store, file: s.file, search: s.search, pages: s.pages}
		}
		b.mu.Unlock()
		return nil, err
	}
	return s, nil
}

// load computes the listings once; callers share the first result.
func (s *snapshot) load(ctx context.Context) error {
	s.once.Do(func() {
		if s.frameworks, s.err = s.store.Frameworks(ctx); s.err != nil {
			return
		}
		s.resolver = ranker.NewFrameworks(ranker.AliasesOf(s.frameworks))
		if s.sources, s.err = s.store.Sources(ctx); s.err != nil {
			return
		}
		if s.wholes, s.err = s.store.WholeCounts(ctx); s.err != nil {
			return
		}
		s.meta, s.err = s.store.Meta(ctx)
	})
	return s.err
}

// freshness is what the index records of its age; an index that cannot be
// read, or records nothing, gives the zero value.
func (b *backend) freshness(ctx context.Context) index.Freshness {
	st, err := b.get()
	if err != nil {
		return index.Freshness{}
	}
	f, err := st.Freshness(ctx)
	if err != nil {
		b.log.Info("freshness not read", "err", err)
		return index.Freshness{}
	}
	return f
}

// resolveFramework maps any spelling of a framework to its identifier.
func (b *backend) resolveFramework(ctx context.Context, name string) (string, error) {
	s, err := b.listings(ctx)
	if err != nil {
		return "", err
	}
	return s.resolver.Resolve(name)
}

// available reports which optional tables have rows, and (needSamples)
// whether the index holds sample projects. An index that cannot be read
// reports everything available, so all tools register and explain.
func (b *backend) available(ctx context.Context) map[string]bool {
	out := map[string]bool{"doc_symbols": true, "inheritance_edges": true, "code_refs": true, needSamples: true}
	st, err := b.get()
	if err != nil {
		return out
	}
	for table := range out {
		var ok bool
		if table == needSamples {
			_, n, serr := st.SampleProjects(ctx, "", 0, 1)
			ok, err = n > 0, serr
		} else {
			ok, err = st.HasRows(ctx, table)
		}
		if err != nil {
			b.log.Warn("index check failed; offering the tool anyway", "table", table, "err", err)
			continue
		}
		out[table] = ok
	}
	return out
}

func (b *backend) close() error {
	b.closed.Store(true)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.cur == nil {
		return nil
	}
	err := b.cur.close()
	b.cur = nil
	b.openErr = errors.New("server closed")
	b.lastTry = b.now().Add(time.Hour)
	return err
}

// Read-pool memory of a long-lived server (index.ReadLimits): mmap off, so
// that touched pages do not pile up in the server's RSS, and a bounded page
// cache per connection instead.
const (
	serveConnections = 4
	serveCacheKiB    = 16 << 10
)

var serveReadLimits = index.ReadLimits{Connections: serveConnections, CacheKiB: serveCacheKiB, NoMmap: true}

// startupGCPercent is the collector's target while a snapshot prepares.
// What start-up allocates (the ranker's tables, the semantic model, the
// listings) stays live, yet at the default GOGC of 100 the young heap was
// collected two or three times over for it, and those cycles were most of
// the spread of a fresh server's first search: the semantic model loaded in
// 7–16 ms, and in 4–5 ms at 400 (docs/benchmarks.md, start-up).
const startupGCPercent = 400

// raiseGCPercent raises the collector's target to at least percent and
// returns the function that restores it. A collector turned off (GOGC=off)
// stays off.
func raiseGCPercent(percent int) (restore func()) {
	old := debug.SetGCPercent(percent)
	if old < 0 || old >= percent {
		debug.SetGCPercent(old)
		return func() {}
	}
	return func() { debug.SetGCPercent(old) }
}
