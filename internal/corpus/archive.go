package corpus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/safefile"
)

// bookFile is each Apple Archive book's table of contents.
const bookFile = "book.json"

// AppleArchive reads legacy Apple programming guides saved as one folder per
// book: <bookUID>/book.json (the table of contents) plus chapter Markdown in
// any subfolder. Each chapter becomes apple-archive://<bookUID>/<page>, page
// being the chapter file's stem lowercased (apple-archive://10000011i/mmrules),
// Kind "guide". Titles come from the table of contents where it lists the
// chapter, else the front matter, else the first heading. book.json itself
// is ErrNotADocument; revision-history chapters are ErrFiltered.
type AppleArchive struct {
	reader
	books sync.Map // book directory -> *archiveBook, loaded once per book
}

// Files lists chapters (.md) and tables of contents (book.json).
func (a *AppleArchive) Files(ctx context.Context) (Listing, error) {
	return listing(walkFiles(ctx, a.root, func(rel string) bool {
		return strings.HasSuffix(rel, ".md") || path.Base(rel) == bookFile
	}))
}

// archiveBook is what a chapter needs from its book.json.
type archiveBook struct {
	uid   string
	title string
	// chapters maps a chapter's path inside the book, lowercased and
	// without extension ("articles/mmrules"), to its title.
	chapters map[string]string
	err      error
}

// tocEntry is one node of book.json's "sections" tree.
type tocEntry struct {
	Title    string     `json:"title"`
	Href     string     `json:"href"`
	Type     string     `json:"type"`
	Sections []tocEntry `json:"sections"`
}

var (
	archiveNav    = regexp.MustCompile(`^(\[(Next|Previous)\]\([^)]*\)\s*)+$`)
	archiveHome   = regexp.MustCompile(`^\[\]\([^)]*\)$`)
	archiveFooter = regexp.MustCompile(`(?i)^Copyright .*Apple Inc\. All Rights Reserved`)
	archiveBanner = regexp.MustCompile(`^>\s*(\*\*[^*]+\*\*|Last updated:.*)\s*$`)
	uidFromRef    = regexp.MustCompile(`/uid/([^/]+)$`)
)

// Parse reads one chapter.
func (a *AppleArchive) Parse(filePath string, raw []byte) (*document.Document, error) {
	if filepath.Base(filePath) == bookFile {
		return nil, fmt.Errorf("%w: book table of contents", ErrNotADocument)
	}
	if isBlank(raw) {
		return nil, errEmptyFile
	}
	fields, body := splitFrontMatter(sourceText(raw))
	bookDir := a.bookDir(filePath)
	book := a.book(bookDir)
	if book.err != nil {
		return nil, book.err
	}

	stem := strings.TrimSuffix(filepath.Base(filePath), filepath.Ext(filePath))
	inBook := strings.ToLower(strings.TrimSuffix(relSlash(bookDir, filePath), filepath.Ext(filePath)))
	title := book.chapters[inBook]
	if title == "" {
		title = fields["title"]
	}
	markdown := cleanArchiveBody(stripComments(body))
	if title == "" {
		title = firstHeading(parseBlocks(markdown))
	}
	if strings.EqualFold(title, "Revision History") || strings.EqualFold(stem, "RevisionHistory") {
		return nil, fmt.Errorf("%w: revision history", ErrFiltered)
	}
	bookTitle := book.title
	if bookTitle == "" {
		bookTitle = fields["book"]
	}
	// Every guide opens with a chapter called "Introduction"; naming the
	// book keeps the four of them apart in a result list.
	if strings.EqualFold(title, "Introduction") && bookTitle != "" {
		title = "Introduction to " + bookTitle
	}

	uid := book.uid
	if uid == "" {
		if match := uidFromRef.FindStringSubmatch(fields["identifier"]); match != nil {
			uid = match[1]
		}
	}
	if uid == "" {
		uid = filepath.Base(bookDir)
	}
	doc, err := newMarkdownDocument(markdownPage{
		source:    document.SourceAppleArchive,
		uri:       document.SourceAppleArchive + "://" + uid + "/" + strings.ToLower(stem),
		title:     title,
		kind:      "guide",
		framework: strings.ToLower(strings.TrimSpace(fields["framework"])),
		path:      filePath,
		raw:       raw,
		markdown:  markdown,
	})
	if err != nil {
		return nil, err
	}
	labelArchiveCode(doc.CodeExamples)
	return doc, nil
}

// labelArchiveCode names the language of the guides' unlabeled listings.
// These guides predate Swift or keep to Objective-C and C, and an unlabeled
// listing would otherwise be taken for Swift by the symbol extractor.
func labelArchiveCode(examples []document.CodeExample) {
	for i := range examples {
		if examples[i].Language != "" {
			continue
		}
		code := examples[i].Code
		if strings.Contains(code, "func ") && !strings.Contains(code, ";") {
			examples[i].Language = "swift"
		} else {
			examples[i].Language = "objective-c"
		}
	}
}

// bookDir returns the nearest directory at or above the chapter, inside the
// root, that holds a book.json; without one, the chapter's top-level folder
// under the root.
func (a *AppleArchive) bookDir(filePath string) string {
	root := filepath.Clean(a.root)
	dir := filepath.Dir(filePath)
	for {
		if _, err := os.Stat(filepath.Join(dir, bookFile)); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if dir == root || parent == dir || !strings.HasPrefix(parent, root) {
			break
		}
		dir = parent
	}
	rel := relSlash(root, filePath)
	if first, _, ok := strings.Cut(rel, "/"); ok {
		return filepath.Join(root, first)
	}
	return root
}

// book loads and caches a book's table of contents. A book without
// book.json is fine (titles fall back to the chapters); an unreadable one
// fails every chapter of the book with the reason.
func (a *AppleArchive) book(dir string) *archiveBook {
	if cached, ok := a.books.Load(dir); ok {
		return cached.(*archiveBook)
	}
	book := loadArchiveBook(dir, a.readSide)
	actual, _ := a.books.LoadOrStore(dir, book)
	return actual.(*archiveBook)
}

// loadArchiveBook reads dir's book.json with read. One that read refuses
// (a link, a FIFO: audited by the reader) counts as missing.
func loadArchiveBook(dir string, read func(string) ([]byte, error)) *archiveBook {
	book := &archiveBook{chapters: map[string]string{}}
	raw, err := read(filepath.Join(dir, bookFile))
	if errors.Is(err, fs.ErrNotExist) || safefile.Refusal(err) != "" {
		return book
	}
	if err != nil {
		book.err = fmt.Errorf("read book.json: %w", err)
		return book
	}
	var toc struct {
		UID      string     `json:"uid"`
		Title    string     `json:"title"`
		Sections []tocEntry `json:"sections"`
	}
	if err := json.Unmarshal(raw, &toc); err != nil {
		book.err = fmt.Errorf("%w: book.json: %v", ErrMalformed, err)
		return book
	}
	book.uid, book.title = toc.UID, toc.Title
	var walk func(entries []tocEntry)
	walk = func(entries []tocEntry) {
		for _, entry := range entries {
			if entry.Type != "section" {
				book.addChapter(entry)
			}
			walk(entry.Sections)
		}
	}
	walk(toc.Sections)
	return book
}

// addChapter records a chapter's title under its page path. A part and its
// first chapter share a page ("index.html"); the chapter's own title wins
// because it names what the page is about.
func (b *archiveBook) addChapter(entry tocEntry) {
	page, _, _ := strings.Cut(entry.Href, "#")
	if page == "" || strings.ContainsAny(page, "<@") || entry.Title == "" {
		return
	}
	key := strings.ToLower(strings.TrimSuffix(page, path.Ext(page)))
	if _, seen := b.chapters[key]; seen && entry.Type == "part" {
		return
	}
	b.chapters[key] = entry.Title
}

// cleanArchiveBody removes what the crawl kept of the old site's chrome:
// the book banner ("> **Book** / > Last updated: …"), Next/Previous links,
// the empty home link, the copyright footer, and the repeated chapter
// heading. It also outdents prose lines the HTML indentation left at four or
// more spaces, which Markdown would otherwise show as code, and moves a
// listing's first line, which the crawl left above the fence, into it.
func cleanArchiveBody(body string) string {
	lines := strings.Split(body, "\n")
	var kept []string
	seenTitle := ""
	marker := ""
	closedFence := false // the last kept line closed a code block
	for _, line := range lines {
		if marker != "" {
			if closesFence(line, marker) {
				marker = ""
				closedFence = true
			}
			kept = append(kept, line)
			continue
		}
		if m, _, ok := fence(line); ok {
			marker = m
			fenceLine := strings.TrimLeft(line, " \t")
			// The crawl wrote each listing's first line just above its
			// fence ("- (void)reset {" then "```"); a line glued to an
			// opening fence is code, so it moves inside.
			if n := len(kept); n > 0 && !closedFence && strings.TrimSpace(kept[n-1]) != "" && !strings.HasPrefix(strings.TrimSpace(kept[n-1]), "#") {
				first := kept[n-1]
				kept = append(kept[:n-1], fenceLine, first)
			} else {
				kept = append(kept, fenceLine)
			}
			closedFence = false
			continue
		}
		closedFence = false
		trimmed := strings.TrimSpace(line)
		switch {
		case archiveNav.MatchString(trimmed), archiveHome.MatchString(trimmed),
			archiveFooter.MatchString(trimmed), archiveBanner.MatchString(trimmed):
			continue
		}
		if level, text, ok := atxHeading(trimmed); ok && level == 1 {
			if text == seenTitle {
				continue
			}
			if seenTitle == "" {
				seenTitle = text
			}
		}
		if trimmed == "" {
			line = ""
		} else if strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t") {
			line = trimmed
		}
		kept = append(kept, line)
	}
	return strings.Join(kept, "\n")
}
