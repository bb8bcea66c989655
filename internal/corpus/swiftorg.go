package corpus

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// SwiftOrg reads the swift.org website's Jekyll Markdown: pages
// (documentation/**, getting-started/**) become
// swift-org://<path without .md and /index>, Kind "article"; blog posts
// (_posts/YYYY-MM-DD-slug.md) become swift-org://blog/<slug>, Kind
// "blogPost", like the live site's /blog/<slug>/. Titles come from the front
// matter. Jekyll partials (_name.md) are folded into the pages that include
// them and are not documents of their own; redirect stubs are skipped.
type SwiftOrg struct{ reader }

// Files lists every .md file, partials included (Parse declines them).
func (s *SwiftOrg) Files(ctx context.Context) (Listing, error) {
	return s.filesEndingIn(ctx, ".md")
}

var (
	postName = regexp.MustCompile(`^\d{4}-\d{1,2}-\d{1,2}-(.+)$`)
	// includeTag matches {% include file.md k="v" %} and include_relative.
	includeTag    = regexp.MustCompile(`\{%-?\s*(include|include_relative)\s+(\S+)\s*(.*?)\s*-?%\}`)
	includeParam  = regexp.MustCompile(`(\w+)\s*=\s*"([^"]*)"`)
	includeVar    = regexp.MustCompile(`\{\{-?\s*include\.(\w+)\s*-?\}\}`)
	liquidComment = regexp.MustCompile(`(?s)\{%-?\s*comment\s*-?%\}.*?\{%-?\s*endcomment\s*-?%\}`)
	liquidTag     = regexp.MustCompile(`\{%-?.*?-?%\}`)
	liquidOutput  = regexp.MustCompile(`\{\{-?.*?-?\}\}`)
	kramdownAttrs = regexp.MustCompile(`\{:[^}\n]*\}`)
)

// maxIncludeDepth bounds nested includes so that a partial including itself
// cannot recurse forever.
const maxIncludeDepth = 3

// Parse reads one page or post.
func (s *SwiftOrg) Parse(filePath string, raw []byte) (*document.Document, error) {
	base := filepath.Base(filePath)
	if strings.HasPrefix(base, "_") {
		return nil, fmt.Errorf("%w: Jekyll partial, read as part of the pages that include it", ErrNotADocument)
	}
	if isBlank(raw) {
		return nil, errEmptyFile
	}
	fields, body := splitFrontMatter(sourceText(raw))
	if target := fields["redirect_to"]; target != "" {
		return nil, fmt.Errorf("%w: redirect to %s", ErrNotADocument, target)
	}
	if fields.isFalse("published") {
		return nil, fmt.Errorf("%w: unpublished (published: false)", ErrFiltered)
	}
	body = s.expandIncludes(body, filepath.Dir(filePath), 0)
	markdown := stripLiquid(stripComments(body))

	rel := strings.TrimSuffix(relSlash(s.root, filePath), ".md")
	kind := "article"
	var uriPath string
	if isPost(rel, fields) {
		kind = "blogPost"
		slug := path.Base(rel)
		if match := postName.FindStringSubmatch(slug); match != nil {
			slug = match[1]
		}
		uriPath = "blog/" + slug
	} else {
		uriPath = strings.TrimSuffix(strings.TrimSuffix(rel, "index"), "/")
		if uriPath == "" {
			uriPath = "index"
		}
	}
	doc, err := newMarkdownDocument(markdownPage{
		source:   document.SourceSwiftOrg,
		uri:      document.SourceSwiftOrg + "://" + strings.ToLower(uriPath),
		title:    fields["title"],
		kind:     kind,
		path:     filePath,
		raw:      raw,
		markdown: markdown,
	})
	if err != nil {
		return nil, err
	}
	if doc.Abstract == "" {
		doc.Abstract = truncate(collapseSpace(fields["description"]), abstractLimit)
	}
	return doc, nil
}

// isPost tells blog posts from pages: Jekyll's _posts folder, or a post
// layout for posts kept elsewhere.
func isPost(rel string, fields frontMatter) bool {
	return strings.HasPrefix(rel, "_posts/") || strings.Contains(rel, "/_posts/") ||
		strings.HasSuffix(fields["layout"], "post")
}

// expandIncludes replaces {% include_relative _x.md k="v" %} with the
// partial's text (its {{ include.k }} filled in) so that the shared
// getting-started sections are searchable on the pages that show them.
// {% include x %} reads the site's _includes folder when the corpus has one;
// includes that cannot be read are dropped.
func (s *SwiftOrg) expandIncludes(body, dir string, depth int) string {
	if depth >= maxIncludeDepth || !strings.Contains(body, "include") {
		return body
	}
	return includeTag.ReplaceAllStringFunc(body, func(tag string) string {
		match := includeTag.FindStringSubmatch(tag)
		name := match[2]
		if strings.Contains(name, "{{") {
			return ""
		}
		partial := filepath.Join(dir, filepath.FromSlash(name))
		if match[1] == "include" {
			partial = filepath.Join(s.root, "_includes", filepath.FromSlash(name))
		}
		// Pages only ever include files of the same site.
		if rel, err := filepath.Rel(s.root, partial); err != nil || strings.HasPrefix(rel, "..") {
			return ""
		}
		content, err := s.readSide(partial)
		if err != nil {
			return ""
		}
		_, text := splitFrontMatter(sourceText(content))
		params := map[string]string{}
		for _, param := range includeParam.FindAllStringSubmatch(match[3], -1) {
			params[param[1]] = param[2]
		}
		text = includeVar.ReplaceAllStringFunc(text, func(v string) string {
			return params[includeVar.FindStringSubmatch(v)[1]]
		})
		return "\n" + s.expandIncludes(text, filepath.Dir(partial), depth+1) + "\n"
	})
}

// stripLiquid removes Liquid comments, tags and output expressions, and
// kramdown attribute lists ({:width="50%"}), keeping the text between tags
// (the body of an {% if %} stays).
func stripLiquid(text string) string {
	if !strings.Contains(text, "{") {
		return text
	}
	text = liquidComment.ReplaceAllString(text, "")
	text = liquidTag.ReplaceAllString(text, "")
	text = liquidOutput.ReplaceAllString(text, "")
	return kramdownAttrs.ReplaceAllString(text, "")
}
