package testenv

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// FileServer serves the files of a folder over HTTP on 127.0.0.1, with
// Range requests, as a bundle's host does, and fails the ways a network
// does when told to: it drops an answer part way, sends slowly, or ignores
// Range. It records the Range header of every request and the body bytes
// it sent of every file, for the tests of resumed downloads.
type FileServer struct {
	*httptest.Server
	dir    string
	prefix string

	mu          sync.Mutex
	ranges      map[string][]string // file -> Range headers, "" for none
	sent        map[string]int64
	cuts        map[string]cut
	pauses      map[string]time.Duration
	ignoreRange bool
}

// cut drops answers for a file after some bytes of their body.
type cut struct {
	after int64
	once  bool // only the next answer
}

// ServeFiles serves the files in dir at the URL path prefix ("/", or a
// folder such as "/b/") until the test ends. A file's name in the other
// methods is its path below prefix.
func ServeFiles(tb testing.TB, dir, prefix string) *FileServer {
	s := &FileServer{dir: dir, prefix: prefix, ranges: map[string][]string{}, sent: map[string]int64{},
		cuts: map[string]cut{}, pauses: map[string]time.Duration{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	tb.Cleanup(s.Close)
	return s
}

// Cut drops the connection after n bytes of the body of every answer for
// name, until Uncut.
func (s *FileServer) Cut(name string, n int64) { s.setCut(name, cut{after: n}) }

// CutOnce drops the connection after n bytes of the body of the next
// answer for name only.
func (s *FileServer) CutOnce(name string, n int64) { s.setCut(name, cut{after: n, once: true}) }

func (s *FileServer) setCut(name string, c cut) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cuts[name] = c
}

// Uncut sends name whole again.
func (s *FileServer) Uncut(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.cuts, name)
}

// Slow sends name a kilobyte at a time with pause after each; a pause of
// 0 sends it at full speed again. An answer keeps the pace it started with.
func (s *FileServer) Slow(name string, pause time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pauses[name] = pause
}

// IgnoreRange answers every request with the whole file, as a server
// without Range support does.
func (s *FileServer) IgnoreRange() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ignoreRange = true
}

// Ranges returns the Range headers of the requests for name so far, ""
// for a request without one.
func (s *FileServer) Ranges(name string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.ranges[name]...)
}

// Sent returns how many body bytes of name the server has sent.
func (s *FileServer) Sent(name string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sent[name]
}

func (s *FileServer) handle(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, s.prefix)
	s.mu.Lock()
	s.ranges[name] = append(s.ranges[name], r.Header.Get("Range"))
	c, cutting := s.cuts[name]
	if c.once {
		delete(s.cuts, name)
	}
	body := &trickle{ResponseWriter: w, s: s, name: name, pause: s.pauses[name], left: -1}
	if cutting {
		body.left = c.after
	}
	if s.ignoreRange {
		r.Header.Del("Range")
	}
	s.mu.Unlock()
	data, err := os.ReadFile(filepath.Join(s.dir, name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	http.ServeContent(body, r, name, time.Time{}, bytes.NewReader(data))
}

// trickle writes an answer's body a kilobyte at a time and flushes each,
// so that Sent counts what reached the connection and a slow file arrives
// in steps; it drops the connection where a cut says.
type trickle struct {
	http.ResponseWriter
	s     *FileServer
	name  string
	pause time.Duration
	left  int64 // body bytes before the connection drops, -1 for no cut
}

func (t *trickle) Write(p []byte) (int, error) {
	written := 0
	for len(p) > 0 {
		n := min(len(p), 1024)
		if t.left >= 0 && int64(n) > t.left {
			n = int(t.left)
		}
		m, err := t.ResponseWriter.Write(p[:n])
		t.ResponseWriter.(http.Flusher).Flush()
		written += m
		t.s.mu.Lock()
		t.s.sent[t.name] += int64(m)
		t.s.mu.Unlock()
		if err != nil {
			return written, err
		}
		p = p[n:]
		if t.left >= 0 {
			if t.left -= int64(n); t.left == 0 {
				panic(http.ErrAbortHandler) // the connection drops mid-body
			}
		}
		time.Sleep(t.pause)
	}
	return written, nil
}
