package mdbound

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCorpusSwiftEvolution0217 reads SE-0217 from the extracted corpus. Its
// introduction shows ```let value = … ``` inline on one line, which a
// scanner that toggles on every "```" takes for an opening fence, hiding
// every later heading: the page has thirteen "##" sections.
func TestCorpusSwiftEvolution0217(t *testing.T) {
	matches, _ := filepath.Glob("../../.cache/corpus/swift-evolution/proposals/0217-*.md")
	if len(matches) == 0 {
		t.Skip("no .cache/corpus/swift-evolution/proposals/0217-*.md: extract the corpus to run this test")
	}
	data, err := os.ReadFile(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	names := Names(string(data), 0)
	if len(names) < 12 {
		t.Fatalf("SE-0217 has %d sections, want at least 12: %q", len(names), names)
	}
	t.Logf("SE-0217: %d sections: %q", len(names), names)
}
