package swiftsym

import (
	"strings"
	"testing"
)

var fuzzSeeds = []string{
	"@MainActor @preconcurrency protocol View",
	"struct NavigationLink<Label, Destination> where Label : View, Destination : View",
	"func dataTask(with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask",
	"static func != (lhs: Self, rhs: Self) -> Bool",
	"init(_ s: some StringProtocol)",
	"var body: Self.Body { get }",
	"case success(Success)",
	"associatedtype Body : View",
	"typealias Codable = Decodable & Encodable",
	"macro Observable()",
	"subscript(index: Int) -> Element { get set }",
	"func f() async throws(MyError) -> Int",
	"- (void)foo:(id)bar;",
	"@interface NSURL : NSObject",
	"@property (copy) void (^handler)(NSError *);",
	"func a<T: (Int) -> Void>(x: \"(\") where T == [String : Any]",
	"class `class`<each T, let n: Int>: ~Copyable",
	"case a = \"x\", b(y: Int = 3)",
}

func FuzzExtractDeclaration(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, decl string) {
		for _, s := range ExtractDeclaration(decl) {
			if s.Kind != "" && s.Name == "" {
				t.Fatalf("kind %q with empty name from %q", s.Kind, decl)
			}
			if strings.ContainsAny(s.Signature, "\n\r\t") {
				t.Fatalf("multi-line signature %q", s.Signature)
			}
			if s.Origin != OriginDeclaration {
				t.Fatalf("origin %q", s.Origin)
			}
			for _, c := range s.GenericConstraints {
				if c == "" {
					t.Fatalf("empty constraint from %q", decl)
				}
			}
		}
	})
}

func FuzzComponents(f *testing.F) {
	for _, s := range []string{"NSURLSessionDataTask", "LazyVGrid", "iOSMTLTexture2D", "dataTask(with:)", "ÜberΣView", "a_b.c d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		for _, p := range Components(name) {
			if p == "" || !strings.Contains(name, p) {
				t.Fatalf("part %q of %q", p, name)
			}
		}
	})
}

func FuzzExtractCode(f *testing.F) {
	f.Add(swiftUIView)
	f.Add("struct S: ~Copyable { #Preview { S() } }")
	f.Add("@Observable class M { var x = 0 }\nactor A { func f() async {} }")
	f.Fuzz(func(t *testing.T, code string) {
		for _, s := range ExtractCode(code) {
			if s.Name == "" || s.Kind == "" || s.Origin != OriginExample {
				t.Fatalf("bad symbol %+v from %q", s, code)
			}
		}
	})
}
