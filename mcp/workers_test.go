package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/ranker"
)

// acquireNow takes a slot that must be free.
func acquireNow(t *testing.T, p *workerPool, c caller) func() {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	release, err := p.acquire(ctx, c, "search")
	if err != nil {
		t.Fatalf("%s: no slot: %v", c.key, err)
	}
	return release
}

// acquireLater asks for a slot in the background, until the test ends; the
// channel gets its release once granted.
func acquireLater(t *testing.T, p *workerPool, c caller) <-chan func() {
	got := make(chan func(), 1)
	go func() {
		release, err := p.acquire(t.Context(), c, "search")
		if err == nil {
			got <- release
		}
	}()
	return got
}

// waitForWaiters polls until the pool has n waiters.
func waitForWaiters(t *testing.T, p *workerPool, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for p.load().Waiting != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d waiting, want %d", p.load().Waiting, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestWorkerPoolKeepsSlotsForOtherSessions: one HTTP session holds at most
// three quarters of the slots, so another finds one free at once; the
// stdio client, alone on its server, may hold them all.
func TestWorkerPoolKeepsSlotsForOtherSessions(t *testing.T) {
	p := newWorkerPool(8)
	a, b := caller{key: "session:a", shared: true}, caller{key: "session:b", shared: true}
	for range p.perCallerSlots() {
		acquireNow(t, p, a)
	}
	if p.perCallerSlots() != 6 {
		t.Fatalf("per-session slots of 8 = %d, want 6", p.perCallerSlots())
	}
	more := acquireLater(t, p, a)
	waitForWaiters(t, p, 1)
	acquireNow(t, p, b) // a seventh slot, free for another session
	select {
	case <-more:
		t.Fatal("a session got a seventh slot of eight")
	default:
	}

	stdio := newWorkerPool(8)
	for range 8 {
		acquireNow(t, stdio, caller{key: "stdio"})
	}
	if l := stdio.load(); l.Busy != 8 {
		t.Errorf("stdio holds %d slots, want all 8", l.Busy)
	}
}

// TestWorkerPoolServesTheLeastServedFirst: a freed slot goes to the
// waiting session that holds the fewest, not to the one that asked first
// or asks again at once, so a client looping on calls cannot keep every
// slot from a client that waits.
func TestWorkerPoolServesTheLeastServedFirst(t *testing.T) {
	p := newWorkerPool(2)
	looper, victim := caller{key: "session:looper", shared: true}, caller{key: "session:victim", shared: true}
	first := acquireNow(t, p, looper)
	acquireNow(t, p, looper)
	again := acquireLater(t, p, looper) // the looper asks first…
	waitForWaiters(t, p, 1)
	served := acquireLater(t, p, victim) // …the victim after it
	waitForWaiters(t, p, 2)
	first()
	select {
	case <-served:
	case <-again:
		t.Fatal("the freed slot went to the session holding the other")
	case <-time.After(5 * time.Second):
		t.Fatal("nobody got the freed slot")
	}
	if l := p.load(); l.Busy != 2 || l.Waiting != 1 {
		t.Errorf("load %+v, want 2 busy and the looper waiting", l)
	}
}

// TestWorkerPoolServesAStarvedCallFirst: among callers holding as many
// slots, a call that has waited starvedAfter goes before one from a caller
// that used the slots less; without it, under steady load from every
// session, the busiest session's call waited until it timed out.
func TestWorkerPoolServesAStarvedCallFirst(t *testing.T) {
	p := newWorkerPool(1)
	now := time.Now()
	busy, idle := caller{key: "session:busy", shared: true}, caller{key: "session:idle", shared: true}
	p.usage[busy.key] = &usage{held: time.Minute, at: now}
	old := &slotWaiter{caller: busy, since: now.Add(-starvedAfter - time.Millisecond)}
	fresh := &slotWaiter{caller: idle, since: now}
	if !p.before(old, fresh, now) || p.before(fresh, old, now) {
		t.Error("a call waiting past starvedAfter did not go first")
	}
	young := &slotWaiter{caller: busy, since: now.Add(-time.Millisecond)}
	if p.before(young, fresh, now) || !p.before(fresh, young, now) {
		t.Error("the caller that used the slots less did not go first among calls that have not waited long")
	}
	older := &slotWaiter{caller: idle, since: now.Add(-3 * starvedAfter)}
	if !p.before(older, old, now) {
		t.Error("among starved calls, the one waiting longest did not go first")
	}
}

// TestWorkerPoolWaitEndsWithItsContext: a call that waits past its deadline
// leaves the queue with its context's cause, and its place is not lost to
// a slot granted as it gave up.
func TestWorkerPoolWaitEndsWithItsContext(t *testing.T) {
	p := newWorkerPool(1)
	release := acquireNow(t, p, caller{key: "stdio"})
	ctx, cancel := context.WithTimeoutCause(context.Background(), 50*time.Millisecond, ErrTimeout)
	defer cancel()
	if _, err := p.acquire(ctx, caller{key: "stdio"}, "search"); !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if l := p.load(); l.Waiting != 0 || l.Busy != 1 {
		t.Errorf("load %+v after the wait ended, want 1 busy, none waiting", l)
	}
	release()
	release() // once only
	if l := p.load(); l.Busy != 0 {
		t.Errorf("load %+v after release, want idle", l)
	}
	acquireNow(t, p, caller{key: "stdio"})
}

// TestHTTPHealthReportsSaturation: /healthz shows the worker slots' load,
// and answers 503 "saturated" while every slot is busy and a call has
// waited over a second, 200 again once the work ends.
func TestHTTPHealthReportsSaturation(t *testing.T) {
	release, blocked := searcherUntilReleased()
	hs := startHTTP(t, Options{DBPath: fixtureDB(t), Searcher: blocked, MaxConcurrent: 2, CallTimeout: 10 * time.Second},
		HTTPOptions{Token: testToken})
	type health struct {
		Status  string     `json:"status"`
		Workers WorkerLoad `json:"workers"`
	}
	// The token's holder gets the figures; a probe without it (L6) only
	// the status, saturated included.
	getAs := func(token string) (int, health) { return healthz[health](t, hs, token) }
	get := func() (int, health) { return getAs(testToken) }
	if status, h := get(); status != http.StatusOK || h.Status != "ok" || h.Workers != (WorkerLoad{Capacity: 2}) {
		t.Fatalf("idle: %d %+v, want 200 ok with 2 idle workers", status, h)
	}

	answered := make(chan error, 3)
	for i := range 3 {
		p := hs.peer(t, mcpgo.ProtocolVersion20250618)
		p.token = testToken
		p.handshake()
		go func() {
			_, _, err := p.tryPost(callFrame(p.version, fmt.Sprint(i+1), "search", map[string]any{"query": "View"}))
			answered <- err
		}()
	}
	deadline := time.Now().Add(10 * time.Second)
	for !hs.srv.WorkerLoad().Saturated() {
		if time.Now().After(deadline) {
			t.Fatalf("not saturated: %+v", hs.srv.WorkerLoad())
		}
		time.Sleep(20 * time.Millisecond)
	}
	status, h := get()
	if status != http.StatusServiceUnavailable || h.Status != "saturated" || h.Workers.Busy != 2 || h.Workers.Waiting != 1 ||
		h.Workers.OldestWaitMS < saturatedAfter.Milliseconds() {
		t.Errorf("saturated: %d %+v, want 503 saturated, 2 busy, 1 waiting over %s", status, h, saturatedAfter)
	}
	if status, h := getAs(""); status != http.StatusServiceUnavailable || h.Status != "saturated" || h.Workers != (WorkerLoad{}) {
		t.Errorf("saturated, without the token: %d %+v, want 503 saturated and no figures", status, h)
	}
	close(release)
	for range 3 {
		if err := <-answered; err != nil {
			t.Error(err)
		}
	}
	waitForWorkers(t, hs.srv, 5*time.Second)
	if status, h := get(); status != http.StatusOK || h.Status != "ok" {
		t.Errorf("after the work ended: %d %+v, want 200 ok", status, h)
	}
}

// TestHTTPSessionHoldsAtMostItsShare: over HTTP, one session's concurrent
// calls take at most three quarters of the workers, and another session's
// call runs at once beside them.
func TestHTTPSessionHoldsAtMostItsShare(t *testing.T) {
	release, blocked := searcherUntilReleased()
	hs := startHTTP(t, Options{DBPath: fixtureDB(t), Searcher: blocked, MaxConcurrent: 4, CallTimeout: 10 * time.Second},
		HTTPOptions{Token: testToken})
	session := func() *httpPeer {
		p := hs.peer(t, mcpgo.ProtocolVersion20250618)
		p.token = testToken
		p.handshake()
		return p
	}
	answered := make(chan error, 5)
	call := func(p *httpPeer, id int) {
		go func() {
			_, _, err := p.tryPost(callFrame(p.version, fmt.Sprint(id), "search", map[string]any{"query": "View"}))
			answered <- err
		}()
	}
	busy := session()
	for i := range 4 {
		call(busy, i+1)
	}
	waitForLoad := func(want WorkerLoad) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			l := hs.srv.WorkerLoad()
			if l.Busy == want.Busy && l.Waiting == want.Waiting {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("load %+v, want %d busy and %d waiting", l, want.Busy, want.Waiting)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	waitForLoad(WorkerLoad{Busy: 3, Waiting: 1}) // its fourth call waits though a worker is free
	call(session(), 9)
	waitForLoad(WorkerLoad{Busy: 4, Waiting: 1}) // another session's call runs at once
	close(release)
	for range 5 {
		if err := <-answered; err != nil {
			t.Error(err)
		}
	}
}

// TestWorkerPoolLimitsVerifyCalls: verify_swift, the costliest tool, runs
// on at most half the cores at once; its other calls wait while other
// tools' calls take the free workers.
func TestWorkerPoolLimitsVerifyCalls(t *testing.T) {
	p := newWorkerPool(8)
	if want := max(1, runtime.GOMAXPROCS(0)/2); p.toolLimits[verifyToolName] != min(8, want) {
		t.Fatalf("verify_swift limit %d, want half of GOMAXPROCS %d", p.toolLimits[verifyToolName], runtime.GOMAXPROCS(0))
	}
	p.toolLimits[verifyToolName] = 2 // whatever this machine's cores
	session := func(i int) caller { return caller{key: fmt.Sprint("session:", i), shared: true} }
	for i := range 2 {
		if _, err := p.acquire(context.Background(), session(i), verifyToolName); err != nil {
			t.Fatal(err)
		}
	}
	third := make(chan struct{})
	go func() {
		if _, err := p.acquire(t.Context(), session(2), verifyToolName); err == nil {
			close(third)
		}
	}()
	waitForWaiters(t, p, 1)
	search := acquireNow(t, p, session(3)) // "search": free workers remain
	select {
	case <-third:
		t.Fatal("a third verify_swift call ran beside two")
	default:
	}
	search()
	if l := p.load(); l.Busy != 2 || l.Waiting != 1 {
		t.Errorf("load %+v, want the 2 checks busy and the third waiting", l)
	}
}

// searcherUntilReleased is a searcher whose calls hold their worker until
// release is closed or their context ends.
func searcherUntilReleased() (chan struct{}, Searcher) {
	release := make(chan struct{})
	return release, SearcherFunc(func(ctx context.Context, query string, f ranker.Filters) ([]ranker.Result, error) {
		select {
		case <-release:
		case <-ctx.Done():
		}
		return nil, ctx.Err()
	})
}
