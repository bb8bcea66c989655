package door

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/cupertino-go/cupertino/internal/canonjson"
	"github.com/cupertino-go/cupertino/internal/document"
)

// ErrEmptyFile lets readers of non-JSON sources report an empty file; the door
// rejects it with ReasonEmptyFile.
var ErrEmptyFile = errors.New("empty file")

// ErrDeclined marks an input that its reader deliberately leaves out: not a
// page (a book's table of contents, a navigator index) or filtered by policy
// (a rejected evolution proposal). Wrap the reader's reason with it; the door
// rejects the input with ReasonDeclined and that reason.
var ErrDeclined = errors.New("declined by reader")

// ErrTooLarge marks an input over the save's size cap; it is not read, so a
// hostile or generated file cannot blow memory up. The door rejects it with
// ReasonTooLarge.
var ErrTooLarge = errors.New("too large")

// ErrNotRead marks an entry the walk saw but did not read: a symbolic link
// or FIFO inside the corpus, a folder that could not be listed. The door
// rejects it with ReasonNotRead and the walk's reason.
var ErrNotRead = errors.New("not read")

// Rejection reason classes. Every Decision.Reason starts with one of them, so
// consumers (stats, enrich's recovery pass) can match by prefix; ReasonClass
// extracts it.
const (
	ReasonEmptyFile     = "empty file"
	ReasonMalformedJSON = "malformed JSON"
	ReasonParseError    = "parse error"
	ReasonNoDocument    = "no document"
	ReasonNoURI         = "no URI"
	ReasonHTTPError     = "HTTP error template"
	ReasonJSShell       = "JavaScript-disabled shell"
	ReasonPlaceholder   = "placeholder title"
	// ReasonDeclined: the reader deliberately left the input out (a table of
	// contents, a rejected proposal); the wrapped error says why.
	ReasonDeclined = "declined"
	// ReasonTooLarge: the file is over the size cap and was not read.
	ReasonTooLarge = "too large"
	// ReasonNotRead: a link, FIFO or unreadable folder inside the corpus.
	ReasonNotRead = "not read"
)

var reasonClasses = []string{
	ReasonEmptyFile, ReasonMalformedJSON, ReasonParseError, ReasonNoDocument,
	ReasonNoURI, ReasonHTTPError, ReasonJSShell, ReasonPlaceholder, ReasonDeclined,
	ReasonTooLarge, ReasonNotRead,
}

// ReasonClass returns the class a rejection reason belongs to, or "" for none.
func ReasonClass(reason string) string {
	for _, c := range reasonClasses {
		if strings.HasPrefix(reason, c) {
			return c
		}
	}
	return ""
}

// Thresholds, in words of body text once boilerplate is removed. An HTTP error
// page says a sentence or two and links home; a real page titled "Not Found"
// would carry a declaration or a real description, so the bar is generous.
// A placeholder or JavaScript shell is judged stricter: any paragraph of real
// prose rescues it.
const (
	httpTemplateMaxWords = 100
	shellMaxWords        = 25
	// Bodies longer than this are real content whatever they say: no
	// boilerplate shell is this long, and the door never lowercases more.
	boilerplateMaxBytes = 8 << 10
)

// rejectionReason runs the validity and placeholder checks and returns the
// reason to reject, or "" to pass.
func rejectionReason(in Input) string {
	if in.ParseErr != nil {
		switch {
		case errors.Is(in.ParseErr, ErrDeclined):
			return fmt.Sprintf("%s: %v", ReasonDeclined, in.ParseErr)
		case errors.Is(in.ParseErr, ErrTooLarge):
			return in.ParseErr.Error()
		case errors.Is(in.ParseErr, ErrNotRead):
			return in.ParseErr.Error()
		case errors.Is(in.ParseErr, ErrEmptyFile) || errors.Is(in.ParseErr, canonjson.ErrEmpty) ||
			(in.Raw != nil && len(bytes.TrimSpace(in.Raw)) == 0):
			return ReasonEmptyFile
		case in.Raw != nil:
			return fmt.Sprintf("%s: %v", ReasonMalformedJSON, in.ParseErr)
		default:
			return fmt.Sprintf("%s: %v", ReasonParseError, in.ParseErr)
		}
	}
	doc := in.Doc
	if doc == nil {
		return ReasonNoDocument
	}
	if in.Raw != nil && len(bytes.TrimSpace(in.Raw)) == 0 {
		return ReasonEmptyFile
	}
	if doc.URI == "" {
		return ReasonNoURI
	}
	if isHTTPErrorTitle(doc.Title) && !hasStructure(doc) && bodyWords(doc, httpTemplateMaxWords) < httpTemplateMaxWords {
		return fmt.Sprintf("%s (title %q)", ReasonHTTPError, doc.Title)
	}
	if !hasStructure(doc) && looksLikeJSShell(doc) && bodyWords(doc, shellMaxWords) < shellMaxWords {
		return ReasonJSShell
	}
	if isPlaceholderTitle(doc.Title) && doc.Abstract == "" && !hasStructure(doc) &&
		bodyWords(doc, shellMaxWords) < shellMaxWords {
		return fmt.Sprintf("%s %q", ReasonPlaceholder, doc.Title)
	}
	return ""
}

// hasStructure reports content no error page or shell has: a declaration, code,
// or topic links.
func hasStructure(doc *document.Document) bool {
	return doc.Declaration != "" || len(doc.CodeExamples) > 0 || len(doc.Children) > 0
}

// normalizeTitle lowercases and reduces a title to space-separated runs of
// letters and digits: "404 - Not Found" -> "404 not found".
func normalizeTitle(title string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 0x7f)
	}), " ")
}

var placeholderTitles = map[string]bool{
	"":                              true,
	"error":                         true,
	"documentation":                 true,
	"apple developer documentation": true,
	"documentation apple developer documentation": true,
	"apple developer":         true,
	"developer documentation": true,
	"untitled":                true,
}

func isPlaceholderTitle(title string) bool {
	return placeholderTitles[normalizeTitle(title)]
}

var httpPhrases = map[string]bool{
	"forbidden": true, "not found": true, "page not found": true, "too many requests": true,
	"service unavailable": true, "internal server error": true, "bad gateway": true,
	"gateway timeout": true, "gateway time out": true, "bad request": true, "unauthorized": true,
	"access denied": true, "request timeout": true, "service temporarily unavailable": true,
}

// isHTTPErrorTitle recognises status pages: "404", "Not Found", "Error 503",
// "HTTP 429 Too Many Requests", "403 Forbidden". A bare "Error" is not one (it
// is a placeholder title, judged later).
func isHTTPErrorTitle(title string) bool {
	words := strings.Fields(normalizeTitle(title))
	hasCode := false
	rest := words[:0:0]
	for _, w := range words {
		switch {
		case w == "http" || w == "error" || w == "status" || w == "code":
		case len(w) == 3 && isStatusCode(w):
			hasCode = true
		default:
			rest = append(rest, w)
		}
	}
	phrase := strings.Join(rest, " ")
	if phrase == "" {
		return hasCode
	}
	return httpPhrases[phrase]
}

func isStatusCode(w string) bool {
	n, err := strconv.Atoi(w)
	return err == nil && n >= 400 && n <= 599
}

// jsShellPhrases are what Apple's site shows when the page could not render.
var jsShellPhrases = []string{
	"please turn on javascript",
	"an unknown error occurred",
	"javascript is disabled",
	"requires javascript",
	"enable javascript",
}

func looksLikeJSShell(doc *document.Document) bool {
	for _, text := range []string{doc.Title, doc.Abstract, body(doc)} {
		if len(text) > boilerplateMaxBytes {
			continue
		}
		low := strings.ToLower(text)
		for _, p := range jsShellPhrases {
			if strings.Contains(low, p) {
				return true
			}
		}
	}
	return false
}

// boilerplate is removed before counting words: what error pages, shells and
// the page chrome say on every page.
var boilerplate = strings.NewReplacer(
	"please turn on javascript in your browser and refresh the page to view its content.", " ",
	"please turn on javascript in your browser and refresh the page to view its content", " ",
	"please turn on javascript", " ",
	"an unknown error occurred.", " ",
	"an unknown error occurred", " ",
	"apple developer documentation", " ",
	"the page you're looking for can't be found.", " ",
	"the page you’re looking for can’t be found.", " ",
)

// body is the page's text for word counting: Content, or the Markdown
// rendering when a reader fills only that.
func body(doc *document.Document) string {
	if doc.Content != "" {
		return doc.Content
	}
	return doc.Markdown
}

// bodyWords counts the words of abstract and body outside boilerplate,
// stopping at limit. The title is excluded: Markdown renderings repeat it as a
// heading.
func bodyWords(doc *document.Document, limit int) int {
	n := 0
	for _, text := range []string{doc.Abstract, body(doc)} {
		if len(text) > boilerplateMaxBytes {
			return limit
		}
		text = boilerplate.Replace(strings.ToLower(text))
		if doc.Title != "" {
			text = strings.Replace(text, strings.ToLower(doc.Title), " ", 1)
		}
		n += countWords(text, limit-n)
		if n >= limit {
			return limit
		}
	}
	return n
}

// countWords counts runs of letters or digits, stopping at limit.
func countWords(s string, limit int) int {
	n, in := 0, false
	for _, r := range s {
		word := unicode.IsLetter(r) || unicode.IsDigit(r)
		if word && !in {
			n++
			if n >= limit {
				return n
			}
		}
		in = word
	}
	return n
}
