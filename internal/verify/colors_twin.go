package verify

import (
	"slices"
	"strings"
)

// colorTwins are the colour classes of UIKit and AppKit, each the other's
// twin: their system colours have one design and two spellings
// (UIColor.secondaryLabel, NSColor.secondaryLabelColor), and a model
// writes one platform's on the other.
var colorTwins = map[string]string{"UIColor": "NSColor", "NSColor": "UIColor"}

// otherPlatformColor judges a colour where a UIColor or NSColor is wanted
// (`label.textColor = .secondaryLabel` in an AppKit file, or written on
// the class): a name the class lacks, whose twin has it as a class
// property, is the other platform's spelling, not an asset catalog's
// colour (a catalog's names are the project's own, no system colour's).
// The finding offers the class's spelling of the name first (AppKit's
// ends in Color), then its colours nearest the name.
func (g *graphView) otherPlatformColor(s site, want string, imports map[string]bool) (Reference, bool) {
	twin := colorTwins[want]
	if twin == "" {
		return Reference{}, false
	}
	types := g.typesNamed(want, imports)
	if len(types) == 0 || len(g.membersOf(types, s.name)) > 0 || g.hollowTitled(types, s.name) {
		return Reference{}, false
	}
	var theirs []apiMember
	for _, m := range g.membersOf(g.typesNamed(twin, nil), s.name) {
		if typeLevel(m) {
			theirs = append(theirs, m)
		}
	}
	if len(theirs) == 0 {
		return Reference{}, false
	}
	r := Reference{Line: s.line, Symbol: "." + s.name, Kind: "case", Status: NoSuchCase}
	r.Nearest = g.caseCandidates(types, s.name)
	// AppKit's spelling ends in Color, UIKit's does not: the other
	// spelling of the name, when the class has it, is the fix.
	spelled := s.name + "Color"
	if want == "UIColor" {
		spelled = strings.TrimSuffix(s.name, "Color")
	}
	first := Candidate{Name: "." + spelled}
	if ms := g.membersOf(types, spelled); len(ms) > 0 {
		first.URI = ms[0].uri
	}
	// (The crawl lacks NSColor's "UI Element Colors": labelColor and its
	// kin have no page, and the spelling is offered without one.)
	r.Nearest = slices.DeleteFunc(r.Nearest, func(c Candidate) bool { return c.Name == first.Name })
	r.Nearest = append([]Candidate{first}, r.Nearest...)
	if len(r.Nearest) > nearestShown {
		r.Nearest = r.Nearest[:nearestShown]
	}
	r.Why = want + " has no colour `" + s.name + "`; that is " + twin + "'s name; " + want + "'s nearest: " + candidateNames(r.Nearest)
	return r, true
}
