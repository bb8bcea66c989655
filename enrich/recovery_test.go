package enrich

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

func TestRecoveryFromAuditLog(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	res := runPasses(t, x.DB, Options{AuditLog: fx.audit}, "recovery")
	if res[0].Rows != 1 || !strings.Contains(res[0].Summary, "1 placeholder rejects in "+fx.audit+": 1 recovered") {
		t.Fatalf("recovery: %d rows, %s", res[0].Rows, res[0].Summary)
	}
	x.Close()
	st := openStore(t, fx.db)
	doc, err := st.Document(t.Context(), "apple-docs://combine/fail/error")
	if err != nil {
		t.Fatalf("recovered page not readable: %v", err)
	}
	if doc.Title != "error" || !doc.IsRecovered || doc.SourceFile != fx.reject || doc.Framework != "combine" {
		t.Errorf("recovered = title %q recovered %v file %q framework %q", doc.Title, doc.IsRecovered, doc.SourceFile, doc.Framework)
	}
	st.Close()

	x = openIndex(t, fx.db)
	if n := queryInt(t, x.DB, "SELECT count(*) FROM docs_fts WHERE docs_fts MATCH 'title:error'"); n != 1 {
		t.Errorf("recovered page is not searchable by its title (%d hits)", n)
	}
	if n := queryInt(t, x.DB, "SELECT count(*) FROM docs WHERE is_recovered = 1"); n != 1 {
		t.Errorf("is_recovered rows = %d", n)
	}
	res = runPasses(t, x.DB, Options{AuditLog: fx.audit}, "recovery")
	if res[0].Rows != 0 || !strings.Contains(res[0].Summary, "(1 unchanged)") {
		t.Errorf("second recovery: %d rows, %s", res[0].Rows, res[0].Summary)
	}
	// The file changed: the recovered page is rewritten in place.
	before := queryInt(t, x.DB, "SELECT id FROM docs WHERE uri = 'apple-docs://combine/fail/error'")
	writeFile(t, fx.reject, strings.Replace(placeholderPage("Combine/Fail/error"), `"sections":[]`, `"sections":[],"x":1`, 1))
	res = runPasses(t, x.DB, Options{AuditLog: fx.audit}, "recovery")
	if res[0].Rows != 1 {
		t.Errorf("changed reject: %d rows, %s", res[0].Rows, res[0].Summary)
	}
	if after := queryInt(t, x.DB, "SELECT id FROM docs WHERE uri = 'apple-docs://combine/fail/error'"); after != before {
		t.Errorf("rewrite changed the document id %d -> %d", before, after)
	}
}

func TestRecoveryNeverOverwritesAnIndexedPage(t *testing.T) {
	real := fixtureDoc("apple-docs://combine/fail/error", "error", "property", "let error: Failure")
	fx := newRichFixture(t, real)
	x := openIndex(t, fx.db)
	res := runPasses(t, x.DB, Options{AuditLog: fx.audit}, "recovery")
	if res[0].Rows != 0 || !strings.Contains(res[0].Summary, "1 already indexed") {
		t.Errorf("recovery over an indexed page: %d rows, %s", res[0].Rows, res[0].Summary)
	}
	if n := queryInt(t, x.DB, "SELECT is_recovered FROM docs WHERE uri = 'apple-docs://combine/fail/error'"); n != 0 {
		t.Error("indexed page was marked recovered")
	}
}

// TestRecoveryFromManifest covers save, where the audit log is still being
// written: the manifest's rejected rows are re-judged and only placeholder
// rejects come back.
func TestRecoveryFromManifest(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	empty := strings.Replace(fx.reject, "Fail/error.json", "empty.json", 1)
	if _, err := x.DB.Exec(`INSERT INTO source_files(path, source, state, uri) VALUES (?, 'apple-docs', 'rejected', 'apple-docs://combine/fail/error'),
		(?, 'apple-docs', 'rejected', ''), ('/gone.json', 'apple-docs', 'rejected', '')`, fx.reject, empty); err != nil {
		t.Fatal(err)
	}
	res := runPasses(t, x.DB, Options{}, "recovery")
	if res[0].Rows != 1 || !strings.Contains(res[0].Summary, "1 placeholder rejects in the manifest") {
		t.Errorf("manifest recovery: %d rows, %s", res[0].Rows, res[0].Summary)
	}
}

func TestRecoveryWithNoRejects(t *testing.T) {
	x := openIndex(t, buildIndex(t, fixtureDoc("apple-docs://swiftui", "SwiftUI", "framework", "")))
	res := runPasses(t, x.DB, Options{}, "recovery")
	if res[0].Summary != "0 placeholder rejects in the manifest" || res[0].Rows != 0 {
		t.Errorf("no rejects: %+v", res[0])
	}
	if _, err := Run(t.Context(), x.DB, Options{AuditLog: "/nonexistent/audit.jsonl", Passes: []string{"recovery"}}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing audit log: err = %v", err)
	}
}

func TestRecoveredTitle(t *testing.T) {
	cases := []struct{ uri, file, want string }{
		{"apple-docs://combine/fail/error", "/c/Combine/Fail/error.json", "error"},
		{"apple-docs://foundation/nserror/code", "/c/foundation/NSError/Code.json", "Code"},
		{"apple-docs://healthkit/setting-up-healthkit", "/c/x.json", "Setting up healthkit"},
		{"apple-docs://swift/array/init(_:)", "/c/init(_:).json", "init(_:)"},
		{"swift-evolution://SE-0001", "/e/0001-keywords.md", "SE-0001"},
	}
	for _, c := range cases {
		if got := recoveredTitle(c.uri, c.file); got != c.want {
			t.Errorf("recoveredTitle(%s) = %q, want %q", c.uri, got, c.want)
		}
	}
}

func openStore(t *testing.T, path string) *index.Store {
	t.Helper()
	st, err := index.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
