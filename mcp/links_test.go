package mcp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// linkDocs is a small index whose pages link to held pages, to pages held
// under another spelling and to pages the index lacks; with legacy numeric
// overloads, an Objective-C variant and a HIG page.
func linkDocs() []*document.Document {
	urlSession := apple("foundation", "urlsession", "URLSession", "class")
	urlSession.Markdown = "# URLSession\n\n## Overview\n\n" +
		"Use [`dataTask(with:completionHandler:)`](apple-docs://foundation/urlsession/1407613-datatask) or " +
		"[`invalidateAndCancel()`](apple-docs://foundation/urlsession/invalidateandcancel()). " +
		"See [Setting up](apple-docs://healthkit/setting_up_healthkit#Overview) and " +
		"[`missing`](apple-docs://foundation/urlsession/missingpage) and [Actors](swift-evolution://SE-0306) " +
		"and [gone](swift-evolution://SE-9999) and [the web](https://example.com/x).\n\n" +
		"```swift\nlet x = \"[a](apple-docs://foundation/nothere)\"\n```\n\n" +
		"## Topics\n\n- [`finishTasksAndInvalidate()`](apple-docs://foundation/urlsession/2222222-finishtasksandinvalidate)\n"
	urlSession.Children = []document.Ref{
		{URI: "apple-docs://foundation/urlsession/1407613-datatask", Title: "dataTask(with:completionHandler:)", Section: "Tasks"},
		{URI: "apple-docs://foundation/urlsession/missingpage", Title: "missingPage", Section: "Tasks"},
		{URI: "apple-docs://foundation/urlsession/2222222-finishtasksandinvalidate", Title: "finishTasksAndInvalidate()", Section: "Tasks"},
	}
	nsURLSession := apple("foundation", "nsurlsession", "NSURLSession", "class")
	nsURLSession.Language = "objc"
	nsURLSession.Markdown = "# NSURLSession\n\nThe Objective-C class.\n"
	task1 := apple("foundation", "urlsession/1407613-datatask", "dataTask(with:completionHandler:)", "func")
	task1.Declaration = "func dataTask(with request: URLRequest) -> URLSessionDataTask"
	task1.Markdown = "# dataTask(with:completionHandler:)\n\n## Discussion\n\nRequest.\n"
	task2 := apple("foundation", "urlsession/1410330-datatask", "dataTask(with:completionHandler:)", "func")
	task2.Declaration = "func dataTask(with url: URL) -> URLSessionDataTask"
	cancel := apple("foundation", "urlsession/1411622-invalidateandcancel", "invalidateAndCancel()", "func")
	cancel.Markdown = "# invalidateAndCancel()\n\nCancels.\n"
	finish := apple("foundation", "urlsession/finishtasksandinvalidate()", "finishTasksAndInvalidate()", "func")
	setup := apple("healthkit", "setting-up-healthkit", "Setting up HealthKit", "article")
	se := &document.Document{URI: "swift-evolution://SE-0306", Source: document.SourceSwiftEvolution, Title: "Actors",
		Markdown: "# Actors\n", ContentHash: "h-se"}
	hig := &document.Document{URI: "hig://general/darkmode", Source: document.SourceHIG, Title: "Dark Mode",
		Markdown: "# Dark Mode\n\nDark Mode is a systemwide appearance.\n", ContentHash: "h-hig"}
	book := &document.Document{URI: "swift-book://languageguide/closures", Source: document.SourceSwiftBook, Title: "Closures",
		Markdown: "# Closures\n\nGroup code.\n", ContentHash: "h-book"}
	for _, d := range []*document.Document{urlSession, nsURLSession, task1, task2, cancel, finish, setup} {
		if d.Markdown == "" {
			d.Markdown = "# " + d.Title + "\n"
		}
	}
	return []*document.Document{urlSession, nsURLSession, task1, task2, cancel, finish, setup, se, hig, book}
}

func linkSession(t *testing.T) *session {
	t.Helper()
	path := filepath.Join(t.TempDir(), "search.db")
	writeFixture(t, path, linkDocs())
	return connect(t, Options{DBPath: path})
}

func TestReadDocumentSettlesEveryLink(t *testing.T) {
	s := linkSession(t)
	text := s.ok("read_document", map[string]any{"uri": "apple-docs://foundation/urlsession"})
	mustContain(t, text,
		// Held: unchanged.
		"(apple-docs://foundation/urlsession/1407613-datatask) or",
		"[Actors](swift-evolution://SE-0306)",
		// Held under another spelling: rewritten, the fragment kept.
		"[`invalidateAndCancel()`](apple-docs://foundation/urlsession/1411622-invalidateandcancel)",
		"[Setting up](apple-docs://healthkit/setting-up-healthkit#Overview)",
		"[`finishTasksAndInvalidate()`](apple-docs://foundation/urlsession/finishtasksandinvalidate())",
		// Not held: marked, with the web address where there is one.
		"[`missing`](apple-docs://foundation/urlsession/missingpage) (not indexed: https://developer.apple.com/documentation/foundation/urlsession/missingpage)",
		"[gone](swift-evolution://SE-9999) (not indexed)",
		// External and code: untouched.
		"[the web](https://example.com/x).",
		`let x = "[a](apple-docs://foundation/nothere)"`)
	if strings.Contains(text, "https://example.com/x) (not indexed") {
		t.Error("an external link was marked")
	}

	var page map[string]any
	if err := json.Unmarshal([]byte(s.ok("read_document", map[string]any{"uri": "apple-docs://foundation/urlsession", "format": "json"})), &page); err != nil {
		t.Fatal(err)
	}
	if got := page["notIndexed"]; got == nil || !strings.Contains(strings.Join(toStrings(got), " "), "apple-docs://foundation/urlsession/missingpage") {
		t.Errorf("json notIndexed = %v", got)
	}
	if md, _ := page["markdown"].(string); !strings.Contains(md, "missingpage) (not indexed:") {
		t.Errorf("json markdown does not mark the dangling link:\n%s", md)
	}
}

func toStrings(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

func TestListChildrenMarksChildrenTheIndexLacks(t *testing.T) {
	s := linkSession(t)
	res := s.call("list_children", map[string]any{"uri": "apple-docs://foundation/urlsession"})
	text := resultText(res)
	mustContain(t, text,
		"- dataTask(with:completionHandler:) — apple-docs://foundation/urlsession/1407613-datatask\n",
		"- missingPage — apple-docs://foundation/urlsession/missingpage (not indexed: https://developer.apple.com/documentation/foundation/urlsession/missingpage)",
		"- finishTasksAndInvalidate() — apple-docs://foundation/urlsession/finishtasksandinvalidate()\n")
	var out struct {
		Children []struct {
			URI        string `json:"uri"`
			NotIndexed bool   `json:"notIndexed"`
			URL        string `json:"url"`
		} `json:"children"`
	}
	structured(t, res, &out)
	if len(out.Children) != 3 || out.Children[0].NotIndexed || !out.Children[1].NotIndexed ||
		out.Children[1].URL != "https://developer.apple.com/documentation/foundation/urlsession/missingpage" ||
		out.Children[2].URI != "apple-docs://foundation/urlsession/finishtasksandinvalidate()" {
		t.Errorf("children = %+v", out.Children)
	}
}

func TestReadDocumentModernAddresses(t *testing.T) {
	s := linkSession(t)
	// One legacy page: that page.
	text := s.ok("read_document", map[string]any{"uri": "apple-docs://foundation/urlsession/invalidateandcancel()"})
	mustContain(t, text, "URI: apple-docs://foundation/urlsession/1411622-invalidateandcancel", "Cancels.")
	// Its web address too.
	text = s.ok("read_document", map[string]any{"uri": "https://developer.apple.com/documentation/foundation/urlsession/invalidateAndCancel()"})
	mustContain(t, text, "URI: apple-docs://foundation/urlsession/1411622-invalidateandcancel")
	// Overloads: an error listing them with their declarations.
	text = s.fails("read_document", map[string]any{"uri": "apple-docs://foundation/urlsession/datatask(with:completionhandler:)"})
	mustContain(t, text, "names 2 pages", "apple-docs://foundation/urlsession/1407613-datatask", "apple-docs://foundation/urlsession/1410330-datatask",
		"with request: URLRequest", "with url: URL")
	// A near miss: the closest pages.
	text = s.fails("read_document", map[string]any{"uri": "apple-docs://foundation/urlsession/invalidateandcancl()"})
	mustContain(t, text, "document not found", "closest", "apple-docs://foundation/urlsession/1411622-invalidateandcancel")
	if n := strings.Count(text, "\n- "); n > 3 {
		t.Errorf("near miss lists %d pages, want at most 3:\n%s", n, text)
	}
	// list_children takes the modern address too.
	s.ok("list_children", map[string]any{"uri": "apple-docs://foundation/urlsession/invalidateandcancel()"})
}

func TestReadDocumentAcceptsWebAddressesOfEverySource(t *testing.T) {
	s := linkSession(t)
	for addr, want := range map[string]string{
		"https://developer.apple.com/design/human-interface-guidelines/dark-mode":                  "URI: hig://general/darkmode",
		"https://docs.swift.org/swift-book/documentation/the-swift-programming-language/closures/": "URI: swift-book://languageguide/closures",
		"https://github.com/swiftlang/swift-evolution/blob/main/proposals/0306-actors.md":          "URI: swift-evolution://SE-0306",
		"https://github.com/apple/swift-evolution/blob/main/proposals/0306-actors.md":              "URI: swift-evolution://SE-0306",
	} {
		mustContain(t, s.ok("read_document", map[string]any{"uri": addr}), want)
	}
}

func TestReadDocumentLanguageObjC(t *testing.T) {
	s := linkSession(t)
	text := s.ok("read_document", map[string]any{"uri": "https://developer.apple.com/documentation/foundation/urlsession?language=objc"})
	mustContain(t, text, "# NSURLSession", "URI: apple-docs://foundation/nsurlsession")
	// No variant indexed: said, not silent.
	text = s.ok("read_document", map[string]any{"uri": "https://developer.apple.com/documentation/foundation/urlsession/1411622-invalidateandcancel?language=objc"})
	mustContain(t, text, "no Objective-C variant", "Cancels.")
	// Without the query: the Swift page.
	mustContain(t, s.ok("read_document", map[string]any{"uri": "https://developer.apple.com/documentation/foundation/urlsession"}), "# URLSession")
}

func TestReadDocumentSectionNamesWhatMatchedNothing(t *testing.T) {
	s := linkSession(t)
	text := s.ok("read_document", map[string]any{"uri": "apple-docs://foundation/urlsession", "section": "Overview, Parameters, Nonsense"})
	mustContain(t, text, `no section matches "Parameters", "Nonsense"`, `this page has: "Overview", "Topics"`, "## Overview")
	if strings.Contains(text, "## Topics") {
		t.Error("an unpicked section was returned")
	}
	// All matched: no note.
	if text := s.ok("read_document", map[string]any{"uri": "apple-docs://foundation/urlsession", "section": "Topics"}); strings.Contains(text, "no section matches") {
		t.Errorf("a fully matched list got a note:\n%s", text)
	}
}

func TestFindLinks(t *testing.T) {
	md := "a [x](apple-docs://a/b(_:)) b [y](<apple-docs://a/c)(>) c [z](https://e.com) ![i](apple-docs://img)\n" +
		"[\\[n\\]](apple-docs://a/d#frag)\n```\n[q](apple-docs://a/e)\n```\n[r](apple-docs://a/f"
	var got []string
	for _, l := range findLinks(md) {
		got = append(got, l.text+"|"+l.target+"|"+l.fragment+"|"+md[l.destStart:l.destEnd])
	}
	want := []string{"x|apple-docs://a/b(_:)||apple-docs://a/b(_:)", "y|apple-docs://a/c)(||apple-docs://a/c)(",
		"i|apple-docs://img||apple-docs://img", "[n]|apple-docs://a/d|#frag|apple-docs://a/d#frag"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findLinks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
