package verify

import (
	"slices"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Leading-dot names (calls.go): a case or static member checked against
// the type its context wants, and the real ones a finding lists.

// checkCase checks a leading-dot name against the type its context wants.
//
// expected says want is the type the context gives the dot (a
// parameter's or property's declared type), not a type the file names
// before the dot itself.
//
// `.none` is Optional's nil, unless every overload the call fits declares
// the parameter no optional (Analysis.nonOptionalDots):
// `.textInputAutocapitalization(.none)` names a case
// TextInputAutocapitalization lacks (UIKit's type has it).
func (c *Checker) checkCase(g *graphView, a *Analysis, s site, want string, imports map[string]bool, expected bool) (Reference, bool, error) {
	// Optional's own cases fit any optional parameter; an asset
	// catalog's images are the project's own statics (its colours are
	// judged: assetColorTypes).
	if s.name == "none" && (a == nil || !a.nonOptionalDots[s.tok]) || s.name == "some" || assetTypes[want] && !assetColorTypes[want] {
		return Reference{}, false, nil
	}
	if protocols, ok := strings.CutPrefix(want, conformingPrefix); ok {
		return c.checkStaticMember(g, s, strings.Split(protocols, "|"), imports)
	}
	if r, found := g.otherPlatformColor(s, want, imports); found || g.err != nil {
		return r, found, g.err
	}
	types := g.typesNamed(want, imports)
	if len(types) == 0 && expected {
		// A type the declaration of an API in scope names is in scope
		// through it, whatever the file imports: Vision's
		// VNImageRequestHandler(cgImage:orientation:options:) takes
		// ImageIO's CGImagePropertyOrientation. Not another platform's
		// (ARView's macOS autoresizingMask is NSView.AutoresizingMask; an
		// iOS file's is UIView's).
		types = slices.DeleteFunc(g.typesNamed(want, nil), func(t *apiType) bool {
			fw := strings.ToLower(t.framework)
			return twinFrameworks[fw] && !imports[fw]
		})
	}
	types = g.unaliased(types, imports)
	judged := g.judgedCases(types, false)
	if !judged && g.judgedCases(types, true) && !extensible(g, types) {
		// A list from Objective-C era pages (HKQuantityTypeIdentifier's
		// constants) may lack the Swift overlay's names: a name no page
		// or Topics entry of a module in scope has is a finding all the
		// same.
		var skip func(apiMember) bool
		if typedConstants(types) {
			skip = otherSetsConstant(types)
		}
		judged = !staticElsewhere(g, s, imports, skip) && g.err == nil
	}
	if !judged || len(g.membersOf(types, s.name)) > 0 || len(g.siblingMembers(types, s.name)) > 0 {
		return Reference{}, false, g.err
	}
	r := Reference{Line: s.line, Symbol: "." + s.name, Kind: "case", Status: NoSuchCase}
	r.Nearest = g.caseCandidates(types, s.name)
	r.Why = want + " has no case or static member `" + s.name + "`; real ones: " + candidateNames(r.Nearest)
	if assetColorTypes[want] {
		r.Why += assetColorHint(s.name)
	}
	return r, true, nil
}

// unaliased is the type a lone typealias among types names, whose cases
// and members are the alias's; types otherwise.
func (g *graphView) unaliased(types []*apiType, imports map[string]bool) []*apiType {
	if len(types) == 1 && types[0].alias != "" {
		return g.typesNamed(types[0].alias, imports)
	}
	return types
}

// caseCallLabels judges the labels of a leading-dot call of a static
// function (`.easeInOut(duration: 0.3, delay: 2.5)` where an Animation is
// wanted) on a type whose list is judged whole: written labels that fit
// none of the functions of the name are a finding that names the real
// ones, as a call on the type would be. A case with values is left alone:
// a pattern binds them without their labels.
func (g *graphView) caseCallLabels(s site, want string, imports map[string]bool) (Reference, bool) {
	if strings.HasPrefix(want, conformingPrefix) {
		return Reference{}, false
	}
	types := g.unaliased(g.typesNamed(want, imports), imports)
	if !g.judgedCases(types, false) {
		return Reference{}, false
	}
	var calls []apiMember
	for _, m := range g.membersOf(types, s.name) {
		if m.kind == "case" || strings.HasPrefix(m.typing(), "case ") {
			// An enumeration case with values: a pattern binds them
			// without their labels (`case .hostPort(let host, let port):`).
			return Reference{}, false
		}
		if strings.Contains(m.title, "(") {
			calls = append(calls, m)
		}
	}
	if len(calls) == 0 || fitsAny(calls, s.name, s.labels, s.trailing) {
		return Reference{}, false
	}
	r := Reference{Line: s.line, Symbol: "." + signature(s.name, s.labels), Kind: "case", Status: WrongLabels}
	r.Nearest = overloadCandidates(calls, "", s.labels)
	r.Why = "no static member " + want + "." + s.name + " takes " + signature("", s.labels) + "; real ones: " + candidateNames(r.Nearest)
	return r, true
}

// staticTypePath is the type a member site is written on when that is a
// type named alone, no value: `NSTextAlignment.middle`,
// `UIView.ContentMode.aspectFitted` (its path), not `UIDevice.current.name`
// (a value's member) nor `UIColor(named: n)?.cgColor`.
func (a *Analysis) staticTypePath(s site) (string, bool) {
	if s.kind != siteMember || s.rootType == "" || s.tok < 2 {
		return "", false
	}
	parts := []string{}
	j := s.tok - 1
	for a.tok(j).IsPunct(".") && !a.tok(j).SpaceBefore {
		name := a.tok(j - 1)
		if name.Kind != tokIdent || !isCapitalized(name.Text) {
			return "", false
		}
		parts = append(parts, name.Text)
		j -= 2
	}
	if len(parts) == 0 || a.tok(j).IsPunct(".") || a.tok(j).IsPunct("?") || a.tok(j).IsPunct("!") {
		return "", false
	}
	slices.Reverse(parts)
	if parts[0] != s.rootType {
		// The root is a local, the file's own type or another reading.
		return "", false
	}
	return strings.Join(parts, "."), true
}

// cStructure says whether a type named path is a structure of a C
// framework (cFrameworks).
func (g *graphView) cStructure(path string, imports map[string]bool) bool {
	return slices.ContainsFunc(g.typesNamed(path, imports), func(t *apiType) bool {
		return t.kind == "struct" && cFrameworks[t.framework]
	})
}

// namedOnType turns checkCase's finding for a leading dot into the one for
// the same name written on its type: not on that type, or unknown when no
// page or Topics entry has the name at all, as notOnType says.
func (c *Checker) namedOnType(g *graphView, r Reference, path, name string) (Reference, error) {
	r.Symbol, r.Kind, r.Status = path+"."+name, string(RefMember), NotOnType
	exists, err := c.exists(g, name)
	if err != nil {
		return Reference{}, err
	}
	if !exists {
		r.Status = Unknown
		r.Why = "`" + name + "` is not in the documentation, on " + path + " or any type; " + path + "'s cases and static members: " + candidateNames(r.Nearest)
	}
	return r, nil
}

// checkStaticMember checks a leading dot where any type conforming to one
// of the protocols fits (`.pickerStyle(.dropdown)`): the name is one of
// their static members (`extension PickerStyle where Self == MenuPickerStyle
// { static var menu }`). The crawl lists them partly (PickerStyle's page
// lacks radioGroup, which RadioGroupPickerStyle's Topics list), so a name
// missing from the protocols is a finding only when no page and no Topics
// entry has it at all, nor a page writes it, when it is camel-cased, as
// spelled (a lowercase word such as "dropdown" is prose). Where another
// overload takes a type (`transition(_: AnyTransition)` beside
// `transition<T: Transition>`), that type's cases and statics count too.
// A case or static of an Objective-C framework is none of a SwiftUI
// protocol's (UITableView.RowAnimation.fade, in `.transition(.fade)`).
func (c *Checker) checkStaticMember(g *graphView, s site, protocols []string, imports map[string]bool) (Reference, bool, error) {
	var types []*apiType
	for _, p := range protocols {
		ts := g.typesNamed(p, imports)
		if len(ts) == 0 || g.err != nil {
			return Reference{}, false, g.err
		}
		types = append(types, ts...)
	}
	if r, found := g.twinShapeStyle(s, types, imports); found || g.err != nil {
		return r, found, g.err
	}
	// A type an overload takes beside the protocols (AnyTransition
	// beside Transition) is judged on its cases and statics.
	var plain []*apiType
	types = slices.DeleteFunc(types, func(t *apiType) bool {
		if t.kind != "protocol" {
			plain = append(plain, t)
			return true
		}
		return false
	})
	if !judgedStatics(types) || len(plain) > 0 && !g.judgedCases(plain, false) || len(g.membersOf(append(types, plain...), s.name)) > 0 {
		return Reference{}, false, nil
	}
	if stdlibMembers[s.name] || staticElsewhere(g, s, imports, g.nonConforming(protocols, imports)) || g.err != nil {
		return Reference{}, false, g.err
	}
	if strings.ToLower(s.name) != s.name {
		if doc, ok := c.Table.(Documented); ok {
			uri, found, err := doc.MentionedIn(s.name)
			if err != nil || found && c.mentionedAsWritten(uri, s.name, false) {
				return Reference{}, false, err
			}
		}
	}
	r := Reference{Line: s.line, Symbol: "." + s.name, Kind: "case", Status: NoSuchCase}
	r.Nearest = staticCandidates(types)
	var names []string
	for _, t := range types {
		names = append(names, t.title)
	}
	r.Why = "no type conforming to " + strings.Join(names, " or ")
	if len(plain) > 0 {
		seen := map[string]bool{}
		r.Nearest = slices.DeleteFunc(append(g.caseCandidates(plain, s.name), r.Nearest...), func(c Candidate) bool {
			dup := seen[c.Name]
			seen[c.Name] = true
			return dup
		})
		r.Nearest = r.Nearest[:min(len(r.Nearest), maxShown*2)]
		r.Why = "neither " + plain[0].title + " nor a type conforming to " + strings.Join(names, " or ")
	}
	r.Why += " has a static member `" + s.name + "`; real ones: " + candidateNames(r.Nearest)
	if slices.ContainsFunc(types, func(t *apiType) bool { return assetStatics[t.title] }) {
		r.Why += assetColorHint(s.name)
	}
	return r, true, nil
}

// nonConforming says whether a member is declared of a documented type
// that conforms to none of the protocols (`static var primary:
// HierarchicalShapeStyle`, `static var primary: Color`): no static a
// conforming type's argument can be (`.buttonStyle(.primary)`), nor is
// a case of an enum that conforms to none (UIButton.Role.primary). A type
// whose conformances the crawl does not give, or that is not found, may
// conform, and keeps the member.
func (g *graphView) nonConforming(protocols []string, imports map[string]bool) func(apiMember) bool {
	swiftUIOnly := true
	for _, p := range protocols {
		for _, t := range g.typesNamed(p, imports) {
			swiftUIOnly = swiftUIOnly && t.framework == "swiftui"
		}
	}
	return func(m apiMember) bool {
		if swiftUIOnly && objcFrameworks[memberFramework(m)] {
			// An Objective-C framework's type conforms to no SwiftUI
			// protocol, whatever the crawl gives of its conformances
			// (UITableView.RowAnimation.fade is no Transition).
			return true
		}
		var types []*apiType
		if typ := declaredType(m.typing()); typ != "" {
			types = g.loaded(g.typesNamed(typ, imports))
		} else if strings.HasPrefix(m.typing(), "case ") && m.parent != nil {
			types = g.loaded([]*apiType{m.parent}) // an enum's case is of the enum
		}
		if len(types) == 0 {
			return false
		}
		for _, t := range types {
			conforms := 0
			for _, e := range t.edges {
				if e.Relation != "conformsTo" || !strings.EqualFold(e.ChildURI, t.uri) {
					continue
				}
				conforms++
				if slices.Contains(protocols, e.ParentTitle) {
					return false
				}
			}
			if conforms == 0 {
				return false
			}
		}
		return true
	}
}

// staticElsewhere says whether a page or a Topics entry of a module in
// scope has the name in a form the use fits: the crawl lists a protocol's
// static members partly (RadioGroupPickerStyle's Topics give PickerStyle's
// radioGroup), but a case of a framework the file does not import
// (CarPlay's CPMessageLeadingItem.star) is no static of SwiftUI's, and a
// method (UIButton.Configuration.filled()) is no property written without
// a call (`.buttonStyle(.filled)`).
//
// Pages first: the Topics entries are read only when no page has it.
func staticElsewhere(g *graphView, s site, imports map[string]bool, skip func(apiMember) bool) bool {
	fits := func(ms []apiMember) bool {
		for _, m := range ms {
			if imports[memberFramework(m)] && (s.called || !strings.Contains(m.title, "(")) && (skip == nil || !skip(m)) {
				return true
			}
		}
		return false
	}
	return fits(g.overloads(s.name, false)) || fits(g.overloads(s.name, true))
}

// memberFramework is the lowercased module of a member: its parent's, or
// the first segment of its address when the parent is not known.
func memberFramework(m apiMember) string {
	if m.parent != nil && m.parent.framework != "" {
		return strings.ToLower(m.parent.framework)
	}
	rest, ok := strings.CutPrefix(m.uri, "apple-docs://")
	if !ok {
		return ""
	}
	fw, _, _ := strings.Cut(rest, "/")
	return strings.ToLower(fw)
}

// extensible says whether one of the types is an extensible string
// enumeration (NS_EXTENSIBLE_STRING_ENUM: an unlabelled init(_:) beside
// init(rawValue:)), whose constants other frameworks and projects add
// (NSNotification.Name.fileProviderPendingSetDidChange in FileProvider).
// The types' own initializer: an option set's init(_:) is SetAlgebra's
// (ISO8601DateFormatter.Options lists no constant another module adds).
func extensible(g *graphView, types []*apiType) bool {
	for _, t := range g.loaded(types) {
		for _, m := range t.members["init"] {
			if m.title == "init(_:)" {
				return true
			}
		}
	}
	return false
}

// judgedStatics says whether protocols list static members to judge a
// leading dot by: each a protocol, one of them listing at least three
// (ButtonStyle's page lists one, PrimitiveButtonStyle's fourteen: a
// `.buttonStyle(…)` argument is a static of either).
func judgedStatics(types []*apiType) bool {
	listed := false
	for _, t := range types {
		if t.kind != "protocol" {
			return false
		}
		listed = listed || len(staticMembers(t)) >= 3
	}
	return listed
}

// twinShapeStyle judges a leading dot where a ShapeStyle fits
// (`.background(.systemGray6)`), which an asset catalog may extend with
// any name: a name neither the protocols nor Color have, that UIColor or
// NSColor of a framework in scope has, is theirs, not an asset's.
func (g *graphView) twinShapeStyle(s site, protocols []*apiType, imports map[string]bool) (Reference, bool) {
	styled := false
	for _, t := range protocols {
		styled = styled || assetStatics[t.title]
	}
	if !styled || len(g.membersOf(protocols, s.name)) > 0 {
		return Reference{}, false
	}
	r, found := g.twinStatic(site{line: s.line, name: s.name, rootType: "Color"}, imports)
	if !found {
		return Reference{}, false
	}
	r.Symbol, r.Kind, r.Status = "."+s.name, "case", NoSuchCase
	r.Why = "no ShapeStyle, Color among them, has a static member `" + s.name + "`; it is on " + candidateNames(r.Nearest)
	return r, true
}

// assetStatics are protocols whose static members a project's asset
// catalog adds: Xcode generates `extension ShapeStyle where Self == Color
// { static var darkBrown }` for a colour set, so `.foregroundStyle(.darkBrown)`
// is real in a project whose sources never declare it.
var assetStatics = swiftlex.SetOf("ShapeStyle")

// assetTypes are the types Xcode's asset symbols extend: a colour set
// named AccentColor is `Color.accent` (`.accent` where a Color is wanted),
// an image set `UIImage.logo`, in a project whose sources never declare
// them.
var assetTypes = swiftlex.SetOf("Color", "UIColor", "NSColor", "Image", "UIImage", "NSImage", "ColorResource", "ImageResource")

// assetColorTypes are the asset types whose leading dots are judged all
// the same: a colour a model invents (`.foregroundStyle(.primaryAccent)`)
// is the commonest invented static, and a project's own colour sets are
// read with it (ReadPaths: GeneratedAssetSymbols), as Xcode declares them.
// A file checked alone gets a finding that says so.
var assetColorTypes = swiftlex.SetOf("Color", "UIColor", "NSColor", "ColorResource")

// staticMembers are a type's members declared static, and those its Topics
// list with no page (TextFieldStyle's roundedBorder), which for a
// protocol are the static members its extensions add.
func staticMembers(t *apiType) []apiMember {
	var out []apiMember
	for base, ms := range t.members {
		if base == "init" {
			continue
		}
		for _, m := range ms {
			if m.decl == "" && m.kind == "" || strings.HasPrefix(m.decl, "static ") || strings.Contains(m.decl, " static ") {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// staticCandidates lists the protocols' static members.
func staticCandidates(types []*apiType) []Candidate {
	var out []Candidate
	for _, t := range types {
		for _, m := range staticMembers(t) {
			if name := titleName(m.title); !isCapitalized(name) {
				// A nested type its Topics list (Transition's
				// OpacityTransition) is no leading dot's name.
				out = append(out, Candidate{Name: "." + name, URI: m.uri})
			}
		}
	}
	sortCandidates(out)
	if len(out) > maxShown*2 {
		out = out[:maxShown*2]
	}
	return out
}

// judgedCases says whether the types' cases and static members are
// documented well enough to say one is missing: titled, not from
// Objective-C era pages, a few members at least, superclasses complete.
//
// legacy admits types whose lists are from Objective-C era pages.
func (g *graphView) judgedCases(types []*apiType, legacy bool) bool {
	if len(types) == 0 {
		return false
	}
	for _, t := range types {
		// A class's static members (UIColor's colours) are many and the
		// crawl has a part of them: only enums and structs are judged.
		// A type whose own page the crawl missed is not judged: its
		// cases may be a part of the real list (UIKeyboardType).
		if t.title == "" && g.siblingsWhole(t) && (legacy || !legacyHeavy(t)) {
			// The crawl missed its page, but its member pages' See Also
			// lists give its cases (siblings.go).
			continue
		}
		if t.kind != "enum" && t.kind != "struct" && !(t.kind == "class" && (swiftRootClass(t) || listedWhole(t)) && hasTypeLevel(t)) {
			// A Swift class that inherits from nothing (NWParameters:
			// .tcp, .tls) lists its statics whole, as a structure does,
			// and so does a class whose short list is judged whole
			// (UNNotificationSound's eight: .default, .defaultCritical);
			// one that lists no static is no leading dot's type
			// (a context read as wanting UIAlertAction).
			return false
		}
		// A Swift enumeration's own Topics list its cases whole, two
		// (Text.Case) as well as twenty.
		if !listsOwnMembers(t) || len(t.members) < 3 && !swiftTypesListed([]*apiType{t}) || !legacy && legacyHeavy(t) && bridged(t) {
			return false
		}
	}
	return g.lineageComplete(types)
}

// bridged says whether a value type may be imported from C or
// Objective-C, whose Objective-C era list may lack the Swift overlay's
// names (CGAffineTransform.identity, CGRect.null): its constants wrapped
// in a RawRepresentable (init(rawValue:)), or its name in the prefixed
// style of those languages (CG…, NS…, HK…). A Swift type whose member
// pages merely carry numeric addresses (Date.FormatStyle.TimeStyle's
// `3766392-shortened`) lists its own.
func bridged(t *apiType) bool {
	return rawValueInit(t) || prefixedName(t.title)
}

// rawValueInit says whether a type lists init(rawValue:).
func rawValueInit(t *apiType) bool {
	for _, m := range t.members["init"] {
		if m.title == "init(rawValue:)" {
			return true
		}
	}
	return false
}

// typedConstants says whether each type is a set of typed constants
// (RawRepresentable: HKQuantityTypeIdentifier), whose Swift overlay adds
// no names of another set's.
func typedConstants(types []*apiType) bool {
	for _, t := range types {
		if !rawValueInit(t) {
			return false
		}
	}
	return len(types) > 0
}

// otherSetsConstant says, for typed constant sets, whether a member is a
// constant declared of another type (`static let sleepAnalysis:
// HKCategoryTypeIdentifier`, on its type's page or a collection's):
// that set's name, not one the sets' Objective-C era lists lack
// (`HKQuantityType(.sleepAnalysis)`). A member with no declaration may
// be anything, and is kept.
func otherSetsConstant(types []*apiType) func(apiMember) bool {
	return func(m apiMember) bool {
		typ := declaredType(m.typing())
		return typ != "" && !slices.ContainsFunc(types, func(t *apiType) bool { return t.title == typ })
	}
}

// prefixedName says whether a type's outermost name begins with a
// framework prefix of two or more capitals (`CGRect`, `NSAlert.Style`,
// `URLRequest`), as C and Objective-C names do.
func prefixedName(title string) bool {
	outer, _, _ := strings.Cut(title, ".")
	caps := 0
	for caps < len(outer) && outer[caps] >= 'A' && outer[caps] <= 'Z' {
		caps++
	}
	return caps >= 3 && caps < len(outer) && outer[caps] >= 'a' && outer[caps] <= 'z'
}

// caseCandidates lists a type's cases, then its other members (with
// those its member pages' See Also lists name), the ones nearest the name
// written first: `.userCancelled` is offered `.userCancel` before the
// alphabet. An Objective-C constant's name (LAErrorBiometryLockout, from
// the C enumeration's page beside LAError.Code) is left out where the
// type has Swift names: no leading dot writes it.
func (g *graphView) caseCandidates(types []*apiType, written string) []Candidate {
	var cases, others []Candidate
	seen := map[string]bool{}
	for _, t := range types {
		for _, ms := range t.members {
			for _, m := range ms {
				seen[strings.ToLower(m.uri)] = true
			}
		}
		if t.title != "" {
			continue
		}
		for _, ms := range g.siblings(t).members {
			for _, m := range ms {
				if !seen[strings.ToLower(m.uri)] && titleName(m.title) != "init" {
					seen[strings.ToLower(m.uri)] = true
					cases = append(cases, Candidate{Name: "." + titleName(m.title), URI: m.uri})
				}
			}
		}
	}
	for _, t := range types {
		for base, ms := range t.members {
			for _, m := range ms {
				if base == "init" || strings.HasPrefix(base, "filler") {
					continue
				}
				cand := Candidate{Name: "." + titleName(m.title), URI: m.uri}
				if name := titleName(m.title); name == "" || !identByte(name[0]) {
					break // an operator (Duration's `*`): no leading dot's name
				}
				if cMacroName(titleName(m.title)) || objcConstantOf(t, titleName(m.title)) {
					// OS_LOG_TYPE_ERROR, OSLogType's C name, and
					// UIStatusBarStyleBlackOpaque, a deprecated case's
					// Objective-C name in the Swift enumeration's Topics:
					// no leading dot writes them.
					break
				}
				switch {
				case m.kind == "case":
					cases = append(cases, cand)
				case t.kind == "class" && !typeLevel(m) || instanceDecl(m.typing()):
					// An instance member: a class's (NWParameters.allowFastOpen)
					// or a structure's (Duration.components) is no leading
					// dot's name.
					continue
				case m.kind == "property" || m.kind == "" || typedStatic(m):
					// A static property, or a static function that makes
					// one (Duration.seconds(_:)).
					others = append(others, cand)
				default:
					continue // a function of the name (auto(mask:) beside auto)
				}
				break
			}
		}
	}
	sortCandidates(cases)
	sortCandidates(others)
	out := append(cases, others...)
	// A type of two frameworks (NSTextAlignment: UIKit's and AppKit's)
	// lists its cases twice: each name is offered once.
	named := map[string]bool{}
	out = slices.DeleteFunc(out, func(c Candidate) bool {
		dup := named[c.Name]
		named[c.Name] = true
		return dup
	})
	if slices.ContainsFunc(out, func(c Candidate) bool { return !capitalizedCase(c) }) {
		out = slices.DeleteFunc(out, capitalizedCase)
	}
	names := make([]string, len(out))
	for i, c := range out {
		names[i] = strings.TrimPrefix(c.Name, ".")
	}
	if near := rankNear(written, names, nil, maxShown); len(near) > 0 {
		rank := map[string]int{}
		for i, n := range near {
			rank["."+n] = i + 1
		}
		sort.SliceStable(out, func(i, j int) bool {
			ri, rj := rank[out[i].Name], rank[out[j].Name]
			return ri != 0 && (rj == 0 || ri < rj)
		})
	}
	if len(out) > maxShown*2 {
		out = out[:maxShown*2]
	}
	return out
}

// typeLevel says whether a member's declaration makes it the type's own
// (`static let`, `class var tls: NWParameters`), not an instance's; a
// nested class (`class ProtocolStack`) is none.
func typeLevel(m apiMember) bool { return staticDecl(m.pageDecl()) }

// typedStatic is typeLevel read from the page's declaration, else from the
// Topics entry's (Duration's `static func seconds<T>(T) -> Duration`).
func typedStatic(m apiMember) bool { return staticDecl(m.typing()) }

// instanceDecl says whether a declaration is an instance member's
// (`var components: …`, `func formatted() -> String`): one that begins,
// after its attributes, with no `static`, `class` or `case`.
func instanceDecl(decl string) bool {
	for _, f := range strings.Fields(decl) {
		if strings.HasPrefix(f, "@") {
			continue
		}
		switch f {
		case "var", "let", "func", "mutating", "nonmutating", "subscript":
			return true
		}
		return false
	}
	return false
}

func staticDecl(decl string) bool {
	d := " " + decl
	return strings.Contains(d, " static ") || strings.Contains(d, " class var ") || strings.Contains(d, " class func ") || strings.Contains(d, " class let ")
}

// hasTypeLevel says whether a type lists a member of its own (typeLevel),
// an initializer aside.
func hasTypeLevel(t *apiType) bool {
	for base, ms := range t.members {
		if base != "init" && slices.ContainsFunc(ms, typeLevel) {
			return true
		}
	}
	return false
}

// capitalizedCase says whether a candidate's name begins with a capital:
// an Objective-C or C constant's, not a Swift case's.
func capitalizedCase(c Candidate) bool {
	n := strings.TrimPrefix(c.Name, ".")
	return n != "" && n[0] >= 'A' && n[0] <= 'Z'
}

func sortCandidates(cs []Candidate) {
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
}

// cMacroName says whether name is a C macro's (upper case and
// underscores: OS_LOG_TYPE_ERROR), which Swift code does not write.
func cMacroName(name string) bool {
	return strings.Contains(name, "_") && strings.ToUpper(name) == name
}

// objcConstantOf says whether name is an Objective-C constant's name of
// type t: its title, dots left out, then more (UIStatusBarStyleBlackOpaque
// of UIStatusBarStyle).
func objcConstantOf(t *apiType, name string) bool {
	prefix := strings.ReplaceAll(t.title, ".", "")
	return prefix != "" && len(name) > len(prefix) && strings.HasPrefix(name, prefix)
}
