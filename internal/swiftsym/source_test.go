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
