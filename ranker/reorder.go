package ranker

import (
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Reorders of the fused list, after the scores: each moves a page the
// request's reading has evidence for above one that led on its title or
// its length alone.

// namedMemberFirst moves the best-placed member that namedMemberStage
// proposed of a type the question names ("UIView mask not displaying":
// UIView's mask) just above that type's page, when both are among the
// first namedMemberFirstReach. The question names the type to say whose
// member it asks about; the type's page, whose title the question holds,
// outscored the member on the title alone (weightProseNamesTitle). On the
// realq dev sets: five rows 2 -> 1, two 2 -> 3 and 3 -> 4 where the type
// was the answer; no other battery moved.
func (s *search) namedMemberFirst(fused []Fused, byURI map[string]*scored) []Fused {
	if len(s.namedMembers) == 0 {
		return fused
	}
	moved := map[string]bool{}
	for i := 0; i < len(fused) && i < namedMemberFirstReach; i++ {
		c := byURI[fused[i].URI].c
		if _, ok := s.namedMembers[c.id]; !ok {
			continue
		}
		parent := docuri.Parent(c.uri)
		if moved[parent] {
			continue
		}
		for j := 0; j < i; j++ {
			if fused[j].URI == parent {
				m := fused[i]
				copy(fused[j+1:i+1], fused[j:i])
				fused[j] = m
				break
			}
		}
		moved[parent] = true
	}
	return fused
}

// lexiconBeforeNamedType swaps the first two pages of a request in words
// when the second is the task lexicon's first page and the first led on
// its words alone: a class, structure or other type the request names
// ("Detect UIScrollview bottom reached" names the type whose job it asks
// about, and the lexicon knows the member or delegate method that does it,
// scrollViewDidScroll), or an Apple page no reading proposed (a bm25 match:
// the lexicon's page is a judgment of what does the job). A protocol the
// request names is kept first: a request to conform to Sendable asks for
// the protocol itself; so is a page of the book or Evolution, the
// language's answer. The type's page led on its title alone
// (weightProseNamesTitle). On the dev sets, the named type: realq-dev,
// -dev2, -dev3, -dev4, task-v2, -v3, -v4, error-v4, -v5 up; held out,
// task-final 0.8040 -> 0.8240 and task-last 0.6722 -> 0.6878; two realq
// rows 1 -> 2. The unproposed page: task-last 0.6878 -> 0.7034, task-v3
// 0.6436 -> 0.6568; none lower.
func (s *search) lexiconBeforeNamedType(fused []Fused, byURI map[string]*scored) {
	if !s.q.Prose || len(fused) < 2 {
		return
	}
	lead, second := byURI[fused[0].URI], byURI[fused[1].URI].c
	first := lead.c
	if s.lexiconRank[second.id] != 1 {
		return
	}
	namedType := first.isType() && first.kind != "protocol" && slices.Contains(s.q.Keywords, first.title)
	if namedType || s.unproposed(lead) {
		fused[0], fused[1] = fused[1], fused[0]
	}
}

// unproposed: an Apple page in no match tier that no reading proposed,
// whose title the request does not name and whose framework it does not
// name either, in first place on its words alone.
func (s *search) unproposed(sc *scored) bool {
	c := sc.c
	if c.source != document.SourceAppleDocs || sc.tier != tierOther || s.named[c.framework] {
		return false
	}
	if name := strings.ToLower(baseName(c.title)); slices.ContainsFunc(s.q.Keywords, func(k string) bool { return strings.ToLower(k) == name }) {
		return false
	}
	_, lexicon := s.lexiconRank[c.id]
	_, named := s.namedMembers[c.id]
	_, family := s.familyMembers[c.id]
	return !lexicon && !named && !family
}

// macWords are the words of a request that say it is about the Mac.
var macWords = swiftlex.SetOf("mac", "macos", "osx", "appkit", "cocoa", "macbook")

// uikitBeforeAppKit moves a UIKit page above an AppKit page of the same
// title that the list has before it, among the first platformTwinReach:
// UIKit and AppKit document many members and types twice
// (NSLayoutConstraint and its multiplier, addChild(_:) on either view
// controller), bm25 orders the two by page length, and requests about
// them are iOS's far more often. Not when the request says Mac, filters a
// framework, is code (whose receiver decides), or names the AppKit page's
// own type (NSTableView's reloadData(), not UITableView's). On the dev
// sets: "Unable to simultaneously satisfy constraints" in error-v3, -v4,
// -v5 and (held out) error-last, and "What does addChildViewController
// actually do?", each to first place; no battery lower.
func (s *search) uikitBeforeAppKit(fused []Fused, byURI map[string]*scored) {
	if s.filter.f.Framework != "" || s.call != nil {
		return
	}
	for _, w := range s.q.Terms {
		if macWords[strings.ToLower(w)] {
			return
		}
	}
	text := strings.ToLower(s.q.Raw)
	for i := 0; i < len(fused) && i < platformTwinReach; i++ {
		a := byURI[fused[i].URI].c
		if a.framework != "appkit" {
			continue
		}
		for j := i + 1; j < len(fused) && j < platformTwinReach; j++ {
			b := byURI[fused[j].URI].c
			if b.framework != "uikit" || b.title != a.title {
				continue
			}
			if owner := ownerName(a.uri); owner != ownerName(b.uri) && owner != "" && strings.Contains(text, owner) {
				break
			}
			m := fused[j]
			copy(fused[i+1:j+1], fused[i:j])
			fused[i] = m
			break
		}
	}
}
