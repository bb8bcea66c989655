package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/ingest"
	"github.com/cupertino-go/cupertino/internal/verify"
	"github.com/cupertino-go/cupertino/ranker"
)

// rawTerminalControls are what must never reach a terminal from a corpus,
// an index or a user's files: ESC, CR, BEL, and the right-to-left override.
const rawTerminalControls = "\x1b\r\x07\u202e"

func assertNoRawControls(t *testing.T, what, out string) {
	t.Helper()
	if i := strings.IndexAny(out, rawTerminalControls); i >= 0 {
		t.Errorf("%s prints a raw control character at byte %d: %q", what, i, out)
	}
}

// hostileTitle clears the screen, sets the clipboard (OSC 52) and reverses
// what follows it.
const hostileTitle = "Evil\x1b[2J\x1b]52;c;ZXZpbA==\x07\u202etxt.exe\r"

// L9 (issue 25): text from a corpus, an index or a project reaches the
// terminal escaped, in every printer of the CLI.
func TestPrintersEscapeControlCharacters(t *testing.T) {
	results := []ranker.Result{{URI: "wwdc://2024/..\u202e", Title: hostileTitle, Source: "wwdc", Kind: "session\x1b[31m",
		Summary: "line\rover"}}
	var md bytes.Buffer
	for _, width := range []int{0, 80} { // a pipe, a terminal
		var text bytes.Buffer
		writeSearchText(&text, results, true, width)
		assertNoRawControls(t, fmt.Sprintf("search (text, width %d)", width), text.String())
		if !strings.Contains(text.String(), `\x1b[2J`) || !strings.Contains(text.String(), `\u202e`) {
			t.Errorf("search at width %d does not show the escaped characters:\n%s", width, text.String())
		}
	}
	writeSearchMarkdown(&md, "query\x1b[2J", results, false)
	assertNoRawControls(t, "search (markdown)", md.String())

	var report bytes.Buffer
	rep := &verify.Report{Counts: map[verify.Status]int{},
		Findings:   []verify.Reference{{File: "App\u202e.swift", Line: 1, Symbol: "Foo\x1b[2J", Status: verify.Unknown}},
		References: []verify.Reference{{File: "App.swift", Line: 2, Symbol: "Bar\r", Status: verify.Resolved, URI: "apple-docs://x/\x1by"}}}
	rep.WriteText(&report, 0)
	assertNoRawControls(t, "verify", report.String())

	var save bytes.Buffer
	printSaveSummary(&save, &ingest.Summary{DBPath: "/tmp/\x1b[2Jsearch.db", AuditPath: "/tmp/a\u202e", Installed: true,
		Sources: []*ingest.SourceSummary{{Kind: "wwdc", Skipped: true, Reason: "not found\r"}}})
	assertNoRawControls(t, "save summary", save.String())

	// read prints the page, and errors name what was asked for.
	db := indextest.Build(t, &document.Document{URI: "wwdc://2024/10210", Source: document.SourceWWDC, Title: hostileTitle,
		Content: "hostile", Markdown: "# " + hostileTitle + "\n\nBody\x1b[2J with \u202e.\n"})
	io, out, errb := cmdTestIO(true)
	if code := run([]string{"read", "--search-db", db, "wwdc://2024/10210"}, io); code != exitOK {
		t.Fatalf("read: exit %d\n%s", code, errb)
	}
	assertNoRawControls(t, "read", out.String())
	if !strings.Contains(out.String(), "\n\nBody") {
		t.Errorf("read lost the page's layout:\n%s", out)
	}
	io, _, errb = cmdTestIO(true)
	run([]string{"read", "--search-db", db, "wwdc://2024/\x1b[2J\u202e"}, io)
	assertNoRawControls(t, "an error message", errb.String())
}
