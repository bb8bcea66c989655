package reading

import (
	"encoding/json"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestScopedSearchPrintsAsWritten: a table's "se: …" and "book: …" become
// a scope, print back as written, and any other text stays words.
func TestScopedSearchPrintsAsWritten(t *testing.T) {
	for text, want := range map[string]Search{
		"se: async let":     {Words: "async let", Scope: document.SourceSwiftEvolution},
		"book: concurrency": {Words: "concurrency", Scope: document.SourceSwiftBook},
		"Sendable":          {Words: "Sendable"},
		"hig: buttons":      {Words: "hig: buttons"},
	} {
		got := ScopedSearch(text)
		if got != want || got.String() != text {
			t.Errorf("ScopedSearch(%q) = %+v printing %q, want %+v", text, got, got.String(), want)
		}
		if b, err := json.Marshal(got); err != nil || string(b) != `"`+text+`"` {
			t.Errorf("json %s, %v", b, err)
		}
	}
}

// TestReadLinksEachSearchToItsCall: a call's search carries the call it
// stands for (the last one written when two search alike), a name that is
// not called carries none, and a scoped search never does.
func TestReadLinksEachSearchToItsCall(t *testing.T) {
	r := Read(`URLSession.shared.dataTask(with: url); let t = Task { try await consume(x) }; URLSession.shared.dataTask(with: req)`)
	var linked bool
	for _, s := range r.Searches {
		if s.Words == "URLSession.dataTask" {
			if s.Call == 0 || CallQuery(r.Calls[s.Call-1]) != s.Words {
				t.Fatalf("%+v is not linked to its call in %+v", s, r.Calls)
			}
			for j := s.Call; j < len(r.Calls); j++ {
				if CallQuery(r.Calls[j]) == s.Words {
					t.Errorf("linked to call %d, a later call %d searches alike", s.Call-1, j)
				}
			}
			linked = true
		}
	}
	if !linked {
		t.Fatalf("no URLSession.dataTask search in %q", r.SearchTexts())
	}
	r.Searches = append(r.Searches, Search{Words: "URLSession.dataTask", Scope: document.SourceSwiftEvolution}, Search{Words: "Unrelated"})
	LinkCalls(&r)
	for _, s := range r.Searches[len(r.Searches)-2:] {
		if s.Call != 0 {
			t.Errorf("%+v is linked to a call", s)
		}
	}
}
