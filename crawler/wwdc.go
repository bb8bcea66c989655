package crawler

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/ondisk"
	"github.com/cupertino-go/cupertino/internal/progress"
)

// WWDCListPath is the page that lists every session of every year.
const WWDCListPath = "/videos/all-videos/"

// errNotSession marks an answer that is not a session page (no title): a
// truncated or placeholder page, retried like a malformed one.
var errNotSession = errors.New("not a session page")

// wwdcEngine GETs the HTML pages of Apple's video site through the crawl's
// HTTP engine (origin confinement, timeout, page cap, pacing) and reads them.
type wwdcEngine struct {
	http    *httpEngine
	listURI string
	entries map[string]wwdcEntry // by URI, what the listing said
}

func (e *wwdcEngine) Name() string { return EngineHTTP }

func (e *wwdcEngine) Fetch(ctx context.Context, l link) (*fetched, error) {
	u := e.http.origin + l.Path
	g, err := e.http.get(ctx, u, "text/html")
	if err != nil {
		return nil, err
	}
	defer g.release()
	if l.URI == e.listURI {
		list := parseWWDCListing(string(g.body), e.http.origin)
		if len(list) == 0 {
			return nil, fmt.Errorf("%w: %s lists no session", errNotSession, u)
		}
		return &fetched{parsed: list}, nil
	}
	// Apple answers a withdrawn session with a redirect to the videos home:
	// the session is gone, as a 404 would say.
	if g.final != nil && strings.TrimSuffix(g.final.Path, "/") != strings.TrimSuffix(l.Path, "/") {
		return nil, fmt.Errorf("%w: redirected to %s", ErrNotFound, g.final.Path)
	}
	s, err := parseWWDCSession(string(g.body), e.http.origin, e.entries[l.URI])
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", errNotSession, u, err)
	}
	return &fetched{parsed: s}, nil
}

// wwdcRun is one run of the WWDC fetch.
type wwdcRun struct {
	cfg    Config
	files  crawlFiles
	engine *wwdcEngine

	mu       sync.Mutex
	cp       checkpoint // Done, Missing, Failed as they stand; Pending rebuilt on snapshot
	queue    []item
	inflight map[string]item
	journal  *journal
	res      Result
	started  int // sessions handed to workers this run (MaxPages)
	fatal    error
}

// FetchWWDC fetches WWDC sessions from Apple's video pages into
// <OutputDir>/videos/<year>-<id>.json, in the WWDC corpus's shape, and
// <OutputDir>/all-videos.json listing them. It reads the session list from
// Config.StartURL (default <origin>/videos/all-videos/; a year's page, e.g.
// /videos/wwdc2025/, fetches that year), then each session page.
//
// It is the docs crawl's machinery on other pages: the same HTTP engine,
// limits, retries and pacing (Config.Timeout, MaxPageBytes, Retry,
// RequestDelay, Concurrency), the same checkpoint and journal under
// <OutputDir>/.cupertino-fetch/crawls/<key>/, so a killed fetch resumes
// without fetching a stored session again and a finished one is followed by
// a refresh that rewrites only sessions that changed. MaxPages stops a run
// after that many sessions. Engine, ChromePath, AllowedPrefixes and MaxDepth
// do not apply.
func FetchWWDC(ctx context.Context, in Config) (*Result, error) {
	start := time.Now()
	if in.StartURL == "" {
		origin := in.Origin
		if origin == "" {
			origin = DefaultOrigin
		}
		in.StartURL = strings.TrimSuffix(origin, "/") + WWDCListPath
	}
	cfg, err := in.withDefaults()
	if err != nil {
		return nil, err
	}
	origin, _ := url.Parse(cfg.Origin)
	su, err := url.Parse(cfg.StartURL)
	if err != nil || su.Host != "" && !sameOrigin(su, origin) || !strings.HasPrefix(su.Path, "/videos/") {
		return nil, fmt.Errorf("%w: start URL %q is not a videos page on %s", ErrConfig, cfg.StartURL, cfg.Origin)
	}
	listPath := su.EscapedPath()
	client := cfg.HTTPClient
	if client == nil {
		client = newHTTPClient(cfg.Concurrency, cfg.Timeout)
	}
	w := &wwdcRun{cfg: cfg, inflight: map[string]item{}}
	w.engine = &wwdcEngine{
		http: &httpEngine{
			client: confineRedirects(client, origin), origin: cfg.Origin, originURL: origin,
			userAgent: cfg.UserAgent, timeout: cfg.Timeout, budget: newPageBudget(cfg.MaxPageBytes),
			pacer: &pacer{delay: cfg.RequestDelay, sleep: cfg.sleep, now: time.Now},
		},
		listURI: "wwdc-list:" + listPath,
	}
	key := "wwdc-" + crawlKey(w.engine.listURI, nil)
	w.files = newCrawlFiles(cfg.OutputDir, key)
	if err := os.MkdirAll(filepath.Join(cfg.OutputDir, "videos"), 0o755); err != nil {
		return nil, fmt.Errorf("output dir: %w", err)
	}
	unlock, err := lockCrawl(w.files.dir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if cfg.StartClean {
		if err := w.files.discard(); err != nil {
			return nil, err
		}
	}
	res, err := w.run(ctx, listPath, start)
	if res != nil {
		writeSummary(cfg.Progress, res)
	}
	return res, err
}

func (w *wwdcRun) entriesPath() string { return filepath.Join(w.files.dir, "sessions.json") }

func (w *wwdcRun) run(ctx context.Context, listPath string, start time.Time) (*Result, error) {
	cp, err := w.files.loadCheckpoint()
	if err != nil {
		return nil, err
	}
	w.cp = checkpoint{Version: 1, Key: filepath.Base(w.files.dir), StartURI: w.engine.listURI}
	entries, resumed := w.resumable(cp)
	if resumed {
		w.restore(cp, entries)
		removeStaleTemps(w.cfg.OutputDir)
	} else {
		f, _, err := fetchWithRetry(ctx, w.engine, link{URI: w.engine.listURI, Path: listPath}, w.cfg.Retry, w.cfg.sleep)
		if err != nil {
			return nil, fmt.Errorf("session list %s: %w", listPath, err)
		}
		entries = f.parsed.([]wwdcEntry)
		sort.SliceStable(entries, func(i, j int) bool { return entries[i].Year > entries[j].Year })
		b, err := json.Marshal(entries)
		if err != nil {
			return nil, fmt.Errorf("encode session list: %w", err)
		}
		if err := os.MkdirAll(w.files.dir, 0o755); err != nil {
			return nil, fmt.Errorf("checkpoint dir: %w", err)
		}
		if err := writeFileAtomic(w.entriesPath(), b, true); err != nil {
			return nil, err
		}
		w.cp.Generation = newGeneration()
		for _, e := range entries {
			w.queue = append(w.queue, item{URI: e.uri(), Path: e.path()})
		}
	}
	w.engine.entries = map[string]wwdcEntry{}
	for _, e := range entries {
		w.engine.entries[e.uri()] = e
	}
	w.cp.Status = statusRunning
	if err := w.files.saveCheckpoint(w.snapshot()); err != nil {
		return nil, err
	}
	j, err := w.files.openJournal(!resumed)
	if err != nil {
		return nil, err
	}
	defer j.close()
	w.journal = j
	w.res.Resumed = resumed
	if err := w.files.saveCheckpoint(w.snapshot()); err != nil {
		return nil, err
	}

	// The reporter counts this run's sessions, so that rate and ETA are
	// this run's; the summary says what an earlier run did.
	total := len(w.queue)
	if w.cfg.MaxPages > 0 {
		total = min(total, w.cfg.MaxPages)
	}
	var rep *progress.Reporter
	if w.cfg.Progress != nil {
		rep = progress.New(w.cfg.Progress, w.cfg.ProgressTTY, "wwdc", total)
	}
	var wg sync.WaitGroup
	for range w.cfg.Concurrency {
		wg.Go(func() { w.worker(ctx, rep) })
	}
	stopSaving := saveEvery(w.cfg.CheckpointEvery, func() error { return w.files.saveCheckpoint(w.snapshot()) })
	wg.Wait()
	ckErr := stopSaving()
	if rep != nil {
		rep.Done()
	}

	w.mu.Lock()
	res := w.res
	res.Failures = append([]failedEntry(nil), w.cp.Failed...)
	res.Queued = len(w.queue) + len(w.inflight)
	res.Elapsed = time.Since(start)
	res.Checkpoint, res.Journal = w.files.checkpointPath(), w.files.journalPath()
	res.unit = "sessions"
	fatal := w.fatal
	w.mu.Unlock()
	res.settle(ctx)
	w.cp.Status = res.Status
	if err := w.files.saveCheckpoint(w.snapshot()); err != nil && ckErr == nil {
		ckErr = err
	}
	if n, err := writeWWDCIndex(w.cfg.OutputDir); err != nil && ckErr == nil {
		ckErr = err
	} else {
		res.Indexed = n
	}
	return &res, res.runError(ctx, fatal, ckErr)
}

// resumable returns the saved session list when cp is an unfinished run of
// this fetch (killed, interrupted, stopped at MaxPages) and the list is
// still there.
func (w *wwdcRun) resumable(cp *checkpoint) ([]wwdcEntry, bool) {
	if cp == nil || cp.Key != w.cp.Key || (cp.Status != statusRunning && len(cp.Pending) == 0) {
		// None, or finished (failures or not): a new run refreshes every
		// session and so retries the failed ones.
		return nil, false
	}
	b, err := os.ReadFile(w.entriesPath())
	if err != nil {
		return nil, false
	}
	var entries []wwdcEntry
	if json.Unmarshal(b, &entries) != nil || len(entries) == 0 {
		return nil, false
	}
	for _, e := range entries {
		// Each entry becomes a URI, a page path and a file name: one
		// that names no session (a "..", U+202E) means the list is not
		// the one this fetch wrote, so it is fetched afresh.
		if _, err := docuri.WWDCSession(e.Year, e.ID); err != nil {
			w.cfg.Logger.Warn("session list on disk names a bad session; fetching the list again", "error", err)
			return nil, false
		}
	}
	return entries, true
}

// restore takes the checkpoint's state and the journal written after it:
// a journal line counts only if the file it names still has the hash it
// recorded. Failed sessions are queued again.
func (w *wwdcRun) restore(cp *checkpoint, entries []wwdcEntry) {
	w.cp.Generation = cp.Generation
	done := map[string]bool{}
	missing := map[string]bool{}
	for _, u := range cp.Done {
		done[u] = true
	}
	for _, u := range cp.Missing {
		missing[u] = true
	}
	recs, _ := w.files.readJournal(cp.JournalSize, cp.Generation)
	for _, r := range recs {
		switch r.Status {
		case "missing":
			missing[r.URI] = true
		case "ok":
			if b, err := os.ReadFile(filepath.Join(w.cfg.OutputDir, filepath.FromSlash(r.File))); err == nil && hashHex(b) == r.Hash {
				done[r.URI] = true
			}
		}
	}
	for _, e := range entries {
		u := e.uri()
		switch {
		case done[u]:
			w.cp.Done = append(w.cp.Done, u)
		case missing[u]:
			w.cp.Missing = append(w.cp.Missing, u)
		default:
			w.queue = append(w.queue, item{URI: u, Path: e.path()})
		}
	}
	w.res.DoneBefore = len(w.cp.Done)
	w.cfg.Logger.Info("resuming wwdc fetch", "done", len(w.cp.Done), "queued", len(w.queue), "checkpoint", w.files.checkpointPath())
}

// snapshot is the checkpoint as it stands: queued and in-flight sessions are
// pending, and the journal size covers every finished one.
func (w *wwdcRun) snapshot() *checkpoint {
	w.mu.Lock()
	defer w.mu.Unlock()
	cp := w.cp
	cp.UpdatedAt = time.Now().UTC()
	cp.Done = append([]string{}, w.cp.Done...)
	cp.Missing = append([]string{}, w.cp.Missing...)
	cp.Failed = append([]failedEntry{}, w.cp.Failed...)
	cp.Pending = []item{}
	for _, it := range w.inflight {
		cp.Pending = append(cp.Pending, it)
	}
	sort.Slice(cp.Pending, func(i, j int) bool { return cp.Pending[i].URI < cp.Pending[j].URI })
	cp.Pending = append(cp.Pending, w.queue...)
	if w.journal != nil {
		cp.JournalSize = w.journal.size
	}
	return &cp
}

func (w *wwdcRun) next(ctx context.Context) (item, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if ctx.Err() != nil || w.fatal != nil || len(w.queue) == 0 || w.cfg.MaxPages > 0 && w.started >= w.cfg.MaxPages {
		return item{}, false
	}
	it := w.queue[0]
	w.queue = w.queue[1:]
	w.inflight[it.URI] = it
	w.started++
	return it, true
}

func (w *wwdcRun) worker(ctx context.Context, rep *progress.Reporter) {
	for {
		it, ok := w.next(ctx)
		if !ok {
			return
		}
		f, attempts, err := fetchWithRetry(ctx, w.engine, link{URI: it.URI, Path: it.Path}, w.cfg.Retry, w.cfg.sleep)
		if ctx.Err() != nil {
			return // stays in flight: pending in the checkpoint
		}
		rec := &journalRecord{Gen: w.cp.Generation, URI: it.URI, URL: it.Path, Engine: EngineHTTP, Attempts: attempts, CrawledAt: time.Now().UTC()}
		if err == nil {
			var put putResult
			put, err = w.store(f.parsed.(*ondisk.WWDCSession))
			if err == nil {
				rec.stored(put)
			}
		}
		rec.setErr(err)
		w.finish(it, rec)
		if rep != nil {
			w.mu.Lock()
			detail := fmt.Sprintf("queue %d, failed %d, gone %d", len(w.queue)+len(w.inflight), len(w.cp.Failed), len(w.cp.Missing))
			w.mu.Unlock()
			rep.Add(1, detail)
		}
	}
}

// finish records a session's outcome in the journal and the state, under
// one lock so that a checkpoint never covers half of it.
func (w *wwdcRun) finish(it item, rec *journalRecord) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.inflight, it.URI)
	if err := w.journal.append(rec); err != nil && w.fatal == nil {
		w.fatal = err
	}
	switch rec.Status {
	case "ok":
		w.cp.Done = append(w.cp.Done, it.URI)
		w.res.OK++
		w.res.ByEngine = map[string]int{EngineHTTP: w.res.OK}
		if rec.Written {
			w.res.Written++
		} else {
			w.res.Unchanged++
		}
	case "missing":
		w.cp.Missing = append(w.cp.Missing, it.URI)
		w.res.Missing++
		if len(w.res.MissingURIs) < maxListedFailures {
			w.res.MissingURIs = append(w.res.MissingURIs, it.URI)
		}
	default:
		w.cp.Failed = append(w.cp.Failed, failedEntry{item: it, Err: rec.Err, Attempts: rec.Attempts, Engine: rec.Engine})
	}
}

// store writes a session as indented JSON, unless the file holds the same
// session (extractedAt aside): an unchanged session is not rewritten.
func (w *wwdcRun) store(s *ondisk.WWDCSession) (putResult, error) {
	rel := wwdcEntry{ID: s.ID, Year: s.Year}.file()
	abs := filepath.Join(w.cfg.OutputDir, filepath.FromSlash(rel))
	res := putResult{Path: rel}
	if old, err := os.ReadFile(abs); err == nil && !w.cfg.Force {
		var prev ondisk.WWDCSession
		if json.Unmarshal(old, &prev) == nil {
			s.ExtractedAt = prev.ExtractedAt
			if b, err := encodeSession(s); err == nil && bytes.Equal(b, old) {
				res.Hash = hashHex(old)
				return res, nil
			}
		}
	}
	s.ExtractedAt = time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	b, err := encodeSession(s)
	if err != nil {
		return res, err
	}
	if err := writeFileAtomic(abs, b, false); err != nil {
		return res, err
	}
	res.Hash, res.Written = hashHex(b), true
	return res, nil
}

func encodeSession(s *ondisk.WWDCSession) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, fmt.Errorf("encode session %s-%s: %w", s.Year, s.ID, err)
	}
	return buf.Bytes(), nil
}

func hashHex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// wwdcIndexEntry is one session of all-videos.json.
type wwdcIndexEntry struct {
	ID            string   `json:"id"`
	Year          string   `json:"year"`
	Title         string   `json:"title"`
	Topics        []string `json:"topics"`
	Duration      string   `json:"duration"`
	HasCode       bool     `json:"hasCode"`
	HasTranscript bool     `json:"hasTranscript"`
	URL           string   `json:"url"`
	DataFile      string   `json:"dataFile"`
}

// writeWWDCIndex writes all-videos.json from every stored session: newest
// year first, then by title without regard to case, as the corpus lists them.
func writeWWDCIndex(out string) (int, error) {
	list := []wwdcIndexEntry{}
	err := readJSONFiles(filepath.Join(out, "videos", "*.json"), func(f string, s ondisk.WWDCSession) {
		if s.ID == "" {
			return
		}
		list = append(list, wwdcIndexEntry{
			ID: s.ID, Year: s.Year, Title: s.Title, Topics: s.Topics, Duration: s.Duration,
			HasCode: s.HasCode, HasTranscript: s.HasTranscript, URL: s.URL, DataFile: "videos/" + filepath.Base(f),
		})
	})
	if err != nil {
		return 0, fmt.Errorf("all-videos: %w", err)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].Year != list[j].Year {
			return list[i].Year > list[j].Year
		}
		return strings.ToLower(list[i].Title) < strings.ToLower(list[j].Title)
	})
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(map[string]any{"videos": list}); err != nil {
		return 0, fmt.Errorf("encode all-videos: %w", err)
	}
	return len(list), writeIfChanged(filepath.Join(out, "all-videos.json"), buf.Bytes())
}

// writeIfChanged writes an index file only when its bytes changed: a
// rewrite of the same bytes would still change its mtime, and save would
// re-index the whole source after every fetch.
func writeIfChanged(path string, b []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, b) {
		return nil
	}
	return writeFileAtomic(path, b, false)
}
