// Package ondisk is the on-disk format of the sources that cupertino fetch
// writes and cupertino save reads, where the file is not the source's own
// (a Markdown page, a DocC JSON page) but one of ours or of the corpus we
// follow. Writer (crawler), reader (internal/corpus) and the test fake
// (crawler/fakeapple) share these types, so the three cannot drift.
//
// # WWDC
//
//	wwdc/videos/<year>-<id>.json   one WWDCSession, in the shape of the WWDC
//	                               corpus (kimsungwhee/apple-docs-mcp's data)
//	wwdc/all-videos.json           the list of sessions fetched
//
// # Swift packages
//
//	packages/<owner>/<repo>/.package.json   one PackageInfo
//	packages/index.json                     every PackageInfo, sorted
package ondisk

// WWDCSession is one videos/<year>-<id>.json, in the shape of the WWDC
// corpus (kimsungwhee/apple-docs-mcp's data), field for field and in its
// order, plus the session's abstract (description).
type WWDCSession struct {
	ID            string         `json:"id"`
	Year          string         `json:"year"`
	URL           string         `json:"url"`
	Title         string         `json:"title"`
	Description   string         `json:"description,omitempty"`
	Speakers      []string       `json:"speakers"`
	Duration      string         `json:"duration"`
	Topics        []string       `json:"topics"`
	HasTranscript bool           `json:"hasTranscript"`
	HasCode       bool           `json:"hasCode"`
	Transcript    WWDCTranscript `json:"transcript"`
	CodeExamples  []WWDCCode     `json:"codeExamples,omitempty"`
	Resources     WWDCResources  `json:"resources"`
	RelatedVideos []WWDCRelated  `json:"relatedVideos,omitempty"`
	ExtractedAt   string         `json:"extractedAt"`
}

// WWDCTranscript is the spoken text, paragraphs separated by a blank line.
// Segments stays empty, as in the corpus.
type WWDCTranscript struct {
	FullText string `json:"fullText"`
	Segments []any  `json:"segments"`
}

// WWDCCode is one listing of the page's Code tab.
type WWDCCode struct {
	Timestamp string `json:"timestamp"` // "1:42"
	Title     string `json:"title"`
	Language  string `json:"language"`
	Code      string `json:"code"`
}

// WWDCResources are the session's links.
type WWDCResources struct {
	ResourceLinks []WWDCLink `json:"resourceLinks"`
	SampleProject string     `json:"sampleProject,omitempty"`
	HDVideo       string     `json:"hdVideo,omitempty"`
	SDVideo       string     `json:"sdVideo,omitempty"`
}

// WWDCLink is a titled link.
type WWDCLink struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}

// WWDCRelated is a session the page links to as related.
type WWDCRelated struct {
	ID    string `json:"id"`
	Year  string `json:"year"`
	Title string `json:"title"`
	URL   string `json:"url"`
}

// Key is the session's file stem, "<year>-<id>".
func (s WWDCSession) Key() string { return s.Year + "-" + s.ID }

// PackageInfo is <owner>/<repo>/.package.json, and one entry of index.json.
type PackageInfo struct {
	Owner       string `json:"owner"`
	Repo        string `json:"repo"`
	URL         string `json:"url"`
	License     string `json:"license"`
	Commit      string `json:"commit"`
	Description string `json:"description"`
	Files       int    `json:"files"` // files of the package other than .package.json
}

// PackageMetaFile is written in every package's folder; its leading dot
// keeps it out of the package's own files.
const PackageMetaFile = ".package.json"
