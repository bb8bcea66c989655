package verify

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// DedupeRefs keeps the first use of each reference under the same floors.
func DedupeRefs(refs []Ref) []Ref {
	seen := map[refKey]bool{}
	var out []Ref
	for _, r := range refs {
		key := dedupeKey(r)
		if !seen[key] {
			seen[key] = true
			out = append(out, r)
		}
	}
	return out
}

// refKey is what tells two uses of an API apart: kind, parent, name and
// the floors in force.
type refKey struct {
	kind                 RefKind
	parent, name, floors string
}

func dedupeKey(r Ref) refKey {
	k := refKey{kind: r.Kind, parent: r.Parent, name: r.Name}
	if len(r.Floors) > 0 {
		k.floors = floorKey(r.Floors)
	}
	return k
}

func FilterParent(cands []SymbolInfo, parent string) []SymbolInfo {
	var out []SymbolInfo
	for _, c := range cands {
		if strings.EqualFold(c.Parent, parent) {
			out = append(out, c)
		}
	}
	return out
}

func IsBuiltin(ref Ref) bool {
	if ref.Kind == RefMember {
		return stdlibMembers[ref.Name]
	}
	return stdlibBuiltins[ref.Name]
}

// Availability passes when any candidate (overloads share a base name) is
// available on the platform at the effective version.
func Availability(cands []SymbolInfo, target Target, effective Version) (string, bool) {
	var lowest Version
	notOnPlatform := 0
	for _, c := range cands {
		intro, listed := introducedOn(c, target.Platform)
		switch {
		case c.Unavailable[target.Platform]:
			notOnPlatform++
		case !listed && len(c.Introduced) > 0 && c.exhaustivePlatforms():
			notOnPlatform++
		case intro.Compare(effective) <= 0:
			return "", true
		case lowest.IsZero() || intro.Compare(lowest) < 0:
			lowest = intro
		}
	}
	if notOnPlatform == len(cands) {
		return "is not available on " + target.DisplayName(), false
	}
	return fmt.Sprintf("needs %s %s; target is %s %s", target.DisplayName(), lowest, target.DisplayName(), effective), false
}

// exhaustivePlatforms: documentation pages list every platform an API is on,
// so a missing platform means unavailable; a symbol graph's @available list
// leaves the rest to "*", so a missing platform means unconstrained.
func (s SymbolInfo) exhaustivePlatforms() bool { return strings.HasPrefix(s.Origin, "index:") }

func introducedOn(c SymbolInfo, platform string) (Version, bool) {
	if v, ok := c.Introduced[platform]; ok {
		return v, true
	}
	if platform == "maccatalyst" {
		if v, ok := c.Introduced["ios"]; ok {
			return v, true
		}
	}
	return Version{}, false
}

// AllDeprecated is true only when every candidate is deprecated: one
// deprecated overload (onChange(of:perform:)) must not condemn the name.
func AllDeprecated(cands []SymbolInfo, platform string, effective Version) bool {
	for _, c := range cands {
		if c.DeprecatedEverywhere {
			continue
		}
		v, ok := c.Deprecated[platform]
		if !ok || (!v.IsZero() && effective.Compare(v) < 0) {
			return false
		}
	}
	return len(cands) > 0
}

// resolve gives one reference its status for the targets.
func (c *Checker) resolve(ctx context.Context, ref Ref, targets []Target, scope map[string]bool) (Reference, error) {
	r := Reference{Line: ref.Line, Symbol: ref.Display(), Kind: string(ref.Kind), floors: ref.Floors}
	cands, err := c.Table.Lookup(ref.Name)
	if err != nil {
		return r, err
	}
	if len(cands) == 0 {
		return c.unresolved(ctx, ref, r, scope)
	}
	if ref.Parent != "" {
		if onParent := FilterParent(cands, ref.Parent); len(onParent) > 0 {
			cands = onParent
		} else if ref.Kind == RefMember {
			return c.offParent(ctx, ref, r, cands, scope)
		}
	}
	if ref.Kind == RefMember && !anyInScope(cands, scope) {
		return elsewhere(r, cands), nil
	}
	r.Status, r.URI = Resolved, bestURI(inScopeCandidates(cands, scope))
	for _, t := range targets {
		effective := t.Version
		if floor, ok := ref.Floors[t.Platform]; ok && floor.Compare(effective) > 0 {
			effective = floor
		}
		if msg, ok := Availability(cands, t, effective); !ok {
			r.Status, r.Target, r.Why = Unavailable, targetName(t), "`"+r.Symbol+"` "+msg
			if intro, uri := lowestIntroduced(cands, t.Platform); !intro.IsZero() {
				r.Introduced, r.URI = t.DisplayName()+" "+intro.String(), uri
			}
			return r, nil
		}
		if AllDeprecated(cands, t.Platform, effective) {
			r.Status, r.Target = Deprecated, targetName(t)
			r.Replacement, r.Why = cands[0].Note, "`"+r.Symbol+"` is deprecated for "+targetName(t)
			return r, nil
		}
	}
	if len(targets) == 0 && deprecatedEverywhere(cands) {
		r.Status, r.Replacement, r.Why = Deprecated, cands[0].Note, "`"+r.Symbol+"` is deprecated on every platform"
	}
	return r, nil
}

// offParent settles Type.member when no page of that name is Type's own:
// a member its superclasses or protocols document, or its Topics list,
// resolves to that page; one documented only on other types of the
// imported frameworks resolves by name, as an extension may add it; one
// documented only in frameworks the file does not import is mentioned,
// never resolved to another framework's type (UIColor.lightGray is not
// NSColor's, DispatchQueue.global is not SwiftUI's CoordinateSpace.global).
func (c *Checker) offParent(ctx context.Context, ref Ref, r Reference, cands []SymbolInfo, scope map[string]bool) (Reference, error) {
	if gs, isGraph := c.Table.(graphSource); isGraph {
		sg, err := gs.graph()
		if err != nil {
			return r, err
		}
		if sg != nil {
			g := &graphView{g: sg, ctx: ctx}
			ms := g.membersOf(g.typesNamed(ref.Parent, scope), ref.Name)
			if len(ms) == 0 {
				if m, listed := listedMember(g, ref, scope); listed {
					ms = []apiMember{m}
				}
			}
			if g.err != nil {
				return r, g.err
			}
			for _, m := range ms {
				if m.uri != "" {
					r.Status, r.URI = Resolved, m.uri
					return r, nil
				}
			}
		}
	}
	if !anyInScope(cands, scope) {
		return elsewhere(r, cands), nil
	}
	r.Status, r.URI = Resolved, bestURI(inScopeCandidates(cands, scope))
	return r, nil
}

// anyInScope says whether a candidate is in a framework the file imports,
// or in one its source does not name.
func anyInScope(cands []SymbolInfo, scope map[string]bool) bool {
	for _, c := range cands {
		if c.Module == "" || scope[strings.ToLower(c.Module)] {
			return true
		}
	}
	return false
}

// elsewhere is a member whose name only frameworks the file does not
// import document: evidence that the name exists, not that the member does
// on the receiver, so it is mentioned, not resolved, and no finding.
func elsewhere(r Reference, cands []SymbolInfo) Reference {
	r.Status, r.URI = Mentioned, bestURI(cands)
	r.Why = "no page of a framework the file imports documents it; a page of " + cands[0].Module + " has the name"
	return r
}

// unresolved settles a name the table does not hold: a built-in, a type the
// crawl knows only through its members' pages, or unknown with the nearest
// real names.
func (c *Checker) unresolved(ctx context.Context, ref Ref, r Reference, scope map[string]bool) (Reference, error) {
	if IsBuiltin(ref) {
		r.Status, r.Why = NotCheckable, "a standard-library or compiler-synthesised name"
		return r, nil
	}
	doc, ok := c.Table.(Documented)
	// A capitalised member is a nested type: Configuration.CustomDetailSpecification.
	if ok && (ref.Kind != RefMember || isCapitalized(ref.Name)) {
		uri, found, err := doc.Container(ref.Name)
		if err != nil {
			return r, err
		}
		if found {
			r.Status, r.URI = Resolved, uri
			r.Why = "its own page is not in the index; its members are"
			return r, nil
		}
	}
	// A member listed in its type's Topics, whose own page the crawl
	// missed (JSONEncoder.outputFormatting), exists. So does a type another
	// page's Topics list, the entry's declaration saying it is a type
	// (PHPickerViewController lists PHPickerViewControllerDelegate); it is
	// mentioned, not resolved: no list of its members is in the index, so
	// they stay unchecked as a mentioned type's do.
	listedKind := ref.Kind == RefMember || ref.Kind == RefType && isCapitalized(ref.Name)
	if gs, isGraph := c.Table.(graphSource); isGraph && listedKind {
		if sg, err := gs.graph(); err != nil {
			return r, err
		} else if sg != nil {
			g := &graphView{g: sg, ctx: ctx}
			m, listed, found := apiMember{}, false, Resolved
			if ref.Kind == RefMember {
				m, listed = listedMember(g, ref, scope)
			} else {
				m, listed = listedType(g, ref.Name, scope)
				found = Mentioned
			}
			if g.err != nil {
				return r, g.err
			}
			if listed && ref.Parent == "" && !scope[uriFramework(m.uri)] {
				r.Status, r.URI = Mentioned, m.uri
				r.Why = "no page of a framework the file imports documents it; " + m.parent.title + "'s Topics list the name"
				return r, nil
			}
			if listed {
				r.Status, r.URI = found, m.uri
				r.Why = "its own page is not in the index; " + m.parent.title + "'s Topics list it"
				return r, nil
			}
		}
	}
	if ok {
		uri, found, err := doc.MentionedIn(ref.Name)
		if err != nil {
			return r, err
		}
		// An acronym written as a type (`JSON(data:)`, SwiftyJSON's) is a
		// word of prose everywhere: a page that writes it is no evidence
		// of a type.
		if found && !(ref.Kind == RefType && isAcronym(ref.Name)) && (!isCapitalized(ref.Name) || c.mentionedAsWritten(uri, ref.Name, ref.Kind == RefType && !strings.Contains(ref.Name, "_"))) {
			r.Status, r.URI = Mentioned, uri
			r.Why = "it has no page of its own in the index; this page mentions it"
			return r, nil
		}
	}
	if se, ok := c.Table.(sampleEvidence); ok && ref.Kind == RefType {
		// Apple's sample code compiles against the SDK: a type two of its
		// projects use, and none of them declares, is the SDK's, whose
		// page the crawl missed (UIContextualAction).
		uri, projects, err := se.UsedInSamples(ref.Name)
		if err != nil {
			return r, err
		}
		if projects >= minSampleProjects {
			r.Status, r.URI = Mentioned, uri
			r.Why = fmt.Sprintf("it has no page of its own in the index; %d of Apple's sample projects use it, as the cited file does", projects)
			return r, nil
		}
	}
	r.Status, r.Why = Unknown, "`"+r.Symbol+"` is not in "+c.Table.Describe()
	return r, nil
}

// isAcronym says whether name is written in capitals alone (JSON, HTTP).
func isAcronym(name string) bool {
	if len(name) < 2 {
		return false
	}
	for i := 0; i < len(name); i++ {
		if name[i] < 'A' || name[i] > 'Z' {
			return false
		}
	}
	return true
}

// sampleEvidence is a table that knows which names Apple's sample code
// uses (IndexTable).
type sampleEvidence interface {
	UsedInSamples(name string) (uri string, projects int, err error)
}

// minSampleProjects is how many sample projects must use a type no page
// documents for it to count as the SDK's: two, so that a project checked
// against an index that holds it is never its own evidence.
const minSampleProjects = 2

// listedMember finds a Topics entry for a member reference: on its
// parent type when it has one (read with the type), else on any type (the
// entries read by title), one of a framework in scope first.
func listedMember(g *graphView, ref Ref, scope map[string]bool) (apiMember, bool) {
	if ref.Parent != "" {
		np, err := g.g.namedPages(g.ctx, ref.Parent)
		if g.fail(err) {
			return apiMember{}, false
		}
		for _, t := range g.loaded(np.types) {
			if t.title != ref.Parent && titleName(t.title) != ref.Parent {
				continue
			}
			if ms := t.members[ref.Name]; len(ms) > 0 {
				return ms[0], true
			}
		}
		return apiMember{}, false
	}
	return preferInScope(g.overloads(ref.Name, true), scope, func(m apiMember) bool {
		return m.parent != nil && m.parent.title != ""
	})
}

// preferInScope is the first of ms that keep takes whose framework is in
// scope, else the first it takes at all.
func preferInScope(ms []apiMember, scope map[string]bool, keep func(apiMember) bool) (apiMember, bool) {
	var first *apiMember
	for _, m := range ms {
		if !keep(m) {
			continue
		}
		if scope[uriFramework(m.uri)] {
			return m, true
		}
		if first == nil {
			first = &m
		}
	}
	if first != nil {
		return *first, true
	}
	return apiMember{}, false
}

// listedType finds a Topics entry titled name whose declaration, as the
// listing page shows it, declares a type or a global (AVSpeechUtterance
// lists `let AVSpeechUtteranceDefaultSpeechRate: Float`), preferring one
// of a framework in scope.
func listedType(g *graphView, name string, scope map[string]bool) (apiMember, bool) {
	return preferInScope(g.overloads(name, true), scope, func(m apiMember) bool {
		return m.decl == "" && m.parent != nil && m.parent.title != "" && (declaresType(m.listed) || declaresGlobal(m.listed))
	})
}

// declaresType says whether a declaration declares a type: its first
// keyword after any attributes and modifiers is a type's.
func declaresType(decl string) bool {
	words := strings.Fields(decl)
	for i, w := range words {
		switch {
		case w == "class" && i+1 < len(words) && swiftlex.DeclarationKeywords[words[i+1]] && !typeKinds[words[i+1]]:
			return false // class var, class func
		case typeKinds[w]:
			return true
		case strings.HasPrefix(w, "@") || swiftlex.DeclarationModifiers[w]:
		default:
			return false
		}
	}
	return false
}

// declaresGlobal says whether a declaration declares a constant, variable
// or function with no type modifier (`let AVSpeechUtteranceDefaultSpeechRate:
// Float`), which a type's Topics list for a global of its framework.
func declaresGlobal(decl string) bool {
	first, _, _ := strings.Cut(decl, " ")
	return first == "let" || first == "var" || first == "func"
}

// uriFramework is the framework of an Apple documentation address:
// "uikit" for apple-docs://uikit/uiview.
func uriFramework(uri string) string {
	fw, _, _ := strings.Cut(strings.TrimPrefix(uri, "apple-docs://"), "/")
	return fw
}

// sessionDater is a table that knows which WWDC sessions are newer than
// its crawl (IndexTable.NewerThanCrawl).
type sessionDater interface {
	NewerThanCrawl(uri string) bool
}

// wwdcYearOfIOS is the year of the WWDC that introduced an iOS major
// version: iOS 7 to 18 came in 2013 to 2024, and iOS 26 in 2025.
func wwdcYearOfIOS(major int) int {
	if major >= 26 {
		return 1999 + major
	}
	return 2006 + major
}

// wwdcYear is the year of a WWDC session's address (wwdc://2025/230).
func wwdcYear(uri string) (int, bool) {
	rest, ok := strings.CutPrefix(uri, "wwdc://")
	if !ok || len(rest) < 4 {
		return 0, false
	}
	year, err := strconv.Atoi(rest[:4])
	return year, err == nil
}

// pageReader is a table that can read a cited page's text.
type pageReader interface {
	PageText(uri string) (title, text string, ok bool, err error)
}

// mentionedAsWritten says whether the page the full-text search found
// writes name with its case and as a whole word: the search folds case and
// stems (DispatchTimer finds DispatchTime, ActivityIndicator finds TVML's
// activityIndicator), which is no evidence of a Swift name.
// A type must be written as code (writesNameAsCode), or named by a
// session newer than the crawl.
func (c *Checker) mentionedAsWritten(uri, name string, asCode bool) bool {
	pr, ok := c.Table.(pageReader)
	if !ok {
		return true
	}
	title, text, ok, err := pr.PageText(uri)
	if err != nil || !ok {
		return true
	}
	if asCode {
		sd, dated := c.Table.(sessionDater)
		return writesNameAsCode(title, text, name) ||
			dated && sd.NewerThanCrawl(uri) && (writesName(title, name) || writesName(text, name))
	}
	return writesName(title, name) || writesName(text, name)
}

// writesNameAsCode says whether a page writes name as code: it is the
// page's title, or it stands, with its case and as a whole word, in a
// code listing or a code span of the page's Markdown. Prose names things
// loosely ("a new PhotoPicker view" in a session on PhotosPicker, "the
// Keychain"), so a type only prose names is no evidence of a type.
func writesNameAsCode(title, text, name string) bool {
	if title == name {
		return true
	}
	fenced := false
	for line := range strings.Lines(text) {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			// A listing's comments are prose ("// an existing iCloud
			// Keychain credential").
			code, _, _ := strings.Cut(line, "//")
			if writesName(code, name) {
				return true
			}
			continue
		}
		for i, span := range strings.Split(line, "`") {
			if i%2 == 1 && writesName(span, name) {
				return true
			}
		}
	}
	return false
}

// writesName says whether s writes name with its case, as a whole word.
func writesName(s, name string) bool {
	for i := strings.Index(s, name); i >= 0; {
		end := i + len(name)
		if (i == 0 || !identByte(s[i-1])) && (end >= len(s) || !identByte(s[end])) {
			return true
		}
		next := strings.Index(s[end:], name)
		if next < 0 {
			break
		}
		i = end + next
	}
	return false
}

// inScopeCandidates keeps the candidates of the modules the file imports
// (and what they bring), when there are any: `.background` in a SwiftUI
// file cites SwiftUI's page, not TVML's.
func inScopeCandidates(cands []SymbolInfo, scope map[string]bool) []SymbolInfo {
	var in []SymbolInfo
	for _, c := range cands {
		if scope[strings.ToLower(c.Module)] {
			in = append(in, c)
		}
	}
	if len(in) == 0 {
		return cands
	}
	return in
}

// bestURI picks the page to cite among overloads: a type's own page before a
// member of the same name, then the shortest address.
func bestURI(cands []SymbolInfo) string {
	best := ""
	for _, c := range cands {
		if c.URI == "" {
			continue
		}
		if best == "" || len(c.URI) < len(best) {
			best = c.URI
		}
	}
	return best
}

// lowestIntroduced is the earliest version any candidate has on platform,
// with that candidate's page.
func lowestIntroduced(cands []SymbolInfo, platform string) (Version, string) {
	var low Version
	uri := ""
	for _, c := range cands {
		if v, ok := introducedOn(c, platform); ok && (low.IsZero() || v.Compare(low) < 0) {
			low, uri = v, c.URI
		}
	}
	return low, uri
}

func deprecatedEverywhere(cands []SymbolInfo) bool {
	for _, c := range cands {
		if !c.DeprecatedEverywhere {
			return false
		}
	}
	return true
}
