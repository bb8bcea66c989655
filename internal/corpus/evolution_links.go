package corpus

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// This file points a proposal's links to other proposals at their
// swift-evolution:// URIs: the relative "0306-actors.md" links the
// repository uses between proposals, and links to a proposal on the
// repository's main branch. Links to a proposal at a pinned commit name an
// old text on purpose and are left alone.

var (
	// proposalLinkDest is a proposal file as a link destination: an optional
	// ../, ./, proposals/ or GitHub main-branch prefix, an optional testing/
	// folder, NNNN-name.md and an optional #anchor.
	proposalLinkDest = regexp.MustCompile(`^(\.\./|\./|/?proposals/|https://github\.com/(?:swiftlang|apple)/swift-evolution/blob/(?:main|master)/proposals/)?(testing/)?(\d{4})-[^/#?\s]*\.md(#\S*)?$`)
	// inlineLinkDest is the destination of an inline link, "](dest".
	inlineLinkDest = regexp.MustCompile(`\]\(([^)\s]+)`)
	// refDefinition is a link reference definition, "[label]: dest".
	refDefinition = regexp.MustCompile(`^(\s{0,3}\[[^\]]+\]:\s*)(\S+)`)
)

// testingFolder holds the Swift Testing proposals (ST-NNNN).
const testingFolder = "testing"

// linkProposals rewrites, outside fenced code, every link to another
// proposal in the text of the proposal at filePath.
func linkProposals(text, filePath string) string {
	if !strings.Contains(text, ".md") {
		return text
	}
	inTesting := filepath.Base(filepath.Dir(filePath)) == testingFolder
	return mapOutsideFences(text, func(line string) string {
		if !strings.Contains(line, ".md") {
			return line
		}
		line = inlineLinkDest.ReplaceAllStringFunc(line, func(m string) string {
			if uri, ok := proposalURI(m[len("]("):], inTesting); ok {
				return "](" + uri
			}
			return m
		})
		if sub := refDefinition.FindStringSubmatch(line); sub != nil {
			if uri, ok := proposalURI(sub[2], inTesting); ok {
				line = sub[1] + uri + line[len(sub[0]):]
			}
		}
		return line
	})
}

// proposalURI maps a link destination naming a proposal file to
// swift-evolution://SE-NNNN (ST-NNNN for a Swift Testing proposal), keeping
// an #anchor. A relative link from a proposal in testing/ names a testing
// proposal unless it climbs out with ../.
func proposalURI(dest string, fromTesting bool) (string, bool) {
	m := proposalLinkDest.FindStringSubmatch(dest)
	if m == nil {
		return "", false
	}
	prefix, testing, number, anchor := m[1], m[2] != "", m[3], m[4]
	if prefix == "" || prefix == "./" {
		testing = testing || fromTesting
	}
	id := "SE-" + number
	if testing {
		id = "ST-" + number
	}
	return document.SourceSwiftEvolution + "://" + id + anchor, true
}
