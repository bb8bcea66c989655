package index

import (
	"context"
	"maps"
	"path/filepath"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestCodeUseCountsCountsFilesNotMentions: a type's count is the number of
// source files that use it, however often each does, in any case, and a
// type no file uses is absent.
func TestCodeUseCountsCountsFilesNotMentions(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "search.db")
	b, err := Create(dbPath, testOptions())
	mustNoErr(t, err)
	files := []struct {
		uri  string
		refs []document.Reference
	}{
		{"samples://demo/App/Net.swift", []document.Reference{{Name: "URLSession", Kind: "type", Line: 1},
			{Name: "URLSession.shared", Kind: "member", Line: 2}, {Name: "URLSession", Kind: "call", Line: 9}}},
		{"samples://demo/App/Other.swift", []document.Reference{{Name: "URLSession", Kind: "type", Line: 4}}},
		{"samples://demo/App/Root.swift", []document.Reference{{Name: "View", Kind: "conform", Line: 3}}},
	}
	for _, f := range files {
		mustNoErr(t, b.Put(&document.Document{URI: f.uri, Source: document.SourceSamples, Title: filepath.Base(f.uri),
			Kind: "file", Content: "import SwiftUI", References: f.refs, ContentHash: f.uri}))
	}
	mustNoErr(t, b.Commit(context.Background()))
	s := openStore(t, dbPath)
	got, err := s.CodeUseCounts(context.Background(), []string{"URLSession", "view", "NSTextView"})
	mustNoErr(t, err)
	if want := map[string]int{"urlsession": 2, "view": 1}; !maps.Equal(got, want) {
		t.Errorf("CodeUseCounts = %v, want %v", got, want)
	}
}
