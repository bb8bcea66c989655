package verify

import (
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Deprecation is one entry of the curated map: an API that a correct answer
// for the target should not use, with its replacement.
//
// Entries are matched as token sequences, so ".foregroundColor(" matches the
// modifier call and not a property of the same name, and
// "DispatchQueue.main.async" does not match asyncAfter.
type Deprecation struct {
	Match string
	// WithLabel keeps only calls whose argument list has this label;
	// WithoutLabel only calls that lack it. They tell overloads apart:
	// onChange(of:perform:) is deprecated, onChange(of:initial:_:) is not.
	WithLabel, WithoutLabel string
	// TrailingArity, when set, keeps only calls whose trailing closure takes
	// exactly that many parameters: `.onChange(of: x) { value in }` is the
	// deprecated one-parameter overload.
	TrailingArity int
	Replacement   string
	// Since lists "platformVersion" floors ("ios16.0 macos13.0"): the entry
	// applies when the task targets one of those platforms at or above that
	// version, which is when Apple deprecated the API or, for soft
	// deprecations, when the replacement shipped. Empty means always.
	Since string
	// Families limits an entry to task families whose prompt asks for the
	// modern technology; such entries are "superseded", not deprecated.
	Families []string
	Why      string
}

// Deprecations is the curated map. Every entry either carries Apple's
// deprecation annotation or is limited to the family whose prompt asks for
// the replacement; uncertain soft deprecations (cornerRadius, accentColor,
// appendingPathComponent) are left out on purpose, so a failure here is
// always defensible.
var Deprecations = []Deprecation{
	{Match: "NSURLConnection", Replacement: "URLSession", Since: "ios9.0 macos10.11 tvos9.0 watchos2.0 visionos1.0", Why: "deprecated in iOS 9 / macOS 10.11"},
	{Match: "UIWebView", Replacement: "WKWebView", Since: "ios12.0 visionos1.0", Why: "deprecated in iOS 12; App Store rejects it"},
	{Match: "UIAlertView", Replacement: "UIAlertController", Since: "ios9.0 visionos1.0", Why: "deprecated in iOS 9"},
	{Match: "UIActionSheet", Replacement: "UIAlertController with .actionSheet", Since: "ios8.3 visionos1.0", Why: "deprecated in iOS 8.3"},
	{Match: "UIPopoverController", Replacement: "modalPresentationStyle = .popover", Since: "ios9.0 visionos1.0", Why: "deprecated in iOS 9"},
	{Match: "UISearchDisplayController", Replacement: "UISearchController", Since: "ios8.0 visionos1.0", Why: "deprecated in iOS 8"},
	{Match: "UILocalNotification", Replacement: "UNNotificationRequest", Since: "ios10.0 visionos1.0", Why: "deprecated in iOS 10"},
	{Match: "ALAssetsLibrary", Replacement: "PHPhotoLibrary", Since: "ios9.0 visionos1.0", Why: "deprecated in iOS 9"},
	{Match: "ABAddressBookCreateWithOptions", Replacement: "CNContactStore", Since: "ios9.0 visionos1.0", Why: "AddressBook deprecated in iOS 9"},
	{Match: "NSUserNotification", Replacement: "UNUserNotificationCenter", Since: "macos11.0", Why: "deprecated in macOS 11"},
	{Match: "UIMenuController", Replacement: "UIEditMenuInteraction", Since: "ios16.0", Why: "deprecated in iOS 16"},
	{Match: ".unarchiveObject(", Replacement: "unarchivedObject(ofClass:from:)", Since: "ios12.0 macos10.14 tvos12.0 watchos5.0 visionos1.0", Why: "insecure; deprecated in iOS 12 / macOS 10.14"},
	{Match: ".openURL(", Replacement: "open(_:options:completionHandler:)", Since: "ios10.0", Why: "UIApplication.openURL deprecated in iOS 10"},
	{Match: "shared.keyWindow", Replacement: "the window scene's keyWindow", Since: "ios13.0", Why: "deprecated in iOS 13 (multiple scenes)"},
	{Match: "shared.windows", Replacement: "UIWindowScene.windows", Since: "ios15.0", Why: "deprecated in iOS 15"},
	{Match: "UIScreen.main", Replacement: "the screen of the view's window scene", Since: "ios16.0", Why: "deprecated in iOS 16"},
	{Match: "UIGraphicsBeginImageContext", Replacement: "UIGraphicsImageRenderer", Since: "ios17.0", Why: "deprecated in iOS 17"},
	{Match: "UIGraphicsBeginImageContextWithOptions", Replacement: "UIGraphicsImageRenderer", Since: "ios17.0", Why: "deprecated in iOS 17"},
	{Match: "CLLocationManager.authorizationStatus(", Replacement: "the authorizationStatus instance property", Since: "ios14.0 macos11.0", Why: "class method deprecated in iOS 14"},
	{Match: "SKStoreReviewController.requestReview()", Replacement: "requestReview(in:) / AppStore.requestReview(in:)", Since: "ios14.0", Why: "deprecated in iOS 14"},
	{Match: ".launchPath", Replacement: "executableURL and run()", Since: "macos10.13", Why: "Process.launchPath deprecated in macOS 10.13"},
	{Match: "@UIApplicationMain", Replacement: "@main", Why: "deprecated by SE-0383; an error in Swift 6"},
	{Match: "@NSApplicationMain", Replacement: "@main", Why: "deprecated by SE-0383; an error in Swift 6"},

	// SwiftUI. Soft deprecations (deprecated "in a future version") are
	// flagged from the release that annotated them, when the replacement
	// exists.
	{Match: "NavigationView", Replacement: "NavigationStack or NavigationSplitView", Since: "ios16.0 macos13.0 tvos16.0 watchos9.0 visionos1.0", Why: "deprecated since iOS 16"},
	{Match: ".navigationViewStyle(", Replacement: "NavigationStack / NavigationSplitView", Since: "ios16.0 macos13.0 tvos16.0 watchos9.0", Why: "deprecated with NavigationView"},
	{Match: ".foregroundColor(", Replacement: ".foregroundStyle(_:)", Since: "ios17.0 macos14.0 tvos17.0 watchos10.0 visionos1.0", Why: "deprecated in the iOS 17 SDK"},
	{Match: ".navigationBarTitle(", Replacement: ".navigationTitle(_:)", Since: "ios14.0 tvos14.0 watchos7.0", Why: "deprecated since iOS 14"},
	{Match: ".navigationBarItems(", Replacement: ".toolbar { ToolbarItem(…) }", Since: "ios14.0", Why: "deprecated since iOS 14"},
	{Match: ".edgesIgnoringSafeArea(", Replacement: ".ignoresSafeArea(_:edges:)", Since: "ios14.0 macos11.0 tvos14.0 watchos7.0", Why: "deprecated since iOS 14"},
	{Match: ".onChange(", WithLabel: "perform", Replacement: "onChange(of:initial:_:)", Since: "ios17.0 macos14.0 tvos17.0 watchos10.0 visionos1.0", Why: "onChange(of:perform:) deprecated in iOS 17"},
	{Match: ".onChange(", TrailingArity: 1, Replacement: "onChange(of:initial:_:) with { oldValue, newValue in }", Since: "ios17.0 macos14.0 tvos17.0 watchos10.0 visionos1.0", Why: "the one-value onChange(of:perform:) closure is deprecated in iOS 17"},
	{Match: ".animation(", WithoutLabel: "value", Replacement: "animation(_:value:) or withAnimation", Since: "ios15.0 macos12.0 tvos15.0 watchos8.0", Why: "animation(_:) deprecated in iOS 15"},
	{Match: ".presentationMode", Replacement: "@Environment(\\.dismiss)", Since: "ios15.0 macos12.0 tvos15.0 watchos8.0", Why: "deprecated since iOS 15"},
	{Match: ".actionSheet(", Replacement: ".confirmationDialog(…)", Since: "ios15.0 tvos15.0 watchos8.0", Why: "deprecated since iOS 15"},
	{Match: "ActionSheet(", Replacement: ".confirmationDialog(…)", Since: "ios15.0 tvos15.0 watchos8.0", Why: "deprecated since iOS 15"},
	{Match: "Alert(title:", Replacement: ".alert(_:isPresented:actions:message:)", Since: "ios15.0 macos12.0 tvos15.0 watchos8.0", Why: "the Alert struct is deprecated since iOS 15"},
	{Match: ".autocapitalization(", Replacement: ".textInputAutocapitalization(_:)", Since: "ios15.0", Why: "deprecated since iOS 15"},

	// Observation: not deprecated by Apple, but the Observation family asks
	// for @Observable, and mixing in Combine-backed observation is the
	// exact failure those prompts probe.
	{Match: "ObservableObject", Replacement: "@Observable", Families: []string{familyObservation}, Since: observationSince, Why: "superseded by Observation (iOS 17 / macOS 14)"},
	{Match: "@Published", Replacement: "a plain stored property of an @Observable class", Families: []string{familyObservation}, Since: observationSince, Why: "superseded by Observation"},
	{Match: "@StateObject", Replacement: "@State", Families: []string{familyObservation}, Since: observationSince, Why: "superseded by Observation"},
	{Match: "@ObservedObject", Replacement: "a plain property or @Bindable", Families: []string{familyObservation}, Since: observationSince, Why: "superseded by Observation"},
	{Match: "@EnvironmentObject", Replacement: "@Environment(Type.self)", Families: []string{familyObservation}, Since: observationSince, Why: "superseded by Observation"},
	{Match: ".environmentObject(", Replacement: ".environment(_:)", Families: []string{familyObservation}, Since: observationSince, Why: "superseded by Observation"},

	// Concurrency: GCD is not deprecated, but a main-queue hop inside code
	// that must be checked by Swift concurrency escapes actor isolation; the
	// concurrency prompts ask for @MainActor instead.
	{Match: "DispatchQueue.main.async", Replacement: "@MainActor isolation or await MainActor.run", Families: []string{familyConcurrency}, Why: "bypasses actor isolation checking in concurrency code"},
	{Match: "DispatchQueue.main.asyncAfter", Replacement: "try await Task.sleep(for:)", Families: []string{familyConcurrency}, Why: "bypasses structured concurrency"},
}

const observationSince = "ios17.0 macos14.0 tvos17.0 watchos10.0 visionos1.0"

// DeprecationHit is one match in a snippet.
type DeprecationHit struct {
	Entry Deprecation
	Line  int
}

// appliesTo reports whether the entry is in force for the task.
func (d Deprecation) appliesTo(family string, target Target) bool {
	if len(d.Families) > 0 {
		ok := false
		for _, f := range d.Families {
			ok = ok || f == family
		}
		if !ok {
			return false
		}
	}
	if d.Since == "" {
		return true
	}
	for _, field := range strings.Fields(d.Since) {
		floor, err := ParseTarget(field)
		if err == nil && floor.Platform == target.Platform && target.Version.Compare(floor.Version) >= 0 {
			return true
		}
	}
	return false
}

// findDeprecations matches the curated map against an analysed snippet.
func FindDeprecations(a *Analysis, entries []Deprecation, family string, target Target) []DeprecationHit {
	var hits []DeprecationHit
	for _, d := range entries {
		if !d.appliesTo(family, target) {
			continue
		}
		pat := swiftlex.Lex(d.Match)
		if len(pat) == 0 {
			continue
		}
		// Only where the pattern's first token is: every entry scanning
		// every token would cost entries × tokens.
		for _, i := range a.tokensOf(pat[0].Text) {
			a.step()
			if a.matchesAt(i, pat, d) {
				hits = append(hits, DeprecationHit{Entry: d, Line: a.toks[i].Line})
				break
			}
		}
	}
	return hits
}

// tokensOf lists the indexes of the tokens spelt text, in order.
func (a *Analysis) tokensOf(text string) []int {
	if a.byText == nil {
		a.byText = map[string][]int{}
		for i, t := range a.toks {
			a.step()
			a.byText[t.Text] = append(a.byText[t.Text], i)
		}
	}
	return a.byText[text]
}

func (a *Analysis) matchesAt(i int, pat []token, d Deprecation) bool {
	if i+len(pat) > len(a.toks) {
		return false
	}
	for k, p := range pat {
		a.step()
		t := a.toks[i+k]
		if t.Text != p.Text || (t.Kind == tokAttr) != (p.Kind == tokAttr) {
			return false
		}
	}
	first := a.toks[i]
	// A pattern that starts with a type name must match that type, not a
	// member spelled the same, nor the snippet's own type of that name.
	if first.Kind == tokIdent && isCapitalized(first.Text) && (a.tok(i-1).IsPunct(".") || a.ownTypes[first.Text] || a.declTok[i]) {
		return false
	}
	if d.WithLabel == "" && d.WithoutLabel == "" && d.TrailingArity == 0 {
		return true
	}
	open := i + len(pat) - 1
	if !a.toks[open].IsPunct("(") {
		return false
	}
	labels := a.callLabels(open)
	if d.WithLabel != "" && !labels[d.WithLabel] {
		return false
	}
	if d.WithoutLabel != "" && labels[d.WithoutLabel] {
		return false
	}
	return d.TrailingArity == 0 || a.trailingClosureArity(a.closeOf(open)+1) == d.TrailingArity
}

// trailingClosureArity counts the parameters of a closure starting at i
// ("{ a, b in"), -1 when there is no closure there and 0 when it declares
// none.
func (a *Analysis) trailingClosureArity(i int) int {
	if !a.tok(i).IsPunct("{") {
		return -1
	}
	n := 0
	for j := i + 1; j < len(a.toks) && j < i+20; j++ {
		a.step()
		t := a.toks[j]
		switch {
		case t.Is(tokKeyword, "in"):
			return n
		case t.Kind == tokIdent || t.Is(tokKeyword, "_"):
			if !a.tok(j - 1).IsPunct(":") {
				n++
			}
		case t.IsPunct(",") || t.IsPunct("(") || t.IsPunct(")"):
		default:
			return 0
		}
	}
	return 0
}

// callLabels lists the argument labels of the call whose "(" is at open.
func (a *Analysis) callLabels(open int) map[string]bool {
	end := a.closeOf(open)
	labels := map[string]bool{}
	for j := open + 1; j < end; j++ {
		a.step()
		t := a.toks[j]
		if (t.IsPunct("(") || t.IsPunct("[") || t.IsPunct("{")) && j != open {
			j = a.closeOf(j)
			continue
		}
		if (t.Kind == tokIdent || t.Kind == tokKeyword) && a.tok(j+1).IsPunct(":") && (a.tok(j-1).IsPunct("(") || a.tok(j-1).IsPunct(",")) {
			labels[t.Text] = true
		}
	}
	return labels
}

// The eval agent's task families that the family-limited entries name
// (eval/agent checks that they are families of its corpus).
const (
	familyObservation = "observation"
	familyConcurrency = "concurrency"
)
