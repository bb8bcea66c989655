package corpus

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
)

// Samples reads Apple's sample-code projects, one folder each:
// sample-code/<project-id>/… where the project id is "<framework>-<slug>"
// (accelerate-blurring-an-image). Each project becomes a page,
// samples://<project-id> (Kind sampleProject): the README's title and text,
// its framework and its file list as children. Each file becomes
// samples://<project-id>/<path> (Kind sourceFile, Language from the
// extension), with its text verbatim and, for Swift, the APIs it uses.
//
// The project page is read from README.md; a project without one gets its
// page from its first file, titled from the project id. Build plumbing and
// licence files are declined with a reason (declinedCodeFile).
type Samples struct {
	reader
	// projects maps a project id to its indexable files (paths relative to
	// the project), filled by Files; Parse reads it for the file lists.
	projects fileGroups
	mu       sync.Mutex        // guards titles
	titles   map[string]string // project id -> projectTitle, read once per project
}

// Files lists every file of every project; files at the top level (the
// collection's own README) are listed and declined.
func (s *Samples) Files(ctx context.Context) (Listing, error) {
	return s.projects.list(ctx, s.root, func(rel string) (string, string, bool) {
		project, inProject, ok := strings.Cut(rel, "/")
		return project, inProject, ok && declinedCodeFile(inProject) == ""
	})
}

// Parse reads one file of a project.
func (s *Samples) Parse(filePath string, raw []byte) (*document.Document, error) {
	project, rel, ok := strings.Cut(relSlash(s.root, filePath), "/")
	if !ok {
		return nil, fmt.Errorf("%w: file outside any project", ErrNotADocument)
	}
	if reason := declinedCodeFile(rel); reason != "" {
		return nil, fmt.Errorf("%w: %s", ErrNotADocument, reason)
	}
	files := s.projectFiles(project)
	framework := sampleFramework(project)
	if rel == "README.md" {
		return s.projectPage(project, framework, files, filePath, raw)
	}
	title := s.projectTitle(project)
	doc, err := newCodeFileDocument(codeFile{
		source:    document.SourceSamples,
		uri:       document.SourceSamples + "://" + project + "/" + docuri.EscapePath(rel),
		rel:       rel,
		framework: framework,
		context:   fmt.Sprintf("From the sample project [%s](%s://%s).", title, document.SourceSamples, project),
		path:      filePath,
		raw:       raw,
	})
	if err != nil {
		return nil, err
	}
	doc.Parent = document.SourceSamples + "://" + project
	if !hasReadme(files) && len(files) > 0 && files[0] == rel {
		page, perr := s.projectPage(project, framework, files, "", nil)
		if perr == nil {
			doc.Derived = append(doc.Derived, page)
		}
	}
	return doc, nil
}

// projectPage is the project's page: its README (or a title from the id)
// and the list of its files.
func (s *Samples) projectPage(project, framework string, files []string, readmePath string, raw []byte) (*document.Document, error) {
	readme := ""
	if raw != nil {
		if err := checkCodeText(raw); err != nil {
			return nil, err
		}
		readme = sourceText(raw)
	}
	if strings.TrimSpace(readme) == "" {
		readme = "# " + titleFromSlug(project) + "\n"
	}
	var list strings.Builder
	list.WriteString("\n\n## Project files\n\n")
	children := make([]document.Ref, 0, len(files))
	for _, f := range files {
		uri := document.SourceSamples + "://" + project + "/" + docuri.EscapePath(f)
		if f == "README.md" {
			continue
		}
		fmt.Fprintf(&list, "- [%s](%s) (%s)\n", f, uri, languageOf(f))
		children = append(children, document.Ref{URI: uri, Title: f, Section: "Project files"})
	}
	doc, err := newMarkdownDocument(markdownPage{
		source:    document.SourceSamples,
		uri:       document.SourceSamples + "://" + project,
		kind:      document.KindSampleProject,
		framework: framework,
		path:      readmePath,
		raw:       []byte(readme),
		markdown:  readme + list.String(),
	})
	if err != nil {
		return nil, err
	}
	doc.Children = children
	// The project id is the slug of the sample's documentation page, which
	// often names it better than the README's heading ("Observation
	// Sample" is migrating-from-the-observable-object-protocol-to-…).
	doc.Content = titleFromSlug(project) + "\n" + doc.Content
	if raw != nil {
		doc.ContentHash, doc.Size = sha256Hex(raw), len(raw)
	}
	return doc, nil
}

// projectTitle is the title of the project's page, for the files' context
// line: the README's first heading, or one made from the id. Every file of
// a project asks, so the README is read once per project.
func (s *Samples) projectTitle(project string) string {
	s.mu.Lock()
	title, ok := s.titles[project]
	s.mu.Unlock()
	if ok {
		return title
	}
	title = titleFromSlug(project)
	if raw, err := s.readSide(filepath.Join(s.root, project, "README.md")); err == nil {
		if heading := firstHeading(parseBlocks(sourceText(raw))); heading != "" {
			title = heading
		}
	}
	s.mu.Lock()
	if s.titles == nil {
		s.titles = map[string]string{}
	}
	s.titles[project] = title
	s.mu.Unlock()
	return title
}

func (s *Samples) projectFiles(project string) []string { return s.projects.files(project) }

func hasReadme(files []string) bool {
	for _, f := range files {
		if f == "README.md" {
			return true
		}
	}
	return false
}

// sampleFramework is the framework a project id starts with:
// "accelerate-blurring-an-image" -> "accelerate".
func sampleFramework(project string) string {
	fw, _, _ := strings.Cut(project, "-")
	return strings.ToLower(fw)
}

// titleFromSlug makes a title from a project id without a README:
// "avfaudio-performing-offline-audio-processing" -> "Performing offline
// audio processing".
func titleFromSlug(project string) string {
	_, slug, ok := strings.Cut(project, "-")
	if !ok {
		slug = project
	}
	words := strings.Fields(strings.NewReplacer("-", " ", "_", " ").Replace(slug))
	if len(words) == 0 {
		return project
	}
	words[0] = strings.ToUpper(words[0][:1]) + words[0][1:]
	return strings.Join(words, " ")
}
