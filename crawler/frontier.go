package crawler

import (
	"context"
	"sync"
)

type entryState uint8

const (
	statePending entryState = iota // queued or in flight
	stateDone
	stateFailed
	stateMissing // the site says 404: a dead link, not a failure
)

// frontier is the BFS state: every URI seen (the visited set, keyed by
// canonical URI so that two spellings of one page are one page), the FIFO
// queue for the primary engine, the queue for the browser fallback, and the
// pages in flight. All of it changes under one lock together with the journal,
// so a checkpoint taken under the lock is consistent with the journal offset.
type frontier struct {
	mu   sync.Mutex
	cond *sync.Cond

	seen     map[string]*entry
	queue    []item
	head     int
	fallback []item
	fbHead   int
	inflight map[string]item // by URI, both engines
	primary  int             // primary-engine pages in flight
	fbBusy   int             // fallback pages in flight

	dispatched int // pages handed to the primary engine this run
	maxPages   int
	maxDepth   int
	prefixes   []string
	stopped    bool
	fatal      error

	journal *journal
	gen     string
	stats   runStats
	fails   []failedEntry
	missing []item // the first maxMissingKept dead links, for the summary
}

const maxMissingKept = 1000

type entry struct {
	state entryState
}

// runStats counts this run's outcomes.
type runStats struct {
	OK, Written, Unchanged, Failed int
	Missing                        int
	ByEngine                       map[string]int
	Discovered                     int
	DoneBefore                     int // pages done by earlier runs of this crawl
}

func newFrontier(maxPages, maxDepth int, prefixes []string) *frontier {
	f := &frontier{
		seen:     make(map[string]*entry),
		inflight: make(map[string]item),
		maxPages: maxPages,
		maxDepth: maxDepth,
		prefixes: prefixes,
		stats:    runStats{ByEngine: map[string]int{}},
	}
	f.cond = sync.NewCond(&f.mu)
	return f
}

// addLocked queues a page unless it was seen already or is out of bounds.
// Seeds (depth 0) are exempt from the prefixes: the start page lists the roots.
func (f *frontier) addLocked(l link, depth int) bool {
	if _, ok := f.seen[l.URI]; ok {
		return false
	}
	if depth > 0 && !inPrefixes(l.URI, f.prefixes) {
		return false
	}
	if f.maxDepth > 0 && depth > f.maxDepth {
		return false
	}
	f.seen[l.URI] = &entry{state: statePending}
	f.queue = append(f.queue, item{URI: l.URI, Path: l.Path, Depth: depth})
	f.stats.Discovered++
	return true
}

func (f *frontier) limitReachedLocked() bool {
	return f.maxPages > 0 && f.dispatched >= f.maxPages
}

// idleLocked reports that no page is in flight or waiting for the fallback, so
// no new link can appear.
func (f *frontier) idleLocked() bool {
	return len(f.inflight) == 0 && f.fbHead == len(f.fallback)
}

// next blocks until there is a page for the primary engine, and reports false
// when the crawl has nothing more for it.
func (f *frontier) next() (item, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for {
		if f.stopped || f.limitReachedLocked() {
			return item{}, false
		}
		if f.head < len(f.queue) {
			it := f.queue[f.head]
			f.queue[f.head] = item{}
			f.head++
			f.compactLocked()
			f.inflight[it.URI] = it
			f.primary++
			f.dispatched++
			return it, true
		}
		if f.idleLocked() {
			f.cond.Broadcast()
			return item{}, false
		}
		f.cond.Wait()
	}
}

// nextFallback is next for the browser fallback.
func (f *frontier) nextFallback() (item, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for {
		if f.stopped {
			return item{}, false
		}
		if f.fbHead < len(f.fallback) {
			it := f.fallback[f.fbHead]
			f.fallback[f.fbHead] = item{}
			f.fbHead++
			f.fbBusy++
			return it, true
		}
		primaryOver := f.head == len(f.queue) || f.limitReachedLocked()
		if len(f.inflight) == 0 && primaryOver {
			f.cond.Broadcast()
			return item{}, false
		}
		f.cond.Wait()
	}
}

// compactLocked drops the consumed head of the queue once it dominates.
func (f *frontier) compactLocked() {
	if f.head > 4096 && f.head > len(f.queue)/2 {
		f.queue = append([]item(nil), f.queue[f.head:]...)
		f.head = 0
	}
}

// toFallback moves an in-flight page from the primary engine to the browser.
func (f *frontier) toFallback(it item) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.primary--
	f.fallback = append(f.fallback, it)
	f.cond.Broadcast()
}

// finish records a finished page (journal first, then state), queues its
// links one level deeper, and wakes the workers.
func (f *frontier) finish(it item, viaFallback bool, rec *journalRecord, links []link) {
	f.mu.Lock()
	defer f.mu.Unlock()
	rec.Gen = f.gen
	if f.journal != nil && f.fatal == nil {
		if err := f.journal.append(rec); err != nil {
			f.fatal = err
			f.stopped = true
		}
	}
	delete(f.inflight, it.URI)
	if viaFallback {
		f.fbBusy--
	} else {
		f.primary--
	}
	e := f.seen[it.URI]
	if e == nil {
		e = &entry{}
		f.seen[it.URI] = e
	}
	if rec.Status == "ok" {
		e.state = stateDone
		f.stats.OK++
		f.stats.ByEngine[rec.Engine]++
		if rec.Written {
			f.stats.Written++
		} else {
			f.stats.Unchanged++
		}
		for _, l := range links {
			f.addLocked(l, it.Depth+1)
		}
	} else if rec.Status == "missing" {
		e.state = stateMissing
		f.stats.Missing++
		if len(f.missing) < maxMissingKept {
			f.missing = append(f.missing, it)
		}
	} else {
		e.state = stateFailed
		f.stats.Failed++
		f.fails = append(f.fails, failedEntry{item: it, Err: rec.Err, Attempts: rec.Attempts, Engine: rec.Engine})
	}
	f.cond.Broadcast()
}

// stopOnDone wakes every waiting worker when ctx ends.
func (f *frontier) stopOnDone(ctx context.Context) (stop func() bool) {
	return context.AfterFunc(ctx, func() {
		f.mu.Lock()
		f.stopped = true
		f.cond.Broadcast()
		f.mu.Unlock()
	})
}

// snapshot returns the checkpoint of the current state.
func (f *frontier) snapshot(cp checkpoint) *checkpoint {
	f.mu.Lock()
	defer f.mu.Unlock()
	cp.JournalSize = 0
	if f.journal != nil {
		cp.JournalSize = f.journal.size
	}
	cp.Done = make([]string, 0, len(f.seen))
	for uri, e := range f.seen {
		switch e.state {
		case stateDone:
			cp.Done = append(cp.Done, uri)
		case stateMissing:
			cp.Missing = append(cp.Missing, uri)
		}
	}
	cp.Failed = append([]failedEntry(nil), f.fails...)
	cp.Pending = make([]item, 0, len(f.inflight)+len(f.queue)-f.head+len(f.fallback)-f.fbHead)
	for _, it := range f.inflight {
		cp.Pending = append(cp.Pending, it)
	}
	cp.Pending = append(cp.Pending, f.fallback[f.fbHead:]...)
	cp.Pending = append(cp.Pending, f.queue[f.head:]...)
	return &cp
}

// progressCounts is what the progress line shows.
type progressCounts struct {
	Done, Queued, Failed, Missing, Browser int
}

func (f *frontier) counts() progressCounts {
	f.mu.Lock()
	defer f.mu.Unlock()
	return progressCounts{
		Done:    f.stats.OK + f.stats.Failed + f.stats.Missing,
		Queued:  len(f.queue) - f.head + len(f.inflight) + len(f.fallback) - f.fbHead,
		Failed:  f.stats.Failed,
		Missing: f.stats.Missing,
		Browser: f.stats.ByEngine[EngineChrome],
	}
}
