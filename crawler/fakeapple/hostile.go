package fakeapple

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"os"
	"strings"
	"time"
)

// Hostile faults: a site that attacks its crawler rather than failing. They
// are never among the defaults; a test names them in Options.Faults.
const (
	// FaultOffOrigin redirects the page's JSON to Options.RedirectTo, the
	// same path on another host.
	FaultOffOrigin Fault = "off-origin"
	// FaultGzipBomb answers the page's JSON padded with spaces to BombBytes,
	// gzip-compressed: a few KB on the wire, BombBytes decoded.
	FaultGzipBomb Fault = "gzip-bomb"
	// FaultHuge answers the page's JSON padded with spaces to BombBytes,
	// uncompressed and without Content-Length. Cut short anywhere past the
	// page it is still valid JSON, so a crawler that truncates stores it.
	FaultHuge Fault = "huge"
	// FaultTrickle answers 200 and then one byte every TrickleEvery, until
	// the client gives up.
	FaultTrickle Fault = "trickle"
	// FaultStall accepts the request and never answers its headers.
	FaultStall Fault = "stall"
)

// HostileFaults are the faults a crawler must survive but cannot recover
// the page from.
var HostileFaults = []Fault{FaultOffOrigin, FaultGzipBomb, FaultHuge, FaultTrickle, FaultStall}

func isHostile(f Fault) bool {
	for _, h := range HostileFaults {
		if f == h {
			return true
		}
	}
	return false
}

// serveHostile answers a page with a hostile fault.
func (s *Server) serveHostile(w http.ResponseWriter, r *http.Request, file string, f Fault) {
	s.countFault(f)
	switch f {
	case FaultOffOrigin:
		redirectOffOrigin(w, r, s.opts.RedirectTo)
	case FaultGzipBomb:
		s.serveGzipBomb(w, file)
	case FaultHuge:
		s.serveHuge(w, file)
	case FaultTrickle:
		s.serveTrickle(w, r)
	case FaultStall:
		<-r.Context().Done()
	}
}

// serveGzipBomb sends the page then the padding as two gzip members: clients
// decode concatenated members as one stream, and the padding member is
// compressed once per server.
func (s *Server) serveGzipBomb(w http.ResponseWriter, file string) {
	page, err := os.ReadFile(file)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	var head bytes.Buffer
	zw := gzip.NewWriter(&head)
	zw.Write(page)
	zw.Close()
	pad := s.bombPadding(int64(len(page)))
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Encoding", "gzip")
	w.Write(head.Bytes())
	w.Write(pad)
}

// bombPadding is a gzip member of about BombBytes spaces, built on first use.
func (s *Server) bombPadding(pageLen int64) []byte {
	s.bombOnce.Do(func() {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		io.CopyN(zw, spaces{}, max(s.opts.BombBytes-pageLen, 0))
		zw.Close()
		s.bomb = buf.Bytes()
	})
	return s.bomb
}

func (s *Server) serveHuge(w http.ResponseWriter, file string) {
	page, err := os.ReadFile(file)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	serveHugePage(w, "application/json", page, s.opts.BombBytes)
}

// serveHugePage sends page padded with spaces to bombBytes in all.
func serveHugePage(w http.ResponseWriter, contentType string, page []byte, bombBytes int64) {
	w.Header().Set("Content-Type", contentType)
	if _, err := w.Write(page); err != nil {
		return
	}
	// Streamed: the response is chunked, so its size is not announced.
	io.CopyN(w, spaces{}, max(bombBytes-int64(len(page)), 0))
}

// redirectOffOrigin sends the request to the same path on another origin.
func redirectOffOrigin(w http.ResponseWriter, r *http.Request, origin string) {
	http.Redirect(w, r, strings.TrimSuffix(origin, "/")+r.URL.EscapedPath(), http.StatusFound)
}

// serveBusy is a 503 that asks for a retry at once.
func serveBusy(w http.ResponseWriter) {
	w.Header().Set("Retry-After", "0")
	http.Error(w, "busy", http.StatusServiceUnavailable)
}

// wait holds the answer for d (none when d is zero), false when the
// request ended first.
func wait(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	select {
	case <-time.After(d):
		return true
	case <-r.Context().Done():
		return false
	}
}

func (s *Server) serveTrickle(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	t := time.NewTicker(s.opts.TrickleEvery)
	defer t.Stop()
	for b := byte('{'); ; b = ' ' {
		if _, err := w.Write([]byte{b}); err != nil {
			return
		}
		if rc.Flush() != nil {
			return
		}
		select {
		case <-t.C:
		case <-r.Context().Done():
			return
		}
	}
}

// spaces is an endless reader of JSON whitespace.
type spaces struct{}

func (spaces) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}
