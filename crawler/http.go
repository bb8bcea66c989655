package crawler

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// httpEngine fetches a page where its site serves it: for the documentation
// <origin>/tutorials/data/documentation/<path>.json.
type httpEngine struct {
	// site is what the engine fetches pages of; nil: the documentation.
	site      site
	client    *http.Client // confined to origin (confineRedirects)
	origin    string
	originURL *url.URL
	userAgent string
	pacer     *pacer
	// timeout bounds one request, headers and body, whatever the client:
	// a server that trickles bytes cannot hold a worker past it. Zero: the
	// client's own limits only.
	timeout time.Duration
	budget  *pageBudget
}

// newHTTPClient returns a client tuned for many small requests to one host:
// keep-alive with an idle pool as large as the worker count, so workers never
// wait on connection setup.
func newHTTPClient(concurrency int, timeout time.Duration) *http.Client {
	tr := &http.Transport{
		Proxy: http.ProxyFromEnvironment,
		DialContext: (&net.Dialer{
			Timeout:   10 * time.Second,
			KeepAlive: 30 * time.Second,
		}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          2 * concurrency,
		MaxIdleConnsPerHost:   2 * concurrency,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: timeout,
		ExpectContinueTimeout: time.Second,
	}
	return &http.Client{Transport: tr, Timeout: timeout}
}

func (e *httpEngine) Name() string { return "http" }

func (e *httpEngine) Fetch(ctx context.Context, l link) (*fetched, error) {
	s := e.site
	if s == nil {
		s = docsSite{}
	}
	u, accept := s.request(e.origin, l)
	g, err := e.get(ctx, u, accept)
	if err != nil {
		return nil, err
	}
	if strings.HasPrefix(accept, "application/json") && strings.HasPrefix(g.contentType, "text/html") {
		g.release()
		return nil, fmt.Errorf("%w: %s answered %s", ErrPlaceholder, u, g.contentType)
	}
	info, err := s.parse(l, g.body)
	if err != nil {
		g.release()
		return nil, err
	}
	return &fetched{Body: g.body, Info: info, release: g.release}, nil
}

// got is one answered GET: its body (held in the page budget until
// release), where it was answered from after redirects, and its type.
type got struct {
	body        []byte
	release     func()
	final       *url.URL
	contentType string
}

// get is one paced GET of u on the origin, within the request timeout and
// the page cap: a status other than 200 is a StatusError, an answer from
// another host is refused.
func (e *httpEngine) get(ctx context.Context, u, accept string) (*got, error) {
	if err := e.pacer.wait(ctx); err != nil {
		return nil, err
	}
	rctx, cancel := ctx, context.CancelFunc(func() {})
	if e.timeout > 0 {
		rctx, cancel = context.WithTimeout(ctx, e.timeout)
	}
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("request %s: %w", u, err)
	}
	req.Header.Set("User-Agent", e.userAgent)
	req.Header.Set("Accept", accept)
	resp, err := e.client.Do(req)
	if err != nil {
		return nil, e.requestError(ctx, "get", u, err)
	}
	defer resp.Body.Close()
	if e.originURL != nil && !sameOrigin(resp.Request.URL, e.originURL) {
		// A caller's transport that follows redirects itself, out of
		// CheckRedirect's sight.
		return nil, fmt.Errorf("get %s: %w", u, &offOriginError{what: "answer from", host: resp.Request.URL.Host})
	}
	if resp.StatusCode != http.StatusOK {
		// A short error page is drained so the connection can be reused;
		// a long one is not worth reading.
		io.CopyN(io.Discard, resp.Body, 4<<10)
		return nil, &StatusError{Code: resp.StatusCode, RetryAfter: parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())}
	}
	ct := resp.Header.Get("Content-Type")
	if strings.HasPrefix(accept, "application/json") && strings.HasPrefix(ct, "text/html") {
		// Not worth reading: the JSON endpoint answered a page shell.
		return &got{release: func() {}, final: resp.Request.URL, contentType: ct}, nil
	}
	body, release, err := e.budget.read(rctx, resp.Body, resp.ContentLength)
	if err != nil {
		return nil, e.requestError(ctx, "read", u, err)
	}
	return &got{body: body, release: release, final: resp.Request.URL, contentType: ct}, nil
}

// requestError words a request error: a refused redirect by its host, without
// the transport's repetition of the URL, and a timeout as ErrRequestTimeout.
func (e *httpEngine) requestError(ctx context.Context, op, u string, err error) error {
	var off *offOriginError
	var ne net.Error
	switch {
	case errors.As(err, &off):
		return fmt.Errorf("%s %s: %w", op, u, off)
	case ctx.Err() == nil && (errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout()):
		if e.timeout > 0 {
			return fmt.Errorf("%s %s: %w (%s)", op, u, ErrRequestTimeout, e.timeout)
		}
		return fmt.Errorf("%s %s: %w", op, u, ErrRequestTimeout)
	}
	return fmt.Errorf("%s %s: %w", op, u, err)
}
