package ranker

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/golden"
)

// The per-factor score golden, in the manner of zoekt's build/scoring_test.go:
// for each named weight of weights.go (and the additive constants and the
// first-match switches of score()) and each reading rule, a query, a page
// and the exact factor list `cupertino search --explain` prints for that
// page, kept in testdata/scoring.golden. Deleting a rule's effect, changing
// a weight or reordering a first-match switch shows as a diff of that file;
// regenerate it with `go test ./ranker -run TestScoreFactors -update` and
// read the diff. The fixture index is fixturePages plus scoringPages, pages
// generated in the corpus's shape, built in a temporary folder in well
// under a second.

// scoringCase is one row of the golden: rule names what it pins (a weight's
// Go name, a constant, a reading rule), shows is a line of the page's
// factors (or of the reading) that is the rule's effect, so a case that
// stops showing its rule fails by name even after an -update.
type scoringCase struct {
	rule    string
	query   string
	filters Filters
	page    string
	shows   string
}

// scoringCases: one case a rule. Several rules share a query and a page
// (Task pins five weights); each still has its own row, so the golden
// says which row a change broke.
var scoringCases = []scoringCase{
	// Exact titles, and what refines them.
	{"weightExactTitle", "Task", Filters{}, "apple-docs://swift/task", "exact_title ×0.05 (title equals the query)"},
	{"weightExactTypeKind", "Task", Filters{}, "apple-docs://swift/task", "kind ×0.3 (type page among exact titles)"},
	{"weightNoPlatform", "Task", Filters{}, "apple-docs://installer_js/task", "framework_authority ×1.5 (available on no platform)"},
	{"frameworkAuthority[swift]", "Task", Filters{}, "apple-docs://swift/task", "framework_authority ×0.5 (swift)"},
	{"frameworkAuthority[swiftui]", "Text", Filters{}, "apple-docs://swiftui/text", "framework_authority ×0.7 (swiftui)"},
	{"frameworkAuthority[foundation]", "URL", Filters{}, "apple-docs://foundation/url", "framework_authority ×0.7 (foundation)"},

	// The title's words, a first-match switch after the exact title.
	{"weightProseNamesTitle", "navigate to the detail screen with NavigationStack", Filters{}, "apple-docs://swiftui/navigationstack", "title_words ×0.15 (title is the name the query mentions)"},
	{"weightProseCoverageSlope", "schedule a local notification", Filters{}, "apple-docs://usernotifications/scheduling-a-notification-locally-from-your-app", "title_words ×"},
	{"weightTitleHoldsAll", "Text", Filters{}, "apple-docs://swiftui/textfield", "title_words ×0.3 (title holds every keyword)"},
	{"weightNestedType", "Text", Filters{}, "apple-docs://swiftui/text/scale", "nesting ×1.83 (nested type for an unnested query)"},

	// Kinds, a first-match switch: prose, whole, type, member.
	{"weightWholeKind", "Garden Planner", Filters{Sources: []string{"samples"}}, "samples://swiftui-garden-planner", "kind ×0.25 (sampleProject)"},
	{"weightTypeKind", "Task", Filters{}, "apple-docs://swift/task", "kind ×0.5 (struct)"},
	{"weightMemberKind", "Task", Filters{}, "apple-docs://installer_js/task", "kind ×2 (property)"},
	{"weightProseTypeKind", "play audio from a file", Filters{}, "apple-docs://avfaudio/avaudioplayer", "kind ×0.5 (class)"},
	{"weightProseGuideKind", "schedule a local notification", Filters{}, "apple-docs://usernotifications/scheduling-a-notification-locally-from-your-app", "kind ×0.75 (article)"},
	{"weightProseMemberKind", "schedule an action after a date", Filters{}, "apple-docs://combine/scheduler/schedule(after:_:)", "kind ×1.5 (func)"},
	{"weightQuestionMemberKind", "How do I schedule an action after a date?", Filters{}, "apple-docs://combine/scheduler/schedule(after:_:)", "kind ×0.6 (func)"},
	{"weightProseWholeKind", "plan vegetable garden beds", Filters{Sources: []string{"samples"}}, "samples://swiftui-garden-planner", "kind ×0.25 (sampleProject)"},
	{"weightDataLanguage", "Transaction", Filters{}, "apple-docs://appstoreserverapi/transaction", "kind ×1.5 (REST, JSON or JavaScript reference for a Swift query)"},

	// Titles and pages that answer nothing.
	{"weightVerboseTitle+verboseTitleRunes+shortQueryKeywords", "scenes", Filters{}, "apple-docs://swiftui/restoring-interface-state-across-scenes-and-windows-of-your-app", "verbose_title ×1.3 (long title for a short query)"},
	{"weightReleaseNotes", "release change", Filters{}, "apple-docs://swiftui/release-notes", "release_notes ×2.5"},

	// Declared symbols, a first-match switch: exact, keyword, noun type.
	{"weightExactSymbol", "dataTask", Filters{}, "apple-docs://foundation/urlsession/datatask(with:)", "symbol_match ×0.33 (declares a symbol named like the query)"},
	{"weightKeywordSymbol", "URLSession dataTask", Filters{}, "apple-docs://foundation/urlsession/datatask(with:)", "symbol_match ×0.33 (declares a symbol named like a query word)"},
	{"weightNounType", "read a file from the app bundle", Filters{}, "apple-docs://foundation/bundle", "symbol_match ×0.707 (a type named by a noun of the request)"},
	{"weightAttributePage", "@State not updating the view", Filters{}, "apple-docs://swiftui/state", "attribute ×0.02 (the property wrapper or macro the @attribute is)"},
	{"weightWholeTitle", "garden planner", Filters{}, "samples://swiftui-garden-planner", "title_words ×0.2 (whole project, package or session titled with every keyword)"},

	// Deprecation, hints from the query's words.
	{"weightDeprecated", "URL", Filters{}, "apple-docs://foundation/nsurl", "deprecation ×1.54 (deprecated)"},
	{"weightNamedFramework", "scan for wifi networks nearby", Filters{}, "apple-docs://corewlan/cwinterface", "synonym ×0.6 (in a framework the request names)"},
	{"weightFrameworkHint", "SwiftUI View", Filters{}, "apple-docs://swiftui/view", "framework_hint ×0.229 (in SwiftUI)"},

	// Pages a lookup found for the query as a whole, a first-match switch.
	{"forced: the framework the query names", "SwiftUI", Filters{}, "apple-docs://swiftui", "tier 0 (forced canonical page: the query names this framework)"},
	{"forced: a synonym of a framework", "wifi", Filters{}, "apple-docs://corewlan", "tier 0 (forced canonical page: the query is a synonym of this framework)"},
	{"forced: the canonical page of a name", "Task", Filters{}, "apple-docs://swift/task", "tier 0 (forced canonical page: canonical page of the name)"},
	{"tier: a declaration query's answers are its exact matches", "actor types", Filters{}, "apple-docs://swift/mainactor", "tier 1 (exact title: declares what the query asks for)"},
	{"forced: the member of the type the query names", "Text bold", Filters{}, "apple-docs://swiftui/text/bold()", "tier 0 (forced canonical page: member bold of Text)"},

	// The additive part of the base, before the weights.
	// bm25Scale: the candidate with its source's best bm25 gets 10 over
	// its field match (4 for the title word, 2 for brevity).
	{"bm25Scale", "Task", Filters{}, "apple-docs://swift/task", "of the best in apple-docs) ×10 + field match 6)"},
	{"fieldTitleWord+fieldBrevityMax", "Task", Filters{}, "apple-docs://swift/task", "×10 + field match 6)"},
	{"fieldInTitle", "Text", Filters{}, "apple-docs://swiftui/textfield", "field match 4.5)"},
	{"fieldSummary", "Color Mode", Filters{}, "hig://dark-mode", "field match 4.75)"},
	{"lexiconBase", "show a spinner while the feed loads", Filters{}, "apple-docs://swiftui/progressview", "+ task lexicon 20 (page 1 it names)"},
	{"lexiconQuestionScale", "How do I show a spinner while the feed loads?", Filters{}, "apple-docs://swiftui/progressview", "+ task lexicon 40 (page 1 it names)"},
	{"lexiconStep", "show a spinner while the feed loads", Filters{}, "apple-docs://uikit/uiactivityindicatorview", "+ task lexicon 17 (page 2 it names)"},
	{"weightOtherPlatform", "show a spinner on my Apple Watch while the feed loads", Filters{}, "apple-docs://swiftui/progressview", "platform ×2 (not on watchOS, the platform the question names)"},
	{"weightConversionInit", "how do I convert an NSURL to URL", Filters{}, "apple-docs://foundation/url/init(_:)", "type_member ×0.02 (an initializer for NSURL to URL)"},
	{"reading: a collection converted through a sequence", "Array to Set", Filters{}, "apple-docs://swift/set/init(_:)", "type_member ×0.02 (an initializer for Array to Set)"},
	{"namedMemberBase", "why does the data task of my URLSession never start", Filters{}, "apple-docs://foundation/urlsession/datatask(with:)", "+ named member 48 (URLSession datatask)"},
	{"namedMemberBase", "How do I set UICollectionViewFlowLayout's minimumLineSpacing?", Filters{}, "apple-docs://uikit/uicollectionviewflowlayout/minimumlinespacing", "+ named member 48 (UICollectionViewFlowLayout minimumlinespacing)"},
	{"reading: a member's name spelled in words", "how do I change the minimum line spacing of a UICollectionViewFlowLayout", Filters{}, "apple-docs://uikit/uicollectionviewflowlayout/minimumlinespacing", "+ named member 48 (UICollectionViewFlowLayout minimumlinespacing)"},
	{"namedMemberBase", "Why doesn't UIView.exclusiveTouch work?", Filters{}, "apple-docs://uikit/uiview/isexclusivetouch", "+ named member 48 (UIView isexclusivetouch)"},
	{"weightProtocolRequirement", "hash(into:)", Filters{}, "apple-docs://swift/hashable/hash(into:)", "kind ×0.2 (a protocol's requirement among exact titles)"},
	{"weightNamedRequirement", "why does hashValue change between launches", Filters{}, "apple-docs://swift/hashable/hashvalue", "kind ×0.2 (a protocol's requirement the request names)"},
	{"reading: the Swift twin of an Objective-C page", "Why is NSOperationQueue maxConcurrentOperationCount 1", Filters{},
		"apple-docs://foundation/operationqueue/1414982-maxconcurrentoperationcount", "swift_twin"},
	{"reading: Objective-C's name of a Swift type", "why is the main NSBundle empty in my tests", Filters{},
		"apple-docs://foundation/bundle/main", "+ named member 48 (Bundle main)"},
	{"reading: a request naming a type hears the problems' ideas", "subclass UIControl tracking", Filters{},
		"apple-docs://uikit/uicontrol/endtracking(_:with:)", "+ task lexicon"},
	{"reading: a named member before its named type", "why does UIView ignore a second touch", Filters{}, "apple-docs://uikit/uiview/isexclusivetouch",
		"page: apple-docs://uikit/uiview/isexclusivetouch (1 of"},
	{"reading: the lexicon's first page before a named type", "show progress of a Task", Filters{}, "apple-docs://swiftui/progressview",
		"page: apple-docs://swiftui/progressview (1 of"},
	{"reading: UIKit's page before AppKit's of the same title", "NSLayoutConstraint generated relationship", Filters{},
		"apple-docs://uikit/nslayoutconstraint", "page: apple-docs://uikit/nslayoutconstraint (1 of"},
	{"familyMemberBase", "why does my UIButton ignore taps", Filters{}, "apple-docs://uikit/uicontrol/isenabled", "+ family member 24 (match 1)"},
	{"a family's delegate+familyMemberBase", "How do I know when a UIScrollView ended decelerating?", Filters{},
		"apple-docs://uikit/uiscrollviewdelegate/scrollviewdidenddecelerating(_:)", "+ family member 24 (match 1)"},
	{"reading: a member named by its last word", "why does UIView ignore a second touch", Filters{}, "apple-docs://uikit/uiview/isexclusivetouch",
		"+ named member 48 (UIView …touch)"},
	{"reading: a type written in two parts", "how do I change the spacing of a UICollectionView flowLayout", Filters{},
		"apple-docs://uikit/uicollectionviewflowlayout/minimumlinespacing", "+ named member 48 (UICollectionViewFlowLayout …spacing)"},
	{"reading: a chain through a type's shared instance", "UIApplication.shared.willTerminateNotification is never posted", Filters{},
		"apple-docs://uikit/uiapplication/willterminatenotification", "+ named member 48 (UIApplication willterminatenotification)"},
	{"reading: an Objective-C constant's name among other words", "UIControlStateHighlighted title color is ignored", Filters{},
		"apple-docs://uikit/uicontrol/state-swift.struct/highlighted", "+ named member 48 (Objective-C UIControlStateHighlighted)"},
	{"reading: an Objective-C selector's first part among other words", "AVAudioPlayer initWithContentsOfURL crashes on launch", Filters{},
		"apple-docs://avfaudio/avaudioplayer/init(contentsof:)", "+ named member 48 (Objective-C initWithContentsOfURL)"},
	{"reading: a chain through Swift 2's accessor", "UIApplication.sharedApplication().willTerminateNotification is never posted", Filters{},
		"apple-docs://uikit/uiapplication/willterminatenotification", "page: apple-docs://uikit/uiapplication/willterminatenotification (1 of"},
	{"reading: Objective-C's message syntax", "[AVAudioPlayer initWithContentsOfURL:error:] returns nil", Filters{},
		"apple-docs://avfaudio/avaudioplayer/init(contentsof:)", "+ named member 48 (Objective-C initWithContentsOfURL)"},
	{"reading: what a deprecation note names instead", "UIButton.adjustsImageWhenHighlighted is deprecated, what should I use instead", Filters{},
		"apple-docs://uikit/uibutton/configurationupdatehandler", "+ named member 48 (replaces adjustsImageWhenHighlighted)"},
	{"reading: an Objective-C constant no page writes, as its type's member", "UIApplicationWillTerminateNotification is never posted", Filters{},
		"apple-docs://uikit/uiapplication/willterminatenotification", "+ named member 48 (UIApplication willterminatenotification)"},
	{"weightProseNamesTitle", "why is URLSession dataTask:completionHandler: never called", Filters{}, "apple-docs://foundation/urlsession/datatask(with:)", "title_words ×0.15 (title is the name the query mentions)"},

	// Prominence (prominence.go): a filtered word's type pages, by the
	// sample and package files that use them.
	{"prominenceWeight+prominenceSaturation", "text", Filters{Framework: "SwiftUI"}, "apple-docs://swiftui/text", "prominence ×"},
	// A member's name alone: its copies by their owners' use in code.
	{"reading: a member's name is its most used owner's", "viewDidLoad", Filters{}, "apple-docs://uikit/uiviewcontroller/viewdidload()",
		"prominence ×0.8997 (its type used in 1 sample and package files)"},

	// Fusion: each source's list weighs its source's weight
	// (internal/source) over RRFK plus the page's rank.
	{"RRFK+source weight apple-docs", "Task", Filters{}, "apple-docs://swift/task", "(apple-docs weight 3 at rank 1, k 60)"},
	{"source weight swift-evolution", "actors proposal", Filters{}, "swift-evolution://SE-0306", "(swift-evolution weight 1.5 at rank 1, k 60)"},
	{"source weight swift-book", "structured concurrency with task groups", Filters{}, "swift-book://concurrency", "(swift-book weight 1 at rank 1, k 60)"},
	{"source weight swift-org", "server side swift", Filters{}, "swift-org://documentation/server", "(swift-org weight 1 at rank 1, k 60)"},
	{"source weight hig", "Dark mode", Filters{}, "hig://dark-mode", "(hig weight 0.5 at rank 1, k 60)"},
	{"source weight apple-archive", "Cocoa Bindings", Filters{}, "apple-archive://cocoa-bindings", "(apple-archive weight 0.5 at rank 1, k 60)"},
	{"source weight wwdc", "timeline provider", Filters{Sources: []string{"wwdc"}}, "wwdc://2024/10001", "(wwdc weight 0.6 at rank"},
	{"source weight packages", "widget types", Filters{Sources: []string{"packages"}}, "packages://acme/swift-widgets", "(packages weight 0.8 at rank 1, k 60)"},

	// Readings: what the query is read as, and how its lists weigh.
	{"reading: a call in code+syntaxLeadWeight", `Text("Hello").bold()`, Filters{}, "apple-docs://swiftui/text/bold()", "its searches weigh 3 (lead)"},
	{"reading: a compiler message+messageLeadWeight", "error: value of type 'Text' has no member 'bolder'", Filters{}, "apple-docs://swiftui/text", "its searches weigh 1.5 (lead)"},
	{"reading: a comparison+comparisonSideWeight", "URL vs NSURL", Filters{}, "apple-docs://foundation/nsurl", "compared: URL | NSURL (each side's search weighs 0.5, the whole's 1)"},
	{"reading: a comparison of code", "Difference between URLSession.shared.dataTask and URLSession.shared.uploadTask", Filters{}, "apple-docs://foundation/urlsession",
		"(each side read as code, its search weighing 0.5, the whole's words 0.5)"},
	{"reading: a question's scaffolding", "how do I show a spinner?", Filters{}, "apple-docs://swiftui/progressview", "stripped how do I | ?"},
	{"reading: a question's title in title case", "Show Progress Of A Task In Swift?", Filters{}, "apple-docs://swiftui/progressview", "title covers"},
	{"reading: a title opened by Swift", "Swift task groups and their child tasks", Filters{}, "swift-book://concurrency", "stripped Swift; asks about Swift"},
	{"reading: a question about Swift", "How do task groups work in Swift?", Filters{}, "swift-book://concurrency", "asks about Swift: the book's sections are searched"},
	{"reading: Swift before a topic", "task groups of Swift concurrency", Filters{}, "swift-book://concurrency", "asks about Swift: the book's sections are searched"},
	{"reading: a name before a title's colon", "ProgressView: how is the progress shown", Filters{}, "apple-docs://swiftui/progressview", "title is the name the query mentions"},
	{"reading: a name's possessive", "ProgressView's", Filters{}, "apple-docs://swiftui/progressview", "title equals the query"},
	{"reading: a quoted name", "“ProgressView”—how is the progress shown", Filters{}, "apple-docs://swiftui/progressview", "title is the name the query mentions"},
	{"reading: a platform or the asker's standing as a title's tag", "watchOS 10 - show progress of a task", Filters{}, "apple-docs://swiftui/progressview", "stripped watchOS 10 -"},
	{"reading: the platform a title ends on", "show progress of a task on macOS 14", Filters{}, "apple-docs://swiftui/progressview", "stripped on macOS 14"},
	{"reading: a name's symptom", "Why does ProgressView crash?", Filters{}, "apple-docs://swiftui/progressview", "stripped Why does | ? | crash"},
	{"reading: a member's word between a name and its symptom", "ProgressView style is not getting called", Filters{}, "apple-docs://swiftui/progressview", "stripped is not getting called"},
	{"reading: a negated subject is a name's symptom", "Why is ProgressView not being called?", Filters{}, "apple-docs://swiftui/progressview", "stripped Why is | ? | not being called"},
	{"reading: a plea around a question", "I want to show progress of a task. Any ideas?", Filters{}, "apple-docs://swiftui/progressview", "stripped I want to"},
	{"reading: one word, then a plea about it", "ProgressView: how does it work?", Filters{}, "apple-docs://swiftui/progressview", "stripped : how does it work?"},
	{"reading: a follow-up asking how to do it", "show progress of a task, how to set it up?", Filters{}, "apple-docs://swiftui/progressview", "stripped , how to set it up?"},
	{"reading: a type's member the index does not document", "show the task with ProgressView.progressDial for the download", Filters{}, "apple-docs://swiftui/progressview", "ProgressView"},
	{"reading: the equivalent of another language's name", "Swift equivalent to Objective-C's ProgressView", Filters{}, "apple-docs://swiftui/progressview", "searched \"equivalent of ProgressView\""},
	{"reading: a yes-or-no question's or not", "whether to show progress of a task or not", Filters{}, "apple-docs://swiftui/progressview", "stripped or not"},
	{"reading: a name asked about when it is called", "When is ProgressView called?", Filters{}, "apple-docs://swiftui/progressview", "stripped When is | called?"},
	{"reading: a name whose purpose is asked", "What does ProgressView do?", Filters{}, "apple-docs://swiftui/progressview", "stripped What does | do?"},
	{"reading: the way a request asks to be done", "Easiest way to show progress of a task without storyboard", Filters{}, "apple-docs://swiftui/progressview",
		"stripped Easiest way to | without storyboard"},
	{"reading: an aside that notes what the asker rules out", "show progress of a task (no third party libraries)", Filters{}, "apple-docs://swiftui/progressview",
		"stripped (no third party libraries)"},
	{"reading: a plea to explain a name", "ProgressView explained", Filters{}, "apple-docs://swiftui/progressview", "stripped explained"},
	{"reading: a pasted page title's site", "show progress of a task - swift - Stack Overflow", Filters{}, "apple-docs://swiftui/progressview",
		"stripped - swift - Stack Overflow"},
	{"reading: a pasted page title's site is outermost, around a tag's dashes", "ProgressView - swift - Stack Overflow", Filters{}, "apple-docs://swiftui/progressview", "stripped - swift - Stack Overflow"},
	{"reading: when the trouble began", "After updating to Xcode 15, show progress of a task", Filters{}, "apple-docs://swiftui/progressview",
		"stripped After updating to Xcode 15,"},
	{"reading: trouble with a name", "Getting an error when using ProgressView", Filters{}, "apple-docs://swiftui/progressview",
		"stripped Getting an error when using"},
	{"reading: a name to use", "How do I use ProgressView?", Filters{}, "apple-docs://swiftui/progressview", "| use"},
	{"reading: a framework named last with its preposition", "UIView in SwiftUI", Filters{}, "apple-docs://uikit/uiview", "title equals the query"},
	{"reading: a framework naming the app's kind", "UIView in a SwiftUI app", Filters{}, "apple-docs://uikit/uiview", "title equals the query"},
	{"reading: a sentence counted without its framework", "Set values in SwiftUI", Filters{}, "apple-docs://swift/set", "title is the name the query mentions"},
	{"reading: a title in title case around a name", "UIButton Pressed Color", Filters{}, "apple-docs://uikit/uibutton", "title is the name the query mentions"},
	{"reading: a headline's capitals name no API", "UIButton Pressed Color", Filters{}, "apple-docs://swiftui/color", "title covers"},
	{"reading: a sentence in title case past its start", "Changing Pressed State Color in UIButton and hooking it up to an action", Filters{}, "apple-docs://swiftui/color", "title covers"},
	{"conceptRarityPower", "Why is the progress of a long task not shown?", Filters{}, "apple-docs://swiftui/progressview", "weighed by rarity"},
	{"reading: a question in title case", "Show the Progress of a Long Task", Filters{}, "apple-docs://swiftui/progressview", "its title case read as style"},
	{"reading: Xcode's version as a title's tag", "Xcode 15 - show progress of a task", Filters{}, "apple-docs://swiftui/progressview", "stripped Xcode 15 -"},
	{"reading: an @attribute the book's section names", "@discardableResult", Filters{}, "swift-book://referencemanual/attributes", "section 10 (\"discardableResult\""},
	{"reading: an availability condition", "if #available(iOS 15, *)", Filters{}, "swift-book://referencemanual/attributes", "Read as syntax; searched: #available"},
	{"reading: a modifier named by its kind", "badge modifier", Filters{}, "apple-docs://swiftui/view/badge(_:)", "+ named member 48 (View badge)"},
	{"reading: a book's heading typed as a title", "Declaration Attributes", Filters{}, "swift-book://referencemanual/attributes", "section 10 (\"Declaration Attributes\""},
	{"reading: a hyphenated heading typed as a title", "Result-Building Methods", Filters{}, "swift-book://referencemanual/attributes", "section 10 (\"Result-Building Methods\""},
	{"reading: an @attribute in a question", "is @available forward compatible?", Filters{}, "swift-book://referencemanual/attributes", "section 10 (\"available\""},
	{"reading: an operator's name", "What is the ?? operator", Filters{}, "swift-book://languageguide/basicoperators", "named ?? as nil-coalescing operator"},
	{"reading: a mark spelled in words", "What does the at sign mean in Swift?", Filters{}, "swift-book://referencemanual/attributes", "named at sign as attributes"},
	{"reading: code among words, unsure+readingWeightFloor", "Text(bold) is not shown when the view appears on the screen", Filters{}, "apple-docs://swiftui/text",
		"its searches weigh 0.6 (lead) and 0.2 (floor 0.2)"},
	{"reading: code among names, nearly sure+wordsWeightFloor", "Text(bold) View Color Font Image Label Button Toggle Slider Stepper fails", Filters{}, "apple-docs://swiftui/text",
		"the words weigh 0.3 (floor 0.1 of the lead)"},
	{"reading: a receiver's type", "let session = URLSession.shared\nsession.dataTask(with: url)", Filters{}, "apple-docs://foundation/urlsession/datatask(with:)",
		"Read as syntax; searched: URLSession.dataTask"},
	{"reading: a language feature", "func parse() throws(ParseError) -> Int", Filters{}, "swift-evolution://SE-0413", "searched: se: typed throws | parse"},
	{"reading: an NSError's domain and code", "The operation couldn’t be completed. (NSURLErrorDomain error -1009.)", Filters{},
		"apple-docs://foundation/nsurlerrornotconnectedtointernet", "Read as message; searched: NSURLErrorNotConnectedToInternet"},
	{"sureMessageWordsShare", "error: value of type 'Text' has no member 'bolder'", Filters{}, "apple-docs://swiftui/text",
		"its searches weigh 1.5 (lead) and 1; its words fill the rows they leave, weighing 0.075"},
	{"reading: a misspelt name", "NavigatoinStack", Filters{}, "apple-docs://swiftui/navigationstack", `Showing results for "NavigationStack".`},
	{"reading: an Objective-C constant's name, a member of a type of its prefix", "UIKeyboardFrameBeginUserInfoKey", Filters{},
		"apple-docs://uikit/uiresponder/keyboardframebeginuserinfokey", `Showing results for "keyboardFrameBeginUserInfoKey".`},
	{"reading: an Objective-C constant's name, a member of the type it names", "UIApplicationWillTerminateNotification", Filters{},
		"apple-docs://uikit/uiapplication/willterminatenotification", `Showing results for "willTerminateNotification".`},
	{"reading: a source file's name among other words, as its type", "Why is viewDidLoad never called in ViewController.swift?", Filters{},
		"apple-docs://uikit/uiviewcontroller/viewdidload()", `searched "viewDidLoad never called in ViewController"`},
	{"reading: a lone Objective-C constant, a member of a nested type titled alone", "UIControlStateHighlighted", Filters{},
		"apple-docs://uikit/uicontrol/state-swift.struct/highlighted", `Showing results for "UIControl.State.highlighted".`},
	{"reading: a lone Objective-C constant, a case titled with its nested type's name", "UITableViewCellStyleSubtitle", Filters{},
		"apple-docs://uikit/uitableviewcell/cellstyle/subtitle", `Showing results for "UITableViewCell.CellStyle.subtitle".`},
	{"reading: a lone Objective-C constant whose member no page documents, as its nested type", "UIControlStateDisabled", Filters{},
		"apple-docs://uikit/uicontrol/state-swift.struct", `Showing results for "UIControl.State".`},
	{"reading: a lone Objective-C constant whose member no page documents, as its type", "UIApplicationStateBackground", Filters{},
		"apple-docs://uikit/uiapplication", `Showing results for "UIApplication".`},
	{"reading: a misspelt type name among other words", "UIActivityIndicatorVew keeps spinning after the load", Filters{}, "apple-docs://uikit/uiactivityindicatorview",
		`Showing results for "UIActivityIndicatorView keeps spinning after the load".`},
	{"reading: a British spelling", "pick a colour for the label", Filters{}, "apple-docs://swiftui/color", `Showing results for "pick a color for the label".`},
	{"reading: a name in the wrong case", "why does my Navigationstack pop back", Filters{}, "apple-docs://swiftui/navigationstack", `Showing results for "NavigationStack pop back".`},
	{"languageSources", "let vs var", Filters{}, "swift-book://languageguide/thebasics", "(let | var) keep their pages of the book, Swift Evolution and swift.org"},
	{"reading: a capitalised word titles a type, not a member", "Get Position of UIView within its window", Filters{}, "apple-docs://shadergraph/geometric/position", "title covers"},
	{"weightRivalFramework", "display read-only text on screen in a UIView", Filters{}, "apple-docs://swiftui/text", "synonym ×2 (in swiftui, rival to the named type's)"},
	{"reading: the task lexicon's ideas", "display read-only text on screen", Filters{}, "apple-docs://swiftui/text", "Task lexicon: display text"},
}

// scoringFixture is the fixture index plus scoringPages.
var scoringFixture = &fixtureIndex{pages: func() []*document.Document { return bySource(fixturePages(), scoringPages()) },
	passages: scoringPassages}

// scoringPassages are the sections of the scoring fixture's book pages:
// the Attributes chapter's sections are titled by the attributes' names.
func scoringPassages() map[string][]index.Passage {
	return map[string][]index.Passage{
		"swift-book://referencemanual/attributes": {
			{Anchor: "Declaration Attributes", Heading: "Declaration Attributes", Title: "Attributes",
				Text: "Generated: declaration attributes apply to a declaration only."},
			{Anchor: "Declaration Attributes", Heading: "discardableResult", Title: "Attributes",
				Text: "Generated: apply this attribute to a function or method to suppress the warning when its result is unused."},
			{Anchor: "Declaration Attributes", Heading: "available", Title: "Attributes",
				Text: "Generated: apply this attribute to say on which platforms and versions a declaration is available; check the same at run time with `#available`."},
			{Anchor: "Result-Building Methods", Heading: "Result-Building Methods", Title: "Attributes",
				Text: "Generated: a builder type implements static methods that combine partial values into one."},
		},
	}
}

// scoringPages are the pages the scoring cases need beyond fixturePages:
// generated in the corpus's shape, none of Apple's text.
func scoringPages() []*document.Document {
	data := func(d *document.Document) { d.Language = "data" }
	objc := func(d *document.Document) { d.Language = "objc" }
	decl := func(name, kind string) func(*document.Document) {
		return symbols(document.Symbol{Name: name, Kind: kind, Signature: kind + " " + name, Origin: "declaration"})
	}
	return []*document.Document{
		page("apple-docs://webkitjs/node", "Node", "class", "An object in a generated script document tree."),
		page("apple-docs://shadergraph/geometric/position", "Position", "subscript", "The generated coordinates of the processed data in a given space."),
		page("apple-docs://javascriptcore/jscontext", "JSContext", "class", "A generated script execution environment.", ios("7.0")),
		page("apple-docs://devicemanagement/profile", "Profile", "object", "A generated configuration profile payload."),
		page("apple-docs://appstoreserverapi/transaction", "Transaction", "object", "A generated record of a purchase on a server.", data),
		page("apple-docs://storekit/transaction", "Transaction", "struct", "Information about a generated purchase.", ios("15.0")),
		page("apple-docs://swiftui/navigationstack", "NavigationStack", "struct", "A view that shows a root view and a generated stack of detail views.", ios("16.0"),
			decl("NavigationStack", "struct")),
		page("apple-docs://swiftui/progressview", "ProgressView", "struct", "A view that shows the progress toward completion of a generated task.", ios("14.0"),
			decl("ProgressView", "struct")),
		page("apple-docs://corewlan/cwinterface", "CWInterface", "class", "Scan for nearby generated wireless networks and read the interface state.",
			decl("CWInterface", "class")),
		page("apple-docs://foundation/url/init(_:)", "init(_:)", "init", "Creates a generated value from the given NSURL.", ios("8.0"),
			parent("apple-docs://foundation/url")),
		page("apple-docs://swift/set", "Set", "struct", "A generated unordered collection of unique elements.", ios("8.0"), decl("Set", "struct")),
		page("apple-docs://swift/array", "Array", "struct", "A generated ordered, random-access collection.", ios("8.0"), decl("Array", "struct")),
		page("apple-docs://swift/set/init(_:)", "init(_:)", "init", "Creates a generated set from a finite sequence of items.", ios("8.0"),
			parent("apple-docs://swift/set")),
		page("apple-docs://uikit/uiactivityindicatorview", "UIActivityIndicatorView", "class", "A generated view that shows that a task is in progress.", ios("2.0")),
		page("apple-docs://uikit/uiresponder", "UIResponder", "class", "A generated object that responds to and handles events.", ios("2.0")),
		page("apple-docs://uikit/uiresponder/keyboardframebeginuserinfokey", "keyboardFrameBeginUserInfoKey", "property",
			"A generated key for the keyboard's frame at the start of its animation.", ios("3.2"), parent("apple-docs://uikit/uiresponder")),
		page("apple-docs://uikit/uiapplication", "UIApplication", "class", "The generated point of control for an app running on the device.", ios("2.0")),
		page("apple-docs://uikit/uiview", "UIView", "class", "A generated object that manages the content of a rectangular area.", ios("2.0"), decl("UIView", "class")),
		page("apple-docs://uikit/uiview/isexclusivetouch", "isExclusiveTouch", "property",
			"A generated value that says whether the receiver handles touch events exclusively.", ios("2.0"), parent("apple-docs://uikit/uiview"),
			decl("isExclusiveTouch", "var")),
		page("apple-docs://uikit/uiview/maskview", "maskView", "property", "A generated view whose alpha channel masks the receiver's content.", ios("8.0"),
			parent("apple-docs://uikit/uiview")),
		page("apple-docs://uikit/uicollectionview", "UICollectionView", "class", "A generated object that presents items in customizable layouts.", ios("6.0")),
		page("apple-docs://uikit/uicollectionviewflowlayout", "UICollectionViewFlowLayout", "class", "A generated layout that organizes items into a grid.", ios("6.0")),
		page("apple-docs://uikit/uicollectionviewflowlayout/minimumlinespacing", "minimumLineSpacing", "property",
			"The generated minimum distance between the lines of a grid.", ios("6.0"), parent("apple-docs://uikit/uicollectionviewflowlayout")),
		page("apple-docs://swift/hashable", "Hashable", "protocol", "A generated type that can be hashed into a hasher.", ios("8.0")),
		page("apple-docs://swift/hashable/hash(into:)", "hash(into:)", "func", "Hashes the generated essential components of this value.", ios("8.0"),
			parent("apple-docs://swift/hashable")),
		page("apple-docs://installer_js/choice/hash(into:)", "hash(into:)", "func", "Hashes a generated installer choice."),
		page("apple-docs://swiftui/view/badge(_:)", "badge(_:)", "func", "Generates a badge for the view's item.", ios("15.0"),
			parent("apple-docs://swiftui/view"), decl("badge", "func")),
		page("apple-docs://swift/hashable/hashvalue", "hashValue", "property", "The generated hash value.", ios("8.0"),
			parent("apple-docs://swift/hashable")),
		page("apple-docs://installer_js/choice/hashvalue", "hashValue", "property", "The generated hash value of a choice."),
		page("apple-docs://foundation/nsoperationqueue", "NSOperationQueue", "class", "A generated queue that runs operations.", objc),
		page("apple-docs://foundation/nsoperationqueue/1414982-maxconcurrentoperationcount", "maxConcurrentOperationCount", "property",
			"The generated maximum number of queued operations that run at once.", objc, parent("apple-docs://foundation/nsoperationqueue")),
		page("apple-docs://foundation/operationqueue", "OperationQueue", "class", "A generated queue that runs operations.", ios("2.0")),
		page("apple-docs://foundation/operationqueue/1414982-maxconcurrentoperationcount", "maxConcurrentOperationCount", "property",
			"The generated maximum number of queued operations that run at once.", ios("2.0"), parent("apple-docs://foundation/operationqueue")),
		page("apple-docs://uikit/uiviewcontroller", "UIViewController", "class", "A generated object that manages a view hierarchy.", ios("2.0")),
		page("apple-docs://uikit/uiviewcontroller/viewdidload()", "viewDidLoad()", "func", "Called after the generated controller's view is loaded.",
			ios("2.0"), parent("apple-docs://uikit/uiviewcontroller")),
		page("apple-docs://imageplayground/imageplaygroundviewcontroller", "ImagePlaygroundViewController", "class",
			"A generated view controller that makes images.", ios("18.1")),
		page("apple-docs://imageplayground/imageplaygroundviewcontroller/viewdidload()", "viewDidLoad()", "func",
			"Called after the generated view is loaded.", ios("18.1"), parent("apple-docs://imageplayground/imageplaygroundviewcontroller")),
		page("apple-docs://uikit/uiscrollview", "UIScrollView", "class", "A generated view that scrolls and zooms its contained views.", ios("2.0")),
		page("apple-docs://uikit/uiscrollviewdelegate", "UIScrollViewDelegate", "protocol", "Generated methods that respond to a scroll view's events.", ios("2.0")),
		page("apple-docs://uikit/uiscrollviewdelegate/scrollviewdidenddecelerating(_:)", "scrollViewDidEndDecelerating(_:)", "func",
			"Tells the generated delegate that the scroll view ended decelerating the scrolling movement.", ios("2.0"),
			parent("apple-docs://uikit/uiscrollviewdelegate")),
		page("apple-docs://uikit/uicontrol", "UIControl", "class", "The generated base class for controls that respond to a touch.", ios("2.0")),
		page("apple-docs://uikit/uicontrol/isenabled", "isEnabled", "property", "A generated Boolean value that says whether the control responds to taps.",
			ios("2.0"), parent("apple-docs://uikit/uicontrol")),
		page("apple-docs://uikit/uicontrol/endtracking(_:with:)", "endTracking(_:with:)", "func",
			"Tells the generated control when a touch it tracks ends.", ios("2.0"), parent("apple-docs://uikit/uicontrol")),
		page("apple-docs://appkit/nslayoutconstraint", "NSLayoutConstraint", "class",
			"The relationship between two generated user interface objects that a layout system must satisfy.", mac("10.7")),
		page("apple-docs://uikit/nslayoutconstraint", "NSLayoutConstraint", "class",
			"The relationship between two user interface objects that a generated layout system must satisfy on a screen.", ios("6.0")),
		page("apple-docs://uikit/uibutton", "UIButton", "class", "A generated control that runs your code when someone presses it.", ios("2.0"),
			func(d *document.Document) {
				d.InheritsFrom = []document.Ref{{URI: "apple-docs://uikit/uicontrol", Title: "UIControl", Section: "Inherits From"}}
			}),
		page("apple-docs://uikit/uicontrol/state-swift.struct", "UIControl.State", "struct", "The generated states a control can be in.", ios("2.0"),
			parent("apple-docs://uikit/uicontrol")),
		page("apple-docs://uikit/uicontrol/state-swift.struct/highlighted", "highlighted", "property", "The generated highlighted state of a control.",
			ios("2.0"), parent("apple-docs://uikit/uicontrol/state-swift.struct"), content("Objective-C: UIControlStateHighlighted")),
		page("apple-docs://uikit/uitableviewcell/cellstyle", "UITableViewCell.CellStyle", "enum", "The generated styles of a table cell.", ios("2.0")),
		page("apple-docs://uikit/uitableviewcell/cellstyle/subtitle", "UITableViewCell.CellStyle.subtitle", "case", "A generated style with a subtitle under the title.",
			ios("3.0"), parent("apple-docs://uikit/uitableviewcell/cellstyle")),
		page("apple-docs://avfaudio/avaudioplayer/init(contentsof:)", "init(contentsOf:)", "init", "Creates a generated player for the file at a URL.",
			ios("2.2"), parent("apple-docs://avfaudio/avaudioplayer"), content("Objective-C: initWithContentsOfURL:error:")),
		page("apple-docs://uikit/uibutton/adjustsimagewhenhighlighted", "adjustsImageWhenHighlighted", "property",
			"A generated Boolean value that says whether the image changes when the button is highlighted.", ios("2.0"),
			parent("apple-docs://uikit/uibutton"), decl("adjustsImageWhenHighlighted", "var"), func(d *document.Document) {
				d.Deprecated, d.DeprecationNote = true, "Ignored with a generated configuration; use configurationUpdateHandler instead."
			}),
		page("apple-docs://uikit/uibutton/configurationupdatehandler", "configurationUpdateHandler", "property",
			"A generated handler that updates the button's configuration.", ios("15.0"), parent("apple-docs://uikit/uibutton")),
		page("apple-docs://uikit/uiapplication/willterminatenotification", "willTerminateNotification", "property",
			"A generated notification that the app is about to end.", ios("4.0"), parent("apple-docs://uikit/uiapplication")),
		page("apple-docs://foundation/bundle", "Bundle", "class", "A representation of generated code and resources stored in a directory on disk.", ios("2.0")),
		page("apple-docs://foundation/bundle/main", "main", "property", "The generated bundle that holds the running code.", ios("2.0"),
			parent("apple-docs://foundation/bundle")),
		page("apple-docs://foundation/nsurlerrornotconnectedtointernet", "NSURLErrorNotConnectedToInternet", "var",
			"A generated network resource was requested, but an internet connection isn't established.", ios("2.0")),
		page("swift-evolution://SE-0413", "Typed throws", "proposal", "Generated: functions that throw declare the type of error they throw."),
		page("swift-org://documentation/server", "Swift on Server", "article", "Generated notes on running Swift on the server side."),
		page("swift-book://referencemanual/attributes", "Attributes", "article",
			"Generated: the words that add information to what you write."),
		page("swift-book://languageguide/thebasics", "The Basics", "article", "Generated: constants are declared with let, variables with var."),
		page("apple-docs://driverkit/widget_ivars", "Widget_IVars", "struct", "Generated instance variables of a driver's widget."),
		page("swift-book://languageguide/basicoperators", "Basic Operators", "article",
			"Generated: the nil-coalescing operator gives an optional's value or a default; the closed and half-open range operators."),
		page("samples://swiftui-garden-planner/App/PlantLabel.swift", "App/PlantLabel.swift", document.KindSourceFile, "From the sample project Garden Planner.",
			content(`struct PlantLabel: View { var body: some View { Text(name).bold() } }`),
			func(d *document.Document) {
				d.Parent = "samples://swiftui-garden-planner"
				d.References = []document.Reference{{Name: "Text", Kind: "call", Line: 1}, {Name: "View", Kind: "conform", Line: 1},
					{Name: "UIViewController", Kind: "conform", Line: 2}}
			}),
		page("apple-docs://swiftui/restoring-interface-state-across-scenes-and-windows-of-your-app",
			"Restoring interface state across scenes and windows of your app", "article", "Keep generated scenes as the person left them."),
	}
}

// bySource puts each extra page after the last page of its source, so the
// index holds each source contiguously, as the save pipeline writes it.
func bySource(pages, extra []*document.Document) []*document.Document {
	out := slices.Clone(pages)
	for _, d := range extra {
		at := len(out)
		for i := len(out) - 1; i >= 0; i-- {
			if out[i].Source == d.Source {
				at = i + 1
				break
			}
		}
		out = slices.Insert(out, at, d)
	}
	return out
}

// openScoringEngine opens an engine over the scoring fixture.
func openScoringEngine(t testing.TB) *Engine { return openEngineAt(t, scoringFixture.build(t)) }

// TestScoreFactors renders every case and compares with the golden.
func TestScoreFactors(t *testing.T) {
	e := openScoringEngine(t)
	var out strings.Builder
	for _, tc := range scoringCases {
		text, err := renderScoringCase(e, tc)
		if err != nil {
			t.Errorf("%s: %v", tc.rule, err)
			continue
		}
		if !strings.Contains(text, tc.shows) {
			t.Errorf("%s: %q for %s does not show %q:\n%s", tc.rule, tc.query, tc.page, tc.shows, text)
		}
		out.WriteString(text)
	}
	golden.Check(t, filepath.Join("testdata", "scoring.golden"), []byte(out.String()))
}

// renderScoringCase prints a case as `search --explain` does: the reading,
// then the page's place and factors.
func renderScoringCase(e *Engine, tc scoringCase) (string, error) {
	resp, err := e.SearchQuery(context.Background(), tc.query, tc.filters)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "== %s\nquery: %s\n", tc.rule, tc.query)
	if len(tc.filters.Sources) > 0 {
		fmt.Fprintf(&b, "sources: %s\n", strings.Join(tc.filters.Sources, ","))
	}
	r := resp.Reading
	if r.Corrected != "" {
		fmt.Fprintf(&b, "Showing results for %q.\n", r.Corrected)
	}
	if r.Question != nil {
		fmt.Fprintf(&b, "%s\n", QuestionFormLine(*r.Question))
	}
	if len(r.SearchTexts()) > 0 {
		fmt.Fprintf(&b, "Read as %s; searched: %s\n%s\n", r.Class, strings.Join(r.SearchTexts(), " | "), ReadingWeightsLine(r))
	}
	if len(r.Ideas) > 0 {
		fmt.Fprintf(&b, "Task lexicon: %s\n", strings.Join(r.Ideas, " | "))
	}
	rank := rankOf(resp.Results, tc.page)
	if rank == 0 {
		return "", fmt.Errorf("%q: %s not among %q", tc.query, tc.page, uris(resp.Results))
	}
	fmt.Fprintf(&b, "page: %s (%d of %d)\n%s\n", tc.page, rank, len(resp.Results), resp.Results[rank-1].ExplainText())
	return b.String(), nil
}

// notScored are the named numbers of weights.go no scoring case pins, each
// with the reason; TestScoringCasesNameEveryWeight fails for a new one
// that is in neither list.
var notScored = map[string]string{
	"dfScale":        "the scale of a concept's rarity (weighConcepts): above every document frequency so that each rarity is positive; conceptRarityPower's case pins the weighing",
	"fieldFramework": "a keyword equal to the framework's identifier is taken off the query as its framework word",
	// The section weights need enrich's passages, which the scoring fixture
	// does not run; sections_test.go's fixture pins each by its effect.
	"sectionBase":         "pinned by TestSectionBaseLiftsTheAnsweringChapter (sections_test.go): at 0 the answering chapter falls below the one repeating the words",
	"weightSectionFusion": "pinned by TestSectionFusionMeetsAppleOnEqualTerms (sections_test.go): at the book's own weight the chapter falls to 6th",
	"sectionLimit":        "a cap on the sections a request reads: it bites only with more matching sections than a fixture holds",
	"sectionMaxMatches":   "a cap on a word's matching sections before it is dropped: it bites only on a corpus's thousands of sections",

	// The book's topics need enrich's passages, as the sections do.
	"minTopicWords":         "pinned by TestNamedTopics (sections_test.go): a one-word title names nothing",
	"maxTopicWords":         "pinned by TestNamedTopics (sections_test.go): a six-word title names nothing",
	"proposalTitleCoverage": "pinned by TestProposalTitledWithTheQuestionMeetsApple (sections_test.go): a title holding two of four words raises Evolution, one of four does not",
	"bookTieBreak":          "pinned by TestQuestionGivesTheBookTheTie (sections_test.go): a framed language question fuses the book above Apple's weight, plain words at it",
	// Bases of stages the fixture cannot run.
	"contextBase":        "needs enrich's contexts pass over the fixture, which it does not run; the real index's goldens (TestHeldOutRealIndex) hold its effect",
	"semanticBase":       "needs the word-vector model, which the fixture has not",
	"semanticFloor":      "needs the word-vector model, which the fixture has not",
	"semanticNeighbours": "a cap on the similarity search's pages; needs the word-vector model",
	// The lexicon's matching numbers: lexiconBase and lexiconStep have
	// cases; these decide which ideas match, and the lexicon's own tests
	// pin them (lexicon_test.go).
	"lexiconIdeas":            "a cap on the ideas drawn: TestLexiconCapsIdeasAndPages (lexicon_test.go)",
	"maxNamedTypes":           "a bound on the types whose members a request proposes: TestNamedMembersOfAFewTypes (named_members_test.go)",
	"conversionInits":         "a cap on the initializers a conversion proposes; the fixture's types have one each, so no case can tell it",
	"conversionInitScan":      "a cap on the initializers read for a conversion; the fixture's types have one each, so no case can tell it",
	"keywordHeadingBonus":     "a choice among the book's sections, not a score: TestKeywordSections (keyword_topics_test.go)",
	"spreadWindow":            "a reorder of a question's final list, not a score: TestSpreadNames and TestQuestionsSpreadNames (spread_test.go)",
	"spreadSameName":          "a reorder of a question's final list, not a score: TestSpreadNames and TestQuestionsSpreadNames (spread_test.go)",
	"platformTwinReach":       "how far a reorder of the fused list reaches, not a score: TestUIKitBeforeAppKit (named_members_test.go)",
	"namedMemberFirstReach":   "how far a reorder of the fused list reaches, not a score: TestNamedMemberFirst (named_members_test.go)",
	"maxNamedProposals":       "a bound on the proposals a read query's number names, not a score: TestNamedProposalFirst (directive_topics_test.go)",
	"objcNameMatches":         "a bound on the pages an Objective-C name may be written on: TestObjCNameOnManyPages (objc_names_inner_test.go)",
	"objcSelectorMinLen":      "the shortest selector part read: TestObjCNameOnManyPages (objc_names_inner_test.go) reads no shorter one",
	"deprecationReplacements": "a cap on the pages a deprecation's notes propose; the fixture's note names one",
	"deprecationLookups":      "a cap on the pages each name of a deprecation question is looked up on; the fixture's names have one page each",
	"objcNamePages":           "a cap on the pages one Objective-C name proposes; the fixture writes each name on one page, so no case can tell it",
	"familyMemberPages":       "a cap on the members the family search proposes: TestFamilyMembers (named_members_test.go)",
	"familyDepth":             "a bound on the superclasses walked (UIButton, UIControl, UIView, UIResponder); the fixture's deepest chain is one class",
	"familyEdges":             "a bound on the superclass edges read, which only a type with hundreds of superclasses could reach",
	"respellRatio":            "needs the word-vector model, which the fixture has not: TestRespell (typos_test.go) trains one",
	"respellCount":            "a bound on the pages counted for a word respell reads; TestRespell's words are on a few pages",
	"requirementLookups":      "a cap on the requirements a member name adds; the fixture's names have one each",
	"attributePageLookups":    "a cap on the pages one @attribute proposes; the fixture's State is one page",
	"twinSpare":               "a bound on the rows kept past the limit for swiftTwins: TestSwiftTwinsKeepTheLimit (twins_test.go)",
	"namedMemberPages":        "a cap on the overloads one member name proposes; the fixture's names have one page each, so no case can tell it",
	"lexiconPages":            "a cap on the pages the ideas add: TestLexiconCapsIdeasAndPages (lexicon_test.go)",
	"lexiconLooseWords":       "decides which ideas match loosely: TestLexiconLooseMatch (lexicon_test.go)",
	"lexiconLooseMin":         "decides which ideas match loosely: TestLexiconLooseMatch (lexicon_test.go)",
	"lexiconWholeWeight":      "orders ideas among themselves, before any page is scored: TestLexiconMatchesWholePhrasesByStem (lexicon_test.go)",
	// Orders of member pages and near-ties on the real index.
	"prominenceKeywords":   "decides whether prominence reads a query at all: TestProminenceReadsOnlyFilteredWords (prominence_test.go)",
	"callProminenceWeight": "reading_code_test.go checks its scale; the member pages it orders need sample code in the index",
	"messageRRFK":          "the fusion constant of a message's searches: it reorders only when each search returns a page of results, as the real index's do (error batteries)",
	"perSourceList":        "a cap on each source's list before fusion; bites only with more than 100 candidates of a source",
	"namedSourceFloor":     "pinned by TestSourceWeightsKeepASourceTheLexiconNamed (prose_test.go): a named source's weight at its floor and above it",
	"weakTailShare":        "pinned by TestWeakTailFusesAtLessWeight (fusion_test.go): which pages of a list are its weak tail",
	"weakTailWeight":       "pinned by TestWeakTailFusesAtLessWeight (fusion_test.go): the weight the weak tail fuses at",
	// Caps on what a stage considers: they bite only over more matches
	// than the fixture holds; the real index's goldens (TestHeldOutRealIndex)
	// and docs/search.md's measurements are their evidence.
	"FullScoreCap":       "a cap on bm25-scored matches (300)",
	"proseScoreCap":      "FullScoreCap for requests (600)",
	"smallSourceMax":     "the largest source searched by rowid range over the cap",
	"languageSideDepth":  "a depth a keyword side is read to: it bites only past 50 results, more than the fixture holds; realq-dev's ranking golden (TestHeldOutRealIndex) holds its effect",
	"lookupLimit":        "a cap on each B-tree lookup's rows",
	"minMatches":         "the match count under which an AND is relaxed; search_test.go's relaxed queries show the relaxation",
	"minLookupHits":      "the lookup count under which a query over the cap gets title matches",
	"titleFTSLimit":      "a cap on those title matches",
	"contextLimit":       "a cap on the context search's APIs",
	"contextMinMatches":  "the match count under which the context AND is relaxed",
	"contextMaxMatches":  "a context AND matching more APIs is left out",
	"filteredTitleLimit": "a cap on the filtered title stage",
	"filteredFTSLimit":   "a cap on the filtered full-text fallback",
	"proseMinMatches":    "the match count under which a request's AND of concepts is relaxed",
	"proseFieldLimit":    "a cap on the field-restricted scoring of a request over the cap",
	"specificNounDF":     "the document frequency under which a noun names its type page",
	"namingWordDF":       "the document frequency under which a word names a framework by its synonyms",
	"typoScanLimit":      "a cap on the titles read per prefix by the spelling check",
	"dfLimit":            "a cap on a counted document frequency",
	"maxReadSearches":    "a cap on the searches one reading runs",
	"maxReadTitles":      "how many pages may bear a property's name for a read of it as that property",
	"maxShortSide":       "how many words each side of a comparison may have: TestReadQuestionForm's comparisons",
}

// TestScoringCasesNameEveryWeight: every weight, frameworkAuthority entry
// and additive constant of weights.go has a scoring case or a reason in
// notScored, so a new number cannot join the ranker unpinned.
func TestScoringCasesNameEveryWeight(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "weights.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if id.Name == "frameworkAuthority" {
					for _, elt := range n.Values[i].(*ast.CompositeLit).Elts {
						key, _ := strconv.Unquote(elt.(*ast.KeyValueExpr).Key.(*ast.BasicLit).Value)
						names = append(names, "frameworkAuthority["+key+"]")
					}
					continue
				}
				names = append(names, id.Name)
			}
		}
		return true
	})
	pinned := map[string]bool{}
	for _, tc := range scoringCases {
		for part := range strings.SplitSeq(tc.rule, "+") {
			pinned[part] = true
		}
	}
	for _, name := range names {
		if !pinned[name] && notScored[name] == "" {
			t.Errorf("%s (weights.go) has no scoring case and no reason in notScored", name)
		}
	}
}
