package crawler

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// ArchivePath is where Apple's archived guides live on the site: each guide
// is a folder of static HTML below it with book.json, its table of contents.
const ArchivePath = "/library/archive/documentation"

// Guide is one archived guide to fetch.
type Guide struct {
	// Path is the guide's folder below ArchivePath:
	// "Cocoa/Conceptual/MemoryMgmt".
	Path string
	// Framework is what its chapters are filed under ("Foundation");
	// empty: none.
	Framework string
}

// DefaultGuides are the most-used archived guides: the ones whose topics
// the current documentation covers least (memory management, KVO and KVC,
// notifications, Quartz 2D, Core Data, bindings, threading, text,
// accessibility, Core Animation, Objective-C and blocks).
var DefaultGuides = []Guide{
	{"Cocoa/Conceptual/MemoryMgmt", "Foundation"},
	{"Cocoa/Conceptual/KeyValueObserving", "Foundation"},
	{"Cocoa/Conceptual/KeyValueCoding", "Foundation"},
	{"Cocoa/Conceptual/Notifications", "Foundation"},
	{"GraphicsImaging/Conceptual/drawingwithquartz2d", "CoreGraphics"},
	{"Cocoa/Conceptual/CoreData", "CoreData"},
	{"Cocoa/Conceptual/CocoaBindings", "AppKit"},
	{"Cocoa/Conceptual/Multithreading", "Foundation"},
	{"General/Conceptual/ConcurrencyProgrammingGuide", "Dispatch"},
	{"TextFonts/Conceptual/CocoaTextArchitecture", "AppKit"},
	{"StringsTextFonts/Conceptual/TextAndWebiPhoneOS", "UIKit"},
	{"Accessibility/Conceptual/AccessibilityMacOSX", "AppKit"},
	{"UserExperience/Conceptual/iPhoneAccessibility", "UIKit"},
	{"Cocoa/Conceptual/CoreAnimation_guide", "QuartzCore"},
	{"Cocoa/Conceptual/ProgrammingWithObjectiveC", "ObjectiveC"},
	{"Cocoa/Conceptual/Blocks", ""},
}

// ErrBadGuide reports a guide that names no folder of the archive.
var ErrBadGuide = errors.New("not an archived guide")

// ParseGuide reads a guide as the --guides flag spells it: its folder below
// /library/archive/documentation/, or the guide's address (the folder, its
// index.html or book.json; a path or a URL), with "=Framework" after it to
// file its chapters under a framework.
func ParseGuide(s string) (Guide, error) {
	spec, framework, _ := strings.Cut(strings.TrimSpace(s), "=")
	g := Guide{Framework: strings.TrimSpace(framework)}
	p := strings.TrimSpace(spec)
	if i := strings.Index(p, "://"); i >= 0 {
		u, err := url.Parse(p)
		if err != nil {
			return Guide{}, fmt.Errorf("%w: %q: %v", ErrBadGuide, s, err)
		}
		p = u.Path
	}
	p = strings.Trim(p, "/")
	if rest, ok := strings.CutPrefix(p, strings.TrimPrefix(ArchivePath, "/")+"/"); ok {
		p = rest
	}
	for _, leaf := range []string{"/index.html", "/book.json"} {
		p = strings.TrimSuffix(p, leaf)
	}
	if _, ok := siteSegments(p); !ok || strings.ContainsAny(p, "?#") {
		return Guide{}, fmt.Errorf("%w: %q", ErrBadGuide, s)
	}
	g.Path = p
	return g, nil
}

// FetchArchive fetches archived guides into OutputDir in the Apple Archive
// corpus's shape, which `cupertino save --archive-dir` reads: for each
// guide, its table of contents as <bookUID>/book.json, as served, and every
// chapter it lists turned into Markdown with front matter (title, book,
// framework, chapter id, date, description, identifier, url) at the
// chapter's path in the book with .md for .html
// (<bookUID>/Articles/mmRules.md). Navigation, the copyright footer and
// the page's chrome are left out; code listings become fenced blocks and
// links absolute developer.apple.com addresses.
//
// It is Crawl on other pages: each book.json is a seed and its chapters one
// level below it, with the same HTTP engine, limits, retries, off-origin
// refusal, checkpoint and journal, under
// <OutputDir>/.cupertino-fetch/crawls/archive-<key>/, so a killed fetch
// resumes without fetching a stored chapter again and a finished one is
// followed by a refresh that rewrites only what changed. A guide whose
// book.json the site does not have is a dead link. The pages are static: no
// browser is used, and Engine chrome is a configuration error.
func FetchArchive(ctx context.Context, cfg Config, guides []Guide) (*Result, error) {
	site, err := newArchiveSite(guides)
	if err != nil {
		return nil, err
	}
	cfg.site = site
	return Crawl(ctx, cfg)
}

// URI schemes of the archive crawl's pages: a book's table of contents by
// its folder below ArchivePath, lower-cased; a chapter by its book's UID and
// its path in the book, as the table of contents spells it.
const (
	archiveBookScheme    = "archive-book://"
	archiveChapterScheme = "archive://"
)

// archiveSite is the documentation archive: books, each a table of
// contents (book.json) and the static HTML chapters it lists.
type archiveSite struct {
	books []link
	// frameworks maps a book's folder URI to the framework of its guide.
	frameworks map[string]string
	// dirs maps a book's folder URI to its folder's path on the site.
	dirs map[string]string
}

func newArchiveSite(guides []Guide) (*archiveSite, error) {
	s := &archiveSite{frameworks: map[string]string{}, dirs: map[string]string{}}
	for _, g := range guides {
		segs, ok := siteSegments(g.Path)
		if !ok {
			return nil, fmt.Errorf("%w: %w: %q", ErrConfig, ErrBadGuide, g.Path)
		}
		dir := ArchivePath + "/" + escapeSegments(segs)
		uri := archiveBookScheme + strings.ToLower(strings.Join(segs, "/"))
		if _, dup := s.dirs[uri]; dup {
			continue
		}
		s.dirs[uri], s.frameworks[uri] = dir, g.Framework
		s.books = append(s.books, link{URI: uri, Path: dir + "/book.json"})
	}
	if len(s.books) == 0 {
		return nil, fmt.Errorf("%w: no guides to fetch", ErrConfig)
	}
	return s, nil
}

func escapeSegments(segs []string) string {
	out := make([]string, len(segs))
	for i, seg := range segs {
		out[i] = escapePathSegment(seg)
	}
	return strings.Join(out, "/")
}

func (s *archiveSite) seeds(*Config) ([]link, []string, error) { return s.books, nil, nil }

// key depends on every guide, so that another list is another crawl.
func (s *archiveSite) key(seeds []link, _ []string) string {
	uris := make([]string, len(seeds))
	for i, l := range seeds {
		uris[i] = l.URI
	}
	return "archive-" + crawlKey("archive", uris)
}

// resolve follows no raw link: a book's chapters come resolved from its
// table of contents, and chapters link nowhere the crawl goes.
func (*archiveSite) resolve(string, string) (link, bool) { return link{}, false }

func (*archiveSite) request(origin string, l link) (string, string) {
	if strings.HasPrefix(l.URI, archiveBookScheme) {
		return origin + l.Path, "application/json"
	}
	return origin + l.Path, "text/html"
}

func (s *archiveSite) parse(l link, body []byte) (*pageInfo, error) {
	if strings.HasPrefix(l.URI, archiveBookScheme) {
		return s.parseBook(l, body)
	}
	_, segs, err := chapterOf(l.URI)
	if err != nil {
		return nil, err
	}
	// Links are written as developer.apple.com addresses, whatever host
	// stands for it.
	ch, err := readChapter(body, "https://developer.apple.com"+l.Path)
	if err != nil {
		return nil, err
	}
	ch.framework = s.frameworks[s.bookOf(l, segs)]
	return &pageInfo{Title: ch.title, content: []byte(ch.markdownFile())}, nil
}

// bookOf returns the folder URI of a chapter's book: its path less the
// chapter's path in the book.
func (s *archiveSite) bookOf(l link, segs []string) string {
	dir := strings.TrimSuffix(l.Path, "/"+escapeSegments(segs))
	for uri, d := range s.dirs {
		if d == dir {
			return uri
		}
	}
	return ""
}

func (s *archiveSite) put(st *store, l link, f *fetched) (putResult, error) {
	if strings.HasPrefix(l.URI, archiveBookScheme) {
		toc, err := decodeTOC(f.Body)
		if err != nil {
			return putResult{}, err
		}
		uid, err := bookUID(toc, l)
		if err != nil {
			return putResult{}, err
		}
		return st.putFile(uid+"/"+bookFile, f.Body)
	}
	uid, segs, err := chapterOf(l.URI)
	if err != nil {
		return putResult{}, err
	}
	rel, err := chapterFile(uid, segs)
	if err != nil {
		return putResult{}, err
	}
	return st.putFile(rel, f.Info.content)
}

func (s *archiveSite) reread(l link, stored []byte) (*pageInfo, error) {
	if strings.HasPrefix(l.URI, archiveBookScheme) {
		return s.parseBook(l, stored)
	}
	if !strings.HasPrefix(string(stored), "---\n") {
		return nil, fmt.Errorf("%w: not a chapter", ErrMalformed)
	}
	return &pageInfo{}, nil
}

func (*archiveSite) pageJSON(*url.URL) (string, bool) { return "", false }

func (*archiveSite) browsable() bool { return false }

// bookFile is each book's table of contents, on the site and on disk.
const bookFile = "book.json"

// archiveTOC is what the crawl reads of a book.json.
type archiveTOC struct {
	UID      string        `json:"uid"`
	Title    string        `json:"title"`
	Sections []archiveItem `json:"sections"`
}

type archiveItem struct {
	Title    string        `json:"title"`
	Href     string        `json:"href"`
	Sections []archiveItem `json:"sections"`
}

func decodeTOC(body []byte) (*archiveTOC, error) {
	var toc archiveTOC
	if err := json.Unmarshal(body, &toc); err != nil {
		return nil, fmt.Errorf("%w: book.json: %w", ErrMalformed, err)
	}
	if len(toc.Sections) == 0 {
		return nil, fmt.Errorf("%w: book.json lists no chapter", ErrMalformed)
	}
	return &toc, nil
}

// uidPattern is what a book UID may be: it names the book's folder.
var uidPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$`)

// bookUID is the book's UID ("10000011i"), else its folder's name.
func bookUID(toc *archiveTOC, l link) (string, error) {
	uid := strings.TrimSpace(toc.UID)
	if uid == "" {
		segs, _ := siteSegments(strings.TrimSuffix(l.Path, "/"+bookFile))
		if len(segs) > 0 {
			uid = segs[len(segs)-1]
		}
	}
	if !uidPattern.MatchString(uid) {
		return "", fmt.Errorf("%w: book UID %q cannot name a folder", ErrMalformed, uid)
	}
	return uid, nil
}

// parseBook reads a table of contents: every chapter page it lists, once,
// in its order. Entries pointing outside the book (another book, another
// host, a marker such as "<@…@>") are passed over.
func (s *archiveSite) parseBook(l link, body []byte) (*pageInfo, error) {
	toc, err := decodeTOC(body)
	if err != nil {
		return nil, err
	}
	uid, err := bookUID(toc, l)
	if err != nil {
		return nil, err
	}
	dir := strings.TrimSuffix(l.Path, "/"+bookFile)
	info := &pageInfo{Title: toc.Title, resolved: []link{}}
	seen := map[string]bool{}
	var walk func([]archiveItem)
	walk = func(items []archiveItem) {
		for _, it := range items {
			if segs, ok := chapterHref(it.Href); ok {
				uri := archiveChapterScheme + uid + "/" + strings.Join(segs, "/")
				if !seen[uri] {
					seen[uri] = true
					info.resolved = append(info.resolved, link{URI: uri, Path: dir + "/" + escapeSegments(segs)})
				}
			}
			walk(it.Sections)
		}
	}
	walk(toc.Sections)
	return info, nil
}

// chapterHref reads a table-of-contents href ("Articles/mmRules.html#//
// apple_ref/…") as the chapter's path in the book, false when it leaves the
// book or is no HTML page.
func chapterHref(href string) ([]string, bool) {
	page, _, _ := strings.Cut(strings.TrimSpace(href), "#")
	if page == "" || strings.ContainsAny(page, ":<>?\\") || strings.HasPrefix(page, "/") {
		return nil, false
	}
	segs, ok := siteSegments(page)
	if !ok {
		return nil, false
	}
	last := strings.ToLower(segs[len(segs)-1])
	if !strings.HasSuffix(last, ".html") && !strings.HasSuffix(last, ".htm") {
		return nil, false
	}
	return segs, true
}

// chapterOf splits a chapter URI into its book's UID and its path in the
// book.
func chapterOf(uri string) (string, []string, error) {
	rest, ok := strings.CutPrefix(uri, archiveChapterScheme)
	uid, p, cut := strings.Cut(rest, "/")
	if !ok || !cut || !uidPattern.MatchString(uid) {
		return "", nil, fmt.Errorf("%w: %q is no chapter", ErrBadPath, uri)
	}
	return uid, strings.Split(p, "/"), nil
}

// chapterFile is where a chapter's Markdown goes: its path in the book,
// .md for .html, below the book's UID.
func chapterFile(uid string, segs []string) (string, error) {
	segs = slices.Clone(segs)
	last := segs[len(segs)-1]
	if i := strings.LastIndexByte(last, '.'); i > 0 {
		last = last[:i]
	}
	segs[len(segs)-1] = last + ".md"
	for _, seg := range segs {
		if seg == "" || strings.HasPrefix(seg, ".") || strings.ContainsAny(seg, "/\\\x00") {
			return "", fmt.Errorf("%w: chapter path %q", ErrBadPath, strings.Join(segs, "/"))
		}
	}
	return uid + "/" + strings.Join(segs, "/"), nil
}
