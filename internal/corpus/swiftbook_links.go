package corpus

import (
	"context"
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/internal/document"
)

// This file turns the Swift book's DocC article links (<doc:Closures>,
// <doc:Closures#Capturing-Values>) into Markdown links to the chapters'
// swift-book:// URIs, so an agent reading a chapter can follow them.

// docRefPattern matches a DocC article link: the chapter name (a file name
// without .md, possibly with a path) and an optional #anchor.
var docRefPattern = regexp.MustCompile(`<doc:([^>#\s]+)(#[^>\s]*)?>`)

// bookWebBase is where docs.swift.org publishes the book; a reference to a
// chapter this checkout lacks links there, so it is still a working link.
const bookWebBase = "https://docs.swift.org/swift-book/documentation/the-swift-programming-language/"

// bookChapter is where <doc:Name> leads: the chapter's URI and title.
type bookChapter struct{ uri, title string }

// bookIndex maps a chapter's lowercased file name (without .md) to the
// chapter, built once per reader: a reader lives for one save, and the
// chapters' names and titles are read from the files it lists.
type bookIndex struct {
	once     sync.Once
	chapters map[string]bookChapter
}

// bookIndexes holds each SwiftBook reader's index (the reader's struct is
// built by position elsewhere, so the index lives beside it).
var bookIndexes sync.Map // *SwiftBook → *bookIndex

func (s *SwiftBook) chapters() map[string]bookChapter {
	v, _ := bookIndexes.LoadOrStore(s, &bookIndex{})
	idx := v.(*bookIndex)
	idx.once.Do(func() { idx.chapters = s.readChapters() })
	return idx.chapters
}

// readChapters lists the catalog's chapters with their titles. A chapter
// that cannot be read keeps its file name as title; a root that cannot be
// listed gives no chapters, and every reference then links to the web.
func (s *SwiftBook) readChapters() map[string]bookChapter {
	out := map[string]bookChapter{}
	list, err := s.Files(context.Background())
	if err != nil {
		return out
	}
	for _, file := range list.Files {
		name := strings.TrimSuffix(path.Base(relSlash(s.root, file)), ".md")
		key := strings.ToLower(name)
		if _, dup := out[key]; dup {
			continue
		}
		ch := bookChapter{uri: s.chapterURI(file), title: name}
		if raw, err := s.readSide(file); err == nil {
			blocks := parseBlocks(stripDirectives(stripComments(sourceText(raw))))
			if at := headingIndex(blocks); at >= 0 {
				if t := collapseSpace(inlineText(blocks[at].text)); t != "" {
					ch.title = t
				}
			}
		}
		out[key] = ch
	}
	return out
}

// chapterURI is swift-book://<path inside the catalog, lowercased, no .md>.
func (s *SwiftBook) chapterURI(filePath string) string {
	rel := relSlash(s.root, filePath)
	if inCatalog := catalogPath(rel); inCatalog != "" {
		rel = inCatalog
	}
	return document.SourceSwiftBook + "://" + strings.ToLower(strings.TrimSuffix(rel, path.Ext(rel)))
}

// linkDocRefs rewrites every <doc:…> outside code as a Markdown link:
// "[Capturing Values](swift-book://languageguide/closures#Capturing-Values)"
// or, without an anchor, the chapter's title.
func (s *SwiftBook) linkDocRefs(text string) string {
	if !strings.Contains(text, "<doc:") {
		return text
	}
	chapters := s.chapters()
	return mapOutsideFences(text, func(line string) string {
		if strings.Contains(line, "<doc:") {
			return linkDocRefsInLine(line, chapters)
		}
		return line
	})
}

// linkDocRefsInLine rewrites the references of one line that are not inside
// a code span (an odd number of backticks before them).
func linkDocRefsInLine(line string, chapters map[string]bookChapter) string {
	var out strings.Builder
	last := 0
	for _, m := range docRefPattern.FindAllStringSubmatchIndex(line, -1) {
		if strings.Count(line[:m[0]], "`")%2 == 1 {
			continue
		}
		name := line[m[2]:m[3]]
		anchor := ""
		if m[4] >= 0 {
			anchor = line[m[4]:m[5]]
		}
		out.WriteString(line[last:m[0]])
		out.WriteString(bookLink(name, anchor, chapters))
		last = m[1]
	}
	out.WriteString(line[last:])
	return out.String()
}

// bookLink is the Markdown link for <doc:name#anchor>. Its text is the
// section name the anchor spells ("Capturing-Values" reads "Capturing
// Values"), else the chapter's title.
func bookLink(name, anchor string, chapters map[string]bookChapter) string {
	base := strings.TrimRight(name, "/")
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[i+1:]
	}
	ch, ok := chapters[strings.ToLower(base)]
	dest := ch.uri + anchor
	if !ok {
		ch.title = base
		dest = bookWebBase + strings.ToLower(base) + "/" + anchor
	}
	text := ch.title
	if len(anchor) > 1 {
		text = strings.ReplaceAll(anchor[1:], "-", " ")
	}
	return "[" + escapeBrackets(text) + "](" + dest + ")"
}

// escapeBrackets keeps brackets in link text from ending it early.
func escapeBrackets(s string) string {
	return strings.NewReplacer("[", `\[`, "]", `\]`).Replace(s)
}
