// Package source declares every documentation source cupertino knows, once,
// in one table. The readers (internal/corpus), the save command's folders
// and flags, the ranker's aliases, weights and scopes, the fetch command's
// --source values and the MCP tools' source enum and list_sources all read
// this table; adding a source is an entry here and a reader in corpus
// (docs/sources.md walks through it).
//
// The package is a leaf: plain data, no I/O, so every layer can import it.
package source

import "github.com/cupertino-go/cupertino/internal/document"

// Source is one documentation source.
type Source struct {
	// ID is the source's name everywhere: the URI scheme of its documents
	// (ID + "://…"), the docs.source column, the search filter value.
	ID string
	// Name is what a person reads: "Swift Evolution".
	Name string
	// Description is list_sources' one line about it.
	Description string

	// Aliases select the source in queries and filters besides its ID. A
	// bare alias also works as the first word of a query ("hig buttons");
	// the others only with a colon ("apple: pay") or as a filter, because
	// as a leading word they are ordinary query text too often ("apple
	// pay", "archive entries" for the AppleArchive framework).
	Aliases []Alias
	// IDIsBare says whether the ID itself works as a bare first word.
	IDIsBare bool
	// HintWords are query words that point to this source without selecting
	// it ("proposal" ranks Swift Evolution first, other sources still come).
	HintWords []string
	// Weight scales the source's reciprocal-rank-fusion increment: plain RRF
	// gives every source's rank 1 the same score, so a HIG page would tie
	// the canonical Apple page for "Button".
	Weight float64

	// Folders are where save looks for the source under a base directory,
	// in order: the original tool's layout first (~/.cupertino/docs), then
	// an extracted corpus (tutorials/data/documentation).
	Folders []string
	// SaveFlag is save's flag naming the source's folder ("docs-dir"), and
	// SaveHelp its help text. Empty for sources save does not read yet.
	SaveFlag string
	SaveHelp string
	// Fetch is how `cupertino fetch --source` gets it: one of the Fetch*
	// constants, or "" (not fetched). GitRepo is the repository for
	// FetchGit and FetchGitExport.
	Fetch   string
	GitRepo string

	// Symbols: a bare identifier has a canonical answer here, so an
	// identifier query searches it (the others are prose).
	Symbols bool
	// Declarations: its pages declare API, so an @attribute or symbol-shape
	// query ("actor type") searches it.
	Declarations bool
	// Framework: its documents carry a framework identifier.
	Framework bool
	// OnRequest: left out of identifier queries (one capitalised name,
	// "Type member", @attributes alone) unless asked for or
	// include_archive; every other query searches it.
	OnRequest bool
	// Separate: its pages are parts of wholes (the files of a sample
	// project, the symbols of a package, a session's transcript) and far
	// outnumber what they document, so the ranker searches it in a
	// full-text pass of its own, where its matches never count against the
	// documentation's; and its whole projects, packages or sessions are
	// looked up by title.
	Separate bool
	// Whole is the kind of the pages that stand for a whole project,
	// session or package in a Separate source, and what to call them
	// ("sample projects"); empty elsewhere.
	Whole Whole
}

// Whole names the pages of a source that stand for a whole.
type Whole struct {
	Kind string // the docs.kind of those pages: "sampleProject"
	Noun string // what a person calls them, plural: "sample projects"
}

// Alias is one spelling of a source.
type Alias struct {
	Name string
	Bare bool
}

// How a source is fetched.
const (
	FetchCrawl = "crawl" // the BFS crawler over developer.apple.com
	FetchGit   = "git"   // a shallow clone of GitRepo
	// FetchGitExport exports the text files of GitRepo's tree (a mirror
	// whose binaries are in Git LFS) without a working tree.
	FetchGitExport = "git-export"
	// FetchPackageList clones each repository of a list of packages
	// (--packages-file) and exports its text files.
	FetchPackageList = "package-list"
	// FetchVideos reads Apple's WWDC video pages, with the crawler's
	// checkpoint.
	FetchVideos = "videos"
	// FetchHIG crawls the Human Interface Guidelines' DocC JSON like the
	// documentation.
	FetchHIG = "hig-crawl"
	// FetchArchive reads a list of Apple's archived guides: each book's
	// table of contents and chapters.
	FetchArchive = "archive-books"
)

// All is the table, in display order. The order is also the order save
// indexes the sources and list_sources shows them.
var All = []Source{
	{
		ID: document.SourceAppleDocs, Name: "Apple developer documentation",
		Description: "Apple developer documentation (DocC): frameworks, symbols, articles",
		IDIsBare:    true,
		Aliases:     []Alias{{"docs", false}, {"apple", false}},
		Weight:      3.0,
		Folders:     []string{"docs", "tutorials/data/documentation"},
		SaveFlag:    "docs-dir", SaveHelp: "Apple DocC JSON pages",
		Fetch:   FetchCrawl,
		Symbols: true, Declarations: true, Framework: true,
	},
	{
		ID: document.SourceSwiftEvolution, Name: "Swift Evolution",
		Description: "Swift Evolution proposals (SE-NNNN)",
		IDIsBare:    true,
		Aliases:     []Alias{{"evolution", true}, {"se", true}},
		HintWords:   []string{"proposal", "proposals"},
		Weight:      1.5,
		Folders:     []string{"swift-evolution"},
		SaveFlag:    "evolution-dir", SaveHelp: "Swift Evolution checkout",
		Fetch: FetchGit, GitRepo: "https://github.com/swiftlang/swift-evolution.git",
		Symbols: true,
	},
	{
		ID: document.SourceSwiftBook, Name: "The Swift Programming Language",
		Description: "The Swift Programming Language book",
		IDIsBare:    true,
		Aliases:     []Alias{{"book", true}},
		Weight:      1.0,
		Folders:     []string{"swift-book"},
		SaveFlag:    "swift-book-dir", SaveHelp: "Swift book checkout",
		Fetch: FetchGit, GitRepo: "https://github.com/swiftlang/swift-book.git",
	},
	{
		ID: document.SourceSwiftOrg, Name: "swift.org",
		Description: "swift.org documentation and articles",
		IDIsBare:    true,
		Weight:      1.0,
		Folders:     []string{"swift-org"},
		SaveFlag:    "swift-org-dir", SaveHelp: "swift.org pages",
		Fetch: FetchGit, GitRepo: "https://github.com/swiftlang/swift-org-website.git",
	},
	{
		ID: document.SourceHIG, Name: "Human Interface Guidelines",
		Description: "Human Interface Guidelines",
		IDIsBare:    true,
		Weight:      0.5,
		Folders:     []string{"hig"},
		SaveFlag:    "hig-dir", SaveHelp: "Human Interface Guidelines pages (DocC JSON or Markdown)",
		Fetch: FetchHIG,
	},
	{
		ID: document.SourceAppleArchive, Name: "Apple Archive",
		Description: "Apple's retired programming guides (left out of a search for a bare API name unless asked for)",
		IDIsBare:    true,
		Aliases:     []Alias{{"archive", false}},
		Weight:      0.5,
		Folders:     []string{"apple-archive"},
		SaveFlag:    "archive-dir", SaveHelp: "Apple Archive guides",
		Fetch:     FetchArchive,
		Framework: true, OnRequest: true,
	},
	{
		ID: document.SourceSamples, Name: "Sample code",
		Description: "Apple sample code projects: each project's README and every source file, with the APIs it uses",
		IDIsBare:    true,
		Aliases:     []Alias{{"sample-code", true}, {"sample", false}},
		HintWords:   []string{"sample"},
		Weight:      0.6,
		Folders:     []string{"sample-code", "samples"},
		SaveFlag:    "samples-dir", SaveHelp: "Apple sample-code projects",
		Fetch: FetchGitExport, GitRepo: "https://github.com/mihaelamj/cupertino-sample-code.git",
		Framework: true, OnRequest: true, Separate: true,
		Whole: Whole{document.KindSampleProject, "sample projects"},
	},
	{
		ID: document.SourceWWDC, Name: "WWDC sessions",
		Description: "WWDC session transcripts and code, 2014 on (filter by year)",
		IDIsBare:    true,
		Aliases:     []Alias{{"session", false}, {"video", false}},
		HintWords:   []string{"wwdc"},
		Weight:      0.6,
		Folders:     []string{"wwdc"},
		SaveFlag:    "wwdc-dir", SaveHelp: "WWDC sessions (videos/<year>-<id>.json)",
		Fetch:     FetchVideos,
		OnRequest: true, Separate: true,
		Whole: Whole{document.KindSession, "WWDC sessions"},
	},
	{
		ID: document.SourcePackages, Name: "Swift packages",
		Description: "Swift packages: README, DocC articles, Package.swift and public declarations",
		IDIsBare:    true,
		Aliases:     []Alias{{"package", false}, {"spm", true}},
		Weight:      0.8,
		Folders:     []string{"packages"},
		SaveFlag:    "packages-dir", SaveHelp: "Swift package checkouts (<owner>/<repo>)",
		Fetch:   FetchPackageList,
		Symbols: true, Declarations: true, OnRequest: true, Separate: true,
		Whole: Whole{document.KindPackage, "Swift packages"},
	},
}

// Lookup returns the source with the given ID.
func Lookup(id string) (Source, bool) {
	for _, s := range All {
		if s.ID == id {
			return s, true
		}
	}
	return Source{}, false
}

// IDs lists every source's ID in table order.
func IDs() []string {
	return ids(func(Source) bool { return true })
}

// Saved lists the IDs of the sources save reads, in table order.
func Saved() []string {
	return ids(func(s Source) bool { return s.SaveFlag != "" })
}

// Fetched lists the IDs of the sources fetch gets, in table order.
func Fetched() []string {
	return ids(func(s Source) bool { return s.Fetch != "" })
}

// With lists the IDs of the sources for which has is true, in table order.
func With(has func(Source) bool) []string { return ids(has) }

func ids(keep func(Source) bool) []string {
	var out []string
	for _, s := range All {
		if keep(s) {
			out = append(out, s.ID)
		}
	}
	return out
}
