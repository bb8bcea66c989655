package corpus

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/cupertino-go/cupertino/internal/canonjson"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/mdbound"
	"github.com/cupertino-go/cupertino/internal/ondisk"
)

// WWDC reads WWDC sessions saved as JSON, one file each:
// wwdc/videos/<year>-<id>.json becomes wwdc://<year>/<id> (Kind session):
// title, year, topics, the full transcript (paragraphs kept), the code shown
// with its timestamps, resources and related sessions as links. The
// collection's own files (all-videos.json, topics.json, by-year/,
// by-topic/, index.json) list the same sessions again and are declined.
type WWDC struct{ reader }

// Files lists every .json file under the root.
func (w *WWDC) Files(ctx context.Context) (Listing, error) {
	return w.filesEndingIn(ctx, ".json")
}

// Parse reads one session.
func (w *WWDC) Parse(filePath string, raw []byte) (*document.Document, error) {
	rel := relSlash(w.root, filePath)
	if path.Dir(rel) != "videos" {
		return nil, fmt.Errorf("%w: collection index, the sessions are read from videos/", ErrNotADocument)
	}
	if isBlank(raw) {
		return nil, errEmptyFile
	}
	var s ondisk.WWDCSession
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if s.ID == "" || s.Year == "" || strings.TrimSpace(s.Title) == "" {
		return nil, fmt.Errorf("%w: session without id, year or title", ErrMalformed)
	}
	// The year and id become the URI every citation prints: "..", a
	// newline or U+202E must not.
	uri, err := docuri.WWDCSession(s.Year, s.ID)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	s.Year, s.ID = strings.TrimSpace(s.Year), strings.TrimSpace(s.ID)
	s.RelatedVideos = validRelated(s.RelatedVideos)
	hash, err := canonjson.Hash(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	md := sessionMarkdown(&s)
	doc := &document.Document{
		URI:         uri,
		Source:      document.SourceWWDC,
		SourceFile:  filePath,
		Title:       collapseSpace(s.Title),
		Kind:        document.KindSession,
		RoleHeading: "WWDC" + s.Year + " session " + s.ID,
		Abstract:    truncate(collapseSpace(firstSentences(s.Transcript.FullText, 2)), abstractLimit),
		Content:     strings.Join(s.Topics, " ") + "\n" + s.Transcript.FullText,
		Markdown:    md,
		ContentHash: hash,
		Size:        len(raw),
	}
	for _, ex := range s.CodeExamples {
		if strings.TrimSpace(ex.Code) == "" {
			continue
		}
		doc.CodeExamples = append(doc.CodeExamples, document.CodeExample{
			Language: strings.ToLower(ex.Language), Code: ex.Code, Caption: ex.Title,
		})
	}
	for _, r := range s.RelatedVideos {
		doc.SeeAlso = append(doc.SeeAlso, document.Ref{URI: sessionURI(r), Title: r.Title, Section: "Related sessions"})
	}
	return doc, nil
}

// validRelated keeps the related sessions whose year and id name one.
func validRelated(related []ondisk.WWDCRelated) []ondisk.WWDCRelated {
	var out []ondisk.WWDCRelated
	for _, r := range related {
		if _, err := docuri.WWDCSession(r.Year, r.ID); err == nil {
			out = append(out, r)
		}
	}
	return out
}

// sessionURI is a related session's URI; validRelated has checked it.
func sessionURI(r ondisk.WWDCRelated) string {
	uri, _ := docuri.WWDCSession(r.Year, r.ID)
	return uri
}

// sessionMarkdown renders a session for read_document: a header line, the
// transcript paragraphs under "## Transcript", the code under "## Code"
// with its timestamps, then resources and related sessions.
func sessionMarkdown(s *ondisk.WWDCSession) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\nWWDC%s · session %s", collapseSpace(s.Title), s.Year, s.ID)
	if len(s.Topics) > 0 {
		fmt.Fprintf(&b, " · %s", strings.Join(s.Topics, ", "))
	}
	if s.URL != "" {
		fmt.Fprintf(&b, " · [video](%s)", s.URL)
	}
	b.WriteString("\n")
	if text := strings.TrimSpace(s.Transcript.FullText); text != "" {
		b.WriteString("\n## Transcript\n\n")
		b.WriteString(text)
		b.WriteString("\n")
	}
	if len(s.CodeExamples) > 0 {
		b.WriteString("\n## Code\n")
		for _, ex := range s.CodeExamples {
			fmt.Fprintf(&b, "\n### %s", strings.TrimSpace(ex.Title))
			if ex.Timestamp != "" {
				fmt.Fprintf(&b, " (%s)", ex.Timestamp)
			}
			fence := mdbound.FenceFor(ex.Code)
			fmt.Fprintf(&b, "\n\n%s%s\n%s\n%s\n", fence, strings.ToLower(ex.Language), strings.TrimRight(ex.Code, "\n"), fence)
		}
	}
	var links []string
	if s.Resources.SampleProject != "" {
		links = append(links, fmt.Sprintf("- [Sample project](%s)", s.Resources.SampleProject))
	}
	for _, r := range s.Resources.ResourceLinks {
		if r.URL != "" && strings.Contains(r.URL, "/documentation/") {
			links = append(links, fmt.Sprintf("- [%s](%s)", collapseSpace(r.Title), r.URL))
		}
	}
	if len(links) > 0 {
		b.WriteString("\n## Resources\n\n")
		b.WriteString(strings.Join(links, "\n"))
		b.WriteString("\n")
	}
	if len(s.RelatedVideos) > 0 {
		b.WriteString("\n## Related sessions\n\n")
		for _, r := range s.RelatedVideos {
			fmt.Fprintf(&b, "- [%s](%s) (WWDC%s)\n", collapseSpace(r.Title), sessionURI(r), strings.TrimSpace(r.Year))
		}
	}
	return b.String()
}

// firstSentences returns the first n sentences of text's first paragraph.
func firstSentences(text string, n int) string {
	para, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	end := 0
	for i := 0; i < n; i++ {
		j := strings.IndexAny(para[end:], ".!?")
		if j < 0 {
			return para
		}
		end += j + 1
	}
	return para[:end]
}
