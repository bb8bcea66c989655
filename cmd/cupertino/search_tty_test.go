package main

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// searchOnScreen runs `cupertino search` with stdout on a pseudo-terminal
// of cols columns, as a person would, and returns the lines shown.
func searchOnScreen(t *testing.T, cols int, args ...string) []string {
	t.Helper()
	terminal, controller := testenv.OpenPTY(t, cols)
	shown := make(chan []byte, 1)
	go func() {
		// Read while the command writes: a terminal's buffer is small.
		b, _ := io.ReadAll(controller) // ends with EIO once the terminal side closes
		shown <- b
	}()
	var errb bytes.Buffer
	streams := fileStreams(terminal, terminal, &errb)
	if !streams.IsTerminal || streams.Width != cols {
		t.Fatalf("streams on a %d-column terminal: terminal %v, width %d", cols, streams.IsTerminal, streams.Width)
	}
	code := run(append([]string{"search"}, args...), streams)
	terminal.Close()
	out := <-shown
	if code != exitOK {
		t.Fatalf("search %v: exit %d\n%s", args, code, errb.String())
	}
	// The terminal turns \n into \r\n.
	return strings.Split(strings.TrimRight(strings.ReplaceAll(string(out), "\r\n", "\n"), "\n"), "\n")
}

// TestSearchFitsTheTerminal: on an 80-column terminal no line of search's
// output is wider than the terminal (rows of about 220 characters used to
// wrap three or four times), and the URI a person passes to `read` is
// shown whole.
func TestSearchFitsTheTerminal(t *testing.T) {
	db := demoIndex(t)
	uri := "apple-docs://foundation/urlsession/datatask(with:completionhandler:)"
	for _, cols := range []int{80, 60} {
		lines := searchOnScreen(t, cols, "--search-db", db, "URLSession dataTask")
		whole := false
		for _, line := range lines {
			// Only a URI longer than the terminal may pass its edge: it is
			// printed alone on its line, unindented, to be copied whole.
			if n := utf8.RuneCountInString(line); n > cols && (strings.ContainsRune(line, ' ') || !strings.Contains(line, "://")) {
				t.Errorf("%d columns: a line of %d: %q", cols, n, line)
			}
			whole = whole || strings.TrimSpace(line) == uri
		}
		if !whole {
			t.Errorf("%d columns: the URI %s is not shown whole:\n%s", cols, uri, strings.Join(lines, "\n"))
		}
	}
	// A terminal wide enough keeps one row per result, still within it,
	// then a blank line and the footer saying how old the index is.
	lines := searchOnScreen(t, 250, "--search-db", db, "URLSession dataTask")
	if n := len(lines); n < 3 || lines[n-2] != "" || !strings.HasPrefix(lines[n-1], "Index crawled ") {
		t.Fatalf("250 columns: no footer:\n%s", strings.Join(lines, "\n"))
	}
	lines = lines[:len(lines)-2]
	for i, line := range lines {
		if n := utf8.RuneCountInString(line); n > 250 {
			t.Errorf("250 columns: a line of %d: %q", n, line)
		}
		if !strings.HasPrefix(line, strconv.Itoa(i+1)+" ") || !strings.Contains(line, "apple-docs://") {
			t.Errorf("250 columns: line %d is not one result's row: %q", i+1, line)
		}
	}
}

// TestSearchInAPipeIsUnwrapped: in a pipe every result is one row with
// every field whole, however long, for grep and cut.
func TestSearchInAPipeIsUnwrapped(t *testing.T) {
	db := demoIndex(t)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got := make(chan []byte, 1)
	go func() { b, _ := io.ReadAll(r); got <- b }()
	var errb bytes.Buffer
	streams := fileStreams(os.Stdin, w, &errb)
	if streams.IsTerminal || streams.terminalWidth() != 0 {
		t.Fatalf("a pipe taken for a terminal: %+v", streams)
	}
	code := run([]string{"search", "--search-db", db, "URLSession dataTask"}, streams)
	w.Close()
	out := string(<-got)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errb.String())
	}
	row := ""
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "apple-docs://foundation/urlsession/datatask(with:completionhandler:)") {
			row = line
		}
	}
	if !strings.Contains(row, "dataTask(with:completionHandler:)") ||
		!strings.Contains(row, "Creates a task that fetches the contents of a URL and calls a handler when it finishes.") ||
		utf8.RuneCountInString(row) <= 200 {
		t.Errorf("the pipe's row is not whole (%d runes): %q", utf8.RuneCountInString(row), row)
	}
}
