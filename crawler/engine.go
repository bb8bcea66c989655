package crawler

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Engine fetches the DocC render JSON of one page. Engines validate what they
// get (parsePage) and return the raw body together with what was parsed, so
// the crawler stores exactly what the site served.
type Engine interface {
	Name() string
	Fetch(ctx context.Context, l link) (*fetched, error)
}

type fetched struct {
	Body []byte
	Info *pageInfo
	// parsed is what an engine of another source read from Body (a WWDC
	// session or listing).
	parsed any
	// release frees the memory budget the body holds (pageBudget); nil
	// when it holds none.
	release func()
}

// done releases the page's share of the memory budget once it is stored.
func (f *fetched) done() {
	if f != nil && f.release != nil {
		f.release()
	}
}

// Fetch errors other than the page-content ones in links.go.
var (
	// ErrNotFound marks a page the site does not have (404, 410). It is not
	// retried.
	ErrNotFound = errors.New("page not found")
	// ErrNoChromium reports that no Chromium or Chrome binary was found.
	ErrNoChromium = errors.New("chromium not found")
	// ErrNoCapture reports that the browser loaded the page but its script
	// never fetched the page's JSON.
	ErrNoCapture = errors.New("page JSON not seen in browser traffic")
)

// StatusError is an unexpected HTTP status. RetryAfter is what the server
// asked for in its Retry-After header, zero when it said nothing.
type StatusError struct {
	Code       int
	RetryAfter time.Duration
}

func (e *StatusError) Error() string {
	if e.RetryAfter > 0 {
		return fmt.Sprintf("HTTP %d (retry after %s)", e.Code, e.RetryAfter)
	}
	return fmt.Sprintf("HTTP %d", e.Code)
}

// Is lets errors.Is see 404/410 as ErrNotFound and 403 as ErrPlaceholder: the
// site answers 403 to clients it wants to see run the page's script.
func (e *StatusError) Is(target error) bool {
	switch target {
	case ErrNotFound:
		return e.Code == http.StatusNotFound || e.Code == http.StatusGone
	case ErrPlaceholder:
		return e.Code == http.StatusForbidden
	}
	return false
}

// retryable reports whether trying the same request again can succeed.
func retryable(err error) bool {
	var se *StatusError
	switch {
	case err == nil, errors.Is(err, context.Canceled):
		return false
	case errors.As(err, &se):
		return se.Code == http.StatusTooManyRequests || se.Code >= 500
	case errors.Is(err, ErrNotFound), errors.Is(err, ErrPlaceholder), errors.Is(err, ErrNoChromium), errors.Is(err, errChromeUnavailable):
		return false
	case errors.Is(err, ErrOffOrigin), errors.Is(err, ErrPageTooLarge):
		// The site chose to answer this way; asking again only costs.
		return false
	}
	// Malformed bodies, timeouts, resets, a browser that missed the JSON:
	// all transient on a live site.
	return true
}

// parseRetryAfter reads a Retry-After header: delay-seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.Atoi(v); err == nil {
		if secs < 0 {
			return 0
		}
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// RetryPolicy bounds the retries of one page.
type RetryPolicy struct {
	// MaxAttempts is the number of tries per engine, first included.
	MaxAttempts int
	// BaseDelay is the first backoff; each retry doubles it.
	BaseDelay time.Duration
	// MaxDelay caps the backoff and any Retry-After the server asks for, so
	// a server cannot park the crawl for a day.
	MaxDelay time.Duration
}

// DefaultRetryPolicy is what fetch uses against the live site.
var DefaultRetryPolicy = RetryPolicy{MaxAttempts: 5, BaseDelay: 500 * time.Millisecond, MaxDelay: 2 * time.Minute}

// backoff returns the wait before retry number n (1 for the first retry):
// exponential from BaseDelay with up to 25% jitter so that workers that failed
// together do not come back together, and never less than retryAfter.
func (p RetryPolicy) backoff(n int, retryAfter time.Duration, jitter float64) time.Duration {
	d := p.BaseDelay
	for i := 1; i < n && d < p.MaxDelay; i++ {
		d *= 2
	}
	d += time.Duration(float64(d) * 0.25 * jitter)
	if retryAfter > d {
		d = retryAfter
	}
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	return d
}

// sleepFunc waits for d or until ctx ends; tests substitute a fake clock.
type sleepFunc func(ctx context.Context, d time.Duration) error

func sleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// fetchWithRetry runs one engine on one page with the policy. It returns the
// number of attempts made.
func fetchWithRetry(ctx context.Context, e Engine, l link, p RetryPolicy, sleep sleepFunc) (*fetched, int, error) {
	attempts := max(p.MaxAttempts, 1)
	var err error
	for n := 1; ; n++ {
		var f *fetched
		f, err = e.Fetch(ctx, l)
		if err == nil {
			return f, n, nil
		}
		if n >= attempts || !retryable(err) || ctx.Err() != nil {
			return nil, n, err
		}
		var se *StatusError
		var after time.Duration
		if errors.As(err, &se) {
			after = se.RetryAfter
		}
		if serr := sleep(ctx, p.backoff(n, after, rand.Float64())); serr != nil {
			return nil, n, err
		}
	}
}

// pacer spaces request starts across all workers by a fixed delay: the
// politeness budget is per site, not per worker.
type pacer struct {
	mu    sync.Mutex
	delay time.Duration
	next  time.Time
	sleep sleepFunc
	now   func() time.Time
}

func (p *pacer) wait(ctx context.Context) error {
	if p == nil || p.delay <= 0 {
		return ctx.Err()
	}
	p.mu.Lock()
	now := p.now()
	at := p.next
	if at.Before(now) {
		at = now
	}
	p.next = at.Add(p.delay)
	p.mu.Unlock()
	return p.sleep(ctx, at.Sub(now))
}
