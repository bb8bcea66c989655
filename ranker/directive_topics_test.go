package ranker

import (
	"context"
	"slices"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
)

// TestDirectivesOf: the compiler's # words a query writes, once each and
// without "#"; a library's macro (#expect), a # inside a word and a
// hashtag-like word that is no directive are not.
func TestDirectivesOf(t *testing.T) {
	for q, want := range map[string][]string{
		"#available":                     {"available"},
		"How does Swift's #if tag work?": {"if"},
		"#if DEBUG … #else … #endif":     {"if", "else", "endif"},
		"(#selector) and #selector":      {"selector"},
		"#file vs #fileID":               {"file", "fileID"},
		"#expect(x == 1)":                nil,
		"C# events":                      nil,
		"a##if b":                        nil,
		"#hashtag":                       nil,
	} {
		if got := directivesOf(q); !slices.Equal(got, want) {
			t.Errorf("directivesOf(%q) = %q, want %q", q, got, want)
		}
	}
}

// TestDirectiveSections: a # word's section is the one that writes it
// most, in prose or code; the first wins a tie.
func TestDirectiveSections(t *testing.T) {
	hits := []index.PassageHit{
		{ID: 1, DocID: 10, Heading: "Explicit Member Expression"},
		{ID: 2, DocID: 20, Heading: "Conditional Compilation Block"},
		{ID: 3, DocID: 30, Heading: "Checking API Availability"},
		{ID: 4, DocID: 40, Heading: "Keywords and Punctuation"},
	}
	texts := map[int64]string{
		1: "An `#if` inside a chain: #if os(iOS) .red #endif",
		2: "`#if` compiler(>=6)\n#if DEBUG\n#elseif X\n#endif\n#if os(iOS)\n#endif",
		3: "Use `#available` in an `if`: if #available(iOS 17, *) {}",
		4: "`#available`, `#if`, `#selector`.",
	}
	got := directiveSections(hits, texts)
	for d, doc := range map[string]int64{"if": 20, "endif": 20, "available": 30, "selector": 40} {
		if got[d].doc != doc {
			t.Errorf("#%s: section of page %d (%q), want page %d", d, got[d].doc, got[d].heading, doc)
		}
	}
}

// directiveFixture: the book's statements and control-flow chapters,
// Apple pages titled with a directive's bare word, the standard library's
// #fileID macro, and two proposals.
var directiveFixture = &fixtureIndex{
	pages: func() []*document.Document {
		return []*document.Document{
			page("apple-docs://kernel/iofirewireavcunit/available", "available", "func", "Generated: whether the unit is available."),
			page("apple-docs://kernel/if_latencies", "if_latencies", "struct", "Generated: interface latencies."),
			page("apple-docs://testing/tag", "Tag", "struct", "Generated: a tag to apply to a test."),
			page("apple-docs://swift/fileid()", "fileID()", "macro", "Generated: the file and module of the call."),
			page("apple-docs://developertoolssupport/previewregistry/fileid", "fileID", "property", "Generated: a preview's file."),
			page("swift-book://referencemanual/statements", "Statements", "article", "Generated: group expressions and control the flow."),
			page("swift-book://languageguide/controlflow", "Control Flow", "article", "Generated: structure code with branches and loops."),
			page("swift-book://languageguide/closures", "Closures", "article", "Generated: group code that runs together; escaping and non-escaping closures."),
			page("swift-evolution://SE-9103", "Make non-escaping closures the default", "proposal",
				"Generated: closure arguments stop escaping by default; a non-escaping closure cannot be stored."),
			page("swift-evolution://SE-9390", "Noncopyable structs and enums", "proposal", "Generated: types whose values have one owner."),
		}
	},
	passages: func() map[string][]index.Passage {
		return map[string][]index.Passage{
			"swift-book://referencemanual/statements": {
				{Anchor: "Conditional Compilation Block", Heading: "Conditional Compilation Block", Title: "Statements",
					Text: "Generated: a block compiled when `#if` holds.\n#if DEBUG\nprint(1)\n#elseif os(iOS)\n#endif"},
				{Anchor: "Line Control Statement", Heading: "Line Control Statement", Title: "Statements",
					Text: "Generated: changes what #file, #fileID and #line give; `#sourceLocation`."},
			},
			"swift-book://languageguide/controlflow": {
				{Anchor: "Checking API Availability", Heading: "Checking API Availability", Title: "Control Flow",
					Text: "Generated: `if #available(iOS 17, *)` runs the branch where the API exists; `#unavailable` the other."},
			},
		}
	},
}

// TestDirectiveProposesItsSection: a query that is a # word alone ranks
// the book's section that writes it most first, above Apple's pages titled
// with the bare word, yet the standard library's macro of that name stays
// first; a question about a # word finds the section among its words'
// pages; a comparison of # words proposes none.
func TestDirectiveProposesItsSection(t *testing.T) {
	e := openEngineAt(t, directiveFixture.build(t))
	ranked := func(q string) []string { return queryURIs(t, e, q) }
	const statements, controlFlow = "swift-book://referencemanual/statements", "swift-book://languageguide/controlflow"
	for q, want := range map[string]string{
		"#if":        statements,
		"#available": controlFlow,
		"#fileID":    "apple-docs://swift/fileid()",
	} {
		if got := ranked(q); len(got) == 0 || got[0] != want {
			t.Errorf("%q: %v, want %s first", q, got, want)
		}
	}
	if got := ranked("How does Swift's #if tag work?"); !slices.Contains(got[:min(3, len(got))], statements) {
		t.Errorf("a question about #if: %v, want %s in the first three", got, statements)
	}
	if got := ranked("available"); len(got) > 0 && got[0] == controlFlow {
		t.Errorf("the bare word proposed the book's section: %v", got)
	}
	if x := e.sections.Load(); x != nil {
		// "#file vs #fileID": Line Control Statement writes both most,
		// yet a comparison's # words propose no section.
		topics, err := x.namedNameTopics(context.Background(), &Query{Directives: []string{"file", "fileID"}}, false, true)
		if err != nil || len(topics) != 0 {
			t.Errorf("a comparison of # words proposed %v (%v)", topics, err)
		}
	}
}

// TestNamedProposalFirst: a message read for its concepts ("non-escaping
// closure") still puts the proposal it names by number first; a source
// filter that leaves Swift Evolution out keeps it out.
func TestNamedProposalFirst(t *testing.T) {
	e := openEngineAt(t, directiveFixture.build(t))
	const q = "Definition of non-escaping closure in SE-9390"
	resp, err := e.SearchQuery(context.Background(), q, Filters{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Reading.Class == ClassWords {
		t.Fatalf("%q was read as words; the test wants a reading's path", q)
	}
	if len(resp.Results) == 0 || resp.Results[0].URI != "swift-evolution://SE-9390" {
		t.Errorf("%q: first %v, want swift-evolution://SE-9390", q, resp.Results)
	}
	resp, err = e.SearchQuery(context.Background(), q, Filters{Limit: 10, Sources: []string{document.SourceSwiftBook}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range resp.Results {
		if r.Source != document.SourceSwiftBook {
			t.Errorf("a book-only request returned %s", r.URI)
		}
	}
}
