package ranker

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

var testAliases = StaticAliases{
	{Identifier: "swiftui", ImportName: "SwiftUI", DisplayName: "SwiftUI"},
	{Identifier: "swift", ImportName: "Swift", DisplayName: "Swift"},
	{Identifier: "foundation", ImportName: "Foundation", DisplayName: "Foundation"},
	{Identifier: "coredata", ImportName: "CoreData", DisplayName: "Core Data"},
	{Identifier: "combine", ImportName: "Combine", DisplayName: "Combine"},
	{Identifier: "corenfc", ImportName: "CoreNFC", DisplayName: "Core NFC"},
	{Identifier: "corewlan", ImportName: "CoreWLAN", DisplayName: "Core WLAN", Synonyms: []string{"wifi"}},
	{Identifier: "spritekit", ImportName: "SpriteKit", DisplayName: "SpriteKit"},
	{Identifier: "metalperformanceshadersgraph", ImportName: "MetalPerformanceShadersGraph", DisplayName: "Metal Performance Shaders Graph"},
	{Identifier: "installer_js", ImportName: "", DisplayName: "Installer JS"},
	{Identifier: "corefoundation", ImportName: "CoreFoundation", DisplayName: "Core Foundation"},
	{Identifier: "avfoundation", ImportName: "AVFoundation", DisplayName: "AVFoundation"},
}

func TestParse(t *testing.T) {
	fw := NewFrameworks(testAliases)
	tests := []struct {
		in   string
		want Query
	}{
		{"View", Query{Text: "View"}},
		{"swift-evolution actors", Query{Text: "actors", Sources: []string{"swift-evolution"}}},
		{"se actors", Query{Text: "actors", Sources: []string{"swift-evolution"}}},
		{"SE: actors", Query{Text: "actors", Sources: []string{"swift-evolution"}}},
		{"se:actors", Query{Text: "actors", Sources: []string{"swift-evolution"}}},
		{"hig buttons", Query{Text: "buttons", Sources: []string{"hig"}}},
		{"book concurrency", Query{Text: "concurrency", Sources: []string{"swift-book"}}},
		{"apple: pay", Query{Text: "pay", Sources: []string{"apple-docs"}}},
		// Weak aliases are ordinary words unless written with a colon.
		{"apple pay", Query{Text: "apple pay", Prose: true}},
		{"archive entries", Query{Text: "archive entries", Prose: true}},
		// A lone alias is the thing searched for.
		{"hig", Query{Text: "hig"}},
		{"@MainActor view", Query{Text: "view", Attributes: []string{"MainActor"}}},
		{"@MainActor", Query{Attributes: []string{"MainActor"}}},
		{"@available(iOS 13", Query{Text: "13", Attributes: []string{"available"}}},
		{"URLSession dataTask", Query{Text: "URLSession dataTask", TypeName: "URLSession", Member: "dataTask"}},
		{"URLSession.dataTask(with:)", Query{Text: "URLSession.dataTask(with:)", TypeName: "URLSession", Member: "dataTask(with:)"}},
		{"Dark mode", Query{Text: "Dark mode", Prose: true}}, // capitalised prose is no "Type member"
		{"View onAppear", Query{Text: "View onAppear", TypeName: "View", Member: "onAppear"}},
		{"Text.Scale", Query{Text: "Text.Scale", TypeName: "Text", Member: "Scale"}},
		{"swiftui text", Query{Text: "text", FrameworkHint: "swiftui", FrameworkWord: "swiftui"}},
		{"SwiftUI View", Query{Text: "View", FrameworkHint: "swiftui", FrameworkWord: "SwiftUI"}},
		{"physics bodies SpriteKit", Query{Text: "physics bodies", FrameworkHint: "spritekit", FrameworkWord: "SpriteKit", Prose: true}},
		{"WKWebView in SwiftUI", Query{Text: "WKWebView", FrameworkHint: "swiftui", FrameworkWord: "SwiftUI"}},
		{"Array contains with SwiftUI", Query{Text: "Array contains", FrameworkHint: "swiftui", FrameworkWord: "SwiftUI", Prose: true}},
		{"Core Data stack", Query{Text: "stack", FrameworkHint: "coredata", FrameworkWord: "Core Data"}},
		{"Set in SwiftUI app", Query{Text: "Set", FrameworkHint: "swiftui", FrameworkWord: "SwiftUI"}},
		{"add context menus to a SwiftUI app", Query{Text: "add context menus", FrameworkHint: "swiftui", FrameworkWord: "SwiftUI", Prose: true}},
		{"save a SwiftUI view", Query{Text: "save a SwiftUI view", Prose: true}},
		{"persist data in my Core Data project", Query{Text: "persist data", FrameworkHint: "coredata", FrameworkWord: "Core Data", Prose: true}},
		// A framework word alone, or two words that together name it, stay text.
		{"SwiftUI", Query{Text: "SwiftUI"}},
		{"Core Data", Query{Text: "Core Data"}},
		// Only at the edges: in the middle it is prose.
		{"why combine publishers fail", Query{Text: "why combine publishers fail", Prose: true}},
		{"deprecated URLSession", Query{Text: "URLSession", DeprecatedIntent: true}},
		{"legacy foundation archiving", Query{Text: "archiving", DeprecatedIntent: true, FrameworkHint: "foundation", FrameworkWord: "foundation"}},
		{"deprecated", Query{Text: "deprecated"}},
		{"Parameter Packs proposal", Query{Text: "Parameter Packs", SourceHint: "swift-evolution"}},
		{"proposal", Query{Text: "proposal"}},
		{"Sendable conformance", Query{Text: "Sendable conformance", Symbol: SymbolIntent{Conformance: "Sendable"}}},
		{"types conforming to Hashable", Query{Text: "types conforming to Hashable", Symbol: SymbolIntent{Conformance: "Hashable"}}},
		// "conforming to" a word that names no type is a question's words.
		{"protocols conforming to protocols", Query{Text: "protocols conforming to protocols", Prose: true}},
		{"actor type", Query{Text: "actor type", Symbol: SymbolIntent{Kind: "actor"}}},
		{"protocol type", Query{Text: "protocol type", Symbol: SymbolIntent{Kind: "protocol"}}},
		{"initializer", Query{Text: "initializer", Symbol: SymbolIntent{Kind: "init"}}},
		{"async throws", Query{Text: "async throws", Symbol: SymbolIntent{Async: true, Throws: true}}},
		{"public static", Query{Text: "public static", Symbol: SymbolIntent{Public: true, Static: true}}},
		{"generic constraint", Query{Text: "generic constraint", Symbol: SymbolIntent{GenericConstraint: true}}},
		{"async", Query{Text: "async"}},
		// A sentence's punctuation after a word is not part of the name;
		// a colon that belongs to a selector or a Swift name is.
		{"UITableView: cells reused", Query{Text: "UITableView cells reused", Prose: true}},
		{"UIView, CALayer; frames.", Query{Text: "UIView CALayer frames", Prose: true}},
		{"setNeedsDisplayInRect: slow", Query{Text: "setNeedsDisplayInRect: slow", Prose: true}},
		{"init(coder:) required", Query{Text: "init(coder:) required", Prose: true}},
		{"UIButton's title, SwiftUI’s List", Query{Text: "UIButton title SwiftUI List", Prose: true}},
		{"it's nil, What's new", Query{Text: "it's nil What's new", Prose: true}},
		{"'UIButton's' “Title”, 'color'—ok… \"Done\".", Query{Text: "UIButton Title 'color' ok Done", Prose: true}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in, fw)
		wantErr := tt.want.Text == "" && len(tt.want.Attributes) == 0
		if (err != nil) != wantErr {
			t.Errorf("Parse(%q) error = %v", tt.in, err)
			continue
		}
		want := tt.want
		want.Raw = tt.in
		want.Terms = Terms(want.Text)
		got.Keywords = nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Parse(%q)\n got %+v\nwant %+v", tt.in, got, want)
		}
	}
}

// keywordsOf is Parse(raw)'s keywords, joined by spaces.
func keywordsOf(t *testing.T, raw string) string {
	t.Helper()
	q, err := Parse(raw, nil)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(q.Keywords, " ")
}

func TestParseKeywordsDropStopWords(t *testing.T) {
	if got := keywordsOf(t, "how to pause an audio player"); got != "pause audio player" {
		t.Errorf("Keywords = %q", got)
	}
	if got := keywordsOf(t, "how to"); got != "how to" {
		t.Errorf("all-stop-word Keywords = %q, want the terms themselves", got)
	}
}

func TestParseEmpty(t *testing.T) {
	for _, in := range []string{"", "   ", "***", "se", "\x00"} {
		q, err := Parse(in, nil)
		if in == "se" {
			if err != nil || q.Text != "se" {
				t.Errorf("Parse(se) = %+v, %v; a lone prefix is text", q, err)
			}
			continue
		}
		if !errors.Is(err, ErrEmptyQuery) {
			t.Errorf("Parse(%q) error = %v, want ErrEmptyQuery", in, err)
		}
	}
}

// Requests are prose; names, title-cased topics and two-word topics are not.
func TestParseProse(t *testing.T) {
	fw := NewFrameworks(testAliases)
	for in, want := range map[string]bool{
		"schedule a local notification":   true,
		"how to pause an audio player":    true,
		"actor isolation guarantees":      true,
		"play a video in SwiftUI":         true,
		"read a file from the app bundle": true,
		"Undo Architecture Overview":      false,
		"Cocoa Bindings":                  false,
		"Dark mode":                       true,
		"structured concurrency":          true,
		"URLSession dataTask":             false,
		"Sendable conformance":            false,
		"ScrollView":                      false,
		"SwiftUI View":                    false,
		"TextField editable text":         true,
		"ScrollView content offset":       true,
	} {
		q, err := Parse(in, fw)
		if err != nil {
			t.Fatal(err)
		}
		if q.Prose != want {
			t.Errorf("Parse(%q).Prose = %v, want %v", in, q.Prose, want)
		}
	}
}
