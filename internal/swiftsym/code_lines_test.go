//go:build cgo && !notreesitter

package swiftsym

import (
	"fmt"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// The line scanner stands in for tree-sitter in builds without cgo. These
// tests run in the default build, where both exist, and hold the scanner to
// the tree-sitter result: the release notes promise how close it comes.

func symbolKeys(syms []document.Symbol) map[string]bool {
	keys := make(map[string]bool, len(syms))
	for _, s := range syms {
		keys[fmt.Sprintf("%s %s | %s", s.Kind, s.Name, s.Signature)] = true
	}
	return keys
}

// symbolNames keys symbols by kind and name only: the two paths may print a
// property's initial value differently, which search does not see.
func symbolNames(syms []document.Symbol) map[string]bool {
	keys := make(map[string]bool, len(syms))
	for _, s := range syms {
		keys[s.Kind+" "+s.Name] = true
	}
	return keys
}

// agreement counts the tree-sitter symbols (by kind and name) the line
// scanner also finds, and those it finds that tree-sitter does not.
func agreement(listings []string) (treeSitter, found, extra int) {
	for _, code := range listings {
		want := symbolNames(ExtractCode(code))
		if len(code) > MaxCodeLen || !mayDeclare(code) || looksLikeObjCCode(code) {
			continue
		}
		got := symbolNames(extractCodeByLines(code))
		treeSitter += len(want)
		for k := range want {
			if got[k] {
				found++
			}
		}
		for k := range got {
			if !want[k] {
				extra++
			}
		}
	}
	return treeSitter, found, extra
}

func TestLineScannerMatchesTreeSitterOnExamples(t *testing.T) {
	cases := []string{
		swiftUIView,
		"@MainActor // UI work\nfinal class Store /* shared */ : ObservableObject {}\n",
		"struct Counter {\n    @State private var count = 0\n    var label: String {\n        \"\\(count)\"\n    }\n    func increment() async throws -> Int {\n        count += 1\n        return count\n    }\n}\n",
		"func fetch(\n    from url: URL,\n    timeout: TimeInterval\n) async throws\n    -> Data where Data: Sendable {\n    try await URLSession.shared.data(from: url).0\n}\n",
		"enum Direction: CaseIterable {\n    case north, south\n    case east\n}\nextension Direction {\n    var opposite: Direction { .north }\n}\n",
		"let handler = {\n    print(\"not a member\")\n}\nprotocol Shape {\n    func area() -> Double\n    var sides: Int { get }\n}\n",
	}
	for i, code := range cases {
		want, got := symbolKeys(ExtractCode(code)), symbolKeys(extractCodeByLines(code))
		for k := range want {
			if !got[k] {
				t.Errorf("case %d: line scanner misses %q", i, k)
			}
		}
		for k := range got {
			if !want[k] {
				t.Errorf("case %d: line scanner invents %q", i, k)
			}
		}
	}
}

// TestLineScannerAgreesWithTreeSitter measures the two on the Swift listings
// of every 50th page of the real corpus (skipped with one line when absent).
func TestLineScannerAgreesWithTreeSitter(t *testing.T) {
	_, listings := sampleCorpus(t, corpusDir(t))
	treeSitter, found, extra := agreement(listings)
	if treeSitter == 0 {
		t.Fatal("tree-sitter found no symbol in the corpus sample")
	}
	recall := float64(found) / float64(treeSitter)
	t.Logf("%d listings: tree-sitter %d symbols, line scanner finds %d of them (%.1f%%) and %d others",
		len(listings), treeSitter, found, 100*recall, extra)
	if recall < 0.95 || float64(extra) > 0.05*float64(treeSitter) {
		t.Errorf("line scanner recall %.1f%%, %d extra symbols: too far from tree-sitter for the cgo-free build", 100*recall, extra)
	}
}
