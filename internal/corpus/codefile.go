package corpus

import (
	"bytes"
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/mdbound"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// maxCodeFileBytes bounds the text files of sample projects and packages
// that are indexed. Hand-written sources stay far below it; what is above is
// data (a scanned room's JSON, a vocabulary list) and says nothing a search
// should find.
const maxCodeFileBytes = 256 << 10

// codeLanguages names the language of a source file by its extension.
// Files of other extensions are indexed as "text" when they are text.
var codeLanguages = map[string]string{
	".swift": "swift", ".h": "objc", ".m": "objc", ".mm": "objc++", ".c": "c", ".cc": "cpp", ".cpp": "cpp",
	".hpp": "cpp", ".metal": "metal", ".metallib": "", ".plist": "plist", ".entitlements": "plist",
	".json": "json", ".md": "markdown", ".txt": "text", ".strings": "strings", ".stringsdict": "plist",
	".xcconfig": "xcconfig", ".yaml": "yaml", ".yml": "yaml", ".tutorial": "docc", ".diff": "diff",
	".py": "python", ".sh": "shell", ".js": "javascript", ".html": "html", ".css": "css",
	".usda": "usda", ".intentdefinition": "xml", ".storyboard": "xml", ".xib": "xml", ".xcstrings": "json",
}

// declinedCodeFiles are files of a project or package that are text but not
// worth a search result: build plumbing and licence boilerplate, the same in
// every project. They are audited with the reason given.
func declinedCodeFile(name string) string {
	base := path.Base(name)
	lower := strings.ToLower(base)
	switch {
	case strings.HasSuffix(lower, ".pbxproj"):
		return "Xcode project file: build settings, not text to search"
	case strings.HasPrefix(lower, "license") || strings.HasPrefix(lower, "licence") || strings.HasPrefix(lower, "notice"):
		return "licence text"
	case strings.HasSuffix(lower, ".xcworkspacedata") || strings.HasSuffix(lower, ".xcscheme") ||
		strings.HasSuffix(lower, ".xcsettings") || strings.HasSuffix(lower, ".resolved"):
		return "Xcode or package manager settings"
	}
	return ""
}

// languageOf names a file's language for the index and the code fence.
func languageOf(name string) string {
	if path.Base(name) == "Package.swift" || strings.HasPrefix(path.Base(name), "Package@swift") {
		return "swift"
	}
	if lang, ok := codeLanguages[strings.ToLower(path.Ext(name))]; ok && lang != "" {
		return lang
	}
	return "text"
}

// checkCodeText rejects what is not text a person wrote: binary data, text
// that is not UTF-8, and files over maxCodeFileBytes.
func checkCodeText(raw []byte) error {
	switch {
	case isBlank(raw):
		return errEmptyFile
	case len(raw) > maxCodeFileBytes:
		return fmt.Errorf("%w: %d KiB of data, over the %d KiB read for source files", ErrFiltered, len(raw)>>10, maxCodeFileBytes>>10)
	case bytes.IndexByte(raw, 0) >= 0:
		return fmt.Errorf("%w: binary file (NUL bytes)", ErrMalformed)
	case !utf8.Valid(raw):
		return fmt.Errorf("%w: not UTF-8 text", ErrMalformed)
	}
	return nil
}

// codeFile is one source file of a sample project or a package.
type codeFile struct {
	source    string
	uri       string
	rel       string // path inside the project or package, for the title
	framework string
	context   string // Markdown lines under the title: where the file comes from
	path      string
	raw       []byte
}

// newCodeFileDocument indexes a source file: its text verbatim (Markdown
// pages are read as Markdown), its language, its declarations and, for
// Swift, the APIs it references.
func newCodeFileDocument(f codeFile) (*document.Document, error) {
	doc, _, err := newCodeFile(f)
	return doc, err
}

// newCodeFile is newCodeFileDocument that also returns what tree-sitter
// found in a Swift file, for the package reader's symbol pages.
func newCodeFile(f codeFile) (*document.Document, swiftsym.FileAnalysis, error) {
	var analysis swiftsym.FileAnalysis
	if err := checkCodeText(f.raw); err != nil {
		return nil, analysis, err
	}
	text := sourceText(f.raw)
	lang := languageOf(f.rel)
	if lang == "markdown" {
		page := markdownPage{
			source: f.source, uri: f.uri, kind: "article", framework: f.framework, path: f.path, raw: f.raw,
			markdown: text + "\n\n" + f.context,
		}
		if firstHeading(parseBlocks(text)) == "" {
			page.title = f.rel // a README without a heading is still the project's text
		}
		doc, err := newMarkdownDocument(page)
		if err == nil {
			doc.Language = lang
		}
		return doc, analysis, err
	}
	doc := &document.Document{
		URI:         f.uri,
		Source:      f.source,
		Framework:   f.framework,
		SourceFile:  f.path,
		Title:       f.rel,
		Kind:        document.KindSourceFile,
		Language:    lang,
		Abstract:    truncate(collapseSpace(fileSummary(f.context)), abstractLimit),
		Content:     text,
		Markdown:    mdbound.CodeFile(f.rel, f.context, lang, text),
		ContentHash: sha256Hex(f.raw),
		Size:        len(f.raw),
	}
	switch lang {
	case "objc", "objc++", "metal":
		doc.Symbols = swiftsym.ExtractCFamily(text, lang == "metal")
		if doc.Symbols == nil {
			doc.Symbols = []document.Symbol{}
		}
	case "swift":
		analysis = swiftsym.AnalyzeFile(text)
		doc.References = analysis.References
		doc.Symbols = []document.Symbol{}
		for _, d := range analysis.Public {
			doc.Symbols = append(doc.Symbols, d.Symbol)
		}
		if len(doc.Symbols) == 0 {
			// Samples declare their own types without "public"; their
			// declarations are still what search_symbols should find.
			doc.Symbols = withOrigin(swiftsym.ExtractCode(text), swiftsym.OriginSource)
		}
	}
	return doc, analysis, nil
}

// fileSummary is the one line a search result shows for a file: its
// context without Markdown links.
func fileSummary(context string) string {
	line, _, _ := strings.Cut(context, "\n")
	return inlineText(line)
}

func withOrigin(syms []document.Symbol, origin string) []document.Symbol {
	for i := range syms {
		syms[i].Origin = origin
	}
	if syms == nil {
		return []document.Symbol{}
	}
	return syms
}
