package verify

import (
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Case lists of types whose own page the crawl missed. Many enumerations
// and option sets have member pages but no page of their own in the crawl
// (UIButton.ButtonType, UIReturnKeyType, UIKeyboardType,
// AVLayerVideoGravity), so no Topics list says which cases they have, and
// the pages found may be a part of them (UIButton.ButtonType lacks
// `system`). DocC gives every member page a See Also section: the other
// entries of the Topics group its type lists it in. The union of the
// member pages' See Also lists, with the pages themselves, is the type's
// list of every group one of its pages sits in; when every case and static
// member page has such a list, and it is the group of all the cases
// (caseGroups), a leading dot none of them names is judged missing, like
// one missing from a crawled type's Topics.

// siblingList is what the See Also lists of a type's member pages say.
type siblingList struct {
	// members are the entries the lists name that sit under the type's
	// address, by base name.
	members map[string][]apiMember
	// whole: the type is an enumeration or a structure of static members
	// (no class: `class var` declarations), and every case or static
	// member page under it lists its siblings, at least three in all.
	whole bool
}

// caseGroups are the names of the Topics group that lists all of an
// enumeration's cases: an Objective-C enumeration's "Constants", a Swift
// one's "Enumeration Cases". The other names found on such pages are
// purposes ("Notifications", "Intents App Extensions"), which a type may
// list beside groups the crawl has no page of, or the type's name in the
// plural (isCaseGroup).
var caseGroups = swiftlex.SetOf("Constants", "Enumeration Cases")

// isCaseGroup says whether a See Also group is the list of all of the
// type at uri's values: a caseGroups name, or the type's own name in the
// plural ("Positions" for AVCaptureDevice.Position, "Video Gravities" for
// AVLayerVideoGravity, "Player Item Statuses" for AVPlayerItem.Status).
func isCaseGroup(section, uri string) bool {
	section = strings.TrimSpace(section)
	if caseGroups[section] {
		return true
	}
	words := strings.ToLower(strings.ReplaceAll(section, " ", ""))
	var singulars []string
	switch {
	case strings.HasSuffix(words, "ies"):
		singulars = []string{strings.TrimSuffix(words, "ies") + "y"}
	case strings.HasSuffix(words, "es"):
		// "Statuses" is Status's, "Modes" Mode's.
		singulars = []string{strings.TrimSuffix(words, "es"), strings.TrimSuffix(words, "s")}
	case strings.HasSuffix(words, "s"):
		singulars = []string{strings.TrimSuffix(words, "s")}
	default:
		return false
	}
	// The group names the type without its prefix ("Video Gravities" for
	// AVLayerVideoGravity), or with its outer type's words ("Player Item
	// Statuses" for AVPlayerItem.Status), never with other words
	// ("Handling Events" is no list of an Event's values).
	seg := segmentName(uri)
	qualified := segmentName(uriParent(uri)) + seg
	for _, singular := range singulars {
		if len(singular) >= 4 && (strings.HasSuffix(seg, singular) || len(seg) >= 4 && strings.HasSuffix(qualified, singular)) {
			return true
		}
	}
	return false
}

// minSiblings: a type whose lists name fewer members is not judged.
const minSiblings = 2

// siblings reads the See Also lists of the member pages of t, a type
// whose own page is missing, once.
func (g *graphView) siblings(t *apiType) *siblingList {
	err := t.siblingsRead.do(func() error {
		list := &siblingList{members: map[string][]apiMember{}}
		if t.title != "" {
			t.siblings = list
			return nil
		}
		rows, err := g.g.src.GraphSiblings(g.ctx, t.uri)
		if err != nil {
			return err
		}
		listed := map[string]bool{}
		judged, whole := 0, true
		for _, row := range rows {
			p := row.Page
			if !strings.EqualFold(p.ParentURI, t.uri) {
				continue
			}
			base := titleName(p.Title)
			staticMember := p.Kind == "case" || p.Kind == "property" && isStaticDecl(p.Declaration)
			switch {
			case strings.HasPrefix(p.Declaration, "class ") || strings.Contains(p.Declaration, " class "):
				whole = false // a class's members: UIColor's colours
			case p.Kind == "property" && p.Declaration == "" && base != "rawValue" && base != "hashValue":
				whole = false // a property that may be a class's
			}
			own := 0
			for _, c := range row.SeeAlso {
				if !strings.EqualFold(uriParent(c.URI), t.uri) || !isCaseGroup(c.Section, t.uri) {
					// A group that lists other types' members, or one
					// named for a purpose, is a curation of the member
					// elsewhere or one of several groups of the type
					// (INPlayMediaIntentResponseCode's "Intents App
					// Extensions" lacks its failure codes): its
					// siblings are not the type's whole list.
					if staticMember {
						whole = false
					}
					continue
				}
				own++
				name := titleName(c.Title)
				if name == "" || listed[strings.ToLower(c.URI)] {
					continue
				}
				listed[strings.ToLower(c.URI)] = true
				list.members[name] = append(list.members[name], apiMember{title: c.Title, uri: c.URI, parent: t})
			}
			if staticMember {
				judged++
				if own == 0 {
					whole = false // its group is not known
				}
			}
		}
		names := map[string]bool{}
		for name := range list.members {
			names[name] = true
		}
		for name := range t.members {
			names[name] = true
		}
		list.whole = whole && judged > 0 && len(names) >= minSiblings
		t.siblings = list
		return nil
	})
	if g.fail(err) {
		return &siblingList{}
	}
	return t.siblings
}

// isStaticDecl says whether a declaration declares a static member.
func isStaticDecl(decl string) bool {
	return strings.HasPrefix(decl, "static ") || strings.Contains(decl, " static ")
}

// siblingsWhole says whether t is a type whose own page is missing and
// whose member pages' See Also lists give its whole list of cases and
// static members.
func (g *graphView) siblingsWhole(t *apiType) bool {
	return t.title == "" && g.siblings(t).whole
}

// siblingMembers lists base's members that the See Also lists of the
// types' member pages name.
func (g *graphView) siblingMembers(types []*apiType, base string) []apiMember {
	var out []apiMember
	for _, t := range types {
		if t.title == "" {
			out = append(out, g.siblings(t).members[base]...)
		}
	}
	return out
}
