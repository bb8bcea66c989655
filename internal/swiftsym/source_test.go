//go:build cgo && !notreesitter

package swiftsym

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

const sampleFile = `import SwiftUI
import AVKit

/// A model of the app.
final class Model: ObservableObject {
    @Published var items: [Item] = []
    let session = URLSession.shared
    func load() {
        let task = URLSession.shared.dataTask(with: URL(string: "https://x")!) { _, _, _ in }
        task.resume()
        // AVPlayer in a comment is not a use
        let s = "MKMapView in a string is not a use"
    }
}

struct Item: Identifiable { let id = UUID() }

struct ContentView: View {
    @StateObject private var model = Model()
    let player = AVPlayer(url: Bundle.main.url(forResource: "a", withExtension: "mp4")!)
    var body: some View {
        NavigationSplitView { List(model.items) { _ in Text("x") } } detail: { VideoPlayer(player: player) }
    }
}
`

func TestAnalyzeFileReferences(t *testing.T) {
	a := AnalyzeFile(sampleFile)
	got := map[string]int{}
	for _, r := range a.References {
		got[r.Kind+" "+r.Name] = r.Line
	}
	for want, line := range map[string]int{
		"conform ObservableObject": 5, "wrap Published": 6, "member URLSession.shared": 7,
		"call AVPlayer": 20, "call NavigationSplitView": 22, "conform View": 18, "wrap StateObject": 19,
		"call VideoPlayer": 22, "call UUID": 16,
	} {
		if got[want] != line {
			t.Errorf("reference %q at line %d, want %d", want, got[want], line)
		}
	}
	for k := range got {
		if strings.HasSuffix(k, " Model") || strings.HasSuffix(k, " Item") || strings.Contains(k, "MKMapView") {
			t.Errorf("reference %q should not be there (declared here, or in a comment or string)", k)
		}
	}
}

const packageFile = `/// An ordered collection of unique elements.
public struct OrderedSet<Element: Hashable> {
    /// Creates an empty set.
    public init() {}
    internal var storage: [Element]
    /**
     * Appends an element.
     */
    @discardableResult
    public mutating func append(_ item: Element) -> (inserted: Bool, index: Int) { fatalError() }
    func hidden() {}
}

public extension OrderedSet {
    /// The first element.
    var first: Element? { nil }
    private func secret() {}
}

struct Internal {}
`

func TestAnalyzeFilePublicDeclarations(t *testing.T) {
	a := AnalyzeFile(packageFile)
	got := map[string]PublicDecl{}
	for _, d := range a.Public {
		got[d.QualifiedName()+" "+d.Symbol.Kind] = d
	}
	for name, doc := range map[string]string{
		"OrderedSet struct":      "An ordered collection of unique elements.",
		"OrderedSet.init init":   "Creates an empty set.",
		"OrderedSet.append func": "Appends an element.",
		"OrderedSet.first var":   "The first element.",
	} {
		d, ok := got[name]
		if !ok {
			t.Errorf("missing public declaration %q; have %v", name, slices.Sorted(maps.Keys(got)))
			continue
		}
		if d.Doc != doc {
			t.Errorf("%s doc = %q, want %q", name, d.Doc, doc)
		}
	}
	for name := range got {
		if strings.Contains(name, "hidden") || strings.Contains(name, "secret") || strings.Contains(name, "Internal") || strings.Contains(name, "storage") {
			t.Errorf("non-public declaration listed: %q", name)
		}
	}
}

func FuzzAnalyzeFile(f *testing.F) {
	f.Add(sampleFile)
	f.Add(packageFile)
	f.Fuzz(func(t *testing.T, code string) {
		a := AnalyzeFile(code)
		for _, r := range a.References {
			if r.Line < 1 || r.Name == "" {
				t.Fatalf("bad reference %+v", r)
			}
		}
	})
}

// TestParseBudget pins the parse clock's shape: a few bytes the grammar
// never finishes are cut within a quarter second, the slowest real file
// (137 KB, 447 ms on a loaded machine) keeps more than ten times its time,
// and no file gets more than the cap, which sits below the 10 s a Go fuzz
// worker allows one input.
func TestParseBudget(t *testing.T) {
	if got := parseBudget(93); got > 300_000 {
		t.Errorf("parseBudget(93) = %d µs, want at most 300 ms for a tiny file", got)
	}
	if got := parseBudget(137 << 10); got < 10*447_000 {
		t.Errorf("parseBudget(137 KB) = %d µs, want at least ten times the slowest real file's 447 ms", got)
	}
	if got := parseBudget(MaxFileLen); got != parseBudgetCapMicros || got >= 10_000_000 {
		t.Errorf("parseBudget(MaxFileLen) = %d µs, want the cap %d, under 10 s", got, parseBudgetCapMicros)
	}
}

// TestGrammarThatNeverFinishesGivesNothing: the fuzz input that holds the
// grammar until its clock stops it gives an empty analysis, and the pooled
// parser it used is reset and parses the next file.
func TestGrammarThatNeverFinishesGivesNothing(t *testing.T) {
	hostile := "publi{ extensionAc/// 0\nvar aaaa: A0000000 {\x90\nprivatefunc(){}"
	if a := AnalyzeFile(hostile); len(a.References) != 0 || len(a.Public) != 0 {
		t.Fatalf("AnalyzeFile(hostile) = %+v, want nothing", a)
	}
	if a := AnalyzeFile(sampleFile); len(a.References) == 0 {
		t.Fatal("the next file after a stopped parse gives no references")
	}
}
