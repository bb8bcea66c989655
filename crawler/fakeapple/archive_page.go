package fakeapple

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"text/template"
)

// PageExt names the source of a chapter page: an Archive without
// <name>.html in its folder serves <name>.page in the archive's chrome
// there, so the fixture books keep each chapter's own text once and the
// chrome (head, header, navigation, copyright, glossary pop-up) in one
// template, as Apple's book build wrote it around every chapter.
//
// A .page file is a header of "key: value" lines (title, chapter, date,
// description, next, previous), an empty line and the chapter's content.
// The book's title and identifier come from its book.json (in the page's
// folder or above it); book-root and the site's Resources path follow from
// where the page is.
const PageExt = ".page"

//go:embed archive_chapter.html
var archiveChapterChrome string

var archiveChapter = template.Must(template.New("chapter").Parse(archiveChapterChrome))

// ErrBadPage reports a .page file without its header, with an unknown key,
// or outside any book.
var ErrBadPage = errors.New("bad archive page source")

// archivePage is what the chrome needs of a chapter.
type archivePage struct {
	Title, Chapter, Date, Description, Next, Previous string
	Book, Identifier                                  string // from book.json
	Root, Resources                                   string // relative paths
	Body                                              string
}

// renderPage renders the .page source of rel (a path below the archive's
// directory ending in .html).
func renderPage(dir, rel string) ([]byte, error) {
	src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(strings.TrimSuffix(rel, ".html")+PageExt)))
	if err != nil {
		return nil, err
	}
	header, body, ok := strings.Cut(string(src), "\n\n")
	if !ok {
		return nil, fmt.Errorf("%w: %s: no empty line after the header", ErrBadPage, rel)
	}
	p := archivePage{Body: strings.TrimSuffix(body, "\n")}
	fields := map[string]*string{"title": &p.Title, "chapter": &p.Chapter, "date": &p.Date,
		"description": &p.Description, "next": &p.Next, "previous": &p.Previous}
	for line := range strings.Lines(header) {
		key, value, _ := strings.Cut(strings.TrimSuffix(line, "\n"), ": ")
		field, known := fields[key]
		if !known {
			return nil, fmt.Errorf("%w: %s: unknown key %q", ErrBadPage, rel, key)
		}
		*field = value
	}
	folder := path.Dir(rel)
	p.Resources = strings.Repeat("../", strings.Count(folder, "/")+2) + "Resources/1260"
	for book := folder; ; book = path.Dir(book) {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(book), "book.json"))
		if err == nil {
			var toc struct{ Title, UID string }
			if err := json.Unmarshal(data, &toc); err != nil {
				return nil, fmt.Errorf("%w: %s/book.json: %v", ErrBadPage, book, err)
			}
			p.Book, p.Identifier = toc.Title, toc.UID
			break
		}
		if book == "." {
			return nil, fmt.Errorf("%w: %s: no book.json above it", ErrBadPage, rel)
		}
		p.Root += "../"
	}
	var out bytes.Buffer
	if err := archiveChapter.Execute(&out, p); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
