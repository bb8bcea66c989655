// Package fakeapple is a fake developer.apple.com for tests and benchmarks. It
// serves a directory of DocC render JSON laid out as Apple's mirror keeps it
// (<Technology>/<path>.json, Apple's case) the way the live site does:
//
//   - GET /tutorials/data/documentation/<path>.json answers the page's JSON,
//     matching <path> case-insensitively (clients ask in lower case).
//   - GET /documentation/<path> answers an HTML shell whose inline script sets
//     a session cookie and fetches the JSON above, as the site's app does.
//
// With Options.Section "design" it serves the Human Interface Guidelines the
// same way instead: /tutorials/data/design/<path>.json and /design/<path>,
// <path> starting with human-interface-guidelines.
//
// Faults are chosen per page, deterministically, by a seeded hash of the page
// path, with given percentages:
//
//   - Browser-only pages answer their JSON endpoint only to requests that carry
//     a session cookie issued by an HTML shell; other clients get a
//     placeholder (title null, 403 or an HTML shell, also chosen by hash).
//     Tokens are random per shell, so the JSON request cannot be replayed
//     outside a browser that ran the page.
//   - Faulty pages fail in one of the ways of Faults: 429 or 503 with
//     Retry-After, or malformed (truncated) JSON, for the first Burst
//     requests; slow answers (always); or 404 (always).
//   - Hostile pages (HostileFaults, only when named in Options.Faults) attack
//     the crawler: a redirect to another host, a gzip bomb, a huge body, a
//     body trickled a byte at a time, or headers that never come.
package fakeapple

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Fault is a way a page's JSON endpoint misbehaves.
type Fault string

const (
	FaultNone        Fault = ""
	FaultTooMany     Fault = "429"       // 429 + Retry-After, first Burst requests
	FaultUnavailable Fault = "503"       // 503 + Retry-After, first Burst requests
	FaultMalformed   Fault = "malformed" // truncated JSON, first Burst requests
	FaultSlow        Fault = "slow"      // answered after SlowDelay
	FaultNotFound    Fault = "404"       // never answered
)

// Placeholder is what a browser-only page answers to a client without cookie.
type Placeholder string

const (
	PlaceholderTitleNull Placeholder = "title-null"
	PlaceholderForbidden Placeholder = "403"
	PlaceholderHTML      Placeholder = "html"
)

var placeholders = []Placeholder{PlaceholderTitleNull, PlaceholderForbidden, PlaceholderHTML}

// TransientFaults are the faults a correct crawler recovers from; 404 is not
// among them.
var TransientFaults = []Fault{FaultTooMany, FaultUnavailable, FaultMalformed, FaultSlow}

var (
	// ErrNoPages reports a corpus directory with no JSON pages.
	ErrNoPages = errors.New("no pages in corpus directory")
	// ErrUnknownFault reports a fault kind this server does not have.
	ErrUnknownFault = errors.New("unknown fault kind")
	// ErrNoRedirectTarget reports FaultOffOrigin without Options.RedirectTo.
	ErrNoRedirectTarget = errors.New("off-origin fault needs a redirect target")
	// ErrUnknownSection reports an Options.Section this server does not have.
	ErrUnknownSection = errors.New("unknown site section")
)

// The sections of the site a Server serves.
const (
	SectionDocumentation = "documentation" // the API documentation
	SectionDesign        = "design"        // the Human Interface Guidelines
)

// CookieName is the session cookie that HTML shells set.
const CookieName = "fakeapple_session"

// Options configure a Server.
type Options struct {
	// Dir holds the pages: either the section's directory itself
	// (<Technology>/<path>.json) or a directory with
	// tutorials/data/<section> inside.
	Dir string
	// Section is the part of the site served: SectionDocumentation (the
	// default) or SectionDesign (the Human Interface Guidelines).
	Section string
	// BrowserOnlyPercent and FaultPercent are the shares of pages, 0-100.
	BrowserOnlyPercent float64
	FaultPercent       float64
	// Faults are the kinds faulty pages draw from; default TransientFaults.
	Faults []Fault
	// Seed picks which pages are affected.
	Seed uint64
	// Burst is how many requests a transient fault answers before the page
	// is served; default 2.
	Burst int
	// RetryAfter is sent with 429 and 503, rounded up to whole seconds;
	// default 1s.
	RetryAfter time.Duration
	// SlowDelay is how long slow pages take; default 1s.
	SlowDelay time.Duration
	// RedirectTo is the other site FaultOffOrigin sends pages to, as
	// scheme://host[:port].
	RedirectTo string
	// BombBytes is the decoded size of FaultGzipBomb and FaultHuge bodies;
	// default 64 MiB.
	BombBytes int64
	// TrickleEvery is the pause between the bytes of FaultTrickle; default
	// 100ms.
	TrickleEvery time.Duration
	// Exempt lists page keys (lower-case path below the section, without
	// .json) that are never affected; default the section's root,
	// "technologies" or "human-interface-guidelines".
	Exempt []string
}

// Stats counts what the server answered.
type Stats struct {
	JSONRequests, HTMLRequests int64
	PagesServed                int64 // real page JSON answered
	Placeholders               int64
	NotFound                   int64
	Faults                     map[Fault]int64
}

// Server is the fake site. It is an http.Handler.
type Server struct {
	opts  Options
	root  string
	files map[string]string // key -> file path
	keys  []string

	mu     sync.Mutex
	hits   map[string]int
	tokens map[string]bool

	jsonReqs, htmlReqs, served, placeholders, notFound atomic.Int64
	faultCounts                                        sync.Map // Fault -> *atomic.Int64

	bombOnce sync.Once
	bomb     []byte // the compressed padding of FaultGzipBomb
}

// New indexes the corpus directory.
func New(o Options) (*Server, error) {
	if o.Burst <= 0 {
		o.Burst = 2
	}
	if o.RetryAfter <= 0 {
		o.RetryAfter = time.Second
	}
	if o.SlowDelay <= 0 {
		o.SlowDelay = time.Second
	}
	if len(o.Faults) == 0 {
		o.Faults = TransientFaults
	}
	if o.BombBytes <= 0 {
		o.BombBytes = 64 << 20
	}
	if o.TrickleEvery <= 0 {
		o.TrickleEvery = 100 * time.Millisecond
	}
	for _, f := range o.Faults {
		switch {
		case f == FaultOffOrigin && o.RedirectTo == "":
			return nil, ErrNoRedirectTarget
		case isHostile(f):
		case f == FaultTooMany, f == FaultUnavailable, f == FaultMalformed, f == FaultSlow, f == FaultNotFound:
		default:
			return nil, fmt.Errorf("%w: %q", ErrUnknownFault, f)
		}
	}
	switch o.Section {
	case "":
		o.Section = SectionDocumentation
	case SectionDocumentation, SectionDesign:
	default:
		return nil, fmt.Errorf("%w: %q", ErrUnknownSection, o.Section)
	}
	if o.Exempt == nil {
		o.Exempt = []string{"technologies"}
		if o.Section == SectionDesign {
			o.Exempt = []string{"human-interface-guidelines"}
		}
	}
	root := o.Dir
	if st, err := os.Stat(filepath.Join(root, "tutorials", "data", o.Section)); err == nil && st.IsDir() {
		root = filepath.Join(root, "tutorials", "data", o.Section)
	}
	s := &Server{opts: o, root: root, files: map[string]string{}, hits: map[string]int{}, tokens: map[string]bool{}}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".json") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		key := Key(strings.TrimSuffix(filepath.ToSlash(rel), ".json"))
		if _, dup := s.files[key]; !dup {
			s.files[key] = p
			s.keys = append(s.keys, key)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", root, err)
	}
	if len(s.files) == 0 {
		return nil, fmt.Errorf("%w: %s", ErrNoPages, root)
	}
	sort.Strings(s.keys)
	return s, nil
}

// Key is the lookup key of a page path below the section: lower case,
// without slashes at the ends.
func Key(path string) string {
	return strings.ToLower(strings.Trim(path, "/"))
}

// Root is the section's directory being served.
func (s *Server) Root() string { return s.root }

// Keys returns every page key, sorted.
func (s *Server) Keys() []string { return append([]string(nil), s.keys...) }

// File returns the corpus file of a page key.
func (s *Server) File(key string) (string, bool) {
	f, ok := s.files[Key(key)]
	return f, ok
}

// pageHash is the seeded hash of a key; its top 53 bits make a uniform
// fraction, the rest pick kinds.
func (s *Server) pageHash(key string) uint64 {
	h := fnv.New64a()
	var seed [8]byte
	binary.LittleEndian.PutUint64(seed[:], s.opts.Seed)
	h.Write(seed[:])
	h.Write([]byte(key))
	x := h.Sum64()
	// splitmix64 finaliser: FNV's low bits are weak for short keys.
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

func (s *Server) exempt(key string) bool {
	for _, e := range s.opts.Exempt {
		if e == key {
			return true
		}
	}
	return false
}

// BrowserOnly reports whether a page answers its JSON only to browsers, and
// the placeholder others get.
func (s *Server) BrowserOnly(key string) (Placeholder, bool) {
	key = Key(key)
	if s.exempt(key) {
		return "", false
	}
	h := s.pageHash(key)
	if fraction(h) >= s.opts.BrowserOnlyPercent/100 {
		return "", false
	}
	return placeholders[(h&0x7ff)%uint64(len(placeholders))], true
}

// FaultOf returns the fault of a page, FaultNone for most.
func (s *Server) FaultOf(key string) Fault {
	key = Key(key)
	if s.exempt(key) {
		return FaultNone
	}
	h := s.pageHash(key)
	f := fraction(h)
	lo := s.opts.BrowserOnlyPercent / 100
	if f < lo || f >= lo+s.opts.FaultPercent/100 {
		return FaultNone
	}
	return s.opts.Faults[(h&0x7ff)%uint64(len(s.opts.Faults))]
}

func fraction(h uint64) float64 { return float64(h>>11) / float64(1<<53) }

// Stats returns the counters so far.
func (s *Server) Stats() Stats {
	st := Stats{
		JSONRequests: s.jsonReqs.Load(), HTMLRequests: s.htmlReqs.Load(), PagesServed: s.served.Load(),
		Placeholders: s.placeholders.Load(), NotFound: s.notFound.Load(), Faults: map[Fault]int64{},
	}
	s.faultCounts.Range(func(k, v any) bool {
		st.Faults[k.(Fault)] = v.(*atomic.Int64).Load()
		return true
	})
	return st
}

func (s *Server) countFault(f Fault) {
	v, _ := s.faultCounts.LoadOrStore(f, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
}

// hit counts a request for a key and returns how many came before it.
func (s *Server) hit(key string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.hits[key]
	s.hits[key] = n + 1
	return n
}

// issueToken returns a fresh session token for an HTML shell.
func (s *Server) issueToken() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	t := hex.EncodeToString(b)
	s.mu.Lock()
	if len(s.tokens) > 1<<20 {
		clear(s.tokens) // bound memory on very long runs
	}
	s.tokens[t] = true
	s.mu.Unlock()
	return t
}

func (s *Server) validToken(t string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tokens[t]
}
