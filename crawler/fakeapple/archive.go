package fakeapple

import (
	"errors"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// ArchivePrefix is where Apple's documentation archive serves its guides.
const ArchivePrefix = "/library/archive/documentation/"

// Archive is a fake of Apple's documentation archive
// (developer.apple.com/library/archive): the static files of a directory,
// served below ArchivePrefix as the archive serves its books, each a folder
// with book.json (the table of contents), index.html and chapter pages. A
// chapter page may be a .page source, served in the archive's chrome (see
// PageExt).
//
// Faults are given per file, by its path below ArchivePrefix
// ("Cocoa/Conceptual/Guide/Articles/Basics.html"): FaultUnavailable (503,
// the first Burst requests), FaultNotFound, FaultOffOrigin (a redirect to
// RedirectTo) and FaultHuge (the file padded to BombBytes, unannounced).
type Archive struct {
	opts ArchiveOptions

	mu   sync.Mutex
	hits map[string]int
}

// ArchiveOptions configure an Archive.
type ArchiveOptions struct {
	Dir        string
	Faults     map[string]Fault
	Burst      int    // default 2
	RedirectTo string // scheme://host[:port] for FaultOffOrigin
	BombBytes  int64  // size of a FaultHuge file; default 64 MiB
	// Delay holds every request this long (a kill mid-fetch).
	Delay time.Duration
}

// NewArchive serves the directory.
func NewArchive(o ArchiveOptions) *Archive {
	if o.Burst <= 0 {
		o.Burst = 2
	}
	if o.BombBytes <= 0 {
		o.BombBytes = 64 << 20
	}
	return &Archive{opts: o, hits: map[string]int{}}
}

// Hits is how many requests a file (its path below ArchivePrefix) got.
func (a *Archive) Hits(rel string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.hits[rel]
}

func (a *Archive) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rel, ok := strings.CutPrefix(r.URL.Path, ArchivePrefix)
	if !ok || rel == "" || path.Clean("/"+rel) != "/"+rel {
		http.NotFound(w, r)
		return
	}
	a.mu.Lock()
	a.hits[rel]++
	n := a.hits[rel]
	a.mu.Unlock()
	if !wait(r, a.opts.Delay) {
		return
	}
	file := filepath.Join(a.opts.Dir, filepath.FromSlash(rel))
	body, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) && path.Ext(rel) == ".html" {
		body, err = renderPage(a.opts.Dir, rel)
	}
	if errors.Is(err, ErrBadPage) {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err != nil {
		http.NotFound(w, r)
		return
	}
	switch f := a.opts.Faults[rel]; {
	case f == FaultUnavailable && n <= a.opts.Burst:
		serveBusy(w)
		return
	case f == FaultNotFound:
		http.NotFound(w, r)
		return
	case f == FaultOffOrigin:
		redirectOffOrigin(w, r, a.opts.RedirectTo)
		return
	case f == FaultHuge:
		serveHugePage(w, contentType(rel), body, a.opts.BombBytes)
		return
	}
	w.Header().Set("Content-Type", contentType(rel))
	w.Write(body)
}

func contentType(rel string) string {
	switch path.Ext(rel) {
	case ".html":
		return "text/html; charset=utf-8"
	case ".json":
		return "application/json"
	}
	if t := mime.TypeByExtension(path.Ext(rel)); t != "" {
		return t
	}
	return "application/octet-stream"
}
