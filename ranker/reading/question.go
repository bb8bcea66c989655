package reading

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// QuestionForm is the scaffolding a question wraps its content in, found
// before the query is read: "How do I … in Swift?", "What is …?", a tag
// ("[swift]", "[duplicate]"), an aside ("(iOS 17)"), a platform or
// language version ("Swift 5.7"). The scaffolding is not searched: its
// words ("what", "possible", "iOS", "Swift") match pages titled with them
// and not the page asked about. A comparison ("X vs Y", "the difference
// between X and Y") names its two sides, each searched too.
type QuestionForm struct {
	// Core is what is read and searched: the query without its
	// scaffolding, the query itself when it has none.
	Core string `json:"core"`
	// Stripped lists the scaffolding removed, as typed, for --explain.
	Stripped []string `json:"stripped,omitempty"`
	// Sides are the two things a comparison compares.
	Sides []string `json:"sides,omitempty"`
	// Operators are the operators the question names, each as "op as its
	// name": their names are searched with them (operators.go).
	Operators []string `json:"operators,omitempty"`
	// Headline: the question is written in title case, its capitals
	// read as the title's style and lowered (headline.go).
	Headline bool `json:"headline,omitempty"`
	raw      string
	// prefers: the question chooses one thing over another.
	prefers bool
	// read is the reading of readOf, the core as it stood when the form
	// read it to tell code from words: ReadCore returns it while the core
	// is unchanged, rather than reading it a second time.
	read   Reading
	readOf string
}

// deprecationAskedRE: words that ask about a deprecation ("'scores' was
// deprecated", "replacement for UIWebView", "what should I use instead").
var deprecationAskedRE = regexp.MustCompile(`(?i)deprecat|obsolete|replac|instead|no longer`)

// AsksAboutDeprecation reports whether text asks about a deprecation.
func AsksAboutDeprecation(text string) bool { return deprecationAskedRE.MatchString(text) }

// AsksAboutDeprecation reports whether the question, scaffolding
// included, asks about a deprecation.
func (f *QuestionForm) AsksAboutDeprecation() bool { return AsksAboutDeprecation(f.raw) }

// ReadCore returns the reading of the core: the one the form made when the
// core has not changed since, else a new one. The reading is the caller's
// to change; call it once per form.
func (f *QuestionForm) ReadCore() Reading {
	if f.readOf == f.Core && f.readOf != "" {
		r := f.read
		f.read, f.readOf = Reading{}, ""
		return r
	}
	return Read(f.Core)
}

// NamesSwift reports a question framed as about Swift: its scaffolding
// names the language ("… in Swift?", "[swift]", "Swift 5.7", "Swift:"), or
// its words a topic of the language ("Swift strings").
func (f QuestionForm) NamesSwift() bool {
	for _, piece := range f.Stripped {
		for _, w := range strings.FieldsFunc(strings.ToLower(piece), func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
		}) {
			if strings.HasPrefix(w, "swift") && w != "swiftui" && questionLanguageWords[w] {
				return true
			}
		}
	}
	// "… in Swift strings", "Last argument of Swift #availability check":
	// the word in the sentence, before a topic of the language, names it
	// as "… in Swift?" does; before a name ("Swift Charts") it may be a
	// framework's.
	return swiftTopicRE.MatchString(f.Core)
}

// swiftTopicRE: "Swift" or "Swift's" before a word in lower case, a
// #directive, an @attribute or code in backticks.
var swiftTopicRE = regexp.MustCompile(`\bSwift(?:'s)? [a-z#@\x60]`)

// nilSymptomRE: the symptom a question ends on, "… is nil", "… returns
// nil" (trailingFrameRE strips it).
var nilSymptomRE = regexp.MustCompile(`(?i)\bnil$`)

// NilSymptom returns the words of the question's stripped scaffolding that
// say a value is nil ("returning nil"), "" when none do: scaffolding to a
// page's search ("textAttributesForNil" matches the word), the symptom to
// the task lexicon's problems.
func (f QuestionForm) NilSymptom() string {
	for _, s := range f.Stripped {
		if s = strings.TrimSpace(s); nilSymptomRE.MatchString(s) {
			return s
		}
	}
	return ""
}

// Changed reports whether the form differs from the query as typed.
func (f QuestionForm) Changed() bool {
	return f.Core != f.raw || len(f.Sides) > 0 || len(f.Operators) > 0
}

// Platform returns the one platform the question names, in its raw
// words ("Close iOS keyboard", "(iPhone)", "on Apple Watch"): "iOS",
// "macOS", "tvOS", "watchOS" or "visionOS"; "" when it names none, or
// more than one (a port, a comparison).
func (f QuestionForm) Platform() string {
	named := ""
	for _, m := range platformNameRE.FindAllString(strings.ToLower(f.raw), -1) {
		p := platformOfWord[strings.Join(strings.Fields(m), " ")]
		if named != "" && p != named {
			return ""
		}
		named = p
	}
	return named
}

// sourceFileRE is a source file's name ("AppDelegate.swift",
// "ViewController.m"): it stands for the type the file declares.
// resourceFileRE is a resource file's ("Info.plist", "Main.storyboard"),
// whose pages name it in two words (Information Property List, a
// storyboard). Read as a member access, either matched nothing.
var (
	sourceFileRE   = regexp.MustCompile(`\b([A-Z][A-Za-z0-9]*)\.(?:swift|m|mm|h)\b`)
	resourceFileRE = regexp.MustCompile(`\b([A-Za-z][A-Za-z0-9]*)\.(plist|storyboard|xib|entitlements|xcassets|xcconfig)\b`)
)

// fileNameWords reads the files a question names among other words as
// what they stand for: "AppDelegate.swift" as AppDelegate, "Info.plist"
// as "Info plist". A file's name alone is a search for that file (a
// sample's BlurDetector.swift) and stays as typed.
func fileNameWords(text string) string {
	if !strings.Contains(text, ".") || len(strings.Fields(text)) < 2 {
		return text
	}
	text = sourceFileRE.ReplaceAllString(text, "$1")
	return resourceFileRE.ReplaceAllString(text, "$1 $2")
}

// ValueChainWords writes each value's member that text names without a
// call ("tableView.reloadData", "view.frame", "item?.title") as its names
// apart, the words a page's title and text hold.
func ValueChainWords(text string) string {
	if !strings.Contains(text, ".") {
		return text
	}
	return valueChainRE.ReplaceAllStringFunc(text, func(m string) string {
		if fileNameRE.MatchString(strings.TrimLeft(m, " \t([,'\"`")) {
			return m // a file's name: "main.swift"
		}
		return chainDots.Replace(m)
	})
}

var chainDots = strings.NewReplacer("?.", " ", "!.", " ", ".", " ")

// IsPlatformWord reports whether w names a platform (iOS, iPhone, macOS…):
// where the code runs, never the name of a page's type.
func IsPlatformWord(w string) bool { return platformWords[strings.ToLower(w)] }

// platformOSes are Apple's operating systems as a title writes them, for
// the expressions that read a platform's tag or version (versionRE,
// leadingFrameRE, trailingPlatformRE).
const platformOSes = `ios|ipados|macos|os x|watchos|tvos|visionos`

// platformNameRE finds the words that name a platform; platformOfWord
// says which. "Mac" alone is left out: Mac Catalyst runs iOS code.
var (
	platformNameRE = regexp.MustCompile(`\b(ios|ipados|iphone|ipad|cocoa[- ]touch|macos|os\s?x|cocoa|tvos|apple\s+tv|watchos|apple\s+watch|visionos|vision\s+pro)\b`)
	platformOfWord = map[string]string{
		"ios": "iOS", "ipados": "iOS", "iphone": "iOS", "ipad": "iOS", "cocoa-touch": "iOS", "cocoa touch": "iOS",
		"macos": "macOS", "osx": "macOS", "os x": "macOS", "cocoa": "macOS",
		"tvos": "tvOS", "apple tv": "tvOS", "watchos": "watchOS", "apple watch": "watchOS",
		"visionos": "visionOS", "vision pro": "visionOS",
	}
)

// The words of scaffolding, lower case. platformWords name where the code
// runs and languageWords what it is written in: a question names them for
// context, every page of the index is about them.
var (
	platformWords         = wordSet(`ios ipados macos osx watchos tvos visionos xcode iphone ipad mac cocoa cocoa-touch`)
	questionLanguageWords = wordSet(`swift swift3 swift4 swift5 swift6 swiftlang objective-c objectivec objc obj-c`)
	// tagWords are tags a question site adds to a title.
	tagWords = wordSet(`duplicate closed solved resolved answered edit edited update updated beginner newbie help
		question noob`)
)

// captureItem is a capture list's weak or unowned item.
const captureItem = `(?:weak|unowned(?:\((?:safe|unsafe)\))?)\s+[A-Za-z_]\w*`

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

var (
	// tagRE: a bracketed tag at the start or the end of the text.
	leadingTagRE  = regexp.MustCompile(`^\s*\[([A-Za-z][A-Za-z0-9 .+#-]{0,30})\]`)
	trailingTagRE = regexp.MustCompile(`\[([A-Za-z][A-Za-z0-9 .+#-]{0,30})\]\s*$`)
	// captureListRE: a closure's capture list a question quotes ("When
	// to use [weak self]", "[unowned self] in a Task", "[weak self, weak
	// delegate]", "[unowned(unsafe) self]", "[self]").
	captureListRE = regexp.MustCompile(`\[\s*(self|` + captureItem + `(?:\s*,\s*(?:` + captureItem + `|[A-Za-z_]\w*))*)\s*\]`)
	// captureListMarks are what a capture list's words lose: commas and
	// the parentheses of unowned(unsafe).
	captureListMarks = strings.NewReplacer(",", " ", "(", " ", ")", " ")
	// asideRE: a parenthesised aside, apart from the word before it (an
	// aside, not a call: "delegate (without @objc)"; a glued one is
	// gluedAsideRE's).
	asideRE = regexp.MustCompile(`(^|\s)\(([^(){}=":]{1,40})\)`)
	// gluedAsideRE: a parenthesised word glued to the word before it
	// ("Binding(UI)"); a call unless the word is context (ReadQuestionForm).
	gluedAsideRE = regexp.MustCompile(`([A-Za-z])\(([A-Za-z][A-Za-z0-9 .]{0,20})\)`)
	// selectorRE: an Objective-C selector of two parts or more in a
	// sentence, "hitTest:withEvent:": a camel-cased name and its parts,
	// each ending in a colon, then a space or the end. One part alone
	// ("isFocused: Bool") is Swift's declaration as often.
	selectorRE = regexp.MustCompile(`\b([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)((?::[a-z][A-Za-z0-9]*)+):(\s|$)`)
	// valueChainRE: a value's member written without its call in a
	// sentence, "tableView.reloadData", "view.frame", "self.view.bounds":
	// lower-case names joined by dots. Searched as one phrase it matches no
	// page; its names, apart, find the member.
	valueChainRE = regexp.MustCompile("(^|[\\s(\\[,'\"`])([a-z][A-Za-z0-9_]*(?:[?!]?\\.[a-z][A-Za-z0-9_]*)+)\\b")
	// acronymRE: a short acronym of capitals ("UI", "UX").
	acronymRE = regexp.MustCompile(`^[A-Z]{2,3}$`)
	// whatsNewRE: "What's new in SwiftUI" is a session's title, not a
	// question's frame.
	whatsNewRE = regexp.MustCompile(`(?i)^what(?:'s|’s| is|s) new\b`)
	// noteAsideRE: an aside that notes what the asker rules out or who
	// asks ("(not storyboard)", "(no third party libraries)", "(with
	// example)", "(beginner)", "(solved)"): no topic of the question.
	noteAsideRE = regexp.MustCompile(`(?i)^(?:(?:not|no) [a-z' -]+|with (?:an? )?examples?|beginner|newbie|solved|resolved|updated?|edit(?:ed)?|closed|` +
		`without (?:a |using )?(?:storyboards?|interface builder|xibs?|nibs?|(?:third[- ]party )?librar(?:y|ies)|pods?))$`)
	// plainAsideRE: an aside of words, "(without @objc)".
	plainAsideRE = regexp.MustCompile(`^[A-Za-z@'’ -]+$`)
	// versionRE: a platform or language with its version: "iOS 17",
	// "Swift 5.7", "iOS17", "macOS 14.2 -". Not Xcode's: "in Xcode 16"
	// names the tool and its year (a WWDC session), not a platform.
	versionRE = regexp.MustCompile(`(?i)(^|[\s(\[,/])(` + platformOSes + `|swift)\s?[0-9]+(\.[0-9x]+)*\+?(\s*[-–:]\s*|\b)`)
	// leadingFrameRE: how a question opens. Repeated, so "[ios] How do
	// I" and "Swift: how to" lose every layer.
	leadingFrameRE = regexp.MustCompile(`(?i)^(?:` +
		`(?:(?:swift|swiftui|` + platformOSes + `|objective[- ]?c|xcode|iphone|ipad)(?:\s?[0-9]+(?:\.[0-9x]+)*\+?)?\s*)+(?:development|programming)?\s*[-–:]\s+|` +
		// When it began: "In iOS 17, …", "Since iOS 17 …", "After
		// updating to Xcode 15, …" (the platform reading takes the
		// platform from the raw request).
		`(?:(?:in|since|after|with|on) (?:the )?|after (?:updating|upgrading|migrating|moving) to )(?:` + platformOSes + `|xcode|swift)(?:\s?[0-9]+(?:\.[0-9x]+)*)?(?: (?:beta|update|upgrade))?(?:,\s*|\s+)|` +
		// The asker's standing as a tag: "Swift newbie: …", "Beginner
		// question - …", "Quick question: …".
		`(?:(?:swift|swiftui|ios|xcode)\s+)?(?:newbie|beginner|noob|quick|simple|basic)(?:\s+question)?\s*[-–:]\s+|` +
		// Xcode's version before a dash or a colon tags the title ("Xcode
		// 15 - …", "Xcode 14 RC: …"); "in Xcode 16" stays (versionRE).
		`xcode\s?[0-9]+(?:\.[0-9]+)*(?:\s?(?:beta|rc|gm)(?:\s?[0-9]+)?)?\s*[-–:]\s+|` +
		`what(?:'s|’s| is) (?:going on|happening|wrong)(?: here)?(?: with)?\s+|` +
		`(?:an? )?(?:bug|issue|problem|question|confusion) (?:in|with|about|regarding)\s+|how come\s+|` +
		`why (?:use|choose|prefer)\s+|` +
		// "Explain escaping closures", "Confused about …": the topic
		// follows. Not "Understanding …": "Understanding Task
		// cancellation" lost its page that way.
		`(?:explain|confused about|question about|questions about)\s+|` +
		`can (?:anyone|anybody|someone|somebody|you)(?: please)? (?:help me|tell me|explain|show me)(?: (?:with|how to|to|about))?\s+|` +
		`how (?:do|can|could|would|should|might) (?:i|we|you|one)(?: (?:properly|correctly|best))?\s+|how to\s+|how does one\s+|` +
		`where (?:do|can|could|would|should|might) (?:i|we|you|one)\s+|` +
		`is (?:it|there a way|there any way) (?:possible )?(?:to|for me to|i can)?\s*|is it possible\s+|` +
		`(?:(?:what(?:'s| is) |which is )?the )?(?:best|proper|right|correct|recommended|simple|simplest|easy|easiest|quick|quickest|fastest|clean|cleanest|elegant|preferred|swifty|swiftiest) (?:way|method) (?:to|of|for)\s+|` +
		`(?:the )?best (?:way|practice|practices) (?:to|of|for)\s+|` +
		`what(?:'s| is| are| does| do) (?:an? |the )?(?:use|purpose|meaning|point) of\s+|` +
		`what(?:'s| is| are)(?: an?| the)?\s+|whats\s+|what does\s+|what do\s+|` +
		`why (?:is|are|does|do|am|can't|cannot|won't|doesn't|isn't|aren't|don't|did)(?: i| my| the| this| it| we| there)?\s+|` +
		`when (?:should|do|would) (?:i|we|you) (?:use\s+)?|when to use\s+|` +
		`(?:can|should|could|shall) (?:i|we|you)\s+|` +
		// A yes/no question about the language: "Is Swift pass by value",
		// "Does Swift have generics": Swift is the context, not a word to
		// search (the frame names Swift, NamesSwift).
		`(?:is|are|does|do|can|will|would|should) swift(?:'s)?(?: (?:have|has|support|allow|provide|offer))?\s+|` +
		// A yes/no question's auxiliary: "Is a function a value type",
		// "Does UIKit retain …", "Can a struct inherit". Not "do": "do
		// something when the user shakes the phone" is a request.
		`(?:is|are|was|were|does|did|can|could|should|will|would)\s+` +
		`)`)
	// topicFrameRE: a title that names its topic, then asks ("NSUserDefaults
	// - How to tell if a key exists", "SKStoreReviewController: How are the
	// limits handled?"): a name with a capital, a dash or a colon, the rest.
	topicFrameRE = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9_.]*[A-Z][A-Za-z0-9_.]*)(\s+[-–—]\s+|:\s+)(.+)$`)
	// troubleOpenerRE: a title that opens with the asker's trouble.
	troubleOpenerRE = regexp.MustCompile(`(?i)^(?:unable to|can't|can’t|trying to|help (?:me )?understand(?:ing)?|` +
		// The asker's wish before the topic: "I want to …", "Any way
		// to …", "Trouble trying to …", "Need help with …".
		`(?:i|we) (?:want|need|would like|'d like|’d like|am trying|'m trying|’m trying|have been trying|tried) to|` +
		`any (?:way|chance) to|(?:having )?(?:trouble|difficulty|difficulties) (?:trying to|with|using|when)|(?:need )?help (?:with|to))\s+`)
	// askAfterRE: the asker's plea after the question ("…. Any ideas?",
	// "… - best practice?", "…, what am I doing wrong?", "…: not working
	// as expected", "…, how to set it up?"): the words before it hold the
	// content ("set it up" found XCTestCase's setUp()).
	askAfterRE = regexp.MustCompile(`(?i)(?:\s*[-–—:,.]\s*|\s+)(?:any (?:ideas|suggestions|help|advice)|(?:the )?best practices?|what am i (?:doing wrong|missing)|what is it(?: and (?:when|how|why) (?:to|should i|do i|would i) use it)?|it and (?:when|how|why) (?:to|should i|do i|would i) use it|not working as expected|how does (?:it|this) work|how (?:to|do i|can i|should i|would i) (?:fix|do|set up|set|solve|avoid|handle|use|achieve|implement|make|get|configure|prevent) (?:it|this|that)(?: up| work| right| correctly)?)\s*[?.!]*$`)
	// swiftTagRE: a title that opens with the language's name before a
	// lower-case word ("Swift property observers …", "Swift protocol
	// extension method is called …"); not "Swift Charts" or "Swift
	// Testing", names of their own.
	swiftTagRE = regexp.MustCompile(`^([Ss]wift)\s+\p{Ll}`)
	// followUpRE: a short question after the question ("…? And why?",
	// "…? Any ideas?"): the first question holds the content.
	followUpRE = regexp.MustCompile(`(?i)\?\s*(?:(?:and|but|or|if so,?|if not,?) )?(?:why|how|what|any ideas|any suggestions|any help|or not|is it possible|is this possible)(?: not)?\s*[?.!]*$`)
	// trailingFrameRE: how a question ends: "in Swift?", "using
	// Objective-C", "in iOS", "not working", "mean?", a yes-or-no
	// question's "or not". Not "in Xcode":
	// the tool is a subject of its own; nor "on iPad": a device's
	// layout is ("two-column sidebar layout on iPad").
	trailingFrameRE = regexp.MustCompile(`(?i)(?:\s*[?!.]+|\s+(?:in|using|with|for|on) (?:the |an? )?(?:swift|objective[- ]?c|obj-?c|ios)(?:\s?[0-9][0-9.]*)?(?: (?:language|app|apps|code|programming|development))?|` +
		`\s+(?:not|isn't|doesn't|does not|is not|don't|won't|no longer|stopped) work(?:ing|s)?(?: (?:anymore|any more))?|\s+(?:mean|means)|` +
		`\s+(?:programming|development)|\s+[-–:]\s*|\s+or not|` +
		// "… explained", "… like I'm five": the asker wants it explained.
		`\s+(?:explained|like i'?m (?:five|5))|` +
		// How, not what: "… without storyboard", "… easily", "… in 2024".
		// Not "programmatically": Apple's pages say it where it matters
		// ("add constraints programmatically").
		`\s+(?:easily|without (?:a |using )?(?:storyboards?|interface builder|xibs?|nibs?)|in (?:19|20)[0-9]{2})|` +
		// "… after iOS 18 update", "… since updating to Xcode 15".
		`\s+(?:after|since) (?:the )?(?:(?:updating|upgrading|migrating|moving) to )?(?:` + platformOSes + `|xcode|swift)(?:\s?[0-9]+(?:\.[0-9x]+)*)?(?: (?:update|upgrade|beta))?|` +
		`\s+(?:issue|issues|bug|bugs|problem|problems|confusion)(?: with (?:swift|ios|xcode))?|` +
		`\s+(?:(?:is|are|returns?|returning|always|becomes?|being|still|gets?|stays?)\s+)*nil)$`)
	// siteSuffixRE: the site a pasted page title ends with ("… - Stack
	// Overflow", "… - Using Swift - Swift Forums", "… | Apple Developer
	// Forums"), with the forum's category or the question's tag.
	siteSuffixRE = regexp.MustCompile(`(?i)(?:\s+[-–—|]\s+[A-Za-z][A-Za-z0-9 .+#-]{0,30}?)?\s+[-–—|]\s+(?:stack overflow|swift forums|apple developer forums?|apple developer documentation|apple developer)$`)
	// trailingPlatformRE: the platform a title ends on ("Button on macOS
	// 14", "Set for watchOS", "… in iOS 18 beta"): context, which the
	// platform reading takes from the raw request; left to versionRE, the
	// preposition stayed ("Button on"). Not "on iPhone" or "on iPad": a
	// device's layout is a subject ("two-column sidebar layout on iPad");
	// nor a diagnostic's ("'X' is unavailable in macOS"): there the
	// platform is the message's point.
	trailingPlatformRE = regexp.MustCompile(`(?i)\s+(?:in|on|for|with|using|under|targeting)\s+(?:the\s+)?(?:` + platformOSes + `)(?:\s?[0-9]+(?:\.[0-9x]+)*\+?)?(?:\s+(?:beta|rc)(?:\s?[0-9]+)?)?$`)
	// nameSymptomRE: a symptom after a name ("FetchRequest is not getting
	// called", "Why does Duration crash?", "reloadData() returns wrong
	// value"): the name is the subject. Only after a word with a capital
	// or a call's parenthesis: "my app crashes" and "completion handler
	// not called" keep their words, which the task lexicon reads. A
	// member's plain word may stand between a type's name and the symptom
	// ("View sheet is not getting called", "Array contains crashes"), but
	// not after a capitalised function word ("My app crashes").
	nameSymptomRE = regexp.MustCompile(`(\S*[A-Z)]\S*)(\s+[a-z][A-Za-z]*)??(\s+(?:(?:is|are)\s+)?(?:not|never|isn't|aren't) (?:being |getting )?(?:called|fired|triggered|invoked)|\s+(?:crash|crashes|crashing)|\s+returns? (?:the |a )?wrong (?:value|result)s?)$`)
	// howWorksRE: "How does X work", "How is X used", "How does X run":
	// X is asked about;
	// the frame is both ends, neither of them alone ("how to get it to
	// work" is a request whose "work" is its own). Without the auxiliary
	// ("How "buildEither" work?", "How DispatchGroup works") X is one
	// word: "how it can work" is no subject.
	howWorksRE = regexp.MustCompile(`(?i)^how (?:(?:does|do|is|are) (.+?)|([^\s]+))\s+(?:work|works|used|implemented|run|runs|behave|behaves)$`)
	// calledRE: "When is X called?", "Why does X get called twice?",
	// "What calls X?": X is asked about, and "called" is no word of its
	// topic (it found CallKit's pages).
	calledRE = regexp.MustCompile(`(?i)^(?:(?:when|why|where|how often) (?:is|are|does|do|was|were) (.+?)\s+(?:(?:get|gets|being|been) )?(?:called|invoked|triggered|fired)(?: (?:twice|again|multiple times|so often|so many times))?|(?:what|who) (?:calls|invokes|triggers) (.+?))\s*[?!.]*$`)
	// useNameRE: "(How do I) use Task.detached": a name to use is what
	// is asked about; "use" would search as a word of its own.
	useNameRE = regexp.MustCompile(`^(?i:use) (?:(?i:the|an|a) )?([A-Z@#][^\s]*(?:\s.*)?)$`)
	// purposeRE: "What does X do?", "What is X used for?", "What is the
	// purpose of X?": X is asked about; "do" and "used for" are no words
	// of its topic ("What does Set do" searched "Set do").
	purposeRE = regexp.MustCompile(`(?i)^(?:what (?:does|do|did) (.+?) (?:do|does)|what (?:is|are) (.+?) (?:used|good) for|(?:what is )?the (?:purpose|point|use) of (.+?)|(?:purpose|point) of (.+?))\s*[?!.]*$`)
	// troubleWithNameRE: "Getting an error when using AVAudioSession",
	// "Warning about WKWebView evaluateJavaScript", "Crash when calling
	// X": the name is the subject. Only before a name (a capital or an
	// @): "crash when the app goes to background" keeps its words, which
	// the task lexicon reads.
	troubleWithNameRE = regexp.MustCompile(`^(?i:(?:getting |got )?(?:an? )?(?:error|warning|crash|exception)s? (?:about|when (?:using|calling)|with|in|from|on)) ([A-Z@][^\s]*(?:\s.*)?)$`)
	// subjectFrameREs ask about the subject they enclose.
	subjectFrameREs = []*regexp.Regexp{howWorksRE, calledRE, useNameRE, purposeRE, troubleWithNameRE}
	// equivalentRE: "the Swift equivalent of NSLog", "SwiftUI equivalent
	// of viewDidLoad", "equivalent to Objective-C's @synchronized": the
	// equivalent of the name is asked about; the language it comes from
	// is no topic (its words found the Objective-C migration guides), and
	// the framework it is wanted in is the request's framework, named
	// last ("equivalent of viewDidLoad in SwiftUI"). Not "X equivalent":
	// two words read as a type and its member.
	equivalentRE      = regexp.MustCompile(`(?i)^(?:there (?:is )?(?:an?|any) |(?:the|a|an|any) )?(?:(` + equivalentTargets + `)(?:'s|’s)? )?equivalents? (?:of|to|for) (?:((?:objective[- ]?c|obj-?c|java|kotlin|android|c#|c\+\+|javascript|js|python|rxswift|uikit|appkit|cocoa))(?:'s|’s)? )?(.+?)(?:\s+(?:in|for|on|with|using) (` + equivalentTargets + `))?$`)
	equivalentTargets = `swiftui|swift|ios|macos|uikit|appkit|combine|swiftdata|core data`
	// pronounSubject: words that are no subject of "How X works" ("how
	// it works", "how this works" ask nothing about a name).
	pronounSubject = map[string]bool{"to": true, "it": true, "this": true, "that": true, "they": true, "we": true, "i": true, "you": true}
	// comparisonRE: "the difference between X and Y".
	differenceRE = regexp.MustCompile(`(?i)(?:^|\s)(?:the )?(?:main |key )?differen(?:ce|ces|tiate) (?:between|of)\s+(.+?)\s+and\s+(.+)$`)
	// versusRE: "X vs Y", "X vs. Y", "X versus Y".
	versusRE = regexp.MustCompile(`(?i)^(.+?)\s+(?:vs\.?|versus)\s+(.+)$`)
	// preferRE: a question that chooses ("why choose X over Y", "prefer
	// X over Y") compares X and Y as "X vs Y" does; "over" alone is a
	// preposition ("draw a view over the map").
	preferRE = regexp.MustCompile(`(?i)^(?:why )?(?:choose|prefer)\s`)
	overRE   = regexp.MustCompile(`(?i)^(.+?)\s+over\s+(.+)$`)
	// genericPlaceholderRE: a capitalised name and its angle-bracket
	// arguments; placeholderRE: an argument that is a placeholder (one
	// capital, or a name the standard library gives its parameters).
	genericPlaceholderRE = regexp.MustCompile(`\b([A-Z][A-Za-z0-9]*)<([A-Za-z0-9, ]+)>`)
	placeholderRE        = regexp.MustCompile(`^(?:[A-Z]|Element|Key|Value|Wrapped|Success|Failure|Content)$`)
	// backtickRE: a word quoted as code in prose, `let`, and the "s"
	// prose adds to a quoted name for its plural ("`@available`s",
	// "`Int`s"), which is not part of the name.
	backtickRE = regexp.MustCompile("`([^`\\s]{1,40})`(?:s\\b)?")
)

// ReadQuestionForm strips a question's scaffolding from raw. isFramework
// reports whether a word names a framework (nil: none does): an aside or
// a tag that names one ("(SwiftUI)", "[uikit]") is context like a
// platform. Only words are stripped: code and messages keep their inner
// text, as "Swift 6" and "in" are theirs; the frame around them goes.
func ReadQuestionForm(raw string, isFramework func(string) bool) QuestionForm {
	raw = strings.TrimSpace(raw)
	f := QuestionForm{raw: raw}
	f.Core, f.Operators = nameOperators(raw)
	strip := func(found string) {
		if s := strings.TrimSpace(found); s != "" {
			f.Stripped = append(f.Stripped, s)
		}
	}
	scaffold := func(text string) bool {
		words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return r == ' ' || r == ',' || r == '/' })
		if len(words) == 0 {
			return false
		}
		for _, w := range words {
			switch {
			case platformWords[w], questionLanguageWords[w], tagWords[w], isVersion(w):
			case isFramework != nil && isFramework(w):
			default:
				return false
			}
		}
		return true
	}
	// Capture lists before tags: "[weak self]" is lower case as a tag is.
	f.Core = captureListWords(f.Core)
	f.Core = fileNameWords(f.Core)
	// A pasted page title's site is outermost: a tag's dashes inside it
	// ("DateComponents - swift - Stack Overflow") are the site's.
	if m := siteSuffixRE.FindStringIndex(f.Core); m != nil && m[0] > 0 {
		strip(f.Core[m[0]:])
		f.Core = strings.TrimSpace(f.Core[:m[0]])
	}
	// Tags and asides first: they may enclose the frame's last word.
	for changed := true; changed; {
		changed = false
		if m := leadingTagRE.FindStringSubmatchIndex(f.Core); m != nil && tagLike(f.Core[m[2]:m[3]], scaffold) {
			strip(f.Core[m[0]:m[1]])
			f.Core, changed = strings.TrimSpace(f.Core[m[1]:]), true
		}
		if m := trailingTagRE.FindStringSubmatchIndex(f.Core); m != nil && tagLike(f.Core[m[2]:m[3]], scaffold) {
			strip(f.Core[m[0]:m[1]])
			f.Core, changed = strings.TrimSpace(f.Core[:m[0]]), true
		}
	}
	// A word's glued aside: "Binding(UI)", "NavigationView(SwiftUI)",
	// "Button(iOS)": a platform, a framework or a short capitalised
	// acronym in parentheses is context, no call's argument.
	f.Core = gluedAsideRE.ReplaceAllStringFunc(f.Core, func(m string) string {
		sub := gluedAsideRE.FindStringSubmatch(m)
		if !scaffold(sub[2]) && !acronymRE.MatchString(sub[2]) {
			return m
		}
		strip("(" + sub[2] + ")")
		return sub[1]
	})
	// A generic type written with its placeholders ("Array<T>",
	// "Dictionary<Key, Value>") names the type: the placeholders match
	// every page that says "T" or "array_t". A real argument
	// ("Array<Int>") is kept.
	f.Core = genericPlaceholderRE.ReplaceAllStringFunc(f.Core, func(m string) string {
		sub := genericPlaceholderRE.FindStringSubmatch(m)
		for _, arg := range strings.Split(sub[2], ",") {
			if !placeholderRE.MatchString(strings.TrimSpace(arg)) {
				return m
			}
		}
		strip("<" + sub[2] + ">")
		return sub[1]
	})
	f.Core = asideRE.ReplaceAllStringFunc(f.Core, func(m string) string {
		sub := asideRE.FindStringSubmatch(m)
		switch {
		case scaffold(sub[2]), noteAsideRE.MatchString(strings.TrimSpace(sub[2])):
			strip(m)
			return sub[1]
		case plainAsideRE.MatchString(sub[2]):
			// Words in parentheses are words, not a call.
			return sub[1] + sub[2]
		}
		return m
	})
	f.Core = strings.TrimSpace(f.Core)
	if whatsNewRE.MatchString(f.Core) {
		// A session's title: every word of it is content.
		return f
	}
	if m := followUpRE.FindStringIndex(f.Core); m != nil && m[0] > 0 {
		strip(f.Core[m[0]+1:])
		f.Core = strings.TrimSpace(f.Core[:m[0]+1])
	}
	for changed := true; changed; {
		changed = false
		// A choice may follow a tag or another frame ("[ios] Why choose").
		f.prefers = f.prefers || preferRE.MatchString(f.Core)
		for _, re := range subjectFrameREs {
			if m := re.FindStringSubmatchIndex(f.Core); m != nil {
				lo, hi := -1, -1
				for g := 2; g+1 < len(m) && lo < 0; g += 2 {
					lo, hi = m[g], m[g+1]
				}
				subject := f.Core[lo:hi]
				// A method alone keeps "called": "layoutSubviews" alone
				// is SwiftUI's LayoutSubviews, "layoutSubviews called"
				// UIView's method.
				// A negated subject ("Why is viewWillAppear not being
				// called?") is no subject but a symptom after a name,
				// which nameSymptomRE strips ("viewWillAppear not" named
				// nothing).
				negated := strings.HasSuffix(strings.ToLower(subject), " not")
				if !pronounSubject[strings.ToLower(subject)] && !negated && (re != calledRE || !(IsMemberName(subject) && CodeLike(subject))) {
					strip(f.Core[:lo])
					strip(f.Core[hi:])
					f.Core, changed = strings.TrimSpace(subject), true
				}
			}
		}
		// One word, then a plea about it ("SwiftUI: how does it work?",
		// "Combine - what is it and when to use it?"): the word is the
		// topic, not a tag the frame strips before the plea's pronoun.
		if m := askAfterRE.FindStringIndex(f.Core); m != nil && m[0] > 0 && !strings.Contains(strings.TrimSpace(f.Core[:m[0]]), " ") {
			strip(f.Core[m[0]:])
			f.Core, changed = strings.TrimSpace(f.Core[:m[0]]), true
		}
		if m := equivalentRE.FindStringSubmatchIndex(f.Core); m != nil {
			name := strings.TrimSpace(f.Core[m[6]:m[7]])
			if m[4] >= 0 {
				// Another language's directive ("@synchronized") is no
				// Swift attribute: its word is the topic.
				name = strings.TrimLeft(strings.Trim(name, "\"'`“”‘’"), "@")
			}
			core := "equivalent of " + name
			target := ""
			if m[2] >= 0 {
				target = f.Core[m[2]:m[3]]
			} else if m[8] >= 0 {
				target = f.Core[m[8]:m[9]]
			}
			// The language and the platform are everywhere; a
			// framework narrows.
			if t := strings.ToLower(target); t != "" && t != "swift" && t != "ios" && t != "macos" {
				core += " in " + target
			}
			if core != f.Core {
				strip(f.Core[:m[6]])
				strip(f.Core[m[7]:])
				f.Core, changed = core, true
			}
		}
		if m := leadingFrameRE.FindStringIndex(f.Core); m != nil && m[1] > 0 && m[1] < len(f.Core) {
			strip(f.Core[:m[1]])
			f.Core, changed = strings.TrimSpace(f.Core[m[1]:]), true
		}
		if m := topicFrameRE.FindStringSubmatchIndex(f.Core); m != nil {
			// The topic stays; the question that follows loses its frame.
			topic, rest := f.Core[m[2]:m[3]], f.Core[m[6]:m[7]]
			if fm := leadingFrameRE.FindStringIndex(rest); fm != nil && fm[1] > 0 && fm[1] < len(rest) {
				strip(f.Core[m[4]:m[5]] + rest[:fm[1]])
				f.Core, changed = topic+" "+strings.TrimSpace(rest[fm[1]:]), true
			}
		}
		if m := troubleOpenerRE.FindStringIndex(f.Core); m != nil && m[1] < len(f.Core) && !isMessage(f.Core) {
			// "Unable to add a convenience initialiser …", "Help
			// understand …": the asker's trouble, not the topic; a
			// diagnostic's own opening ("Unable to simultaneously satisfy
			// constraints") stays.
			strip(f.Core[:m[1]])
			f.Core, changed = strings.TrimSpace(f.Core[m[1]:]), true
		}
		if m := swiftTagRE.FindStringSubmatchIndex(f.Core); m != nil && len(strings.Fields(f.Core[m[3]:])) >= 2 {
			// "Swift property observers initial value": the language
			// opens a title as a tag does, before the topic's own words.
			strip(f.Core[:m[3]])
			f.Core, changed = strings.TrimSpace(f.Core[m[3]:]), true
		}
		// The plea first: it takes the mark before it (": not working as
		// expected"), which the trailing frame would leave on the name.
		if m := askAfterRE.FindStringIndex(f.Core); m != nil && m[0] > 0 {
			strip(f.Core[m[0]:])
			f.Core, changed = strings.TrimSpace(f.Core[:m[0]]), true
		}
		if m := trailingFrameRE.FindStringIndex(f.Core); m != nil && m[0] > 0 {
			strip(f.Core[m[0]:])
			f.Core, changed = strings.TrimSpace(f.Core[:m[0]]), true
		}
		if m := trailingPlatformRE.FindStringIndex(f.Core); m != nil && m[0] > 0 && !isMessage(f.Core) {
			strip(f.Core[m[0]:])
			f.Core, changed = strings.TrimSpace(f.Core[:m[0]]), true
		}
		if m := nameSymptomRE.FindStringSubmatchIndex(f.Core); m != nil && m[6] > 0 &&
			(m[4] < 0 || !swiftlex.QueryStopWords[strings.ToLower(f.Core[m[2]:m[3]])]) {
			strip(f.Core[m[6]:])
			f.Core, changed = strings.TrimSpace(f.Core[:m[6]]), true
		}
	}
	if f.compare(strip, true) {
		// Keywords compared ("guard let vs if let") read as code.
		return f
	}
	if headlineCase(f.raw, isFramework) {
		f.Core, f.Headline = lowerHeadlineWords(f.Core, isFramework), true
	}
	if f.read, f.readOf = Read(f.Core), f.Core; f.read.Class != ClassWords {
		// Code and messages keep their words.
		return f
	}
	// Objective-C's spelling of a method: old questions write the
	// selector ("hitTest:withEvent:"), whose parts are words here; the
	// first is the name Swift's method starts with (hitTest(_:with:)).
	// Code and messages returned above keep theirs; a method written with
	// its class ("-[UIView setNeedsLayout]") is left as written: read as
	// words in a long runtime message, it cost error-v4 and error-v5 a rank.
	f.Core = selectorRE.ReplaceAllStringFunc(f.Core, func(m string) string {
		sub := selectorRE.FindStringSubmatch(m)
		return sub[1] + strings.ReplaceAll(sub[2], ":", " ") + sub[3]
	})
	f.Core = ValueChainWords(f.Core)
	f.Core = versionRE.ReplaceAllStringFunc(f.Core, func(m string) string {
		sub := versionRE.FindStringSubmatch(m)
		strip(m)
		return sub[1]
	})
	f.Core = strings.Join(strings.Fields(f.Core), " ")
	for changed := true; changed; {
		changed = false
		if m := trailingFrameRE.FindStringIndex(f.Core); m != nil && m[0] > 0 {
			strip(f.Core[m[0]:])
			f.Core, changed = strings.TrimSpace(f.Core[:m[0]]), true
		}
	}
	f.compare(strip, false)
	f.Core = unquoteCode(f.Core)
	return f
}

// compare finds a comparison in the core and searches its sides; short
// asks for sides of at most MaxShortSide words.
func (f *QuestionForm) compare(strip func(string), short bool) bool {
	var x, y string
	versus := false
	if m := differenceRE.FindStringSubmatch(f.Core); m != nil {
		x, y = m[1], m[2]
	} else if m := versusRE.FindStringSubmatch(f.Core); m != nil {
		x, y, versus = m[1], m[2], true
	} else if m := overRE.FindStringSubmatch(f.Core); m != nil && f.prefers {
		x, y, versus = m[1], m[2], true
	}
	x, y = unquoteCode(x), unquoteCode(y)
	long := len(strings.Fields(x)) > MaxShortSide || len(strings.Fields(y)) > MaxShortSide
	if x == "" || y == "" || long && (short || versus) {
		return false
	}
	f.Sides = []string{x, y}
	// The longer side first: "hash" would otherwise take its letters out
	// of "hashValue" and leave "Value" as scaffolding.
	longer, shorter := x, y
	if len(shorter) > len(longer) {
		longer, shorter = shorter, longer
	}
	if rest := strings.Join(strings.Fields(strings.NewReplacer(longer, "", shorter, "").Replace(unquoteCode(f.Core))), " "); rest != "" {
		strip(rest)
	}
	f.Core = x + " " + y
	return true
}

// captureListWords writes each capture list a question quotes as its
// words, with the name the book's sections give it: "[weak self]" is asked
// about as "weak self capture list", neither a site's tag nor a bracketed
// expression. A list that opens a closure's body ("{ [weak self] in") is
// code and stays as written.
func captureListWords(text string) string {
	var out strings.Builder
	last := 0
	for _, m := range captureListRE.FindAllStringSubmatchIndex(text, -1) {
		if strings.HasSuffix(strings.TrimRight(text[:m[0]], " \t"), "{") {
			continue
		}
		out.WriteString(text[last:m[0]])
		out.WriteString(strings.Join(strings.Fields(captureListMarks.Replace(text[m[2]:m[3]])), " ") + " capture list")
		last = m[1]
	}
	if last == 0 {
		return text
	}
	return out.String() + text[last:]
}

// tagLike: a bracketed tag's text is a question site's tag, lower case
// ([swift], [core-data]) or scaffolding in any case ([SwiftUI]); a type in
// brackets ([String]) is code.
func tagLike(text string, scaffold func(string) bool) bool {
	return scaffold(text) || strings.ToLower(text) == text
}

// isVersion: "17", "5.7", "15+", "v2".
func isVersion(w string) bool {
	w = strings.TrimPrefix(strings.TrimSuffix(w, "+"), "v")
	if w == "" {
		return false
	}
	for _, r := range w {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return true
}

// unquoteCode drops the backticks around a word of prose quoted as code.
func unquoteCode(s string) string {
	return strings.TrimSpace(backtickRE.ReplaceAllString(s, "$1"))
}

// QuestionFormLine says, for --explain, what a question's form stripped
// and what it searched.
func QuestionFormLine(f QuestionForm) string {
	line := "Question form: searched " + strconv.Quote(f.Core)
	if len(f.Stripped) > 0 {
		line += "; stripped " + strings.Join(f.Stripped, " | ")
	}
	if len(f.Operators) > 0 {
		line += "; named " + strings.Join(f.Operators, " | ")
	}
	if f.Headline {
		line += "; its title case read as style"
	}
	if f.NamesSwift() {
		line += "; asks about Swift: the book's sections are searched"
	}
	switch {
	case len(f.Sides) == 0:
	case !f.SidesSearched():
		line += "; compared: " + strings.Join(f.Sides, " | ") + " (the whole reads as code, whose searches cover both sides)"
	case f.SidesAreCode():
		line += fmt.Sprintf("; compared: %s (each side read as code, its search weighing %s, the whole's words %s)",
			strings.Join(f.Sides, " | "), TrimFloat(ComparisonSideWeight), TrimFloat(f.WholeWeight()))
	default:
		line += fmt.Sprintf("; compared: %s (each side's search weighs %s, the whole's 1)", strings.Join(f.Sides, " | "), TrimFloat(ComparisonSideWeight))
		var language []string
		for _, side := range f.Sides {
			if KeywordsAlone(side) {
				language = append(language, side)
			}
		}
		if len(language) > 0 {
			line += "; sides of Swift keywords alone (" + strings.Join(language, " | ") + ") keep their pages of the book, Swift Evolution and swift.org"
		}
	}
	return line
}

// KeywordsAlone says whether every word of a comparison's side is a Swift
// keyword, in any case ("var", "static func", "guard let", a title-cased
// "Struct"): the side asks about the language, and its words alone match,
// elsewhere, only names that end in them (IOUserNetworkEthernet_IVars) or
// other languages' (Objective-C's Class).
func KeywordsAlone(side string) bool {
	fields := strings.Fields(side)
	for _, w := range fields {
		w = strings.Trim(w, "`'\"")
		if !swiftlex.Keywords[w] && !swiftlex.Keywords[strings.ToLower(w)] {
			return false
		}
	}
	return len(fields) > 0
}

// SidesSearched reports whether a comparison's sides are searched apart:
// when the whole reads as words. A whole that reads as code is searched
// as code, its calls and types from both sides.
func (f QuestionForm) SidesSearched() bool {
	if len(f.Sides) == 0 {
		return false
	}
	r := Read(f.Core)
	return r.Class == ClassWords || len(r.Searches) == 0
}

// SidesAreCode reports whether every side of a comparison reads as code
// ("DispatchQueue.main.async vs DispatchQueue.main.sync"): each side is then
// read and searched as that query would be, not as words.
func (f QuestionForm) SidesAreCode() bool {
	for _, side := range f.Sides {
		if r := Read(side); r.Class == ClassWords || len(r.Searches) == 0 {
			return false
		}
	}
	return len(f.Sides) > 0
}

// SideAlone reports whether a comparison's side is searched as that query
// alone would be: it reads as code, or it is one name written as code
// ("hashValue" in "hash vs hashValue", "UITableView"), whose own search
// finds the page that declares it (Hashable's hashValue) where a search of
// its words finds the first of the hundred types that repeat it.
func SideAlone(side string) bool {
	if r := Read(side); r.Class != ClassWords && len(r.Searches) > 0 {
		return true
	}
	fields := strings.Fields(unquoteCode(side))
	return len(fields) == 1 && CodeLike(fields[0])
}

// WholeWeight is what the whole question's own search weighs against its
// sides' ComparisonSideWeight: 1, or as little as a side when the sides are
// code, since two pieces of code side by side are not code, and their
// words alone find pages about neither.
func (f QuestionForm) WholeWeight() float64 {
	if f.SidesAreCode() {
		return ComparisonSideWeight
	}
	return 1
}
