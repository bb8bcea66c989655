package reading

import (
	"slices"
	"strings"
	"testing"
)

// Readings of code added with the factories, values and legacy-code sets
// (syntax-v9 to v13).

// leadCall is the first call read from code.
func leadCall(t *testing.T, code string) Call {
	t.Helper()
	r := Read(code)
	if len(r.Calls) == 0 {
		t.Fatalf("%s: no calls", code)
	}
	return r.Calls[0]
}

func TestReadSyntaxFactoriesClosureInitsAndAttributeLabels(t *testing.T) {
	lead := func(code string) Call { return leadCall(t, code) }
	if c := lead(`.transition(.move(edge: .leading))`); c.Member != "move" {
		t.Errorf("a labelled factory handed to a modifier leads: got %+v", c)
	}
	if c := lead(`.contentShape(.rect)`); c.Member != "contentShape" {
		t.Errorf("no factory call: the modifier leads, got %+v", c)
	}
	if c := lead(`withAnimation(.easeOut(duration: 0.2)) { showsDetail = false }`); c.Member != "withAnimation" {
		t.Errorf("a call with a trailing closure keeps the lead: got %+v", c)
	}
	if c := lead(`let ticks = AsyncStream<Date> { continuation in`); c.Type != "AsyncStream" || c.Member != "init" {
		t.Errorf("a type built with a trailing closure is its initializer: got %+v", c)
	}
	r := Read(`final class InboxDelegate: NSObject, UNUserNotificationCenterDelegate {`)
	if slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == "init" }) {
		t.Errorf("a conformance list builds nothing: calls = %+v", r.Calls)
	}
	if c := lead(`VStack { header }.padding(.top, 8)`); c.Member != "padding" {
		t.Errorf("a view styled by a chain: its modifier leads, got %+v", c)
	}
	if c := lead(`@Query(sort: \Note.created, order: .forward) private var notes: [Note]`); c.Member != "Query" || !slices.Equal(c.Labels, []string{"sort", "order"}) {
		t.Errorf("an attribute's labels pick its macro's overload: got %+v", c)
	}
	if r := Read(`@AppStorage("theme") private var theme = "system"`); len(r.Calls) != 0 {
		t.Errorf("an attribute's bare argument picks no overload: calls = %+v", r.Calls)
	}
}

func TestBlankStringsKeepsInterpolations(t *testing.T) {
	in := `Text("Due \(Text(order.due, style: .date)) at \(slot)").bold() // "x"`
	want := `Text("     (Text(order.due, style: .date))     (slot)").bold() // " "`
	got := blankStrings(in)
	if len(got) != len(in) {
		t.Fatalf("length changed: %d -> %d", len(in), len(got))
	}
	if got != want {
		t.Errorf("blankStrings(%q) = %q; want the interpolations kept and the words blank (shape %q)", in, got, want)
	}
}

func TestReadSyntaxCastsOptionalAssignmentsBridgesAndArithmetic(t *testing.T) {
	if got := localTypes(`guard let http = response as? HTTPURLResponse else { return }`); got["http"] != "HTTPURLResponse" {
		t.Errorf("a cast types its local: %v", got)
	}
	r := Read(`self.splitController?.preferredDisplayMode = .oneBesideSecondary`)
	if !slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == "preferredDisplayMode" && c.Via == "splitController" }) {
		t.Errorf("an optional chain's assignment: calls = %+v", r.Calls)
	}
	got := ReceiverTypes("launchDate")
	if d, ns := slices.Index(got, "Date"), slices.Index(got, "NSDate"); d < 0 || ns < 0 || d > ns {
		t.Errorf("ReceiverTypes(launchDate) = %q, want Date before NSDate", got)
	}
	if got := ReceiverTypes("headerView"); slices.Index(got, "View") < slices.Index(got, "UIView") {
		t.Errorf("ReceiverTypes(headerView) = %q, want UIView before View (no value type is bridged to it)", got)
	}
	if r := Read(`let wait = max(0, Date.now.timeIntervalSince(start))`); len(r.Calls) == 0 || r.Calls[0].Member != "timeIntervalSince" {
		t.Errorf("arithmetic leads: calls = %+v", r.Calls)
	}
}

func TestReadSyntaxPropertyReadsSubscriptsAndNestedImplicitMembers(t *testing.T) {
	find := func(r Reading, member string) (Call, bool) {
		i := slices.IndexFunc(r.Calls, func(c Call) bool { return c.Member == member })
		if i < 0 {
			return Call{}, false
		}
		return r.Calls[i], true
	}
	r := Read(`if self.recorder.isRecording == false { startButton.isEnabled = true }`)
	if c, ok := find(r, "isRecording"); !ok || c.Via != "recorder" || c.Order == nil || !c.Order.Read {
		t.Errorf("a property read through self: calls = %+v", r.Calls)
	}
	r = Read(`let cost = items.count * unitPrice`)
	if _, ok := find(r, "count"); ok {
		t.Errorf("a sequence's count is no read worth a search: calls = %+v", r.Calls)
	}
	r = Read(`totals[region.uppercased(), default: 0] += 1`)
	if c, ok := find(r, "subscript"); !ok || !slices.Equal(c.Labels, []string{"_", "default"}) || c.Receiver != "totals" {
		t.Errorf("a labelled subscript: calls = %+v", r.Calls)
	}
	if _, ok := find(Read(`let first = rows[0].title`), "subscript"); ok {
		t.Errorf("a bare index is no subscript worth a search")
	}
	r = Read(`let label = shippedAt.formatted(.dateTime.hour().minute())`)
	if len(r.Calls) == 0 || r.Calls[0].Member != "formatted" {
		t.Errorf("the implicit members in an argument detail its call: calls = %+v", r.Calls)
	}
	if got := ReceiverTypes("shippedAt"); !slices.Contains(got, "Date") {
		t.Errorf("ReceiverTypes(shippedAt) = %q, want Date among them", got)
	}
}

// TestReadSyntaxKeywordMembersDirectivesAndSelfChains: a member may bear a
// keyword's name; #keyPath(…) is the compiler's; a chain from self starts
// from its stored property.
func TestReadSyntaxKeywordMembersDirectivesAndSelfChains(t *testing.T) {
	r := Read(`guard let mic = AVCaptureDevice.default(for: .audio) else { return }`)
	if len(r.Calls) == 0 || r.Calls[0].Type != "AVCaptureDevice" || r.Calls[0].Member != "default" {
		t.Errorf("a member named default: calls = %+v", r.Calls)
	}
	r = Read(`queue.addObserver(self, forKeyPath: #keyPath(AVQueuePlayer.rate), options: [.new], context: nil)`)
	if slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == "keyPath" }) {
		t.Errorf("#keyPath read as a call: calls = %+v", r.Calls)
	}
	if got := receiverVariable("self?.collectionView."); got != "collectionView" {
		t.Errorf("receiverVariable(self?.collectionView.) = %q, want collectionView", got)
	}
	if got := receiverVariable("self."); got != "" {
		t.Errorf("receiverVariable(self.) = %q, want none", got)
	}
	if got := ReceiverTypes("shapeLayer"); !slices.Contains(got, "CAShapeLayer") {
		t.Errorf("ReceiverTypes(shapeLayer) = %q, want CAShapeLayer among them", got)
	}
}

// FuzzReadQuery reads arbitrary text as a query: the code, message and
// word readings index into the text by positions their expressions found,
// and none may panic or return a search the text does not support.
func FuzzReadQuery(f *testing.F) {
	for _, seed := range []string{
		`.font(.system(size: 22, weight: .bold))`, `Task { @MainActor in x.y() }`, `@Query(sort: \.a, order: .reverse) var q: [A]`,
		`Text("a \(Text(d, style: .relative)) b")`, `"\(`, `"\(()`, `x[y, default: 0] += 1`, `self?.a.b = .c`,
		`let s = SecItemAdd(q as CFDictionary, nil)`, `A.default(for: .b)`, `#keyPath(A.b)`, `func f() {`,
		`struct S: P { func m(`, `a.b.c(.d.e().f())`, "(\x00", `{{{((([[[`, `)))}}}`, `.x(.y(z: ))`, `= .`,
		`let a = b as? C, a.d == 1`, `invoice.issuedAt.formatted(.dateTime.year())`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, q string) {
		r := Read(q)
		for _, s := range r.SearchTexts() {
			if s == "" {
				t.Fatalf("Read(%q): an empty search", q)
			}
		}
	})
}

// TestLanguageFeaturesLeadAndDottedPathsAreCode: a line bearing a
// language feature's mark searches its proposal first; some View bears
// none; a value's property path is code.
func TestLanguageFeaturesLeadAndDottedPathsAreCode(t *testing.T) {
	for code, want := range map[string]string{
		`func load() async throws(FetchError) -> Feed {`:            "se: typed throws",
		`borrowing func checksum(of block: borrowing Block) -> Int`: "se: borrowing consuming parameter ownership modifiers",
		`struct Handle: ~Copyable {`:                                "se: noncopyable structs enums",
		`async let avatar = loader.image(for: user)`:                "se: async let",
	} {
		if r := Read(code); len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != want {
			t.Errorf("%s: searches = %q, want %q first", code, r.SearchTexts(), want)
		}
	}
	if r := Read(`var body: some View { Text(title) }`); slices.ContainsFunc(r.SearchTexts(), func(q string) bool { return strings.HasPrefix(q, "se: ") }) {
		t.Errorf("some View names no feature: searches = %q", r.SearchTexts())
	}
	if got := Read(`scrollView.contentInset.bottom`).Class; got != ClassSyntax {
		t.Errorf("a value's property path: class %s, want syntax", got)
	}
	if got := Read(`user defaults`).Class; got != ClassWords {
		t.Errorf("words: class %s", got)
	}
}

// TestReadSyntaxNestedTypesBuiltValuesRawTypesAndMacroArguments: readings
// added with the everyday-app and framework-specialist sets (syntax-v15,
// v16).
func TestReadSyntaxNestedTypesBuiltValuesRawTypesAndMacroArguments(t *testing.T) {
	r := Read(`let finder = AVCaptureDevice.DiscoverySession(deviceTypes: [.builtInWideAngleCamera], mediaType: .video, position: .back)`)
	if len(r.Calls) == 0 || r.Calls[0].Type != "AVCaptureDevice.DiscoverySession" || r.Calls[0].Member != "init" {
		t.Errorf("a nested type built with labels is its init: calls = %+v", r.Calls)
	}
	if slices.Contains(r.SearchTexts(), "DiscoverySession") || slices.Contains(r.SearchTexts(), "AVCaptureDevice") {
		t.Errorf("the nested type's parts are searched through it: searches = %q", r.SearchTexts())
	}
	built := func(code, member string) string {
		t.Helper()
		for _, c := range Read(code).Calls {
			if c.Member == member {
				return c.Built
			}
		}
		t.Fatalf("%s: no call of %s", code, member)
		return ""
	}
	if got := built(`let label = Duration.seconds(elapsed).formatted(.units(width: .wide))`, "formatted"); got != "Duration" {
		t.Errorf("a static factory's value: built %q, want Duration", got)
	}
	if got := built(`Measurement(value: km, unit: UnitLength.kilometers).converted(to: .miles)`, "converted"); got != "Measurement" {
		t.Errorf("an initializer's value: built %q, want Measurement", got)
	}
	if got := built(`session.dataTask(with: url).resume()`, "resume"); got != "" {
		t.Errorf("a value's call returns an unknown type: built %q", got)
	}
	if r := Read(`enum Keys: String, CodingKey {`); len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != "CodingKey" {
		t.Errorf("a raw value type follows the protocols: searches = %q", r.SearchTexts())
	}
	if r := Read(`let d = FetchDescriptor<Trip>(predicate: #Predicate { $0.done }, sortBy: [])`); len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != "FetchDescriptor.init" {
		t.Errorf("a macro handed to a call details it: searches = %q", r.SearchTexts())
	}
	if r := Read(`let open = #Predicate<Trip> { !$0.done }`); len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != "Predicate" {
		t.Errorf("a macro written alone leads: searches = %q", r.SearchTexts())
	}
	for _, code := range []string{
		`if let latest = await Transaction.latest(for: "com.example.pro") {`,
		`guard let url = Bundle.main.url(forResource: "seed", withExtension: "json") else {`,
		`for await update in Transaction.updates {`,
	} {
		if got := Read(code).Class; got != ClassSyntax {
			t.Errorf("%s: class %s, want syntax", code, got)
		}
	}
}

// TestReadSyntaxDeclaredRequirementsMacrosAndSubscripts: readings added
// with the standard-library and modern-SwiftUI sets (syntax-v17, v18).
func TestReadSyntaxDeclaredRequirementsMacrosAndSubscripts(t *testing.T) {
	first := func(code string) Call { return leadCall(t, code) }
	if c := first(`init(from decoder: Decoder) throws {`); c.Member != "init" || !c.Declared || !slices.Equal(c.Labels, []string{"from"}) {
		t.Errorf("a declared initializer implements a requirement: got %+v", c)
	}
	if c := first(`var summary: String { "\(count) items" }`); c.Member != "summary" || !c.DeclaredProperty() {
		t.Errorf("a computed property declared: got %+v", c)
	}
	if r := Read(`var body: some View { Text(title) }`); slices.ContainsFunc(r.Calls, Call.DeclaredProperty) {
		t.Errorf("an opaque property type is about the type: calls = %+v", r.Calls)
	}
	if c := first(`static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rank < rhs.rank }`); c.Type != "Comparable" || c.Member != "<" || !c.Declared {
		t.Errorf("an operator implemented is its protocol's: got %+v", c)
	}
	if r := Read(`#expect(throws: ParseError.self) { try parse(raw) }`); len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != "expect" {
		t.Errorf("a lower-case macro is called like a function and leads: searches = %q", r.SearchTexts())
	}
	if r := Read(`guard #available(iOS 17, *) else { return }`); slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == "available" }) {
		t.Errorf("#available is the compiler's: calls = %+v", r.Calls)
	}
	if got := Read(`tally[word, default: 0] += 1`).Class; got != ClassSyntax {
		t.Errorf("a labelled subscript with a compound assignment: class %s, want syntax", got)
	}
	if c := first(`.visualEffect { content, proxy in content }`); !c.Closure {
		t.Errorf("a modifier with a trailing closure is a method: got %+v", c)
	}
	if c := first(`openWindow(id: "detail", value: item.id)`); !c.Free {
		t.Errorf("a function called by name alone is free: got %+v", c)
	}
	if c := first(`let poll: Duration = .milliseconds(750)`); c.Type != "Duration" || c.Member != "milliseconds" {
		t.Errorf("a factory given to a value of a stated type is that type's: got %+v", c)
	}
	if r := Read(`@Entry var tint: Color = .blue`); slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Type == "Color" }) {
		t.Errorf("under an attribute the attribute is the subject: calls = %+v", r.Calls)
	}
	if got := ReceiverTypes("syncGroup"); !slices.Contains(got, "DispatchGroup") {
		t.Errorf("ReceiverTypes(syncGroup) = %q, want DispatchGroup", got)
	}
	if r := readMessage(`'wrappedValue' is unavailable: @Published is only available on properties of classes`); len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != "Published" {
		t.Errorf("an attribute a message names leads: searches = %q", r.SearchTexts())
	}
	if r := Read(`for item in pendingItems { try Task.checkCancellation() }`); slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == "pendingItems" }) {
		t.Errorf("a for-in loop's sequence is no call: calls = %+v", r.Calls)
	}
	if r := Read(`let hot = ProcessInfo.processInfo.thermalState == .critical`); slices.Contains(r.SearchTexts(), "ProcessInfo.processInfo") {
		t.Errorf("an accessor is searched through the property beyond it: searches = %q", r.SearchTexts())
	}
	if r := Read(`badge.anchorPreference(key: AnchorKey.self, value: .bounds) { $0 }.padding(.trailing, 6)`); len(r.SearchTexts()) == 0 || r.SearchTexts()[0] == "padding" {
		t.Errorf("a staple modifier beside another call follows it: searches = %q", r.SearchTexts())
	}
	if r := Read(`func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {`); !slices.Equal(r.Signature, []string{"ProposedViewSize", "Subviews", "CGSize"}) {
		t.Errorf("a declared function's signature names = %q", r.Signature)
	}
	if got := ReceiverTypes("privateDB"); !slices.Contains(got, "CKDatabase") {
		t.Errorf("ReceiverTypes(privateDB) = %q, want CKDatabase (a trailing acronym, expanded)", got)
	}
	if got := ReceiverTypes("sourceURL"); !slices.Contains(got, "URL") || slices.Contains(got, "L") {
		t.Errorf("ReceiverTypes(sourceURL) = %q, want URL as the last word", got)
	}
	if got := ReceiverTypes("reminderCenter"); !slices.Contains(got, "UNUserNotificationCenter") {
		t.Errorf("ReceiverTypes(reminderCenter) = %q, want UNUserNotificationCenter", got)
	}
	if c := first(`let columns = Array(repeating: GridItem(.flexible(), spacing: 6), count: 3)`); c.Type != "GridItem" {
		t.Errorf("a standard collection built around a type's value follows it: got %+v", c)
	}
	if got := ReceiverTypes("viewContext"); !slices.Contains(got, "NSManagedObjectContext") || !slices.Contains(got, "ModelContext") {
		t.Errorf("ReceiverTypes(viewContext) = %q, want Core Data's and SwiftData's contexts", got)
	}
}
