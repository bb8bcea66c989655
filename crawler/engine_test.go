package crawler

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeClock records the waits asked for instead of waiting.
type fakeClock struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (c *fakeClock) sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	c.waits = append(c.waits, d)
	c.mu.Unlock()
	return ctx.Err()
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	cases := map[string]time.Duration{
		"":                              0,
		"7":                             7 * time.Second,
		"-3":                            0,
		"soon":                          0,
		"Sat, 01 Mar 2025 12:00:30 GMT": 30 * time.Second,
		"Sat, 01 Mar 2025 11:00:00 GMT": 0,
	}
	for in, want := range cases {
		if got := parseRetryAfter(in, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestBackoff(t *testing.T) {
	p := RetryPolicy{MaxAttempts: 6, BaseDelay: 100 * time.Millisecond, MaxDelay: time.Second}
	var got []time.Duration
	for n := 1; n <= 5; n++ {
		got = append(got, p.backoff(n, 0, 0))
	}
	want := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond, 800 * time.Millisecond, time.Second}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("backoff = %v, want %v", got, want)
	}
	if d := p.backoff(1, 0, 1); d != 125*time.Millisecond {
		t.Errorf("full jitter adds 25%%: got %s", d)
	}
	if d := p.backoff(1, 700*time.Millisecond, 0); d != 700*time.Millisecond {
		t.Errorf("Retry-After longer than the backoff wins: got %s", d)
	}
	if d := p.backoff(1, time.Hour, 0); d != time.Second {
		t.Errorf("Retry-After is capped by MaxDelay: got %s", d)
	}
}

// scriptedServer answers the JSON endpoint with the given statuses in turn,
// then with a page.
func scriptedServer(t *testing.T, script ...int) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1)) - 1
		if i < len(script) {
			switch script[i] {
			case http.StatusTooManyRequests, http.StatusServiceUnavailable:
				w.Header().Set("Retry-After", "3")
				w.WriteHeader(script[i])
			case -1: // malformed
				fmt.Fprint(w, `{"metadata":{"title":`)
			default:
				w.WriteHeader(script[i])
			}
			return
		}
		if r.URL.Path != "/tutorials/data/documentation/kit/widget.json" {
			t.Errorf("requested %s", r.URL.Path)
		}
		if ua := r.Header.Get("User-Agent"); !strings.HasPrefix(ua, "cupertino/") {
			t.Errorf("User-Agent %q", ua)
		}
		fmt.Fprint(w, `{"metadata":{"title":"Widget"}}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

func TestFetchWithRetry(t *testing.T) {
	policy := RetryPolicy{MaxAttempts: 4, BaseDelay: 10 * time.Millisecond, MaxDelay: time.Minute}
	target := link{URI: "apple-docs://kit/widget", Path: "/documentation/Kit/Widget"}
	cases := []struct {
		name     string
		script   []int
		wantErr  error
		attempts int
		minWaits []time.Duration // lower bounds of the waits (jitter adds up to 25%)
	}{
		{"429 honours Retry-After", []int{429, 503}, nil, 3, []time.Duration{3 * time.Second, 3 * time.Second}},
		{"5xx and malformed back off", []int{500, -1}, nil, 3, []time.Duration{10 * time.Millisecond, 20 * time.Millisecond}},
		{"bounded", []int{503, 503, 503, 503, 503}, &StatusError{}, 4, []time.Duration{3 * time.Second, 3 * time.Second, 3 * time.Second}},
		{"404 is final", []int{404}, ErrNotFound, 1, nil},
		{"403 is a placeholder, final", []int{403}, ErrPlaceholder, 1, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv, hits := scriptedServer(t, c.script...)
			e := &httpEngine{client: newHTTPClient(2, 5*time.Second), origin: srv.URL, userAgent: "cupertino/test (+x)"}
			clock := &fakeClock{}
			f, attempts, err := fetchWithRetry(context.Background(), e, target, policy, clock.sleep)
			switch want := c.wantErr.(type) {
			case nil:
				if err != nil || f.Info.Title != "Widget" {
					t.Fatalf("got %v, %v", f, err)
				}
			case *StatusError:
				var se *StatusError
				if !errors.As(err, &se) || se.Code != 503 || se.RetryAfter != 3*time.Second {
					t.Fatalf("err = %v, want 503 with Retry-After", err)
				}
			default:
				if !errors.Is(err, want) {
					t.Fatalf("err = %v, want %v", err, want)
				}
			}
			if attempts != c.attempts || int(hits.Load()) != c.attempts {
				t.Errorf("attempts %d, requests %d, want %d", attempts, hits.Load(), c.attempts)
			}
			if len(clock.waits) != len(c.minWaits) {
				t.Fatalf("waits %v, want %d", clock.waits, len(c.minWaits))
			}
			for i, w := range clock.waits {
				if w < c.minWaits[i] || w > c.minWaits[i]*5/4 {
					t.Errorf("wait %d = %s, want %s..%s", i, w, c.minWaits[i], c.minWaits[i]*5/4)
				}
			}
		})
	}
}

func TestFetchWithRetryRealSleep(t *testing.T) {
	// One real Retry-After of 1s: the retry must not come sooner.
	var first time.Time
	var gap time.Duration
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			first = time.Now()
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		gap = time.Since(first)
		fmt.Fprint(w, `{"metadata":{"title":"Widget"}}`)
	}))
	defer srv.Close()
	e := &httpEngine{client: newHTTPClient(1, 5*time.Second), origin: srv.URL, userAgent: "cupertino/test"}
	_, _, err := fetchWithRetry(context.Background(), e, link{Path: "/documentation/kit/widget"}, RetryPolicy{MaxAttempts: 3, BaseDelay: time.Millisecond, MaxDelay: 10 * time.Second}, sleepContext)
	if err != nil {
		t.Fatal(err)
	}
	if gap < time.Second {
		t.Fatalf("retried after %s, before Retry-After", gap)
	}
}

func TestHTMLShellIsPlaceholder(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `{"metadata":{"title":"looks like JSON"}}`)
	}))
	defer srv.Close()
	e := &httpEngine{client: newHTTPClient(1, 5*time.Second), origin: srv.URL, userAgent: "cupertino/test"}
	if _, err := e.Fetch(context.Background(), link{Path: "/documentation/kit/widget"}); !errors.Is(err, ErrPlaceholder) {
		t.Fatalf("err = %v, want ErrPlaceholder", err)
	}
}

func TestPacerSpacesRequests(t *testing.T) {
	clock := &fakeClock{}
	now := time.Unix(0, 0)
	p := &pacer{delay: 50 * time.Millisecond, sleep: clock.sleep, now: func() time.Time { return now }}
	for range 4 {
		if err := p.wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	want := "[0s 50ms 100ms 150ms]"
	if got := fmt.Sprint(clock.waits); got != want {
		t.Fatalf("waits %s, want %s", got, want)
	}
}
