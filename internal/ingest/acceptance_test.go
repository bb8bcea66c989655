package ingest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/door"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestFullSaveAcceptance checks a search.db built from the whole real corpus
// (`make full-save`; CI builds it with .ci/full-save) against the save issue's
// acceptance points. It reads the DB named by CUPERTINO_DB.
func TestFullSaveAcceptance(t *testing.T) {
	dbPath := testenv.FullIndexDB(t)
	ctx := context.Background()
	st := indextest.Open(t, dbPath)

	sources, err := st.Sources(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("documents per source: %v", sources)
	if n := sources["apple-docs"]; n < 183200 {
		t.Errorf("apple-docs rows = %d, want at least 183,200 (no page lost)", n)
	}
	for _, src := range []string{"swift-evolution", "swift-book", "swift-org", "hig", "apple-archive"} {
		if sources[src] == 0 {
			t.Errorf("source %s has no documents", src)
		}
	}
	// Sample code, WWDC and packages: every project, session and package
	// of the shared corpus has its page.
	wholes, err := st.WholeCounts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("projects, sessions, packages: %v", wholes)
	for src, n := range map[string]int{document.SourceSamples: 606, document.SourceWWDC: 1266, document.SourcePackages: 27} {
		if wholes[src] != n {
			t.Errorf("%s: %d whole pages, want %d", src, wholes[src], n)
		}
	}
	for _, uri := range []string{
		"apple-docs://swift/error",
		"apple-docs://swift/floatingpoint/_=(_:_:)",
		"apple-docs://swift/floatingpoint/-=(_:_:)",
		"apple-docs://swift/double/_(_:_:)",
		"apple-docs://swift/double/-(_:_:)",
		"swift-evolution://SE-0306",
	} {
		doc, err := st.Document(ctx, uri)
		if err != nil {
			t.Errorf("%s: %v", uri, err)
			continue
		}
		if uri == "apple-docs://swift/error" && doc.Title != "Error" {
			t.Errorf("%s has title %q, want Error", uri, doc.Title)
		}
	}

	auditPath := strings.TrimSuffix(dbPath, ".db") + ".audit.jsonl"
	entries, err := door.ReadAudit(auditPath)
	if err != nil {
		t.Fatalf("read audit log: %v", err)
	}
	var emptyRejected bool
	collisions := 0
	for _, e := range entries {
		if e.State == door.CollisionTierC {
			collisions++
		}
		if e.State == door.Rejected && door.ReasonClass(e.RejectionReason) == door.ReasonEmptyFile {
			emptyRejected = true
		}
		if e.State == door.Rejected && strings.TrimSpace(e.RejectionReason) == "" {
			t.Errorf("%s was rejected without a reason", e.SourceFile)
		}
	}
	if collisions != 0 {
		t.Errorf("tier C collisions = %d, want 0", collisions)
	}
	if !emptyRejected {
		t.Errorf("the corpus's 0-byte file was not rejected as an empty file")
	}
}
