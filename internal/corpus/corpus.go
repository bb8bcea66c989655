// Package corpus reads every on-disk documentation source and turns each input
// file into a document.Document. It knows file layouts and formats; it knows
// nothing of the door, the index or SQLite.
//
// Every source implements Source. The save pipeline (internal/ingest) calls
// Files once from its walker goroutine and then Parse from N workers, so Parse
// is safe for concurrent use and never depends on call order.
//
// URIs, titles, frameworks and statuses come from the document itself (its
// JSON fields, its front matter, its header) wherever the document carries
// them; only sources whose documents carry no identity (the Swift book, Apple
// Archive page names) fall back to file paths. The URIs each source produces:
//
//	apple-docs       apple-docs://<framework>/<path>, from the DocC page's url
//	                 (or the processed page's url) via internal/docuri:
//	                 apple-docs://swiftui/view, apple-docs://swift/array/append(_:)
//	swift-evolution  swift-evolution://SE-0306, swift-evolution://ST-0008
//	                 (the id in the "Proposal:" header line)
//	swift-book       swift-book://languageguide/concurrency (path inside the
//	                 .docc catalog, lowercased, without ".md")
//	swift-org        swift-org://documentation/concurrency (path without ".md",
//	                 "/index" dropped, lowercased); blog posts
//	                 swift-org://blog/<slug> like the live site's /blog/<slug>/
//	hig              hig://<category>/<topic>, category from the front matter,
//	                 topic the file stem minus "-appledeveloperdocumentation":
//	                 hig://general/darkmode; a DocC JSON page (fetch's) gets
//	                 the URI of its web address (docuri.FromWebURL), the same
//	apple-archive    apple-archive://<bookUID>/<page>, bookUID from book.json,
//	                 page the chapter file stem lowercased:
//	                 apple-archive://10000011i/mmrules
//	samples          samples://<project-id> (the folder name) and
//	                 samples://<project-id>/<path> for each file
//	wwdc             wwdc://<year>/<session-id>, from the session JSON
//	packages         packages://<owner>/<repo>, packages://<owner>/<repo>/<path>
//	                 and packages://<owner>/<repo>/symbols/<Module>/<Type>/<member>
//	                 for public declarations
//	File paths in URIs keep their case; each segment is percent-encoded
//	("Alamofire%205.0%20Migration%20Guide.md").
//
// Framework is set only where a page belongs to an API framework: Apple docs
// (from the page) and Apple Archive guides whose front matter names one
// ("coregraphics"). Evolution proposals, the Swift book, swift.org and the HIG
// leave it empty on purpose: the ranker's framework filter means "API pages of
// this framework", and prose about the language must not match framework=swift
// and crowd out the standard library's symbol pages. Filter those by source.
package corpus

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/source"
)

// Source is one on-disk documentation source.
type Source interface {
	// Name is the document.Source* constant of the documents it produces.
	Name() string
	// Root is the directory the source reads, as given to its constructor.
	Root() string
	// Files lists the source's input files, recursively, sorted by path so
	// that two runs over the same tree see the same sequence. It includes
	// inputs that Parse will decline (book.json, partials) so that the
	// pipeline can account for every file it was given, and the entries it
	// saw but will not read (links, FIFOs, unreadable folders) with reasons.
	// It returns ErrMissingSource when the root has gone, and ctx.Err() when
	// cancelled.
	Files(ctx context.Context) (Listing, error)
	// Parse turns one input file into a document. path is the file's path
	// (as returned by Files) and raw its contents; Parse reads other files
	// only where a page depends on them (a book's book.json, a swift.org
	// page's include_relative partials). It returns an error wrapping
	// ErrNotADocument or ErrFiltered for inputs that are deliberately not
	// indexed, ErrMalformed for empty or unreadable content, and is safe
	// for concurrent use.
	Parse(path string, raw []byte) (*document.Document, error)
	// Refused lists the files beside the walk that Parse declined to read
	// so far (a link, a FIFO, a file over the cap), sorted by path, each
	// with the reason, for the audit log. Parse reads such files by the
	// walk's rules: regular files only, links not followed, the size
	// checked first (internal/safefile).
	Refused() []Skip
}

var (
	// ErrMissingSource reports that a source's root directory does not
	// exist, so save can skip the source with one line.
	ErrMissingSource = errors.New("source directory not found")
	// ErrNotADocument marks an input of the source that is not a page:
	// a book's table of contents, a navigator index, a Jekyll partial, a
	// redirect stub. The wrapping error says which.
	ErrNotADocument = errors.New("not a document")
	// ErrFiltered marks a page that is deliberately left out, e.g. a
	// rejected evolution proposal. The wrapping error gives the reason
	// ("status Rejected") for the audit log.
	ErrFiltered = errors.New("filtered")
	// ErrMalformed marks an input that should be a page but cannot be
	// read as one: an empty file, invalid JSON, a Markdown page without a
	// title.
	ErrMalformed = errors.New("malformed input")
	// ErrUnknownKind is returned by Open for a kind it does not know.
	ErrUnknownKind = errors.New("unknown source kind")
)

// Options tune how sources read their documents.
type Options struct {
	// IncludeAllStatuses indexes Swift Evolution proposals of every status.
	// By default only Implemented, Partially implemented, Accepted and
	// Accepted with modifications are indexed; the rest come back as
	// ErrFiltered with reason "status <Status>".
	IncludeAllStatuses bool
	// MaxFileBytes caps every file a reader reads beside the one it is
	// given (a package's Package.swift, a sample's README); 0 means
	// DefaultMaxFileBytes.
	MaxFileBytes int64
}

// DefaultMaxFileBytes caps one input file. The largest real Apple page is
// 3.4 MB; a 115 MB page once made a save peak at 1.87 GB.
const DefaultMaxFileBytes = 32 << 20

// readers makes each source's reader by source ID, around a root Open has
// checked. Every source the table in internal/source says save reads has one
// (TestEverySavedSourceHasAReader).
var readers = map[string]func(r reader, opts Options) Source{
	document.SourceAppleDocs:      func(r reader, _ Options) Source { return &AppleDocs{r} },
	document.SourceSwiftEvolution: func(r reader, opts Options) Source { return &SwiftEvolution{reader: r, opts: opts} },
	document.SourceSwiftBook:      func(r reader, _ Options) Source { return &SwiftBook{r} },
	document.SourceSwiftOrg:       func(r reader, _ Options) Source { return &SwiftOrg{r} },
	document.SourceHIG:            func(r reader, _ Options) Source { return &HIG{r} },
	document.SourceAppleArchive:   func(r reader, _ Options) Source { return &AppleArchive{reader: r} },
	document.SourceSamples:        func(r reader, _ Options) Source { return &Samples{reader: r} },
	document.SourceWWDC:           func(r reader, _ Options) Source { return &WWDC{r} },
	document.SourcePackages:       func(r reader, _ Options) Source { return &Packages{reader: r} },
}

// Kinds lists the source kinds save reads, in the order it indexes them.
func Kinds() []string { return source.Saved() }

// Open returns the source of the given kind (a source ID) reading root. It
// returns ErrMissingSource when root is not a directory.
func Open(kind, root string, opts Options) (Source, error) {
	open, ok := readers[kind]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownKind, kind)
	}
	if err := checkRoot(root); err != nil {
		return nil, err
	}
	return open(reader{name: kind, root: root, side: &sideReads{limit: opts.MaxFileBytes}}, opts), nil
}

// Locate returns the directory under base that holds the source of the given
// kind, trying its conventional folders (source.Source.Folders) in order, or
// ErrMissingSource when none exists.
func Locate(base, kind string) (string, error) {
	src, ok := source.Lookup(kind)
	if !ok || len(src.Folders) == 0 {
		return "", fmt.Errorf("%w: %q", ErrUnknownKind, kind)
	}
	for _, dir := range src.Folders {
		candidate := filepath.Join(base, filepath.FromSlash(dir))
		if info, err := os.Stat(candidate); err == nil && info.IsDir() {
			return candidate, nil
		}
	}
	return "", fmt.Errorf("%w: no %s under %s (looked for %s)", ErrMissingSource, kind, base, strings.Join(src.Folders, ", "))
}

// checkRoot reports ErrMissingSource unless root is an existing directory.
func checkRoot(root string) error {
	info, err := os.Stat(root)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w: %s", ErrMissingSource, root)
	}
	if err != nil {
		return fmt.Errorf("stat source root: %w", err)
	}
	if !info.IsDir() {
		return fmt.Errorf("%w: %s is not a directory", ErrMissingSource, root)
	}
	return nil
}

// relSlash returns path relative to root with forward slashes, or path's
// base name when path is not under root (a caller passing a stray file).
func relSlash(root, path string) string {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.Base(path)
	}
	return filepath.ToSlash(rel)
}
