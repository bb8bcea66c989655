package crawler

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

// maxPageBytes bounds one page body; Apple's largest pages are a few MB.
const maxPageBytes = 64 << 20

// httpEngine fetches <origin>/tutorials/data/documentation/<path>.json.
type httpEngine struct {
	client    *http.Client
	origin    string
	userAgent string
	pacer     *pacer
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
	if err := e.pacer.wait(ctx); err != nil {
		return nil, err
	}
	u := e.origin + "/tutorials/data" + requestPath(l.Path) + ".json"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("request %s: %w", u, err)
	}
	req.Header.Set("User-Agent", e.userAgent)
	req.Header.Set("Accept", "application/json")
	resp, err := e.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("get %s: %w", u, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxPageBytes))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", u, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, &StatusError{Code: resp.StatusCode, RetryAfter: parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())}
	}
	if ct := resp.Header.Get("Content-Type"); strings.HasPrefix(ct, "text/html") {
		return nil, fmt.Errorf("%w: %s answered %s", ErrPlaceholder, u, ct)
	}
	info, err := parsePage(body)
	if err != nil {
		return nil, err
	}
	return &fetched{Body: body, Info: info}, nil
}
