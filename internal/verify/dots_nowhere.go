package verify

import (
	"slices"
	"sort"
	"strings"
)

// A leading dot whose wanted type's list is not judged whole, most often a
// type the crawl lacks (UIFont.Weight, UIStackView.Distribution,
// JSONDecoder.KeyDecodingStrategy), is judged as typedNowhere judges a
// member: by the name alone.

// dotEvidence is a table that knows which names the sample projects and
// packages write after a dot (IndexTable).
type dotEvidence interface {
	WrittenAfterDot(name string) (uri string, projects []string, err error)
	ProjectsUsing(root string) ([]string, error)
}

// minCoveringProjects is how many sample projects and packages, the checked
// one aside, must use a wanted type's outer type (UIFont of UIFont.Weight)
// for the code to cover its cases: the common frameworks' cases are
// written there (.semibold, .convertFromSnakeCase), a rare framework's
// (NEProviderStopReason.userLogout, one project) are not, and a name no
// code writes is then no evidence of an invention.
const minCoveringProjects = 10

// caseNowhere judges a leading dot where a type is wanted whose cases are
// not judged whole: a name that no Apple page, Topics entry or symbol has
// at all, that no page writes, and that no sample project or package but
// the checked one (Checker.OwnCode) writes after a dot, where the code
// covers the type (minCoveringProjects), is no case of any type
// (`weight: .extraBold`). Many real cases of the types the crawl lacks are
// on no page, but the code Apple and the packages ship writes them
// (`.convertFromSnakeCase`).
//
// A class's or a protocol's statics are left alone, as checkCase leaves
// them: an asset catalog's colours and a project's own extensions in
// another file add names to them (`backgroundColor = .appBlue`); so are
// an extensible string enumeration's, which other frameworks extend.
func (c *Checker) caseNowhere(g *graphView, s site, want string, imports map[string]bool) (Reference, bool, error) {
	if !g.g.leaves || g.unindexed || s.projectNamed || strings.HasPrefix(want, conformingPrefix) || assetTypes[want] {
		return Reference{}, false, nil
	}
	types := g.unaliased(g.typesNamed(want, imports), imports)
	if slices.ContainsFunc(types, func(t *apiType) bool { return t.kind == "class" || t.kind == "protocol" }) || extensible(g, types) {
		// (An extensible string enumeration's constants are added by
		// other frameworks too: NSNotification.Name's by FileProvider.)
		return Reference{}, false, g.err
	}
	exists, err := c.exists(g, s.name)
	if err != nil || exists {
		return Reference{}, false, err
	}
	if len(g.membersOf(types, s.name)) > 0 || len(g.siblingMembers(types, s.name)) > 0 {
		// A case the wanted type's own Topics or its cases' See Also
		// lists give (UIKeyboardType's .decimalPad).
		return Reference{}, false, g.err
	}
	de, ok := c.Table.(dotEvidence)
	if !ok {
		return Reference{}, false, nil
	}
	// Each project is listed once; the checked one is no evidence.
	others := func(projects []string) int {
		if slices.Contains(projects, c.OwnCode) {
			return len(projects) - 1
		}
		return len(projects)
	}
	_, writers, err := de.WrittenAfterDot(s.name)
	if err != nil || others(writers) > 0 {
		return Reference{}, false, err
	}
	root, _, _ := strings.Cut(want, ".")
	users, err := de.ProjectsUsing(root)
	if err != nil || others(users) < minCoveringProjects {
		return Reference{}, false, err
	}
	r := Reference{Line: s.line, Symbol: "." + s.name, Kind: "case", Status: Unknown,
		Why: "no Apple type has a case or member named `" + s.name + "` (" + want + " is wanted here)"}
	if twins := g.twinTypes(want); len(twins) > 0 {
		// The twin's cases are the likeliest fix: UIKit, AppKit and
		// SwiftUI grew their font weights, stack distributions and
		// text styles from one design.
		r.Nearest = g.caseCandidates(twins, s.name)
		if len(r.Nearest) > nearestShown {
			r.Nearest = r.Nearest[:nearestShown]
		}
		r.Why += "; " + twins[0].title + " has " + candidateNames(r.Nearest)
	}
	if len(r.Nearest) == 0 {
		near, err := c.nearest(s.name)
		if err != nil {
			return Reference{}, false, err
		}
		r.Nearest = near
	}
	return r, true, g.err
}

// twinTypes are the documented types that stand for a wanted nested type
// the crawl lacks on UIKit's, AppKit's or SwiftUI's side: the same inner
// name under an outer type named the same but for its UI or NS prefix
// (Font.Weight and NSFont.Weight for UIFont.Weight), an enumeration or a
// structure whose own list is judged whole.
func (g *graphView) twinTypes(want string) []*apiType {
	i := strings.LastIndex(want, ".")
	if i <= 0 {
		return nil
	}
	outer, inner := want[:i], want[i+1:]
	np, err := g.g.namedPages(g.ctx, inner)
	if g.fail(err) {
		return nil
	}
	var out []*apiType
	for _, t := range g.loaded(np.types) {
		j := strings.LastIndex(t.title, ".")
		if j <= 0 || t.title == want || t.title[j+1:] != inner || unprefixed(t.title[:j]) != unprefixed(outer) {
			continue
		}
		if (t.kind == "enum" || t.kind == "struct") && g.judgedCases([]*apiType{t}, false) {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].title < out[b].title })
	return out
}

// unprefixed is a type's name without the UI or NS of UIKit and AppKit
// (Font for UIFont, NSFont and Font).
func unprefixed(name string) string {
	for _, p := range []string{"UI", "NS"} {
		if rest, ok := strings.CutPrefix(name, p); ok && rest != "" && isCapitalized(rest) {
			return rest
		}
	}
	return name
}
