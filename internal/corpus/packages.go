package corpus

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/ondisk"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// Packages reads Swift package checkouts, packages/<owner>/<repo>/…, each
// with the .package.json fetch writes (owner, repo, url, license, commit,
// description). Its README.md becomes the package page,
// packages://<owner>/<repo> (Kind package): description, licence, what
// Package.swift declares (tools version, platforms, products,
// dependencies), the Apple frameworks its sources import, then the README.
// Every other text file becomes packages://<owner>/<repo>/<path> (Markdown
// as an article, the rest as a source file), and each public declaration
// of a library source becomes a symbol page,
// packages://<owner>/<repo>/symbols/<Module>/<Type>/<member(labels:)>,
// with its doc comment.
type Packages struct {
	reader
	packages fileGroups // "<owner>/<repo>" -> its files, relative
}

// Files lists every file of every package and remembers each package's
// files for its page.
func (p *Packages) Files(ctx context.Context) (Listing, error) {
	return p.packages.list(ctx, p.root, packageOf)
}

// packageOf splits "owner/repo/path" into "owner/repo" and "path".
func packageOf(rel string) (key, path string, ok bool) {
	parts := strings.SplitN(rel, "/", 3)
	if len(parts) < 3 {
		return "", "", false
	}
	return parts[0] + "/" + parts[1], parts[2], true
}

// Parse reads one file of a package.
func (p *Packages) Parse(filePath string, raw []byte) (*document.Document, error) {
	key, rel, ok := packageOf(relSlash(p.root, filePath))
	if !ok {
		return nil, fmt.Errorf("%w: file outside any package (the collection's index)", ErrNotADocument)
	}
	if reason := declinedCodeFile(rel); reason != "" {
		return nil, fmt.Errorf("%w: %s", ErrNotADocument, reason)
	}
	base := document.SourcePackages + "://" + key
	if rel == "README.md" {
		return p.packagePage(key, filePath, raw)
	}
	doc, analysis, err := newCodeFile(codeFile{
		source:  document.SourcePackages,
		uri:     base + "/" + docuri.EscapePath(rel),
		rel:     rel,
		context: fmt.Sprintf("From the Swift package [%s](%s).", key, base),
		path:    filePath,
		raw:     raw,
	})
	if err != nil {
		return nil, err
	}
	doc.Parent = base
	if doc.Language == "swift" && isLibrarySource(rel) {
		module := moduleOf(key, rel)
		for _, d := range analysis.Public {
			doc.Derived = append(doc.Derived, symbolPage(base, module, rel, doc.URI, d))
		}
		// The symbol pages carry the declarations; the file keeps its text.
		doc.Symbols = []document.Symbol{}
	}
	return doc, nil
}

// isLibrarySource tells a package's own Swift sources from its manifest and
// the code listings of its DocC tutorials.
func isLibrarySource(rel string) bool {
	return !strings.HasPrefix(rel, "Package") && !strings.Contains(rel, ".docc/") && strings.Contains(rel, "/")
}

// moduleOf names the module a source belongs to: Sources/<Module>/…, or
// the package's own folder layout (Source/ in Alamofire, GRDB/ in GRDB).
func moduleOf(key, rel string) string {
	parts := strings.Split(rel, "/")
	if len(parts) >= 3 && parts[0] == "Sources" {
		return parts[1]
	}
	if parts[0] == "Source" || parts[0] == "Sources" {
		_, repo, _ := strings.Cut(key, "/")
		return strings.TrimSuffix(strings.TrimPrefix(repo, "swift-"), ".swift")
	}
	return parts[0]
}

// symbolPage is the page of one public declaration.
func symbolPage(base, module, rel, fileURI string, d swiftsym.PublicDecl) *document.Document {
	name := doccName(d.Symbol)
	segs := []string{base, "symbols", module}
	if d.Container != "" {
		segs = append(segs, strings.Split(d.Container, ".")...)
	}
	parent := strings.Join(segs, "/")
	uri := parent + "/" + docuri.EscapePath(name)
	if d.Container == "" {
		parent = base
	}
	var md strings.Builder
	fmt.Fprintf(&md, "# %s\n\n%s", name, module)
	if d.Container != "" {
		fmt.Fprintf(&md, " › %s", strings.ReplaceAll(d.Container, ".", " › "))
	}
	fmt.Fprintf(&md, " · %s\n\n```swift\n%s\n```\n", d.Symbol.Kind, d.Symbol.Signature)
	if d.Doc != "" {
		fmt.Fprintf(&md, "\n%s\n", d.Doc)
	}
	fmt.Fprintf(&md, "\nDeclared in [%s](%s) at line %d.\n", rel, fileURI, d.Line)
	blocks := parseBlocks(d.Doc)
	return &document.Document{
		URI:         uri,
		Source:      document.SourcePackages,
		Title:       name,
		Kind:        d.Symbol.Kind,
		RoleHeading: module,
		Language:    "swift",
		Abstract:    truncate(firstParagraph(blocks, 0), abstractLimit),
		Declaration: d.Symbol.Signature,
		Content:     d.QualifiedName() + "\n" + d.Doc,
		Markdown:    md.String(),
		Parent:      parent,
		ContentHash: sha256Hex([]byte(md.String())),
		Size:        md.Len(),
	}
}

// doccName is a declaration's name the way DocC writes it in paths and
// titles: functions, initialisers and subscripts with their argument
// labels ("append(_:)", "init(a:b:)"), the rest by name.
func doccName(sym document.Symbol) string {
	switch sym.Kind {
	case "func", "init", "subscript", "macro":
	default:
		return sym.Name
	}
	sig := sym.Signature
	at := strings.Index(sig, sym.Name)
	if at < 0 {
		return sym.Name
	}
	open := strings.IndexByte(sig[at+len(sym.Name):], '(')
	if open < 0 {
		return sym.Name
	}
	params := sig[at+len(sym.Name)+open+1:]
	var labels strings.Builder
	depth, start := 0, 0
	flush := func(param string) {
		param = strings.TrimSpace(param)
		if param == "" {
			return
		}
		label, _, _ := strings.Cut(param, ":")
		fields := strings.Fields(label)
		if len(fields) == 0 {
			return
		}
		if sym.Kind == "subscript" && len(fields) == 1 {
			labels.WriteString("_:")
			return
		}
		labels.WriteString(fields[0] + ":")
	}
	for i := 0; i < len(params); i++ {
		switch params[i] {
		case '(', '[', '<':
			depth++
		case ']':
			depth--
		case '>':
			if i > 0 && params[i-1] != '-' {
				depth--
			}
		case ')':
			if depth == 0 {
				flush(params[start:i])
				return sym.Name + "(" + labels.String() + ")"
			}
			depth--
		case ',':
			if depth == 0 {
				flush(params[start:i])
				start = i + 1
			}
		}
	}
	return sym.Name
}

// packagePage is the package's page, read from its README.
func (p *Packages) packagePage(key, readmePath string, raw []byte) (*document.Document, error) {
	if err := checkCodeText(raw); err != nil {
		return nil, err
	}
	dir := filepath.Join(p.root, filepath.FromSlash(key))
	var meta ondisk.PackageInfo
	if data, err := p.readSide(filepath.Join(dir, ondisk.PackageMetaFile)); err == nil {
		_ = json.Unmarshal(data, &meta) // a missing or bad file leaves the page without its metadata
	}
	files := p.packages.files(key)
	manifest := readManifest(dir, p.readSide)
	imports := appleImports(dir, files, p.readSide)

	var b strings.Builder
	title := packageTitle(key, sourceText(raw))
	fmt.Fprintf(&b, "# %s\n\n", title)
	if meta.Description != "" {
		b.WriteString(meta.Description + "\n\n")
	}
	for _, line := range [][2]string{{"Repository", meta.URL}, {"License", meta.License}, {"Commit", meta.Commit}} {
		if line[1] != "" {
			fmt.Fprintf(&b, "- %s: %s\n", line[0], line[1])
		}
	}
	b.WriteString(manifest.markdown())
	if len(imports) > 0 {
		fmt.Fprintf(&b, "\n## Apple frameworks imported\n\n%s\n", strings.Join(imports, ", "))
	}
	b.WriteString("\n## README\n\n")
	b.WriteString(demoteHeadings(sourceText(raw)))
	doc, err := newMarkdownDocument(markdownPage{
		source: document.SourcePackages, uri: document.SourcePackages + "://" + key, title: title,
		kind: document.KindPackage, path: readmePath, raw: raw, markdown: b.String(),
		abstract: meta.Description,
	})
	if err != nil {
		return nil, err
	}
	// The full-text content is what the package is, not all it says: a
	// README of 200 KB (GRDB's) would otherwise weigh every word so little
	// that the package page ranks below its own files for its own topic.
	doc.Content = strings.Join([]string{meta.Description, readmeIntro(sourceText(raw)), key,
		strings.Join(manifest.Products, " "), strings.Join(imports, " ")}, "\n")
	for _, f := range files {
		if f != "README.md" {
			doc.Children = append(doc.Children, document.Ref{
				URI: document.SourcePackages + "://" + key + "/" + docuri.EscapePath(f), Title: f, Section: "Files"})
		}
	}
	return doc, nil
}

// packageTitle names a package by its README's first heading and its
// repository ("Swift Collections (apple/swift-collections)"), or by the
// repository alone when the README has no heading or repeats the name: a
// search for the package's own name finds its page either way.
func packageTitle(key, readme string) string {
	heading := strings.TrimSpace(strings.Map(func(r rune) rune {
		if r > 0x2000 && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return -1 // emoji and symbols around the name ("📸 SnapshotTesting")
		}
		return r
	}, firstHeading(parseBlocks(readme))))
	_, repo, _ := strings.Cut(key, "/")
	if heading == "" || strings.EqualFold(heading, repo) {
		return key
	}
	return heading + " (" + key + ")"
}

// readmeIntro is a README's text up to its second section and the titles
// of all its sections: what the package is and what its documentation
// covers.
func readmeIntro(readme string) string {
	blocks := parseBlocks(readme)
	var intro, headings []string
	sections := 0
	for _, b := range blocks {
		if b.kind == blockHeading {
			sections++
			headings = append(headings, inlineText(b.text))
			continue
		}
		if sections <= 2 && b.kind != blockCode {
			intro = append(intro, blockText(b))
		}
	}
	return truncate(strings.Join(intro, "\n"), 4000) + "\n" + strings.Join(headings, "\n")
}

// demoteHeadings pushes a README's headings one level down so that they sit
// under the page's "## README".
func demoteHeadings(md string) string {
	lines := strings.Split(md, "\n")
	open := ""
	for i, l := range lines {
		if m, _, ok := fence(l); ok {
			if open == "" {
				open = m
			} else if closesFence(l, open) {
				open = ""
			}
			continue
		}
		if open == "" && strings.HasPrefix(l, "#") && strings.Count(l[:min(len(l), 6)], "#") < 6 {
			lines[i] = "##" + l
		}
	}
	return strings.Join(lines, "\n")
}

// appleImports lists the Apple frameworks the package's Swift sources
// import, sorted, as the original's apple_imports did. Each source is read
// with read, so one over the size cap is not read at all.
func appleImports(dir string, files []string, read func(string) ([]byte, error)) []string {
	seen := map[string]bool{}
	for _, f := range files {
		if !strings.HasSuffix(f, ".swift") || !isLibrarySource(f) {
			continue
		}
		data, err := read(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			continue
		}
		for _, m := range importLine.FindAllStringSubmatch(string(data), -1) {
			module, _, _ := strings.Cut(m[1], ".")
			if appleModules[module] {
				seen[module] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for m := range seen {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}
