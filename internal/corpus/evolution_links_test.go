package corpus

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

func TestProposalURI(t *testing.T) {
	cases := []struct {
		dest        string
		fromTesting bool
		want        string
	}{
		{"0306-actors.md", false, "swift-evolution://SE-0306"},
		{"0306-actors.md#actor-isolation", false, "swift-evolution://SE-0306#actor-isolation"},
		{"./0306-actors.md", false, "swift-evolution://SE-0306"},
		{"/proposals/0306-actors.md", false, "swift-evolution://SE-0306"},
		{"testing/0001-refactor-bug-inits.md", false, "swift-evolution://ST-0001"},
		// From a Swift Testing proposal, a sibling is a testing proposal
		// and ../ climbs back to the language proposals.
		{"0002-json-abi.md", true, "swift-evolution://ST-0002"},
		{"../0306-actors.md", true, "swift-evolution://SE-0306"},
		{"https://github.com/swiftlang/swift-evolution/blob/main/proposals/0413-typed-throws.md#effect-on-abi-stability", false,
			"swift-evolution://SE-0413#effect-on-abi-stability"},
		{"https://github.com/apple/swift-evolution/blob/master/proposals/0192-non-exhaustive-enums.md", false, "swift-evolution://SE-0192"},
		{"https://github.com/swiftlang/swift-evolution/blob/main/proposals/testing/0001-refactor-bug-inits.md", false, "swift-evolution://ST-0001"},
	}
	for _, c := range cases {
		if got, ok := proposalURI(c.dest, c.fromTesting); !ok || got != c.want {
			t.Errorf("proposalURI(%q, %v) = %q, %v; want %q", c.dest, c.fromTesting, got, ok, c.want)
		}
	}
	for _, dest := range []string{
		// A pinned commit names an old text on purpose.
		"https://github.com/swiftlang/swift-evolution/blob/d709546002e1636a10350d14da84eb9e554c3aac/proposals/0306-actors.md",
		"https://github.com/rust-lang/rfcs/blob/master/text/2094-nll.md",
		"README.md", "0306-actors.markdown", "https://example.com/0306-actors.md",
	} {
		if got, ok := proposalURI(dest, false); ok {
			t.Errorf("proposalURI(%q) = %q, want no rewrite", dest, got)
		}
	}
}

func TestLinkProposals(t *testing.T) {
	in := strings.Join([]string{
		"Builds on [actors](0306-actors.md) and [SE-0296](0296-async-await.md#proposed-solution \"async\").",
		"```md",
		"[kept](0306-actors.md)",
		"```",
		"[SE-0413]: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0413-typed-throws.md",
		"[notes](https://example.com/notes.md)",
	}, "\n")
	want := strings.Join([]string{
		"Builds on [actors](swift-evolution://SE-0306) and [SE-0296](swift-evolution://SE-0296#proposed-solution \"async\").",
		"```md",
		"[kept](0306-actors.md)",
		"```",
		"[SE-0413]: swift-evolution://SE-0413",
		"[notes](https://example.com/notes.md)",
	}, "\n")
	if got := linkProposals(in, "proposals/0400-x.md"); got != want {
		t.Errorf("linkProposals:\n%s\nwant\n%s", got, want)
	}
}

// TestRealEvolutionLinks: no relative proposal link is left in the real
// proposals, and the rewritten links name proposals the reader reads.
func TestRealEvolutionLinks(t *testing.T) {
	result := parseReal(t, document.SourceSwiftEvolution, "swift-evolution", Options{IncludeAllStatuses: true})
	relative := regexp.MustCompile(`\]\((?:\./|\.\./)?(?:testing/)?\d{4}-[^)\s]*\.md`)
	link := regexp.MustCompile(`swift-evolution://((?:SE|ST)-\d{4})`)
	links, missing := 0, 0
	for uri, doc := range result.docs {
		if m := relative.FindString(doc.Markdown); m != "" {
			t.Errorf("%s: relative proposal link left: %q", uri, m)
		}
		for _, m := range link.FindAllStringSubmatch(doc.Markdown, -1) {
			links++
			if result.docs["swift-evolution://"+m[1]] == nil {
				missing++
			}
		}
	}
	t.Logf("%d proposal links, %d naming a proposal this checkout lacks", links, missing)
	if links < 1000 {
		t.Errorf("only %d proposal links", links)
	}
}
