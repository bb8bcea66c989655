package verify

import (
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// collectionsGraph is the standard library's collections and String as
// the crawl documents them, in small: Array's own methods, one of them
// named like RandomAccessCollection's property, reduce with a generic
// parameter named like Swift's Result, and a type that has a member
// none of them has.
func collectionsGraph() graphTable {
	d := &memGraph{}
	typ := func(path, title, kind string) func(title, kind, decl string) {
		return addFilledType(d, "apple-docs://swift/"+path, title, kind, "swift")
	}
	array := typ("array", "Array", "struct")
	array("joined(separator:)", "func", "func joined(separator: String = \"\") -> String")
	array("indices(where:)", "func", "func indices(where predicate: (Element) throws -> Bool) rethrows -> RangeSet<Int>")
	array("reduce(_:_:)", "func",
		"func reduce<Result>(_ initialResult: Result, _ nextPartialResult: (Result, Element) throws -> Result) rethrows -> Result")
	typ("randomaccesscollection", "RandomAccessCollection", "protocol")("indices", "property", "var indices: Self.Indices { get }")
	d.Edges = append(d.Edges, index.GraphEdge{ChildURI: "apple-docs://swift/array", ParentURI: "apple-docs://swift/randomaccesscollection",
		ParentTitle: "RandomAccessCollection", Relation: "conformsTo"})
	typ("rangeset", "RangeSet", "struct")
	typ("result", "Result", "enum")
	typ("string", "String", "struct")("uppercased()", "func", "func uppercased() -> String")
	typ("dictionary", "Dictionary", "struct")("mapValues(_:)", "func", "func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> Dictionary<Key, T>")
	typ("set", "Set", "struct")("union(_:)", "func", "func union<S>(_ other: S) -> Set<Element> where Element == S.Element, S : Sequence")
	return graphTable{MemTable: NewMemTable("collections graph", nil), g: newSymbolGraph(d)}
}

// TestCollectionValuesAreTyped: a value of an array or dictionary type
// written in brackets, or made from a literal, is checked as one of
// Array, Dictionary or String, as `Array<T>` is.
func TestCollectionValuesAreTyped(t *testing.T) {
	runTypedCases(t, collectionsGraph(), []typedCase{
		{"a member a sugared array lacks", "func f(tags: [String]) {\n  print(tags.union(x))\n}\n", NotOnType, "union"},
		{"a sugared array's member", "func f(tags: [String]) {\n  print(tags.joined(separator: \",\"))\n}\n", "", ""},
		{"a local annotated as a sugared array", "let tags: [String] = load()\nprint(tags.union(x))\n", NotOnType, "union"},
		{"a member a sugared dictionary lacks", "func f(m: [String: Int]) {\n  print(m.joined(separator: \",\"))\n}\n", NotOnType, "joined"},
		{"a sugared dictionary's member", "func f(m: [String: Int]) {\n  print(m.mapValues { $0 })\n}\n", "", ""},
		{"an array literal's member", "let xs = [1, 2]\nprint(xs.union(x))\n", NotOnType, "union"},
		{"a dictionary literal's member", "let m = [\"a\": 1]\nprint(m.joined(separator: \",\"))\n", NotOnType, "joined"},
		{"an empty array made from its sugared type", "var xs = [String]()\nprint(xs.union(x))\n", NotOnType, "union"},
		{"a string literal's member", "let s = \"abc\"\nprint(s.union(x))\n", NotOnType, "union"},
		{"a string literal's real member", "let s = \"abc\"\nprint(s.uppercased())\n", "", ""},
		{"an empty literal says nothing", "var xs = []\nprint(xs.union(x))\n", "", ""},
		{"a literal that does not end the value says nothing", "let s = \"abc\" + suffix\nprint(s.union(x))\n", "", ""},
		{"a loop over a literal of names of one written type", "let a: String = x\nlet b: String = y\nfor s in [a, b] {\n  print(s.union(z))\n}\n", NotOnType, "union"},
		{"a loop over a literal of names of two types", "let a: String = x\nlet b: [Int] = y\nfor s in [a, b] {\n  print(s.union(z))\n}\n", "", ""},
		{"a link named like a method and a protocol's property is not followed",
			"func f(xs: [Int]) {\n  print(xs.indices.union(y))\n}\n", "", ""},
		{"a closure's parameter typed by the callee's generic parameter is not Swift's type",
			"func f(xs: [Int]) {\n  _ = xs.reduce(0) { total, x in total.union(x) }\n}\n", "", ""},
	})
}

// TestTypeCitedByItsMembersPage: a type two frameworks in scope name
// alike cites the one whose member the line uses after it; a member
// documented on another type (a protocol's) changes nothing.
func TestTypeCitedByItsMembersPage(t *testing.T) {
	refs := []Reference{
		{Line: 5, Symbol: "Transaction", Kind: string(RefType), Status: Resolved, URI: "apple-docs://swiftui/transaction"},
		{Line: 5, Symbol: "Transaction.currentEntitlements", Kind: string(RefMember), Status: Resolved, URI: "apple-docs://storekit/transaction/currententitlements"},
		{Line: 6, Symbol: "Text", Kind: string(RefType), Status: Resolved, URI: "apple-docs://swiftui/text"},
		{Line: 6, Symbol: "Text.font", Kind: string(RefMember), Status: Resolved, URI: "apple-docs://swiftui/view/font(_:)"},
	}
	citeTypesByMembers(refs)
	if got := refs[0].URI; got != "apple-docs://storekit/transaction" {
		t.Errorf("Transaction cites %s, want StoreKit's", got)
	}
	if got := refs[2].URI; got != "apple-docs://swiftui/text" {
		t.Errorf("Text cites %s, want its own page", got)
	}
}
