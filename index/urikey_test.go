package index

import (
	"context"
	"errors"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// storeOf builds an index of docs in a temporary directory and opens it.
func storeOf(t testing.TB, docs ...*document.Document) *Store {
	t.Helper()
	b, dbPath := newBuilder(t)
	putAll(t, b, docs)
	if err := b.Commit(context.Background()); err != nil {
		t.Fatal(err)
	}
	return openStore(t, dbPath)
}

// A page stored under one spelling is found by the other (docuri.Key), while
// two distinct pages whose URIs differ only in "_" both stay reachable by
// their exact URIs.
func TestDocumentFallsBackToSlugKey(t *testing.T) {
	ctx := context.Background()
	st := storeOf(t, []*document.Document{
		{URI: "apple-docs://healthkit/setting-up-healthkit", Source: document.SourceAppleDocs, Framework: "healthkit", Title: "Setting up HealthKit", Kind: "article"},
		{URI: "apple-docs://os/os_log_t", Source: document.SourceAppleDocs, Framework: "os", Title: "os_log_t", Kind: "typealias"},
		{URI: "apple-docs://os/os-log-t", Source: document.SourceAppleDocs, Framework: "os", Title: "os_log_t", Kind: "collectionGroup"},
	}...)
	wantLookups(t, "Document", uriFrom(st.Document), map[string]string{
		"apple-docs://healthkit/setting_up_healthkit": "apple-docs://healthkit/setting-up-healthkit",
		"apple-docs://os/os_log_t":                    "apple-docs://os/os_log_t",
		"apple-docs://os/os-log-t":                    "apple-docs://os/os-log-t",
	})
	if _, err := st.Document(ctx, "apple-docs://os/nothing_here"); !errors.Is(err, ErrDocumentNotFound) {
		t.Errorf("missing page: err = %v, want ErrDocumentNotFound", err)
	}
}

// An edge stored with only the parent's URI gets the parent's title at
// commit. (docs has a parent_uri column of its own, so the SQL must name
// inheritance_edges.parent_uri explicitly.)
func TestCommitFillsEdgeTitlesFromURIs(t *testing.T) {
	ctx := context.Background()
	st := storeOf(t, []*document.Document{
		{URI: "apple-docs://uikit/uicontrol", Source: document.SourceAppleDocs, Framework: "uikit", Title: "UIControl", Kind: "class",
			Parent: "apple-docs://uikit"},
		{URI: "apple-docs://uikit/uibutton", Source: document.SourceAppleDocs, Framework: "uikit", Title: "UIButton", Kind: "class",
			Parent: "apple-docs://uikit", InheritsFrom: []document.Ref{{URI: "apple-docs://uikit/uicontrol"}}},
	}...)
	var title string
	if err := st.db.QueryRowContext(ctx,
		`SELECT parent_title FROM inheritance_edges WHERE child_uri = 'apple-docs://uikit/uibutton'`).Scan(&title); err != nil {
		t.Fatal(err)
	}
	if title != "UIControl" {
		t.Fatalf("parent_title = %q, want UIControl", title)
	}
}

func TestAvailableWhenSurvivesTheRoundTrip(t *testing.T) {
	ctx := context.Background()
	want := []string{"Label: View", "Destination == Never"}
	st := storeOf(t, &document.Document{URI: "apple-docs://swiftui/navigationlink/init(value:label:)", Source: document.SourceAppleDocs,
		Framework: "swiftui", Title: "init(value:label:)", Kind: "init", AvailableWhen: want})
	doc, err := st.Document(ctx, "apple-docs://swiftui/navigationlink/init(value:label:)")
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.AvailableWhen) != 2 || doc.AvailableWhen[0] != want[0] || doc.AvailableWhen[1] != want[1] {
		t.Fatalf("AvailableWhen = %v, want %v", doc.AvailableWhen, want)
	}
}
