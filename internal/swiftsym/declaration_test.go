package swiftsym

import (
	"reflect"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// sym builds the expected symbol; Signature and Origin are checked apart.
type want struct {
	Name, Kind                       string
	Async, Throws, Static            bool
	Attrs, Conf, Params, Constraints []string
}

func checkSymbol(t *testing.T, input string, got document.Symbol, w want) {
	t.Helper()
	gotW := want{got.Name, got.Kind, got.IsAsync, got.IsThrows, got.IsStatic, got.Attributes, got.Conformances, got.GenericParams, got.GenericConstraints}
	if !reflect.DeepEqual(gotW, w) {
		t.Errorf("%q:\n got  %+v\n want %+v", input, gotW, w)
	}
}

// checkDeclaration extracts decl, which must give one symbol, and checks that
// symbol against w. It reports false when there was not exactly one.
func checkDeclaration(t *testing.T, decl string, w want) (document.Symbol, bool) {
	t.Helper()
	syms := ExtractDeclaration(decl)
	if len(syms) != 1 {
		t.Errorf("%q: got %d symbols %+v, want 1", decl, len(syms), syms)
		return document.Symbol{}, false
	}
	checkSymbol(t, decl, syms[0], w)
	return syms[0], true
}

func TestExtractDeclarationSwift(t *testing.T) {
	tests := []struct {
		decl string
		want want
	}{
		{"@MainActor @preconcurrency protocol View", want{Name: "View", Kind: "protocol", Attrs: []string{"MainActor", "preconcurrency"}}},
		{"struct NavigationLink<Label, Destination> where Label : View, Destination : View",
			want{Name: "NavigationLink", Kind: "struct", Params: []string{"Label", "Destination"}, Constraints: []string{"Label: View", "Destination: View"}}},
		{"func dataTask(with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask",
			want{Name: "dataTask", Kind: "func"}},
		{"static func != (lhs: Self, rhs: Self) -> Bool", want{Name: "!=", Kind: "func", Static: true}},
		{"static func ..< (minimum: Self, maximum: Self) -> Range<Self>", want{Name: "..<", Kind: "func", Static: true}},
		{"init(_ s: some StringProtocol)", want{Name: "init", Kind: "init"}},
		{"convenience init?(identifier: String) throws", want{Name: "init", Kind: "init", Throws: true}},
		{"var body: Self.Body { get }", want{Name: "body", Kind: "var"}},
		{"@MainActor weak var accessibilityTextInputResponder: (any UITextInput)? { get set }",
			want{Name: "accessibilityTextInputResponder", Kind: "var", Attrs: []string{"MainActor"}}},
		{"var value: Value { get async throws }", want{Name: "value", Kind: "var", Async: true, Throws: true}},
		{"static let playAndRecord: AVAudioSession.Category", want{Name: "playAndRecord", Kind: "let", Static: true}},
		{"class var layerClass: AnyClass { get }", want{Name: "layerClass", Kind: "var", Static: true}},
		{"case success(Success)", want{Name: "success", Kind: "case"}},
		{"case rightToLeft = 2", want{Name: "rightToLeft", Kind: "case"}},
		{"indirect case node(Tree, Tree)", want{Name: "node", Kind: "case"}},
		{"associatedtype Body : View", want{Name: "Body", Kind: "associatedtype", Conf: []string{"View"}, Constraints: []string{"Body: View"}}},
		{"associatedtype Element where Self.Element == Self.Iterator.Element",
			want{Name: "Element", Kind: "associatedtype", Constraints: []string{"Self.Element == Self.Iterator.Element"}}},
		{"typealias Codable = Decodable & Encodable", want{Name: "Codable", Kind: "typealias"}},
		{"actor MainActor", want{Name: "MainActor", Kind: "actor"}},
		{"@globalActor final actor MainActor : GlobalActor", want{Name: "MainActor", Kind: "actor", Attrs: []string{"globalActor"}, Conf: []string{"GlobalActor"}}},
		{"@attached(member, names: named(_$observationRegistrar), arbitrary) @attached(extension, conformances: Observable) macro Observable()",
			want{Name: "Observable", Kind: "macro", Attrs: []string{"attached", "attached"}}},
		{"macro Observable()", want{Name: "Observable", Kind: "macro"}},
		{"subscript(index: Int) -> Element { get set }", want{Name: "subscript", Kind: "subscript"}},
		{"subscript<T>(key: Key<T>) -> T? where T : Decodable { get }",
			want{Name: "subscript", Kind: "subscript", Params: []string{"T"}, Constraints: []string{"T: Decodable"}}},
		{"nonisolated func task(priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void) -> some View\n",
			want{Name: "task", Kind: "func"}},
		{"func f() async throws(MyError) -> Int", want{Name: "f", Kind: "func", Async: true, Throws: true}},
		{"func allSatisfy(_ predicate: (Self.Element) throws -> Bool) rethrows -> Bool", want{Name: "allSatisfy", Kind: "func", Throws: true}},
		{"func processFrame(fromImageBuffer inputFrame: CVPixelBuffer) async throws -> CVPixelBuffer",
			want{Name: "processFrame", Kind: "func", Async: true, Throws: true}},
		{"func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> Result<NewSuccess, Failure> where NewSuccess : ~Copyable",
			want{Name: "map", Kind: "func", Params: []string{"NewSuccess"}, Constraints: []string{"NewSuccess: ~Copyable"}}},
		{"func zip<P, Q>(_ p: P, _ q: Q) -> Publishers.Zip3<Self, P, Q> where P : Publisher, Q : Publisher, Self.Failure == P.Failure, P.Failure==Q.Failure",
			want{Name: "zip", Kind: "func", Params: []string{"P", "Q"}, Constraints: []string{"P: Publisher", "Q: Publisher", "Self.Failure == P.Failure", "P.Failure == Q.Failure"}}},
		{"func sorted<T: Comparable & Hashable, each U>(by key: KeyPath<Root, T>) -> [Root]",
			want{Name: "sorted", Kind: "func", Params: []string{"T", "U"}, Constraints: []string{"T: Comparable & Hashable"}}},
		{"struct StandardScaler<Element> where Element : BinaryFloatingPoint, Element : Decodable",
			want{Name: "StandardScaler", Kind: "struct", Params: []string{"Element"}, Constraints: []string{"Element: BinaryFloatingPoint", "Element: Decodable"}}},
		{"class MPSCNNBatchNormalizationState : MPSNNGradientState", want{Name: "MPSCNNBatchNormalizationState", Kind: "class", Conf: []string{"MPSNNGradientState"}}},
		{"@frozen enum Result<Success, Failure> where Failure : Error, Success : ~Copyable",
			want{Name: "Result", Kind: "enum", Attrs: []string{"frozen"}, Params: []string{"Success", "Failure"}, Constraints: []string{"Failure: Error", "Success: ~Copyable"}}},
		{"struct Dictionary<Key, Value> where Key : Hashable", want{Name: "Dictionary", Kind: "struct", Params: []string{"Key", "Value"}, Constraints: []string{"Key: Hashable"}}},
		{"struct Token: ~Copyable, @unchecked Sendable", want{Name: "Token", Kind: "struct", Conf: []string{"~Copyable", "Sendable"}}},
		{"protocol Collection<Element> : Sequence", want{Name: "Collection", Kind: "protocol", Conf: []string{"Sequence"}, Params: []string{"Element"}}},
		{"extension Array : Equatable where Element : Equatable",
			want{Name: "Array", Kind: "extension", Conf: []string{"Equatable"}, Constraints: []string{"Element: Equatable"}}},
		{"enum AttributedString.MarkdownParsingOptions.InterpretedSyntax : Int, Sendable",
			want{Name: "InterpretedSyntax", Kind: "enum", Conf: []string{"Int", "Sendable"}}},
		{"extension Foo.Bar", want{Name: "Foo.Bar", Kind: "extension"}},
		{"@available(iOS, introduced: 13.0, deprecated: 100000.0) @propertyWrapper struct State<Value>",
			want{Name: "State", Kind: "struct", Attrs: []string{"available", "propertyWrapper"}, Params: []string{"Value"}}},
		{"@State private var count: Int", want{Name: "count", Kind: "var", Attrs: []string{"State"}}},
		{"nonisolated(unsafe) static var shared: Foo", want{Name: "shared", Kind: "var", Static: true}},
		{"private(set) var items: [String : Any] = [:]", want{Name: "items", Kind: "var"}},
		{"prefix operator √", want{Name: "√", Kind: "operator"}},
		{"infix operator <> : AdditionPrecedence", want{Name: "<>", Kind: "operator"}},
		{"precedencegroup ComparisonPrecedence", want{Name: "ComparisonPrecedence", Kind: "precedencegroup"}},
		{"func `default`() -> Self", want{Name: "default", Kind: "func"}},
		{"typealias Handler<T> = (T) -> Void where T : Sendable", want{Name: "Handler", Kind: "typealias", Params: []string{"T"}, Constraints: []string{"T: Sendable"}}},
		{"struct InlineArray<let count : Int, Element> where Element : ~Copyable",
			want{Name: "InlineArray", Kind: "struct", Params: []string{"count", "Element"}, Constraints: []string{"count: Int", "Element: ~Copyable"}}},
	}
	for _, tt := range tests {
		sym, ok := checkDeclaration(t, tt.decl, tt.want)
		if !ok {
			continue
		}
		if sym.Origin != OriginDeclaration {
			t.Errorf("%q: origin %q", tt.decl, sym.Origin)
		}
		if sym.Signature != normalizeSpace(tt.decl) {
			t.Errorf("%q: signature %q", tt.decl, sym.Signature)
		}
	}
}

func TestExtractDeclarationSignatureIsOneLine(t *testing.T) {
	syms := ExtractDeclaration("func a(\n    x: Int,\n\ty: Int\n) -> Int  ")
	if len(syms) != 1 || syms[0].Signature != "func a( x: Int, y: Int ) -> Int" {
		t.Fatalf("got %+v", syms)
	}
}

func TestExtractDeclarationMultipleCases(t *testing.T) {
	syms := ExtractDeclaration("case north, south(Int), east = 3, west")
	var names []string
	for _, s := range syms {
		names = append(names, s.Name)
	}
	if !reflect.DeepEqual(names, []string{"north", "south", "east", "west"}) {
		t.Fatalf("names = %q", names)
	}
}

func TestExtractDeclarationRejects(t *testing.T) {
	for _, decl := range []string{
		"",
		"   ",
		"object MoreOffersThanAllowedError",
		"uint8_t bNumDeviceCaps;",
		"struct IOAudioClientBufferExtendedInfo64 *mNextExtended64;",
		"struct Foo *bar",
		"#define kIOPCIDeviceMapperPageSize",
		"kUSBInformationDeviceOvercurrentBit = 7",
		"BNNSActivationFunctionLinear",
		"virtual bool init(void);",
		"typedef struct fhandle {\n    ...\n} fhandle_t;",
		"extern UTType * const UTTypeToDoItem;",
		"func",
		"func (x: Int)",
		"struct",
		"@",
		"@MainActor",
		"public",
		"var : Int",
	} {
		if syms := ExtractDeclaration(decl); len(syms) != 0 {
			t.Errorf("%q: got %+v, want none", decl, syms)
		}
	}
}

func TestExtractDeclarationObjC(t *testing.T) {
	tests := []struct {
		decl string
		want want
	}{
		{"- (void) dissolveToPoint:(NSPoint) point fromRect:(NSRect) rect fraction:(CGFloat) fraction;",
			want{Name: "dissolveToPoint:fromRect:fraction:", Kind: KindObjCMethod}},
		{"- (instancetype) init;", want{Name: "init", Kind: KindObjCMethod}},
		{"+ (instancetype) templateWithLine1TextProvider:(CLKTextProvider *) line1 line2TextProvider:(CLKTextProvider *) line2;",
			want{Name: "templateWithLine1TextProvider:line2TextProvider:", Kind: KindObjCMethod, Static: true}},
		{"- (void)foo:(id)bar;", want{Name: "foo:", Kind: KindObjCMethod}},
		{"- (NSArray<NSString *> *) allKeys NS_SWIFT_NAME(keys());", want{Name: "allKeys", Kind: KindObjCMethod}},
		{"@interface NSURL : NSObject <NSCopying, NSSecureCoding>", want{Name: "NSURL", Kind: KindObjCClass, Conf: []string{"NSObject", "NSCopying", "NSSecureCoding"}}},
		{"@interface NSString (Drawing)", want{Name: "NSString", Kind: KindObjCCategory}},
		{"@protocol UITableViewDelegate <UIScrollViewDelegate>", want{Name: "UITableViewDelegate", Kind: KindObjCProtocol, Conf: []string{"UIScrollViewDelegate"}}},
		{"@property (nonatomic, readonly) id<MDLMeshBufferZone> zone;", want{Name: "zone", Kind: KindObjCProperty}},
		{"@property (class, readonly, strong) NSUserDefaults * standardUserDefaults;", want{Name: "standardUserDefaults", Kind: KindObjCProperty, Static: true}},
		{"@property (nonatomic, copy) void (^)(CKRecordZoneID *, NSError *) perRecordZoneDeleteBlock;", want{Name: "perRecordZoneDeleteBlock", Kind: KindObjCProperty}},
		{"@property (copy) void (^handler)(NSError *) API_AVAILABLE(ios(13.0));", want{Name: "handler", Kind: KindObjCProperty}},
		{"@property(weak) id accessibilityMenuBar;", want{Name: "accessibilityMenuBar", Kind: KindObjCProperty}},
	}
	for _, tt := range tests {
		checkDeclaration(t, tt.decl, tt.want)
	}
}

func BenchmarkExtractDeclaration(b *testing.B) {
	decls := []string{
		"func dataTask(with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask",
		"struct NavigationLink<Label, Destination> where Label : View, Destination : View",
		"var body: Self.Body { get }",
		"@MainActor @preconcurrency protocol View",
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ExtractDeclaration(decls[i%len(decls)])
	}
}
