package crawler

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// DefaultMaxPageBytes bounds one page's decoded body. The largest page of
// Apple's documentation is 3.4 MB (Matter's MTRBaseClusterElectricalMeasurement,
// 2025); 16 MiB leaves room for growth and still stops a hostile server (a
// gzip bomb decodes to whatever it likes) long before memory runs out.
const DefaultMaxPageBytes = 16 << 20

const (
	// chunkBytes is the unit bodies are read in; a body may fill its first
	// chunk without a big-page slot. 99.98% of Apple's pages fit in one
	// (p99 is 100 KB).
	chunkBytes = 1 << 20
	// bigPageSlots is how many bodies may grow past their first chunk at
	// once, across all workers.
	bigPageSlots = 2
)

// Limits a hostile or broken site runs into.
var (
	// ErrPageTooLarge marks a body past the page cap. It is refused whole:
	// a truncated page may still parse and would be stored corrupted.
	ErrPageTooLarge = errors.New("page too large")
	// ErrOffOrigin marks an answer from, or a redirect to, another host
	// than the crawl's origin. Nothing from another host is stored.
	ErrOffOrigin = errors.New("off-origin request refused")
	// ErrRequestTimeout marks a request that outlived Config.Timeout,
	// headers and body together.
	ErrRequestTimeout = errors.New("request timed out")
)

// offOriginError names the host the site tried to send the crawler to.
type offOriginError struct {
	what string // "redirect to", "answer from"
	host string
}

func (e *offOriginError) Error() string {
	return fmt.Sprintf("%s another host (%s) refused", e.what, e.host)
}

func (e *offOriginError) Is(target error) bool { return target == ErrOffOrigin }

// sameOrigin reports whether u has origin's scheme, host and port.
func sameOrigin(u, origin *url.URL) bool {
	return u != nil && strings.EqualFold(u.Scheme, origin.Scheme) &&
		strings.EqualFold(u.Hostname(), origin.Hostname()) && effectivePort(u) == effectivePort(origin)
}

func effectivePort(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	switch strings.ToLower(u.Scheme) {
	case "http":
		return "80"
	case "https":
		return "443"
	}
	return ""
}

// confineRedirects returns a copy of c that follows redirects only within
// origin: a page answered from elsewhere would be stored as Apple's.
func confineRedirects(c *http.Client, origin *url.URL) *http.Client {
	out := *c
	next := c.CheckRedirect
	out.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if !sameOrigin(req.URL, origin) {
			return &offOriginError{what: "redirect to", host: req.URL.Host}
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	return &out
}

// pageBudget caps page bodies and bounds their memory across workers: a
// body fills its first chunk freely, and past that needs one of
// bigPageSlots, held until the page is stored. However many workers meet
// huge answers at once, at most bigPageSlots bodies grow towards the cap.
type pageBudget struct {
	limit int64
	slots chan struct{}
}

func newPageBudget(limit int64) *pageBudget {
	return &pageBudget{limit: limit, slots: make(chan struct{}, bigPageSlots)}
}

func (b *pageBudget) tooLarge() error {
	return fmt.Errorf("%w (> %s)", ErrPageTooLarge, sizeText(b.limit))
}

// defaultBudget serves engines built without one (tests).
var defaultBudget = newPageBudget(DefaultMaxPageBytes)

// read reads a whole body. declared is the announced size, -1 when unknown;
// a body announced or found larger than the cap is ErrPageTooLarge. The
// returned release frees the body's slot; call it once done with the body.
//
// The body is read in pooled chunks and joined into one slice of its exact
// size only once it proved to be within the cap: a refused body, however
// often a hostile site sends one, leaves no garbage, and its chunks serve
// the next body.
func (b *pageBudget) read(ctx context.Context, r io.Reader, declared int64) ([]byte, func(), error) {
	if b == nil {
		b = defaultBudget
	}
	release := func() {}
	if declared > b.limit {
		return nil, release, b.tooLarge()
	}
	lr := &io.LimitedReader{R: r, N: b.limit + 1}
	var held []*[chunkBytes]byte
	defer func() {
		for _, c := range held {
			chunks.Put(c)
		}
	}()
	total := 0
	for {
		if len(held) == 1 {
			// Past its first chunk a body is big, and needs a slot.
			select {
			case b.slots <- struct{}{}:
			case <-ctx.Done():
				return nil, release, ctx.Err()
			}
			release = sync.OnceFunc(func() { <-b.slots })
		}
		c := chunks.Get().(*[chunkBytes]byte)
		held = append(held, c)
		n, err := io.ReadFull(lr, c[:])
		total += n
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			release()
			return nil, func() {}, err
		}
	}
	if lr.N == 0 {
		release()
		return nil, func() {}, b.tooLarge()
	}
	body := make([]byte, 0, total)
	for _, c := range held {
		body = append(body, c[:min(chunkBytes, total-len(body))]...)
	}
	return body, release, nil
}

// chunks recycles the chunks bodies are read in.
var chunks = sync.Pool{New: func() any { return new([chunkBytes]byte) }}

// check applies the cap to a body read elsewhere (the browser's).
func (b *pageBudget) check(n int64) error {
	if b == nil {
		b = defaultBudget
	}
	if n > b.limit {
		return b.tooLarge()
	}
	return nil
}

// sizeText spells a byte count the way the limit was most likely given.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
