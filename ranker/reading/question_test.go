package reading

import (
	"reflect"
	"slices"
	"testing"
)

// TestReadQuestionForm pins the scaffolding stripper on question shapes:
// the frame, tags, asides and versions go, the content stays, a
// comparison names its sides, and code or a name without scaffolding is
// left as typed.
func TestReadQuestionForm(t *testing.T) {
	frameworks := func(w string) bool { return w == "swiftui" || w == "uikit" }
	for _, tc := range []struct {
		raw   string
		core  string
		sides []string
	}{
		// No scaffolding: unchanged.
		{"URLSession", "URLSession", nil},
		{"schedule a local notification", "schedule a local notification", nil},
		{"Text(title)", "Text(title)", nil},
		{"CGFloat(M_PI) error", "CGFloat(M_PI) error", nil},
		{"let names: [String] = []", "let names: [String] = []", nil},
		{"What's new in SwiftUI", "What's new in SwiftUI", nil},
		{"What's new in Swift 5.9?", "What's new in Swift 5.9?", nil},
		{"debug a memory leak in Xcode 16", "debug a memory leak in Xcode 16", nil},
		{"two-column sidebar layout on iPad", "two-column sidebar layout on iPad", nil},
		{"branch code for iPad versus iPhone", "branch code for iPad versus iPhone", nil},
		// Frames.
		{"What is Set?", "Set", nil},
		{"How do I pause an audio player in Swift?", "pause an audio player", nil},
		{"Where should I install constraints in a UIView subclass?", "install constraints in a UIView subclass", nil},
		// A topic, then a question about it: the topic stays.
		{"NSUserDefaults - How to tell if a key exists", "NSUserDefaults tell if a key exists", nil},
		{"UITableView: how do I hide empty rows?", "UITableView hide empty rows", nil},
		{"Dictionary - Swift", "Dictionary - Swift", nil},
		{"How to make a weak delegate (without @objc)", "make a weak delegate without @objc", nil},
		{"Is it possible to hide the status bar?", "hide the status bar", nil},
		// The asker's plea around the question: for help, a wish, an
		// idea or a best practice.
		{"Can anyone help me log debug messages", "log debug messages", nil},
		{"I want to hide the status bar. Any ideas?", "hide the status bar", nil},
		{"Any way to hide the status bar?", "hide the status bar", nil},
		{"Trouble trying to hide the status bar", "hide the status bar", nil},
		{"Core Data background context - best practice?", "Core Data background context", nil},
		{"Calendar: what am I missing?", "Calendar", nil},
		// A symptom after a name: the name is the subject.
		{"FetchRequest is not getting called", "FetchRequest", nil},
		{"Why does Duration crash?", "Duration", nil},
		{"URLSession stopped working anymore", "URLSession", nil},
		{"reloadData() returns wrong value", "reloadData()", nil},
		{"View sheet is not getting called", "View sheet", nil},
		{"Why does View overlay crash?", "View overlay", nil},
		{"My app crashes", "My app crashes", nil},
		{"The delegate is not called", "The delegate is not called", nil},
		{"completion handler not called", "completion handler not called", nil},
		{"Xcode 15 - How to cancel an async func", "cancel an async func", nil},
		{"watchOS 10 - let the user pick a contact", "let the user pick a contact", nil},
		{"macOS: Codable conformance", "Codable conformance", nil},
		{"Button on macOS 14", "Button", nil},
		{"animate a change in iOS 18 beta", "animate a change", nil},
		{"sign in", "sign in", nil},
		{"'navigationBarTitleDisplayMode' is unavailable in macOS", "'navigationBarTitleDisplayMode' is unavailable in macOS", nil},
		{"Swift newbie: pause an audio player", "pause an audio player", nil},
		{"Beginner question - what is a closure", "closure", nil},
		{"Xcode 14 RC: Cannot specialize protocol type", "Cannot specialize protocol type", nil},
		{"UITableView reloadData, what am I doing wrong?", "UITableView reloadData", nil},
		{"Unable to simultaneously satisfy constraints. Any ideas?", "Unable to simultaneously satisfy constraints", nil},
		// A file among other words stands for what it holds; alone, it is
		// a search for that file.
		{"Why is AppDelegate.swift window an optional?", "AppDelegate window an optional", nil},
		{"ViewController.m viewDidLoad not called", "ViewController viewDidLoad", nil},
		{"add key to Info.plist", "add key to Info plist", nil},
		{"Main.storyboard not loading", "Main storyboard not loading", nil},
		{"BlurDetector.swift", "BlurDetector.swift", nil},
		// A value's member without its call is its names; a file's name
		// keeps its dot.
		{"tableView.reloadData does nothing after a fetch", "tableView reloadData does nothing after a fetch", nil},
		{"Why is view.frame zero in viewDidLoad?", "view frame zero in viewDidLoad", nil},
		{"what goes in main.swift", "what goes in main.swift", nil},
		// A value reported nil: the symptom is scaffolding to the page
		// search (NilSymptom keeps it for the lexicon).
		{"Why is UIScreen.main.bounds nil?", "UIScreen.main.bounds", nil},
		{"URL init returns nil", "URL init", nil},
		{"nil coalescing", "nil coalescing", nil},
		{"What is the best way to store a token", "store a token", nil},
		{"Why is my Binding(UI) not updating?", "Binding not updating", nil},
		// A word's glued aside: an acronym, a framework, a platform.
		{"Binding(UI)", "Binding", nil},
		// Objective-C's selectors and messages are their words.
		{"Capturing touches outside a superview using hitTest:withEvent:", "Capturing touches outside a superview using hitTest withEvent", nil},
		{"tableView:cellForRowAtIndexPath: called twice", "tableView cellForRowAtIndexPath called twice", nil},
		{"NavigationView(SwiftUI) back button", "NavigationView back button", nil},
		{"Button(iOS 17) style", "Button style", nil},
		{"What does an exclamation mark mean in the Swift language?", "an exclamation mark forced unwrapping", nil},
		{"Close iOS Keyboard by touching anywhere using Swift", "Close iOS Keyboard by touching anywhere", nil},
		{"push notifications not working", "push notifications", nil},
		{"Check whether a string is numeric or not", "Check whether a string is numeric", nil},
		{"When is UserDefaults called?", "UserDefaults", nil},
		{"Why does viewDidAppear get called twice?", "viewDidAppear get called twice", nil},
		{"When is UIView layoutSubviews called?", "UIView layoutSubviews", nil},
		{"Why is viewWillAppear not being called?", "viewWillAppear", nil},
		{"What calls init?(coder aDecoder)?", "init?(coder aDecoder)", nil},
		{"How do I use Task.detached in Swift?", "Task.detached", nil},
		{"How to use a delay", "use a delay", nil},
		{"What does Set do?", "Set", nil},
		{"How does URLSessionTask run", "URLSessionTask", nil},
		{"In iOS 17, show a spinner", "show a spinner", nil},
		{"Warning about WKWebView evaluateJavaScript", "WKWebView evaluateJavaScript", nil},
		{"crash when the app goes to background", "crash when the app goes to background", nil},
		{"After updating to Xcode 15, show a spinner", "show a spinner", nil},
		{"show a spinner after iOS 18 update", "show a spinner", nil},
		{"In Swift an efficient function that splits an array", "an efficient function that splits an array", nil},
		{"Add a spinner to a list - swift - Stack Overflow", "Add a spinner to a list", nil},
		{"DateComponents - swift - Stack Overflow", "DateComponents", nil},
		{"SwiftUI: how does it work?", "SwiftUI", nil},
		{"MKMapView clusters don't split up after max zoom, how to set it up?", "MKMapView clusters don't split up after max zoom", nil},
		{"Widget timeline never reloads - how can I fix this?", "Widget timeline never reloads", nil},
		{"What is the Swift equivalent of NSLog?", "equivalent of NSLog", nil},
		{"What's the SwiftUI equivalent of viewDidLoad?", "equivalent of viewDidLoad in SwiftUI", nil},
		{"Swift equivalent to Objective-C's @synchronized", "equivalent of synchronized", nil},
		{"Equivalent of Android's onResume in iOS", "equivalent of onResume", nil},
		{"Combine - what is it and when to use it?", "Combine", nil},
		{"FetchRequest – SwiftUI – Apple Developer Forums", "FetchRequest", nil},
		{"Actor reentrancy - Using Swift - Swift Forums", "Actor reentrancy", nil},
		{"Easiest way to show a spinner", "show a spinner", nil},
		{"show a spinner (no third party libraries)", "show a spinner", nil},
		{"Explain escaping closures like I'm five", "escaping closures", nil},
		{"Actors in Swift explained", "Actors", nil},
		{"DispatchGroup - what is it and when to use it?", "DispatchGroup", nil},
		{"How to make a weak delegate (without @objc)", "make a weak delegate without @objc", nil},
		{"show a spinner without storyboard", "show a spinner", nil},
		{"Best way to show a spinner in 2024", "show a spinner", nil},
		{"add constraints programmatically", "add constraints programmatically", nil},
		{"What is the purpose of DispatchGroup?", "DispatchGroup", nil},
		{"What is String contains used for?", "String contains", nil},
		{"Swift: how to read a file", "read a file", nil},
		{"Swift property observers initial value", "property observers initial value", nil},
		{"Unable to add a convenience initialiser to an SKShapeNode subclass", "add a convenience initialiser to an SKShapeNode subclass", nil},
		{"Help understand actor reentrancy", "actor reentrancy", nil},
		{"Unable to simultaneously satisfy constraints", "Unable to simultaneously satisfy constraints", nil},
		{"swift readonly external, readwrite internal property", "readonly external, readwrite internal property", nil},
		{"Swift Charts line mark", "Swift Charts line mark", nil},
		{"Swift concurrency", "Swift concurrency", nil},
		{"Objective C iPhone development: load an image from a URL", "load an image from a URL", nil},
		{"What's going on here with my app performance?", "my app performance", nil},
		{"sort an array in Objective C", "sort an array", nil},
		// Frames at both ends, a subject's trouble, a choice (issue #27).
		{"How does DispatchGroup work?", "DispatchGroup", nil},
		{`How "buildEither" work?`, `"buildEither"`, nil},
		{"How DispatchGroup works", "DispatchGroup", nil},
		{"What's the difference between Array<T> and ContiguousArray<T>?", "Array ContiguousArray", []string{"Array", "ContiguousArray"}},
		{"Why is Dictionary<Key, Value> slow?", "Dictionary slow", nil},
		{"Why is Array<Int> slow?", "Array<Int> slow", nil},
		{"How it can work", "How it can work", nil},
		{"How are property wrappers implemented?", "property wrappers", nil},
		{"get background refresh to work", "get background refresh to work", nil},
		{"Issue with NavigationStack path", "NavigationStack path", nil},
		{"Confusion about actor reentrancy", "actor reentrancy", nil},
		{"Core Data merge conflict problem", "Core Data merge conflict", nil},
		{"How come my Task runs on the main thread?", "my Task runs on the main thread", nil},
		{"Why use lazy var?", "lazy var", nil},
		{"Why prefer async let over TaskGroup?", "async let TaskGroup", []string{"async let", "TaskGroup"}},
		{"[swift] Why prefer async let over TaskGroup?", "async let TaskGroup", []string{"async let", "TaskGroup"}},
		{"draw a view over the map", "draw a view over the map", nil},
		// Yes/no questions and follow-ups (issue #27).
		{"Is a function a value type or a reference type in Swift? And Why?", "a function a value type or a reference type", nil},
		{"Can a struct inherit from a class?", "a struct inherit from a class", nil},
		{"Does Swift have generics?", "generics", nil},
		{"Does UIKit retain the delegate? Any ideas?", "UIKit retain the delegate", nil},
		{"Why is there a frame and a bounds in UIView?", "a frame and a bounds in UIView", nil},
		{"do something when the user shakes the phone", "do something when the user shakes the phone", nil},
		{"isEnabled not updating", "isEnabled not updating", nil},
		// Tags and asides.
		{"[swift] URLSession dataTask", "URLSession dataTask", nil},
		{"AVPlayer play [duplicate]", "AVPlayer play", nil},
		{"[ios] [swiftui] List selection", "List selection", nil},
		// A capture list in brackets is code, not a tag.
		{"when to use [weak self]", "weak self capture list", nil},
		{"[unowned self] or [weak self]", "unowned self capture list or weak self capture list", nil},
		{"Shall we always use [unowned self] inside closure in Swift", "always use unowned self capture list inside closure", nil},
		{"[weak self, weak delegate] in a sink", "weak self weak delegate capture list in a sink", nil},
		{"Is [unowned(unsafe) self] faster", "unowned unsafe self capture list faster", nil},
		{"Why do I need [self] in this closure", "need self capture list in this closure", nil},
		{"[swift] [ios] weak self", "weak self", nil},
		{"DispatchQueue.main.async { [weak self] in self?.reload() }", "DispatchQueue.main.async { [weak self] in self?.reload() }", nil},
		{"page control (iOS 17)", "page control", nil},
		{"String contains (SwiftUI)", "String contains", nil},
		{"TaskGruop (Swift 5.9)", "TaskGruop", nil},
		{"@FocusState private var isFocused: Bool (SwiftUI)", "@FocusState private var isFocused: Bool", nil},
		{"How do I Task { try await store.sync() } in Swift?", "Task { try await store.sync() }", nil},
		// Versions in words.
		{"decode JSON Swift 5.7", "decode JSON", nil},
		{"iOS 10 - local notifications", "local notifications", nil},
		// Comparisons.
		{"What is the difference between `let` and `var` in Swift?", "let var", []string{"let", "var"}},
		// A plural "s" after a quoted name is prose's, not the name's.
		{"Contradictory `@available`s are required?", "Contradictory @available are required", nil},
		{"Why are `Int`s and `String`s slow?", "Int and String slow", nil},
		{"static func vs class func", "static func class func", []string{"static func", "class func"}},
		{"guard let versus if let", "guard let if let", []string{"guard let", "if let"}},
		{"What is a good example to differentiate between fileprivate and private in Swift3", "fileprivate private", []string{"fileprivate", "private"}},
		// A title in title case: its capitals are its style, not names;
		// a framework's and a platform's keep theirs. Two capitals past
		// the first word may be names or a feature's title: lowered,
		// "convert array to dictionary" put Actor first (tried, not kept).
		{"Run Code After a Delay", "run code after a delay", nil},
		{"Changing Placeholder Text Color with Swift", "changing placeholder text color", nil},
		{"Put an Icon in the Mac Menu Bar", "put an icon in the Mac menu bar", nil},
		{"Pull Down to Reload a List in SwiftUI", "pull down to reload a list in SwiftUI", nil},
		{"Swift 3: Array to Dictionary?", "Array to Dictionary", nil},
		{"Convert Array to Dictionary", "Convert Array to Dictionary", nil},
		{"Drop a Pin on a Map", "Drop a Pin on a Map", nil},
		{"Background App Refresh", "Background App Refresh", nil},
		{"Calculating UILabel Text Size", "Calculating UILabel Text Size", nil},
		{"Handling Touch Event in UILabel and hooking it up to an IBAction", "Handling Touch Event in UILabel and hooking it up to an IBAction", nil},
	} {
		f := ReadQuestionForm(tc.raw, frameworks)
		if f.Core != tc.core || !slices.Equal(f.Sides, tc.sides) {
			t.Errorf("ReadQuestionForm(%q) = core %q sides %q (stripped %q), want %q %q", tc.raw, f.Core, f.Sides, f.Stripped, tc.core, tc.sides)
		}
		if f.Changed() != (tc.core != tc.raw || tc.sides != nil) {
			t.Errorf("ReadQuestionForm(%q).Changed() = %v", tc.raw, f.Changed())
		}
	}
}

// TestQuestionNamesSwift: a question whose scaffolding names the language
// (a trailing "in Swift", a [swift] tag, a "Swift 5.7" version, "Swift:",
// "Swift" opening a title before a lower-case word)
// is framed as about Swift; one about SwiftUI, Objective-C or a platform,
// or one with no frame, is not.
func TestQuestionNamesSwift(t *testing.T) {
	frameworks := func(w string) bool { return w == "swiftui" || w == "uikit" }
	for _, tc := range []struct {
		raw  string
		want bool
	}{
		{"What does an exclamation mark mean in the Swift language?", true},
		{"[swift] Difference between Array, Set and Dictionary", true},
		{"Is Swift pass by value or pass by reference in Swift 5?", true},
		{"How do I play a sound in Swift?", true},
		{"Is Swift Pass By Value or Pass By Reference", true},
		{"How do I show a sheet in SwiftUI?", false},
		{"Why is my block nil in Objective-C?", false},
		{"timer stops while the user scrolls (iOS 17)", false},
		{"property observers initial value", false},
		{"Swift property observers initial value", true},
		{"Swift Charts line mark", false},
	} {
		if got := ReadQuestionForm(tc.raw, frameworks).NamesSwift(); got != tc.want {
			t.Errorf("%q: NamesSwift %v, want %v (stripped %q)", tc.raw, got, tc.want, ReadQuestionForm(tc.raw, frameworks).Stripped)
		}
	}
}

// TestComparisonStripsOnlyScaffolding: a side that holds the other
// ("hash" in "hashValue") leaves none of its letters behind as scaffolding.
func TestComparisonStripsOnlyScaffolding(t *testing.T) {
	for q, want := range map[string][]string{
		"debug vs debugDescription":       {"vs"},
		"#file vs #filePath in Swift 5.9": {"in Swift 5.9", "vs"},
	} {
		if f := ReadQuestionForm(q, func(string) bool { return false }); !slices.Equal(f.Stripped, want) {
			t.Errorf("%q: stripped %q, want %q", q, f.Stripped, want)
		}
	}
}

// A comparison of two pieces of code whose whole reads as words
// ("DispatchQueue.main.async vs DispatchQueue.main.sync") searches each side
// as code and weighs the whole's words as little as a side; a comparison
// of names weighs the whole at 1; one whose whole reads as code does not
// search its sides apart.
func TestComparisonOfCode(t *testing.T) {
	none := func(string) bool { return false }
	cases := []struct {
		q              string
		searched, code bool
		whole          float64
		alone          []bool // SideAlone of each side
	}{
		{"Difference between DispatchQueue.main.async and DispatchQueue.main.sync", true, true, ComparisonSideWeight, []bool{true, true}},
		{"URL vs NSURL", true, false, 1, []bool{true, true}},
		{`Text("a").bold() vs URLSession.shared.dataTask(with: url)`, false, true, ComparisonSideWeight, []bool{true, true}},
		{"how do I show a spinner", false, false, 1, nil},
		// One name written as code is searched as that name alone; a
		// value's member reads as code.
		{"description vs debugDescription", true, false, 1, []bool{false, true}},
		{"Swift string.count vs string.isEmpty", true, true, ComparisonSideWeight, []bool{true, true}},
		{"static func vs class func", true, false, 1, []bool{false, false}},
	}
	for _, c := range cases {
		f := ReadQuestionForm(c.q, none)
		var alone []bool
		for _, side := range f.Sides {
			alone = append(alone, SideAlone(side))
		}
		if !slices.Equal(alone, c.alone) {
			t.Errorf("%q: SideAlone of %q = %v, want %v", c.q, f.Sides, alone, c.alone)
		}
		if got := f.SidesSearched(); got != c.searched {
			t.Errorf("%q: SidesSearched = %v, want %v (sides %q)", c.q, got, c.searched, f.Sides)
		}
		if got := f.SidesAreCode(); got != c.code {
			t.Errorf("%q: SidesAreCode = %v, want %v (sides %q)", c.q, got, c.code, f.Sides)
		}
		if got := f.WholeWeight(); got != c.whole {
			t.Errorf("%q: WholeWeight = %v, want %v", c.q, got, c.whole)
		}
	}
}

// TestQuestionPlatform: the one platform a question names, in any of its
// words; none when it names two.
func TestQuestionPlatform(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"Close iOS Keyboard by touching anywhere using Swift", "iOS"},
		{"UITableView separator (iPhone) not working", "iOS"},
		{"How to read heart rate on Apple Watch", "watchOS"},
		{"NSWindow title bar in OS X 10.9", "macOS"},
		{"Port an iOS app to macOS", ""},
		{"How do I add a button", ""},
		{"Cocoa Touch table view", "iOS"},
	} {
		if got := ReadQuestionForm(c.q, nil).Platform(); got != c.want {
			t.Errorf("Platform(%q) = %q; want %q", c.q, got, c.want)
		}
	}
}

// ReadCore gives what Read gives for the core, whether it hands over the
// reading the form made to tell code from words or makes a new one, and
// a second call reads again.
func TestReadCoreIsTheCoresReading(t *testing.T) {
	for _, q := range []string{
		"UIView.animate(withDuration:)", "How do I play a sound in Swift?", "Why is my Binding(UI) not updating?",
		"guard let vs if let", "error: cannot find 'foo' in scope", "[swift] what does ! mean (iOS 17)", "",
	} {
		form := ReadQuestionForm(q, nil)
		want := Read(form.Core)
		for i := range 2 {
			if got := form.ReadCore(); !reflect.DeepEqual(got, want) {
				t.Errorf("%q: ReadCore call %d = %+v, want Read(%q) = %+v", q, i+1, got, form.Core, want)
			}
		}
	}
}

// TestKeywordsAlone: a comparison's side of Swift keywords alone, in any
// case, asks about the language; a side with any other word does not.
func TestKeywordsAlone(t *testing.T) {
	for side, want := range map[string]bool{
		"var": true, "static func": true, "guard let": true, "`let`": true, "Struct": true, "Class": true,
		"URL": false, "NSURL": false, "class func view": false, "": false,
	} {
		if got := KeywordsAlone(side); got != want {
			t.Errorf("KeywordsAlone(%q) = %v, want %v", side, got, want)
		}
	}
}
