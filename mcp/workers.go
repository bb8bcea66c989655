package mcp

import (
	"context"
	"math"
	"net"
	"net/http"
	"runtime"
	"sync"
	"time"
)

// The worker slots tool calls run in (Options.MaxConcurrent), shared fairly
// between callers. A caller is an HTTP session (or, for clients without
// sessions, an address); stdio has one caller. Two rules keep one caller
// from starving the others:
//
//   - an HTTP caller holds at most perCallerSlots of them at once, so some
//     are always left for the rest;
//   - a freed slot goes to the waiting caller that holds the fewest; among
//     equals, to a call that has waited starvedAfter or more (the longest
//     waiting first), then to the one that has used the slots least lately
//     (their time held, halved every usageHalfLife), then to the longest
//     waiting. A client looping on costly calls queues behind one that
//     asks little, not the other way round, and no call waits for ever;
//   - verify_swift, whose calls cost tens of times the CPU of the others
//     (a 64 KiB file about 0.05 s), runs on at most half the cores at once,
//     so that checks in a loop cannot take every core from the searches.
//
// A slot is held until the call's work really ends, past its deadline if
// need be (runBounded), so that abandoned work cannot pile up; the work
// checks its context, so that is moments after the timeout answer.

// workerPool hands out the worker slots.
type workerPool struct {
	capacity int

	// toolLimits bound the slots the calls of one tool hold at once.
	toolLimits map[string]int

	mu       sync.Mutex
	busy     int
	held     map[string]int    // busy slots by caller
	toolBusy map[string]int    // busy slots by tool, for the limited ones
	usage    map[string]*usage // recent slot time by caller
	waiting  []*slotWaiter     // in arrival order
}

// usage is a caller's recent slot time, decayed to at.
type usage struct {
	held time.Duration
	at   time.Time
}

// usageHalfLife is how fast past use is forgiven.
const usageHalfLife = 10 * time.Second

// maxUsageEntries bounds the callers remembered; past it the idle ones
// whose use has decayed to nothing are forgotten.
const maxUsageEntries = 1024

// decayed is u's slot time as of now.
func (u *usage) decayed(now time.Time) time.Duration {
	if u == nil {
		return 0
	}
	halvings := float64(now.Sub(u.at)) / float64(usageHalfLife)
	return time.Duration(float64(u.held) / math.Exp2(halvings))
}

// slotWaiter is a call waiting for a slot.
type slotWaiter struct {
	caller  caller
	tool    string
	since   time.Time
	granted chan struct{} // closed when the slot is its
}

// caller is who a call counts against.
type caller struct {
	key string
	// shared: the pool is shared with other callers (HTTP), so this one is
	// held to perCallerSlots.
	shared bool
}

func newWorkerPool(capacity int) *workerPool {
	return &workerPool{capacity: capacity, held: map[string]int{}, usage: map[string]*usage{}, toolBusy: map[string]int{},
		toolLimits: map[string]int{verifyToolName: max(1, min(capacity, runtime.GOMAXPROCS(0)/2))}}
}

// perCallerSlots is the most slots one HTTP caller holds at once: three
// quarters of them, so that a quarter is always left for the others.
func (p *workerPool) perCallerSlots() int { return max(1, p.capacity-p.capacity/4) }

// limit is how many slots c may hold.
func (p *workerPool) limit(c caller) int {
	if c.shared {
		return p.perCallerSlots()
	}
	return p.capacity
}

// may says whether a call of tool for c may take a free slot; p.mu is held.
func (p *workerPool) may(c caller, tool string) bool {
	if limit, ok := p.toolLimits[tool]; ok && p.toolBusy[tool] >= limit {
		return false
	}
	return p.busy < p.capacity && p.held[c.key] < p.limit(c)
}

// acquire waits for a slot for a call of tool for c within ctx; release
// gives it back.
func (p *workerPool) acquire(ctx context.Context, c caller, tool string) (release func(), err error) {
	p.mu.Lock()
	if p.may(c, tool) {
		// Nobody who could take this slot is waiting: grant assigns free
		// slots to eligible waiters at once.
		p.take(c, tool)
		p.mu.Unlock()
		return p.releaser(c, tool, time.Now()), nil
	}
	w := &slotWaiter{caller: c, tool: tool, since: time.Now(), granted: make(chan struct{})}
	p.waiting = append(p.waiting, w)
	p.mu.Unlock()

	select {
	case <-w.granted:
		return p.releaser(c, tool, time.Now()), nil
	case <-ctx.Done():
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-w.granted: // granted as the deadline came: give it on
		p.put(c, tool, 0)
		p.grant()
	default:
		p.remove(w)
	}
	return nil, context.Cause(ctx)
}

// releaser returns the slot taken at since once, counting its time to c.
func (p *workerPool) releaser(c caller, tool string, since time.Time) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			p.mu.Lock()
			defer p.mu.Unlock()
			p.put(c, tool, time.Since(since))
			p.grant()
		})
	}
}

// take and put count a slot in and out; p.mu is held.
func (p *workerPool) take(c caller, tool string) {
	p.busy++
	p.held[c.key]++
	if _, limited := p.toolLimits[tool]; limited {
		p.toolBusy[tool]++
	}
}

func (p *workerPool) put(c caller, tool string, held time.Duration) {
	p.busy--
	if p.held[c.key]--; p.held[c.key] <= 0 {
		delete(p.held, c.key)
	}
	if _, limited := p.toolLimits[tool]; limited {
		p.toolBusy[tool]--
	}
	now := time.Now()
	u := p.usage[c.key]
	if u == nil {
		if len(p.usage) >= maxUsageEntries {
			p.forgetIdle(now)
		}
		u = &usage{}
		p.usage[c.key] = u
	}
	u.held, u.at = u.decayed(now)+held, now
}

// forgetIdle drops the callers that hold nothing and whose use has
// decayed below a millisecond; p.mu is held.
func (p *workerPool) forgetIdle(now time.Time) {
	for key, u := range p.usage {
		if p.held[key] == 0 && u.decayed(now) < time.Millisecond {
			delete(p.usage, key)
		}
	}
}

// starvedAfter is how long a call may wait before it goes ahead of the
// callers that used the slots less: with every session busy (200 asking
// again as soon as answered), the one that happened to use the most kept
// losing to the others until its call timed out.
const starvedAfter = 2 * time.Second

// before says whether waiter a goes before waiter b; p.mu is held.
func (p *workerPool) before(a, b *slotWaiter, now time.Time) bool {
	if ha, hb := p.held[a.caller.key], p.held[b.caller.key]; ha != hb {
		return ha < hb
	}
	if sa, sb := now.Sub(a.since) >= starvedAfter, now.Sub(b.since) >= starvedAfter; sa || sb {
		if sa != sb {
			return sa
		}
		return a.since.Before(b.since)
	}
	if ua, ub := p.usage[a.caller.key].decayed(now), p.usage[b.caller.key].decayed(now); ua != ub {
		return ua < ub
	}
	return a.since.Before(b.since)
}

// grant gives the free slots to the waiters that may take them, in the
// order before sets; p.mu is held.
func (p *workerPool) grant() {
	now := time.Now()
	for p.busy < p.capacity {
		best := -1
		for i, w := range p.waiting {
			if !p.may(w.caller, w.tool) {
				continue
			}
			if best < 0 || p.before(w, p.waiting[best], now) {
				best = i
			}
		}
		if best < 0 {
			return
		}
		w := p.waiting[best]
		p.waiting = append(p.waiting[:best], p.waiting[best+1:]...)
		p.take(w.caller, w.tool)
		close(w.granted)
	}
}

// remove drops a waiter that gave up; p.mu is held.
func (p *workerPool) remove(w *slotWaiter) {
	for i, x := range p.waiting {
		if x == w {
			p.waiting = append(p.waiting[:i], p.waiting[i+1:]...)
			return
		}
	}
}

// WorkerLoad is how busy the worker slots are.
type WorkerLoad struct {
	// Busy slots run a call, or work abandoned at its deadline that has not
	// stopped yet; Capacity is Options.MaxConcurrent.
	Busy     int `json:"busy"`
	Capacity int `json:"capacity"`
	// Waiting calls wait for a slot; the oldest has waited OldestWaitMS.
	Waiting      int   `json:"waiting"`
	OldestWaitMS int64 `json:"oldest_wait_ms"`
}

// saturatedAfter is how long a call must have waited for a slot before the
// server calls itself saturated: bursts that wait a moment are normal.
const saturatedAfter = time.Second

// Saturated says every slot is busy and a call has waited longer than
// saturatedAfter for one.
func (l WorkerLoad) Saturated() bool {
	return l.Busy >= l.Capacity && l.Waiting > 0 && time.Duration(l.OldestWaitMS)*time.Millisecond >= saturatedAfter
}

func (p *workerPool) load() WorkerLoad {
	p.mu.Lock()
	defer p.mu.Unlock()
	l := WorkerLoad{Busy: p.busy, Capacity: p.capacity, Waiting: len(p.waiting)}
	if len(p.waiting) > 0 {
		l.OldestWaitMS = time.Since(p.waiting[0].since).Milliseconds()
	}
	return l
}

// WorkerLoad reports how busy the server's worker slots are: for /healthz,
// and for a caller watching for saturation.
func (s *Server) WorkerLoad() WorkerLoad { return s.workers.load() }

// callerKey carries, in a request's context, who an HTTP request counts
// against (withCaller).
type callerKey struct{}

// withCaller marks ctx as an HTTP request of the session it names, or,
// without a session, of its client's address.
func withCaller(ctx context.Context, r *http.Request) context.Context {
	key := "session:" + r.Header.Get("Mcp-Session-Id")
	if r.Header.Get("Mcp-Session-Id") == "" {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			host = r.RemoteAddr
		}
		key = "address:" + host
	}
	return context.WithValue(ctx, callerKey{}, key)
}

// callerOf is who a call counts against: its HTTP session or address,
// shared with other callers; or the one stdio client, which has the pool
// to itself.
func callerOf(ctx context.Context) caller {
	if key, ok := ctx.Value(callerKey{}).(string); ok {
		return caller{key: key, shared: true}
	}
	return caller{key: "stdio"}
}
