package reading

import (
	"slices"
	"strings"
	"testing"
)

func TestReadQueryClasses(t *testing.T) {
	for _, tc := range []struct {
		query string
		class QueryClass
	}{
		{"NavigationStack", ClassWords},
		{"URLSession dataTask", ClassWords},
		{"View.padding(_:)", ClassWords},
		{"@MainActor", ClassWords},
		{"@MainActor view", ClassWords},
		{"store a token in the keychain", ClassWords},
		{"let people sign in with their Apple ID", ClassWords},
		{"try to reconnect when the Wi-Fi drops", ClassWords},
		{"let count: Int", ClassSyntax},
		{"try container.decode", ClassSyntax},
		{"for await line in url.lines", ClassSyntax},
		{"let task = Task { await load() }", ClassSyntax},
		{".sheet(isPresented: $showing) {", ClassSyntax},
		{"@AppStorage(\"name\") var name = \"\"", ClassSyntax},
		{"Cannot find 'Foo' in scope", ClassMessage},
		{"Converting non-escaping value to 'Element' may allow it to escape", ClassMessage},
		{"error: missing return in global function expected to return 'Int'", ClassMessage},
		{"'ticket' used after consume", ClassMessage},
		{"-[Inbox.ListController refreshTapped:]: unrecognized selector sent to instance 0x6000", ClassMessage},
		{"let label = \"Done\"; print(label, count)", ClassSyntax},
		{"ShareLink(item: url, subject: Text(\"Report\"), message: Text(\"Attached\"))", ClassSyntax},
		// A value's member alone is code; a file's name is not.
		{"tableView.reloadData", ClassSyntax},
		{"array.capacity", ClassSyntax},
		{"main.swift", ClassWords},
		{"project.pbxproj", ClassWords},
	} {
		if got := Read(tc.query).Class; got != tc.class {
			t.Errorf("Read(%q).Class = %s, want %s", tc.query, got, tc.class)
		}
	}
}

func TestReadSyntaxCalls(t *testing.T) {
	r := Read("let (bytes, _) = try await URLSession.shared.bytes(from: url, delegate: nil)")
	want := Call{Type: "URLSession", Member: "bytes", Labels: []string{"from", "delegate"}}
	if !slices.ContainsFunc(r.Calls, func(c Call) bool {
		return c.Type == want.Type && c.Member == want.Member && slices.Equal(c.Labels, want.Labels)
	}) {
		t.Fatalf("calls = %+v, want %+v among them", r.Calls, want)
	}
	if r.SearchTexts()[0] != "URLSession.bytes" {
		t.Errorf("lead search = %q, want URLSession.bytes (the receiver's type is searched through its call)", r.SearchTexts()[0])
	}
	r = Read("@FocusState(\\.isFocused) var focused")
	if len(r.Calls) == 0 || r.Calls[0].Type != "FocusStateValues" || r.Calls[0].Member != "isFocused" {
		t.Errorf("an attribute's key path roots at <Attribute>Values: calls = %+v", r.Calls)
	}
	r = Read("Image(systemName: \"star\", variableValue: 0.5)")
	if len(r.Calls) == 0 || r.Calls[0].Member != "init" || !slices.Equal(r.Calls[0].Labels, []string{"systemName", "variableValue"}) {
		t.Errorf("a type called with labels is its initializer: calls = %+v", r.Calls)
	}
	if r := Read(`List(rows, id: \.self) { row in`); slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == "self" }) {
		t.Errorf("\\.self is no member: calls = %+v", r.Calls)
	}
}

func TestReadMessageLeadsWithTheAPI(t *testing.T) {
	r := Read("Type 'Garden' does not conform to protocol 'Identifiable'")
	if r.Class != ClassMessage || r.SearchTexts()[0] != "Identifiable" {
		t.Fatalf("reading = %+v, want the protocol first", r)
	}
	if !slices.Contains(r.SearchTexts(), "Garden") {
		t.Errorf("the caller's type is still searched, after: %v", r.SearchTexts())
	}
	r = Read("Call to main actor-isolated instance method 'refresh()' in a synchronous nonisolated context")
	if !slices.Contains(r.SearchTexts(), "MainActor") || !slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == "refresh" }) {
		t.Errorf("reading = %+v, want MainActor and the quoted member", r)
	}
	for msg, want := range map[string]string{
		"'ticket' used after consume":                                                            "se: consume operator",
		"Type 'any Shape' cannot conform to 'Shape'":                                             "book: opaque and boxed protocol types",
		"Error Domain=CKErrorDomain Code=11 \"Unknown Item\"":                                    "CKError.Code",
		"Function declares an opaque return type 'some Shape', but its return statements differ": "book: opaque and boxed protocol types",
		"-[Inbox.ListController refreshTapped:]: unrecognized selector sent to instance 0x6000":  "doesNotRecognizeSelector",
	} {
		if r := Read(msg); !slices.Contains(r.SearchTexts(), want) {
			t.Errorf("%s: searches = %q, want %q among them", msg, r.SearchTexts(), want)
		}
	}
}

func TestUnprefixed(t *testing.T) {
	for title, want := range map[string]string{
		"UILabel": "label", "NSButton": "button", "URLSession": "session", "CLLocationManager": "locationmanager",
		"Label": "", "UIView.AnimationOptions": "", "X": "", "ABCDEFG": "",
	} {
		if got := Unprefixed(title); got != want {
			t.Errorf("Unprefixed(%q) = %q, want %q", title, got, want)
		}
	}
}

func TestReadMessageMembersAndConformances(t *testing.T) {
	r := Read("Value of type 'Canvas' has no member 'strokeWidth'")
	if len(r.Calls) != 1 || r.Calls[0].Type != "Canvas" || r.Calls[0].Member != "strokeWidth" {
		t.Errorf("a missing member is a member of the type quoted before it: %+v", r.Calls)
	}
	r = Read("Referencing initializer 'init(_:rowContent:)' on 'List' requires that 'Row' conform to 'Identifiable'")
	if len(r.Calls) != 1 || r.Calls[0].Type != "List" || r.Calls[0].Member != "init" {
		t.Errorf("'init(…)' on 'T' is T's initializer: %+v", r.Calls)
	}
	if !slices.Contains(r.SearchTexts()[:2], "Identifiable") {
		t.Errorf("the protocol to conform to leads: %v", r.SearchTexts())
	}
	r = Read("Use of unresolved identifier 'UIScreen.mainScreen().nativeBounds'")
	if len(r.Calls) != 1 || r.Calls[0].Type != "UIScreen" || r.Calls[0].Member != "nativeBounds" || r.Calls[0].Via != "mainScreen" {
		t.Errorf("a quoted chain is its last member, through the one before: %+v", r.Calls)
	}
	if r := Read("'unowned' may only be applied to class and class-bound protocol types"); r.Class != ClassMessage {
		t.Errorf("a diagnostic without a quoted type is still a message: %+v", r)
	}
	// A diagnostic quoting nothing states a rule in its concepts' words.
	for text, want := range map[string]string{
		"Passing closure risks causing data races":                     "book: concurrency",
		"Closure use of non-escaping parameter may allow it to escape": "book: closures",
	} {
		if r := Read(text); r.Class != ClassMessage || !slices.Contains(r.SearchTexts(), want) {
			t.Errorf("%q: class %v, searches %q; want a message searching %q", text, r.Class, r.SearchTexts(), want)
		}
	}
	for _, text := range []string{"Weird implicitly opened existential behaviour", "Avoid data races in my actor code",
		"how escaping closures may capture self"} {
		if r := Read(text); r.Class == ClassMessage {
			t.Errorf("%q is words, not a message: %+v", text, r)
		}
	}
}

func TestReadMessageErrorCodesKeysAndOperators(t *testing.T) {
	for _, tc := range []struct{ text, lead string }{
		{"The operation couldn’t be completed. (NSURLErrorDomain error -1001.)", "NSURLErrorTimedOut"},
		{`Error Domain=NSCocoaErrorDomain Code=260 "The file couldn’t be opened."`, "NSFileReadNoSuchFileError"},
		{"The app's Info.plist must contain an NSMicrophoneUsageDescription key with a string value", "NSMicrophoneUsageDescription"},
		{"Binary operator '<' cannot be applied to two 'Version' operands", "Comparable"},
		{"Class 'Cache' has no initializers", "book: initialization"},
		{"Ambiguous use of operator '??'", "nil-coalescing operator"},
	} {
		r := Read(tc.text)
		if r.Class != ClassMessage || len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != tc.lead {
			t.Errorf("%q: class %v, searches %v; want a message led by %q", tc.text, r.Class, r.SearchTexts(), tc.lead)
		}
	}
	if got := errorCodeNames("NSURLErrorDomain error -4242"); len(got) != 0 {
		t.Errorf("an unknown code names nothing, got %v", got)
	}
}

func TestReadSyntaxOrderAndKeywordNamedMethods(t *testing.T) {
	r := Read(`.contextMenu { Button("Copy") { copy() } }`)
	if len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != "contextMenu" {
		t.Errorf("the line's leading modifier leads, as written: %v", r.SearchTexts())
	}
	r = Read("UIApplication.shared.open(settingsURL)")
	if !slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Type == "UIApplication" && c.Member == "open" }) {
		t.Errorf("open(_:) is a method, not the access modifier: %+v", r.Calls)
	}
}

func TestReadSyntaxOwnNamesMacrosAndDeclarations(t *testing.T) {
	// Generic parameters are the code's own types: the constraint is the API.
	r := Read("func smallest<T: Comparable, Key>(of items: [T], by key: Key) -> T? {")
	if slices.Contains(r.SearchTexts(), "T") || slices.Contains(r.SearchTexts(), "Key") || !slices.Contains(r.SearchTexts(), "Comparable") {
		t.Errorf("generic parameters: searches = %q, want Comparable and neither T nor Key", r.SearchTexts())
	}
	// A freestanding macro leads the calls inside its closure.
	r = Read("let recent = #Predicate<Note> { $0.tags.contains(tag) }")
	if len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != "Predicate" {
		t.Errorf("macro: searches = %q, want Predicate first", r.SearchTexts())
	}
	// A function the code declares is marked, for its requirement page.
	r = Read("static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }\nfunc encode(to encoder: Encoder) throws {")
	if !slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == "encode" && c.Declared }) {
		t.Errorf("declaration: calls = %+v, want encode declared", r.Calls)
	}
	if r := Read("try container.encode(name, forKey: .name)"); slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Declared }) {
		t.Errorf("a call is no declaration: calls = %+v", r.Calls)
	}
	// A bare key path into the caller's model names nothing documented;
	// one passed to .environment is an EnvironmentValues member.
	if r := Read(`let byName = friends.sorted(using: KeyPathComparator(\.nickname))`); slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == "nickname" }) {
		t.Errorf("caller's key path: calls = %+v", r.Calls)
	}
	if r := Read(`.environment(\.locale, Locale(identifier: "fr"))`); !slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Type == "EnvironmentValues" && c.Member == "locale" }) {
		t.Errorf("environment key path: calls = %+v", r.Calls)
	}
	// A sequence algorithm on an untyped value is the language's, and is
	// searched in the order written, before the initializer in its argument.
	r = Read(`let byName = friends.sorted(using: KeyPathComparator(\.nickname))`)
	if len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != "sorted" {
		t.Errorf("sequence algorithm: searches = %q, want sorted first", r.SearchTexts())
	}
}

// TestReadSyntaxGenericsProjectionsAndAttributes: generic arguments before
// an argument list still make an initializer call, a projected value's
// calls are Combine's, an attribute leads the macro in its arguments, and
// a statement quoting a string is code, not a diagnostic.
func TestReadSyntaxGenericsProjectionsAndAttributes(t *testing.T) {
	r := Read(`let cache = NSCache<NSString, UIImage>(countLimit: 10)`)
	if !slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Type == "NSCache" && c.Member == "init" }) {
		t.Errorf("generic init: calls = %+v, want NSCache.init", r.Calls)
	}
	r = Read(`func widest<Shape: View>(in shapes: [Shape]) -> Shape {`)
	if slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == "widest" }) {
		t.Errorf("generic declaration read as a call: calls = %+v", r.Calls)
	}
	for _, code := range []string{`$query.removeDuplicates().sink { print($0) }`, `$query.sink { value in print(value) }`} {
		r = Read(code)
		if len(r.Calls) == 0 || r.Calls[0].Type != "Publisher" {
			t.Errorf("%s: calls = %+v, want a Publisher member first", code, r.Calls)
		}
	}
	r = Read(`let counts = rawRows.compactMap { Int($0) }`)
	if len(r.Calls) == 0 || r.Calls[0].Member != "compactMap" || r.Calls[0].Receiver != "rawRows" {
		t.Errorf("trailing closure on a value: calls = %+v, want compactMap on rawRows first", r.Calls)
	}
	r = Read(`@Query(filter: #Predicate<Song> { $0.rating > 3 }) private var songs: [Song]`)
	if len(r.SearchTexts()) < 2 || r.SearchTexts()[0] != "Query" || r.SearchTexts()[1] != "Predicate" {
		t.Errorf("attribute around a macro: searches = %q, want Query, then Predicate", r.SearchTexts())
	}
	if r = Read(`let items = try await Catalog.items(for: ["await", "cannot"])`); r.Class != ClassSyntax {
		t.Errorf("statement with quoted strings: class %s, want syntax", r.Class)
	}
	if r = Read(`error: cannot find 'x' in scope`); r.Class != ClassMessage {
		t.Errorf("diagnostic: class %s, want message", r.Class)
	}
}

// TestReadSyntaxDeclarationsAssignmentsAndLocals: a declared type is the
// code's own and its protocols lead the root class; a declared method's
// labels are its parameters' external names; a value typed by an earlier
// statement has that type; an assignment sets a member; a line opening
// with a call is code even when it quotes a message's words.
func TestReadSyntaxDeclarationsAssignmentsAndLocals(t *testing.T) {
	r := Read(`final class Coordinator: NSObject, MKMapViewDelegate {`)
	if slices.Contains(r.SearchTexts(), "Coordinator") || len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != "MKMapViewDelegate" {
		t.Errorf("declaration: searches = %q, want MKMapViewDelegate first and no Coordinator", r.SearchTexts())
	}
	r = Read(`struct Page<Item: Codable & Hashable>: RandomAccessCollection {`)
	if len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != "RandomAccessCollection" {
		t.Errorf("conformance before generic constraints: searches = %q, want RandomAccessCollection first", r.SearchTexts())
	}
	r = Read(`func mapView(_ mapView: MKMapView, viewFor annotation: MKAnnotation) -> MKAnnotationView? {`)
	if len(r.Calls) == 0 || r.Calls[0].Member != "mapView" || !slices.Equal(r.Calls[0].Labels, []string{"_", "viewFor"}) || !r.Calls[0].Declared {
		t.Errorf("declared method: calls = %+v, want mapView(_:viewFor:) declared", r.Calls)
	}
	r = Read(`let decoder = JSONDecoder(); decoder.keyDecodingStrategy = .convertFromSnakeCase`)
	if !slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Type == "JSONDecoder" && c.Member == "keyDecodingStrategy" }) {
		t.Errorf("assignment to a typed local: calls = %+v, want JSONDecoder.keyDecodingStrategy", r.Calls)
	}
	if !slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Type == "" && c.Member == "convertFromSnakeCase" }) {
		t.Errorf("implicit member assigned: calls = %+v, want convertFromSnakeCase", r.Calls)
	}
	if got := ReceiverTypes("headerView"); !slices.Contains(got, "UIHeaderView") || !slices.Contains(got, "UIView") {
		t.Errorf("ReceiverTypes(headerView) = %q, want its own name's and its last word's types", got)
	}
	if got := ReceiverTypes("player"); !slices.Contains(got, "Player") {
		t.Errorf("ReceiverTypes(player) = %q, want Player among them", got)
	}
	if r = Read(`assert(index < items.count, "index out of range")`); r.Class != ClassSyntax {
		t.Errorf("a line opening with a call: class %s, want syntax", r.Class)
	}
}

// TestReadSyntaxChainsFromAnInitializerReadFromTheEnd: the members chained
// on an initializer lead, last first; a chain on a value keeps its order.
func TestReadSyntaxChainsFromAnInitializerReadFromTheEnd(t *testing.T) {
	r := Read(`Label(title, systemImage: "tray").labelStyle(.iconOnly).help(Text("Inbox"))`)
	var members []string
	for _, c := range r.Calls {
		members = append(members, c.Member)
	}
	if len(members) < 3 || members[0] != "help" || members[1] != "labelStyle" || !slices.Contains(members, "init") {
		t.Errorf("view chain: calls %q, want help, labelStyle, then the initializers", members)
	}
	if r = Read(`let item = try JSONDecoder().decode(Item.self, from: data)`); len(r.Calls) == 0 || r.Calls[0].Member != "decode" {
		t.Errorf("initializer chain: calls = %+v, want decode first", r.Calls)
	}
	if r = Read(`$query.debounce(for: .seconds(1), scheduler: RunLoop.main).removeDuplicates()`); len(r.Calls) == 0 || r.Calls[0].Member != "debounce" {
		t.Errorf("chain on a value: calls = %+v, want debounce first", r.Calls)
	}
}

// TestReadSyntaxPropertyChains: a member reached through a property of a
// type is looked for on the types the property's name suggests, and a
// chain of properties alone is code whose accessor is searched through the
// properties beyond it.
func TestReadSyntaxPropertyChains(t *testing.T) {
	r := Read(`CKContainer.default().privateCloudDatabase.fetch(withRecordID: id) { record, error in`)
	if len(r.Calls) == 0 || r.Calls[0].Member != "fetch" || r.Calls[0].Via != "privateCloudDatabase" {
		t.Fatalf("calls = %+v, want fetch via privateCloudDatabase first", r.Calls)
	}
	if got := ViaTypes("CKContainer", "privateCloudDatabase"); !slices.Contains(got, "CKDatabase") || !slices.Contains(got, "CKContainerPrivateCloudDatabase") {
		t.Errorf("ViaTypes = %q, want CKDatabase and the root's own name among them", got)
	}
	if got := ViaTypes("URLSession", "configuration"); !slices.Contains(got, "URLSessionConfiguration") {
		t.Errorf("ViaTypes = %q, want URLSessionConfiguration", got)
	}
	r = Read(`ProcessInfo.processInfo.thermalState`)
	if r.Class != ClassSyntax || len(r.Calls) != 1 || r.Calls[0].Member != "thermalState" || r.Calls[0].Via != "processInfo" {
		t.Errorf("property chain: class %s, calls = %+v, want thermalState through the accessor, and the accessor not on its own", r.Class, r.Calls)
	}
	// Swift 2 called the accessor: the chain is the same.
	r = Read(`UIApplication.sharedApplication().keyWindow is nil`)
	if len(r.Calls) != 1 || r.Calls[0].Type != "UIApplication" || r.Calls[0].Member != "keyWindow" || r.Calls[0].Via != "sharedApplication" {
		t.Errorf("Swift 2 chain: calls = %+v, want keyWindow through sharedApplication, and the accessor not on its own", r.Calls)
	}
}

// TestReadAvailabilityConditions: an availability condition is searched
// as its # word, after the calls of the line it guards.
func TestReadAvailabilityConditions(t *testing.T) {
	for code, want := range map[string][]string{
		"if #available(iOS 15, *)":                                     {"#available"},
		"guard #unavailable(macOS 14) else { return }":                 {"#unavailable"},
		"if #available(iOS 17, *) { UIView.animate(withDuration: 0.3)": {"UIView.animate", "#available"},
	} {
		if got := Read(code).SearchTexts(); !slices.Equal(got, want) {
			t.Errorf("Read(%q) searches %q, want %q", code, got, want)
		}
	}
}

// TestReadValueMemberAlone: a value's member asked alone is searched even
// when, in a line of code, it would say nothing (a sequence's count).
func TestReadValueMemberAlone(t *testing.T) {
	for query, member := range map[string]string{"tableView.reloadData": "reloadData", "array.count": "count", "items?.isEmpty": "isEmpty"} {
		if r := Read(query); !slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == member }) {
			t.Errorf("Read(%q): calls = %+v, want %s", query, r.Calls, member)
		}
	}
	if r := Read(`let cost = items.count * unitPrice`); slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == "count" }) {
		t.Errorf("in a line, a sequence's count is no read worth a search: calls = %+v", r.Calls)
	}
	for in, want := range map[string]string{
		"items.isEmpty":                     "items isEmpty",
		"why is self.view.frame zero":       "why is self view frame zero",
		"is (item?.title) nil":              "is (item title) nil",
		"what goes in main.swift":           "what goes in main.swift",
		"UITableView.reloadData not called": "UITableView.reloadData not called",
	} {
		if got := ValueChainWords(in); got != want {
			t.Errorf("ValueChainWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestReadSyntaxIgnoresWhatStringsSay: the words of a string literal name
// nothing, and blanking them keeps every position.
func TestReadSyntaxIgnoresWhatStringsSay(t *testing.T) {
	r := Read(`Button("Delete Photos", role: .destructive) { remove() }`)
	if slices.Contains(r.Names, "Delete") || slices.Contains(r.Names, "Photos") {
		t.Errorf("names = %q, want none from the string", r.Names)
	}
	code := `Text("a \"quoted\" Word").font(.title)`
	if got := blankStrings(code); len(got) != len(code) || strings.Contains(got, "Word") || !strings.HasSuffix(got, `.font(.title)`) {
		t.Errorf("blankStrings(%q) = %q", code, got)
	}
}

// TestReadSyntaxLastStatementLeads: several statements on a line build up
// to the last, whose calls lead.
func TestReadSyntaxLastStatementLeads(t *testing.T) {
	r := Read(`let request = URLRequest(url: endpoint); let (data, _) = try await URLSession.shared.data(for: request)`)
	if len(r.Calls) == 0 || r.Calls[0].Member != "data" {
		t.Errorf("calls = %+v, want data(for:) first", r.Calls)
	}
	if got := statementIndex(`a(); b(x: [1; 2]); c()`); got[0] != 0 || got[5] != 1 || got[len(got)-1] != 2 {
		t.Errorf("statementIndex = %v", got)
	}
}

// TestReadSyntaxCommentsPlumbingClosuresAndOptionals: a comment names
// nothing; a check or print and a closure parameter called like a function
// come after the API a line calls; a free function called with a trailing
// closure is a call; optional chaining reads like a plain chain.
func TestReadSyntaxCommentsPlumbingClosuresAndOptionals(t *testing.T) {
	r := Read(`.throttle(for: .seconds(1), scheduler: RunLoop.main, latest: true) // Keep Scrolling Smooth`)
	if slices.Contains(r.Names, "Keep") || slices.Contains(r.Names, "Scrolling") {
		t.Errorf("comment words read as names: %q", r.Names)
	}
	r = Read(`guard let row = tableView.dequeueReusableCell(withIdentifier: "row") as? RowCell else { fatalError("no row") }`)
	if len(r.Calls) == 0 || r.Calls[0].Member != "dequeueReusableCell" {
		t.Errorf("plumbing first: calls = %+v", r.Calls)
	}
	r = Read(`completion(.success(Timeline(entries: slots, policy: .atEnd)))`)
	if len(r.Calls) == 0 || r.Calls[len(r.Calls)-1].Member != "completion" {
		t.Errorf("closure parameter not last: calls = %+v", r.Calls)
	}
	r = Read(`let spot = try await withCheckedThrowingContinuation { continuation in`)
	if !slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == "withCheckedThrowingContinuation" }) {
		t.Errorf("free function with a trailing closure: calls = %+v", r.Calls)
	}
	r = Read(`recorder?.record(forDuration: 5)`)
	if len(r.Calls) == 0 || r.Calls[0].Receiver != "recorder" {
		t.Errorf("optional chaining: calls = %+v, want recorder as the receiver", r.Calls)
	}
	if got := ReceiverTypes("audioRecorder"); !slices.Contains(got, "AVAudioRecorder") {
		t.Errorf("ReceiverTypes(audioRecorder) = %q, want AVAudioRecorder among them", got)
	}
}
