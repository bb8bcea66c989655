package crawler

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/network"
)

// The browser is kept on the crawl's origin twice over. Each tab blocks
// other hosts in its block list, so a page's own requests elsewhere fail at
// once; and the whole browser sends other hosts to a proxy that refuses
// them, which also covers the requests no tab sees: service workers and
// windows a page opens. Only the origin bypasses the proxy.

// blockPatterns are the tab's block list; the first pattern a URL matches
// decides. Pictures, fonts and media cost bandwidth and memory and never
// carry the page's JSON. Other hosts are blocked outright: a hostile page
// could otherwise make the browser send requests anywhere, or serve the
// JSON it wants stored from there.
func (e *chromeEngine) blockPatterns() []*network.BlockPattern {
	var patterns []*network.BlockPattern
	for _, ext := range []string{"png", "jpg", "jpeg", "gif", "svg", "webp", "woff", "woff2", "ttf", "mp4", "mov"} {
		patterns = append(patterns, &network.BlockPattern{URLPattern: "*://*:*/*." + ext, Block: true})
	}
	return append(patterns,
		&network.BlockPattern{URLPattern: originPattern(e.originURL), Block: false},
		&network.BlockPattern{URLPattern: "*://*:*/*", Block: true},
	)
}

// originPattern is the URLPattern of every URL on origin.
func originPattern(origin *url.URL) string {
	return strings.ToLower(origin.Scheme) + "://" + strings.ToLower(origin.Hostname()) + ":" + effectivePort(origin) + "/*"
}

// proxyBypassList lets the origin, and only the origin, past the proxy.
// Chromium never proxies loopback addresses unless told so (<-loopback>,
// which must come first), and a test's other origin is on loopback too.
func proxyBypassList(origin *url.URL) string {
	return fmt.Sprintf("<-loopback>;%s://%s:%s", strings.ToLower(origin.Scheme), strings.ToLower(origin.Hostname()), effectivePort(origin))
}

// refusingProxy is an HTTP proxy on loopback that answers every request,
// CONNECT included, with 403.
type refusingProxy struct {
	ln      net.Listener
	srv     *http.Server
	refused atomic.Int64
}

func startRefusingProxy() (*refusingProxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("browser proxy: %w", err)
	}
	p := &refusingProxy{ln: ln}
	p.srv = &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			p.refused.Add(1)
			http.Error(w, "cupertino: only the crawl's origin is reachable", http.StatusForbidden)
		}),
		ReadHeaderTimeout: 5 * time.Second,
	}
	go p.srv.Serve(ln)
	return p, nil
}

func (p *refusingProxy) addr() string { return p.ln.Addr().String() }

func (p *refusingProxy) close() { p.srv.Close() }
