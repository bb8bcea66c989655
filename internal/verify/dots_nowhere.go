package verify

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/index"
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
	// ValuesWrittenAt is what the code writes after a leading dot in
	// one place: each name with its projects; WrittenAt, one name's
	// projects there, a cheaper read.
	ValuesWrittenAt(at index.DotContext) (index.DotValues, error)
	WrittenAt(at index.DotContext, name string) ([]string, error)
}

// others counts projects but the one being checked, which is no evidence
// of itself.
func (c *Checker) others(projects []string) int {
	if slices.Contains(projects, c.OwnCode) {
		return len(projects) - 1
	}
	return len(projects)
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
// (`.convertFromSnakeCase`). A name some page has is judged by what the
// code writes in its place instead (caseUnwritten).
//
// A class's or a protocol's statics are left alone, as checkCase leaves
// them: an asset catalog's colours and a project's own extensions in
// another file add names to them (`backgroundColor = .appBlue`); so are
// an extensible string enumeration's, which other frameworks extend.
func (c *Checker) caseNowhere(g *graphView, a *Analysis, s site, want string, imports map[string]bool) (Reference, bool, error) {
	if !g.g.leaves || g.unindexed || s.projectNamed || strings.HasPrefix(want, conformingPrefix) || assetTypes[want] {
		return Reference{}, false, nil
	}
	types := g.unaliased(g.typesNamed(want, imports), imports)
	if slices.ContainsFunc(types, func(t *apiType) bool { return t.kind == "class" || t.kind == "protocol" }) || extensible(g, types) {
		// (An extensible string enumeration's constants are added by
		// other frameworks too: NSNotification.Name's by FileProvider.)
		return Reference{}, false, g.err
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
	exists, err := c.exists(g, s.name)
	if err != nil {
		return Reference{}, false, err
	}
	if exists {
		return c.caseUnwritten(de, s, want, a.dotContexts[s.tok])
	}
	_, writers, err := de.WrittenAfterDot(s.name)
	if err != nil || c.others(writers) > 0 {
		return Reference{}, false, err
	}
	root, _, _ := strings.Cut(want, ".")
	users, err := de.ProjectsUsing(root)
	if err != nil || c.others(users) < minCoveringProjects {
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

// A place's code stands for the wanted type's cases when enough projects,
// the checked one aside, write leading dots there (minContextProjects) and
// hardly any of what they write is written by one project alone
// (maxUnseenShare: the Good–Turing estimate of how much of what code
// writes there no project has written yet, the share of the projects'
// writings that are a value's only one). Read off the leading dots of the
// dev sets and the sample projects that reach caseUnwritten, each labelled
// a dev set's invented case or not (docs/eval.md): below 15 projects, or
// where a tenth of the writings are single, real cases come unwritten
// (`.custom` for dateDecodingStrategy in 9 projects, `.semibold` for
// systemFont(ofSize:weight:) in 7, four of them single).
const (
	minContextProjects = 15
	maxUnseenShare     = 0.1
)

// caseUnwritten judges a leading dot whose wanted type's cases the crawl
// lacks and whose name some other Apple type has (`.abbreviated`, a date
// format style's): where the code Apple and the packages ship writes
// leading dots in the same place, in enough projects, and never this name,
// the name is no case of the type wanted there (`formatter.dateStyle =
// .abbreviated`, `Task(priority: .userInteractive)`); the finding lists
// what they write there, the most written first (.medium, .short, .long).
func (c *Checker) caseUnwritten(de dotEvidence, s site, want string, at index.DotContext) (Reference, bool, error) {
	if at.Label == "" {
		return Reference{}, false, nil
	}
	writers, err := de.WrittenAt(at, s.name)
	if err != nil || c.others(writers) > 0 {
		return Reference{}, false, err
	}
	values, err := de.ValuesWrittenAt(at)
	if err != nil || c.others(values[s.name]) > 0 {
		return Reference{}, false, err
	}
	writings, single := 0, 0
	for _, ps := range values {
		n := c.others(ps)
		writings += n
		if n == 1 {
			single++
		}
	}
	projects := c.others(values.Projects())
	if projects < minContextProjects || float64(single) > maxUnseenShare*float64(writings) {
		return Reference{}, false, nil
	}
	written := make([]string, 0, len(values))
	for v, ps := range values {
		if c.others(ps) > 0 {
			written = append(written, v)
		}
	}
	// The most written first.
	sort.Slice(written, func(i, j int) bool {
		if a, b := len(values[written[i]]), len(values[written[j]]); a != b {
			return a > b
		}
		return written[i] < written[j]
	})
	if len(written) > nearestShown {
		written = written[:nearestShown]
	}
	r := Reference{Line: s.line, Symbol: "." + s.name, Kind: "case", Status: NoSuchCase}
	names := make([]string, len(written))
	for i, v := range written {
		names[i] = "." + v
		r.Nearest = append(r.Nearest, Candidate{Name: "." + v})
	}
	r.Why = fmt.Sprintf("%s is wanted here; %d projects write `%s .…` and none writes `.%s`; they write %s",
		want, projects, at, s.name, strings.Join(names, ", "))
	return r, true, nil
}
