package verify

import (
	"slices"
	"strings"
	"unicode"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// Hollow collections: a type whose Topics list a collection page the crawl
// lacks may hold there what its own list does not, and its AppKit or UIKit
// twin may show what.

// hollowLineage says whether a type or an ancestor lists a collection the
// crawl lacks (apiType.hollowTitles).
//
// A protocol the types adopt counts only as one of the types themselves:
// UIFocusEnvironment's Topics link an article the crawl lacks ("Using
// custom sounds for focus movement"), which holds no member of every view
// that adopts it.
func (g *graphView) hollowLineage(types []*apiType) bool {
	for _, t := range g.lineage(types) {
		if len(t.hollowTitles) > 0 && (t.kind != "protocol" || slices.Contains(types, t)) {
			return true
		}
	}
	return false
}

// hollowOwn says whether one of the types itself lists a collection the
// crawl lacks (apiType.hollowTitles).
func hollowOwn(types []*apiType) bool {
	return slices.ContainsFunc(types, func(t *apiType) bool { return len(t.hollowTitles) > 0 })
}

// objcObject says whether one of the types is an Objective-C class: a
// class whose lineage reaches NSObject or NSObjectProtocol.
func (g *graphView) objcObject(types []*apiType) bool {
	if !isClass(types) {
		return false
	}
	for _, t := range g.lineage(types) {
		if t.title == "NSObject" || t.title == "NSObjectProtocol" {
			return true
		}
	}
	return false
}

// twinFits says whether the AppKit or UIKit twin of one of the types
// (NSView for UIView, UIView for NSView) has an overload of the site's
// member that takes its labels.
func (g *graphView) twinFits(types []*apiType, s site) bool {
	for _, t := range types {
		if twin := twinTitle(t); twin != "" {
			ms := g.membersOf(g.typesNamed(twin, twinFrameworks), s.name)
			if len(ms) > 0 && fitsAny(ms, s.name, s.labels, s.trailing) {
				return true
			}
		}
	}
	return false
}

// twinTitle is the AppKit or UIKit twin's title of a type's (UIView for
// NSView, NSColor for UIColor), or "".
func twinTitle(t *apiType) string {
	switch {
	case strings.HasPrefix(t.title, "NS"):
		return "UI" + t.title[2:]
	case strings.HasPrefix(t.title, "UI"):
		return "NS" + t.title[2:]
	}
	return ""
}

// appKitTwinMembers are the members named name of the AppKit twins of the
// UIKit types among types (NSColor for UIColor). UIKit and AppKit grew
// from one design, and a UIKit type listing a collection the crawl lacks
// ("Color Creation") may hold there what its twin documents
// (withAlphaComponent(_:)). Only this way round: models write iOS names on
// AppKit (NSView.backgroundColor), rarely AppKit names on UIKit, so an
// AppKit type's hollow collections never borrow from UIKit.
func (g *graphView) appKitTwinMembers(types []*apiType, name string) []apiMember {
	var out []apiMember
	for _, t := range types {
		if strings.HasPrefix(t.title, "UI") && strings.EqualFold(t.framework, "uikit") {
			out = append(out, g.membersOf(g.typesNamed(twinTitle(t), twinFrameworks), name)...)
		}
	}
	return out
}

// sharedWithTwin says whether an AppKit type's lineage, listing a
// collection the crawl lacks, may hold a member its UIKit twin documents
// with a type AppKit documents too: NSView's missing "Layout" collection
// holds the layout anchors UIView lists (`var topAnchor:
// NSLayoutYAxisAnchor`, a class of both frameworks), and those named for
// one (translatesAutoresizingMaskIntoConstraints). A member of a UIKit
// type (`var backgroundColor: UIColor?`) stays UIKit's: models write iOS
// names on AppKit views.
func (g *graphView) sharedWithTwin(types []*apiType, name string) bool {
	appKit := map[string]bool{"appkit": true}
	for _, t := range g.lineage(types) {
		if len(t.hollowTitles) == 0 || !strings.EqualFold(t.framework, "appkit") || twinTitle(t) == "" {
			continue
		}
		for _, m := range g.membersOf(g.typesNamed(twinTitle(t), map[string]bool{"uikit": true}), name) {
			if typ := declaredType(m.typing()); strings.HasPrefix(typ, "NS") && len(g.typesNamed(typ, appKit)) > 0 {
				return true
			}
			// Named for an Auto Layout class of both frameworks:
			// translatesAutoresizingMaskIntoConstraints (NSLayoutConstraint).
			if words := swiftsym.CamelWords(name); len(words) > 1 {
				last := strings.TrimSuffix(words[len(words)-1], "s")
				if len(g.typesNamed("NSLayout"+last, appKit)) > 0 {
					return true
				}
			}
		}
	}
	return false
}

// hollowTitled says whether a type or an ancestor lists a collection the
// crawl lacks whose title shares a word with the member's name: Apple
// titles a collection by what it holds ("App Windows": keyWindow,
// mainWindow).
func (g *graphView) hollowTitled(types []*apiType, name string) bool {
	if name == "" {
		return false
	}
	words := map[string]bool{}
	for _, w := range swiftsym.CamelWords(strings.ToUpper(name[:1]) + name[1:]) {
		if w = titleWord(w); len(w) >= minTitleWord {
			words[w] = true
		}
	}
	for _, t := range g.lineage(types) {
		for _, title := range t.hollowTitles {
			if legacyGroup(title) && g.legacyHeld(t, name) {
				return true
			}
			for _, w := range strings.FieldsFunc(title, func(r rune) bool { return !unicode.IsLetter(r) }) {
				if words[titleWord(w)] {
					return true
				}
			}
		}
	}
	return false
}

// legacyGroup says whether a collection's title names it the older
// members of its type, whatever their names (UINavigationBar's "Legacy
// customizations": barTintColor, shadowImage, titleTextAttributes).
func legacyGroup(title string) bool {
	first, _, _ := strings.Cut(title, " ")
	return strings.EqualFold(first, "legacy")
}

// legacyHeld says whether a type's legacy collection may hold name: its
// members moved to types of its family, whose titles share the type's last
// word (UINavigationBar's shadowImage is UIBarAppearance's now, its
// barTintColor also UISearchBar's), so a name another type of the family
// in the same framework has is held there; a name none has (titleColor,
// UIButton's) is not.
func (g *graphView) legacyHeld(t *apiType, name string) bool {
	words := swiftsym.CamelWords(t.title)
	if len(words) == 0 {
		return false
	}
	family := words[len(words)-1]
	for _, m := range g.overloads(name, true) {
		if p := m.parent; p != nil && p != t && p.framework == t.framework && strings.Contains(p.title, family) {
			return true
		}
	}
	return false
}

// minTitleWord: shorter words ("app", "key", "set") say nothing of what a
// collection holds.
const minTitleWord = 4

// titleWord is a word lowercased, a plural's "s" dropped.
func titleWord(w string) string {
	w = strings.ToLower(w)
	if len(w) > minTitleWord && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		w = w[:len(w)-1]
	}
	return w
}

// twinFrameworks are where a twin is looked for.
var twinFrameworks = swiftlex.SetOf("uikit", "appkit")
