package index

import (
	"context"
	"maps"
	"path"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestCodeUseCountsCountsFilesNotMentions: a type's count is the number of
// source files that use it, however often each does, in any case, and a
// type no file uses is absent.
func TestCodeUseCountsCountsFilesNotMentions(t *testing.T) {
	file := func(uri string, refs ...document.Reference) *document.Document {
		return &document.Document{URI: uri, Source: document.SourceSamples, Title: path.Base(uri), Kind: "file",
			Content: "import SwiftUI", References: refs, ContentHash: uri}
	}
	s := storeOf(t,
		file("samples://demo/App/Net.swift", document.Reference{Name: "URLSession", Kind: "type", Line: 1},
			document.Reference{Name: "URLSession.shared", Kind: "member", Line: 2}, document.Reference{Name: "URLSession", Kind: "call", Line: 9}),
		file("samples://demo/App/Other.swift", document.Reference{Name: "URLSession", Kind: "type", Line: 4}),
		file("samples://demo/App/Root.swift", document.Reference{Name: "View", Kind: "conform", Line: 3}))
	got, err := s.CodeUseCounts(context.Background(), []string{"URLSession", "view", "NSTextView"})
	mustNoErr(t, err)
	if want := map[string]int{"urlsession": 2, "view": 1}; !maps.Equal(got, want) {
		t.Errorf("CodeUseCounts = %v, want %v", got, want)
	}
}

// TestNameExistsCountsNestedNames: a type is named by its own page or by a
// page nested in it, in any case, and by nothing else.
func TestNameExistsCountsNestedNames(t *testing.T) {
	page := func(uri, title string) *document.Document {
		return &document.Document{URI: uri, Source: document.SourceAppleDocs, Title: title, Kind: "struct", Content: title, ContentHash: uri}
	}
	s := storeOf(t, page("apple-docs://kit/widget", "Widget"), page("apple-docs://kit/stream/iterator", "Stream.Iterator"),
		page("apple-docs://kit/streamer", "Streamer"))
	for name, want := range map[string]bool{"widget": true, "Stream": true, "Streamer": true, "Strea": false, "Gadget": false} {
		got, err := s.NameExists(context.Background(), name)
		mustNoErr(t, err)
		if got != want {
			t.Errorf("NameExists(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestTitleCountIsExactAndAppleOnly: pages titled the name exactly, case
// included, among Apple's pages only.
func TestTitleCountIsExactAndAppleOnly(t *testing.T) {
	page := func(uri, title, source string) *document.Document {
		return &document.Document{URI: uri, Source: source, Title: title, Kind: "property", Content: title, ContentHash: uri}
	}
	s := storeOf(t, page("apple-docs://kit/a/rate", "rate", document.SourceAppleDocs),
		page("apple-docs://kit/b/rate", "rate", document.SourceAppleDocs), page("apple-docs://kit/rate", "Rate", document.SourceAppleDocs),
		page("apple-docs://kit/c/ratelimit", "rateLimit", document.SourceAppleDocs), page("packages://x/y/rate", "rate", document.SourcePackages))
	for name, want := range map[string]int{"rate": 2, "Rate": 1, "rateLimit": 1, "speed": 0} {
		got, err := s.TitleCount(context.Background(), name)
		mustNoErr(t, err)
		if got != want {
			t.Errorf("TitleCount(%q) = %d, want %d", name, got, want)
		}
	}
}

// TestTitlePrefixExistsIgnoresCase: a title starting with the prefix, in
// any case, and nothing else.
func TestTitlePrefixExistsIgnoresCase(t *testing.T) {
	page := func(uri, title string) *document.Document {
		return &document.Document{URI: uri, Source: document.SourceAppleDocs, Title: title, Kind: "func", Content: title, ContentHash: uri}
	}
	s := storeOf(t, page("apple-docs://security/secitemadd(_:_:)", "SecItemAdd(_:_:)"))
	for prefix, want := range map[string]bool{"SecItemAdd(": true, "secitemadd(": true, "SecItemDelete(": false, "SecItemAdd.": false} {
		got, err := s.TitlePrefixExists(context.Background(), prefix)
		mustNoErr(t, err)
		if got != want {
			t.Errorf("TitlePrefixExists(%q) = %v, want %v", prefix, got, want)
		}
	}
}
