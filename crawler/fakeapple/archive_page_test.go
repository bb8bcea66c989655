package fakeapple

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestArchiveServesPageSourcesInTheChrome pins the chapter pages of the
// crawler's fixture books to the bytes of the hand-written .html files they
// were before the chrome moved into one template (sha256 of each), so the
// archive fetch's tests read what they always read. A change to a .page
// file or to the chrome changes its hash here on purpose.
func TestArchiveServesPageSourcesInTheChrome(t *testing.T) {
	hs := httptest.NewServer(NewArchive(ArchiveOptions{Dir: "../testdata/archive"}))
	defer hs.Close()
	for rel, want := range map[string]string{
		"Cocoa/Conceptual/LanternGuide/Articles/LightingRules.html":    "c87e2c6016ebd7ad791acba4fac3db174019d85a24d61a1dc21abcb46d5b51e8",
		"Cocoa/Conceptual/LanternGuide/Articles/Wicks.html":            "c269b03b636eb4907b5cab4e58dd56cf49224d6c2b47f4dfc0cab91c543547c7",
		"Cocoa/Conceptual/LanternGuide/Introduction/Introduction.html": "bf3badbda40c137ab0e1d3f617bfe68579f0f6b90174563c8ce8663a1ff4bc7d",
		"Cocoa/Conceptual/LanternGuide/RevisionHistory.html":           "f9f687dee4337a57693f7b571c3f9ed971837e2892ece1c6d6bafa844ba5e0f5",
		"Graphics/Conceptual/KiteDrawing/kite_basics/kite_basics.html": "4bf8487296923287f9892aae919f2e9c97edc4153bb8cdeecf1b44f15d13c2fc",
		"Graphics/Conceptual/KiteDrawing/kite_tails/kite_tails.html":   "7aed7e6857d3239d44b222e89f95c283736915d33fc4e288671f8987e1b1ae1b",
	} {
		status, body := getArchive(t, hs.URL+ArchivePrefix+rel)
		sum := sha256.Sum256([]byte(body))
		if status != http.StatusOK || hex.EncodeToString(sum[:]) != want {
			t.Errorf("%s: %d, sha256 %x, want %s:\n%s", rel, status, sum, want, body)
		}
	}
}

func TestArchivePageSourceErrors(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "Area", "Conceptual", "Book")
	for name, content := range map[string]string{
		"book.json":        `{"title":"Book","uid":"TP1"}`,
		"Plain.html":       "<p>served as it is</p>",
		"NoHeader.page":    "title: No Header",
		"UnknownKey.page":  "colour: blue\n\n<p>x</p>\n",
		"Fine/Nested.page": "title: Nested\nchapter: TP1-CH1\n\n<p>body</p>\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(book, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(book, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	hs := httptest.NewServer(NewArchive(ArchiveOptions{Dir: dir}))
	defer hs.Close()
	base := hs.URL + ArchivePrefix + "Area/Conceptual/Book/"
	for rel, want := range map[string]int{
		"Plain.html":       http.StatusOK,
		"NoHeader.html":    http.StatusInternalServerError,
		"UnknownKey.html":  http.StatusInternalServerError,
		"Missing.html":     http.StatusNotFound,
		"Fine/Nested.page": http.StatusOK, // the source itself is a file of the folder
	} {
		if status, body := getArchive(t, base+rel); status != want {
			t.Errorf("%s: %d, want %d: %s", rel, status, want, body)
		}
	}
	status, body := getArchive(t, base+"Fine/Nested.html")
	for _, part := range []string{
		`<meta id="book-root" name="book-root" content="../">`,
		`content="//apple_ref/doc/uid/TP1"`, `<h1>Book</h1>`,
		`href="../../../../../Resources/1260/CSS/screen.css"`,
		`<h1 id="pageTitle">Nested</h1><p>body</p>`,
		`class="pageNavigationLinks"></div>`, // neither next nor previous
	} {
		if status != http.StatusOK || !strings.Contains(body, part) {
			t.Errorf("Fine/Nested.html: %d, lacks %s:\n%s", status, part, body)
		}
	}
}

func getArchive(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}
