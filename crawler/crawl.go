package crawler

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"sync"
	"time"
)

// Result is what a crawl did in this run.
type Result struct {
	// Status is "complete", "incomplete" (failures or a page limit) or
	// "running" (interrupted; resumable).
	Status      string
	OK          int            // pages fetched and stored
	Written     int            // of which written (new or changed)
	Unchanged   int            // of which identical to what was on disk
	Missing     int            // links the site answered 404 for: dead links
	MissingURIs []string       // the first of them
	ByEngine    map[string]int // pages per engine
	Failures    []failedEntry  // pages given up on
	Queued      int            // pages left for a later run (page limit, interruption)
	DoneBefore  int            // pages done by earlier runs of this crawl
	Resumed     bool
	Elapsed     time.Duration
	// ChromeTime is the time spent in browser fetches, and ChromeRSS the
	// browser's peak resident memory in bytes, when it ran.
	ChromeTime time.Duration
	ChromeRSS  int64
	Checkpoint string // the checkpoint file
	Journal    string // the per-page metadata of this crawl
	// Indexed is the number of sessions all-videos.json lists (FetchWWDC).
	Indexed int

	unit string // what the summary counts: "pages" unless set
}

// units is what the result counts: "pages" or, for WWDC, "sessions".
func (r *Result) units() string {
	if r.unit == "" {
		return "pages"
	}
	return r.unit
}

// settle sets Status from how the run ended: running (resumable) when ctx
// is done, incomplete with failures or pages left, complete otherwise.
func (r *Result) settle(ctx context.Context) {
	switch {
	case ctx.Err() != nil:
		r.Status = statusRunning
	case len(r.Failures) > 0 || r.Queued > 0:
		r.Status = statusIncomplete
	default:
		r.Status = statusComplete
	}
}

// runError is what a run that ended with r returns: its fatal error, else
// the checkpoint's, else ctx's, else ErrIncomplete when some failed.
func (r *Result) runError(ctx context.Context, fatal, ckErr error) error {
	switch {
	case fatal != nil:
		return fatal
	case ckErr != nil:
		return ckErr
	case ctx.Err() != nil:
		return ctx.Err()
	case len(r.Failures) > 0:
		return fmt.Errorf("%w: %d of %d %s failed", ErrIncomplete, len(r.Failures), r.OK+len(r.Failures), r.units())
	}
	return nil
}

// crawler holds one run.
type crawler struct {
	cfg      Config
	site     site
	files    crawlFiles
	store    *store
	front    *frontier
	pacer    *pacer
	budget   *pageBudget
	primary  Engine
	fallback bool   // auto: placeholders go to the browser
	fbEngine Engine // the browser, or a test stand-in

	chromeOnce sync.Once
	chrome     *chromeEngine
	chromeErr  error
	chromeMu   sync.Mutex
	chromeTime time.Duration
	chromeRSS  int64
}

// Crawl runs (or resumes) an apple-docs crawl. It returns ErrIncomplete
// (wrapped) when pages failed, and ctx.Err() when interrupted; in both cases
// the checkpoint lets the next run continue.
func Crawl(ctx context.Context, cfg Config) (*Result, error) {
	c, err := newCrawler(cfg)
	if err != nil {
		return nil, err
	}
	return c.run(ctx)
}

func newCrawler(in Config) (*crawler, error) {
	cfg, err := in.withDefaults()
	if err != nil {
		return nil, err
	}
	c := &crawler{cfg: cfg, site: cfg.site}
	if c.site == nil {
		c.site = docsSite{}
	}
	c.pacer = &pacer{delay: cfg.RequestDelay, sleep: cfg.sleep, now: time.Now}
	c.store = &store{dir: cfg.OutputDir, force: cfg.Force}
	c.budget = newPageBudget(cfg.MaxPageBytes)
	client := cfg.HTTPClient
	if client == nil {
		client = newHTTPClient(cfg.Concurrency, cfg.Timeout)
	}
	origin, err := url.Parse(cfg.Origin)
	if err != nil {
		return nil, fmt.Errorf("%w: origin: %w", ErrConfig, err)
	}
	if !c.site.browsable() {
		// Pages no script loads: the browser has nothing to add.
		if cfg.Engine == EngineChrome {
			return nil, fmt.Errorf("%w: engine chrome: these pages are fetched over HTTP only", ErrConfig)
		}
		c.cfg.Engine = EngineHTTP
	}
	switch c.cfg.Engine {
	case EngineChrome:
		c.primary = lazyChrome{c}
	default:
		c.primary = &httpEngine{
			site:   c.site,
			client: confineRedirects(client, origin), origin: cfg.Origin, originURL: origin,
			userAgent: cfg.UserAgent, pacer: c.pacer, timeout: cfg.Timeout, budget: c.budget,
		}
		c.fallback = c.cfg.Engine == EngineAuto
	}
	c.fbEngine = lazyChrome{c}
	if cfg.testFallback != nil {
		c.fbEngine = cfg.testFallback
	}
	return c, nil
}

func (c *crawler) run(ctx context.Context) (*Result, error) {
	start := time.Now()
	seeds, prefixes, err := c.site.seeds(&c.cfg)
	if err != nil {
		return nil, err
	}
	if _, err := FindChromium(c.cfg.ChromePath); err != nil && c.site.browsable() {
		switch c.cfg.Engine {
		case EngineChrome:
			return nil, fmt.Errorf("engine chrome: %w", err)
		case EngineAuto:
			c.cfg.Logger.Warn("chromium not found: crawling with HTTP only; browser-only pages will be recorded as failures", "hint", "apt-get install chromium")
		}
	}
	key := c.site.key(seeds, prefixes)
	c.files = newCrawlFiles(c.cfg.OutputDir, key)
	c.front = newFrontier(c.cfg.MaxPages, c.cfg.MaxDepth, prefixes)
	if err := os.MkdirAll(c.cfg.OutputDir, 0o755); err != nil {
		return nil, fmt.Errorf("output dir: %w", err)
	}
	unlock, err := lockCrawl(c.files.dir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if c.cfg.StartClean {
		if err := c.files.discard(); err != nil {
			return nil, err
		}
	}
	cp, err := c.files.loadCheckpoint()
	if err != nil {
		return nil, err
	}
	base := checkpoint{Version: 1, Key: key, StartURI: seeds[0].URI, Prefixes: prefixes}
	// An unfinished crawl (killed, interrupted, stopped at the page limit)
	// resumes; a finished one, failures or not, is followed by a new crawl,
	// which refreshes every page and retries the failed ones.
	resumed := cp != nil && cp.Key == key && (cp.Status == statusRunning || len(cp.Pending) > 0)
	if resumed {
		base.Generation = cp.Generation
		if err := c.restore(cp); err != nil {
			return nil, err
		}
		removeStaleTemps(c.cfg.OutputDir)
	} else {
		base.Generation = newGeneration()
		c.front.gen = base.Generation
		for _, s := range seeds {
			c.front.addLocked(s, 0)
		}
	}
	base.Status = statusRunning
	if !resumed {
		// The checkpoint that names the new generation is on disk before
		// the journal is started over, so a kill in between cannot mix
		// generations.
		if err := c.files.saveCheckpoint(c.front.snapshot(base)); err != nil {
			return nil, err
		}
	}
	j, err := c.files.openJournal(!resumed)
	if err != nil {
		return nil, err
	}
	defer j.close()
	c.front.journal = j
	if err := c.files.saveCheckpoint(c.front.snapshot(base)); err != nil {
		return nil, err
	}
	defer c.closeChrome()

	stopWake := c.front.stopOnDone(ctx)
	defer stopWake()
	prog := newProgressLoop(c)
	var wg sync.WaitGroup
	workers := c.cfg.Concurrency
	if c.cfg.Engine == EngineChrome {
		workers = c.cfg.ChromeTabs
	}
	for range workers {
		wg.Go(func() { c.worker(ctx, c.front.next, c.primary, false) })
	}
	if c.fallback {
		for range c.cfg.ChromeTabs {
			wg.Go(func() { c.worker(ctx, c.front.nextFallback, c.fbEngine, true) })
		}
	}
	stopSaving := saveEvery(c.cfg.CheckpointEvery, func() error { return c.files.saveCheckpoint(c.front.snapshot(base)) })
	wg.Wait()
	ckErr := stopSaving()
	prog.stop()

	res := c.result(start, resumed)
	res.settle(ctx)
	base.Status = res.Status
	if err := c.files.saveCheckpoint(c.front.snapshot(base)); err != nil && ckErr == nil {
		ckErr = err
	}
	c.front.mu.Lock()
	fatal := c.front.fatal
	c.front.mu.Unlock()
	writeSummary(c.cfg.Progress, res)
	return res, res.runError(ctx, fatal, ckErr)
}

func (c *crawler) result(start time.Time, resumed bool) *Result {
	f := c.front
	f.mu.Lock()
	defer f.mu.Unlock()
	res := &Result{
		OK: f.stats.OK, Written: f.stats.Written, Unchanged: f.stats.Unchanged, Missing: f.stats.Missing,
		ByEngine: map[string]int{}, Failures: append([]failedEntry(nil), f.fails...),
		Queued:     len(f.queue) - f.head + len(f.inflight) + len(f.fallback) - f.fbHead,
		DoneBefore: f.stats.DoneBefore, Resumed: resumed, Elapsed: time.Since(start),
		Checkpoint: c.files.checkpointPath(), Journal: c.files.journalPath(),
	}
	for _, it := range f.missing {
		res.MissingURIs = append(res.MissingURIs, it.URI)
	}
	for k, v := range f.stats.ByEngine {
		res.ByEngine[k] = v
	}
	c.chromeMu.Lock()
	res.ChromeTime, res.ChromeRSS = c.chromeTime, c.chromeRSS
	c.chromeMu.Unlock()
	return res
}

func newGeneration() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// restore loads a checkpoint and replays the journal written after it.
// Failed pages of the earlier run are queued again: their failures may have
// been transient.
func (c *crawler) restore(cp *checkpoint) error {
	f := c.front
	f.gen = cp.Generation
	for _, u := range cp.Done {
		f.seen[u] = &entry{state: stateDone}
	}
	for _, u := range cp.Missing {
		f.seen[u] = &entry{state: stateMissing}
	}
	f.stats.DoneBefore = len(cp.Done)
	requeue := func(it item) {
		if _, ok := f.seen[it.URI]; !ok {
			f.seen[it.URI] = &entry{state: statePending}
			f.queue = append(f.queue, it)
		}
	}
	for _, it := range cp.Pending {
		requeue(it)
	}
	for _, fe := range cp.Failed {
		requeue(fe.item)
	}
	recs, err := c.files.readJournal(cp.JournalSize, cp.Generation)
	if err != nil {
		return err
	}
	replayed := 0
	for _, r := range recs {
		if r.Status == "missing" {
			if e := f.seen[r.URI]; e == nil || e.state == statePending {
				f.seen[r.URI] = &entry{state: stateMissing}
			}
			continue
		}
		if r.Status != "ok" {
			continue
		}
		// Trust a journal line only if the file it names still holds what
		// was fetched; otherwise the page is simply fetched again.
		hash, body, err := c.store.fileHash(r.File)
		if err != nil || hash != r.Hash {
			continue
		}
		info, err := c.site.reread(link{URI: r.URI, Path: r.URL}, body)
		if err != nil {
			continue
		}
		e := f.seen[r.URI]
		if e == nil {
			e = &entry{}
			f.seen[r.URI] = e
		}
		if e.state != stateDone {
			f.stats.DoneBefore++
		}
		e.state = stateDone
		replayed++
		for _, l := range linksOf(c.site, c.cfg.Origin, info) {
			f.addLocked(l, r.Depth+1)
		}
	}
	// Pages the journal finished are no longer pending.
	kept := f.queue[:0]
	for _, it := range f.queue[f.head:] {
		if f.seen[it.URI].state == statePending {
			kept = append(kept, it)
		}
	}
	f.queue, f.head = kept, 0
	c.cfg.Logger.Info("resuming crawl", "done", f.stats.DoneBefore, "queued", len(f.queue), "replayed", replayed, "checkpoint", c.files.checkpointPath())
	return nil
}

// worker processes the pages next hands out with engine e until next has
// none left: the primary workers take the queue, the fallback workers the
// pages HTTP could not get.
func (c *crawler) worker(ctx context.Context, next func() (item, bool), e Engine, viaFallback bool) {
	for {
		it, ok := next()
		if !ok {
			return
		}
		c.processItem(ctx, it, e, viaFallback)
	}
}

// processItem fetches one page with one engine, stores it and records the
// outcome. A placeholder from HTTP goes to the browser when there is one.
func (c *crawler) processItem(ctx context.Context, it item, e Engine, viaFallback bool) {
	l := link{URI: it.URI, Path: it.Path}
	page, attempts, err := fetchWithRetry(ctx, e, l, c.cfg.Retry, c.cfg.sleep)
	if ctx.Err() != nil {
		// Interrupted: the page stays pending in the checkpoint.
		return
	}
	if err != nil && !viaFallback && c.fallback && errors.Is(err, ErrPlaceholder) {
		c.front.toFallback(it)
		return
	}
	rec := &journalRecord{URI: it.URI, URL: it.Path, Depth: it.Depth, Engine: e.Name(), Attempts: attempts, CrawledAt: time.Now().UTC()}
	var links []link
	if err == nil {
		var put putResult
		put, err = c.site.put(c.store, l, page)
		page.done()
		if err == nil {
			rec.stored(put)
			links = linksOf(c.site, c.cfg.Origin, page.Info)
		}
	}
	rec.setErr(err)
	c.front.finish(it, viaFallback, rec, links)
}

// lazyChrome starts the browser on first use, so crawls that never meet a
// browser-only page never pay for one.
type lazyChrome struct{ c *crawler }

func (lazyChrome) Name() string { return EngineChrome }

func (l lazyChrome) Fetch(ctx context.Context, target link) (*fetched, error) {
	c := l.c
	c.chromeOnce.Do(func() {
		path, err := FindChromium(c.cfg.ChromePath)
		if err != nil {
			c.chromeErr = err
			return
		}
		eng, err := newChromeEngine(context.WithoutCancel(ctx), chromeOptions{
			Path: path, Origin: c.cfg.Origin, Tabs: c.cfg.ChromeTabs, Timeout: c.cfg.Timeout, Pacer: c.pacer, Budget: c.budget, Site: c.site,
		})
		c.chromeMu.Lock()
		c.chrome, c.chromeErr = eng, err
		c.chromeMu.Unlock()
		if c.chromeErr != nil {
			c.cfg.Logger.Warn("chromium did not start: browser-only pages will be recorded as failures", "err", c.chromeErr)
		}
	})
	if c.chromeErr != nil {
		return nil, fmt.Errorf("%w: %w", errChromeUnavailable, c.chromeErr)
	}
	t0 := time.Now()
	f, err := c.chrome.Fetch(ctx, target)
	c.chromeMu.Lock()
	c.chromeTime += time.Since(t0)
	c.chromeMu.Unlock()
	return f, err
}

func (c *crawler) sampleChromeRSS() {
	c.chromeMu.Lock()
	eng := c.chrome
	c.chromeMu.Unlock()
	if eng == nil {
		return
	}
	rss := eng.RSS()
	c.chromeMu.Lock()
	c.chromeRSS = max(c.chromeRSS, rss)
	c.chromeMu.Unlock()
}

func (c *crawler) closeChrome() {
	c.sampleChromeRSS()
	c.chromeMu.Lock()
	eng := c.chrome
	c.chromeMu.Unlock()
	if eng != nil {
		eng.Close()
	}
}
