package verify

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
)

// warmIndex is a small real index: UIViewController with a member and a
// superclass, a name crowdedPages pages bear, and sample code that writes
// the class and one of its members.
func warmIndex(t *testing.T) string {
	t.Helper()
	apple := func(uri, title, kind, parent string) *document.Document {
		return &document.Document{URI: uri, Source: document.SourceAppleDocs, Framework: "uikit", Title: title, Kind: kind,
			Language: "swift", Parent: parent, Markdown: "# " + title + "\n", ContentHash: uri}
	}
	docs := []*document.Document{
		apple("apple-docs://uikit/uiresponder", "UIResponder", "class", ""),
		apple("apple-docs://uikit/uiviewcontroller", "UIViewController", "class", ""),
		apple("apple-docs://uikit/uiviewcontroller/viewdidload()", "viewDidLoad()", "method", "apple-docs://uikit/uiviewcontroller"),
	}
	docs[1].InheritsFrom = []document.Ref{{URI: "apple-docs://uikit/uiresponder", Title: "UIResponder"}}
	for i := range crowdedPages {
		docs = append(docs, apple(fmt.Sprintf("apple-docs://uikit/holder%d/count", i), "count", "property", fmt.Sprintf("apple-docs://uikit/holder%d", i)))
	}
	sample := &document.Document{URI: "samples://app/App/A.swift", Source: document.SourceSamples, Title: "A.swift",
		Kind: document.KindSourceFile, Markdown: "x\n", ContentHash: "sample"}
	sample.References = []document.Reference{{Name: "UIViewController", Kind: "conform", Line: 1}, {Name: "UIViewController.viewDidLoad", Kind: "member", Line: 2}}
	return indextest.Build(t, append(docs, sample)...)
}

// TestWarmReadsAheadWithoutChangingAnswers: Warm reads, before any check,
// the pages of the crowded names and of the names code writes most, and
// the types those name with their members and supertypes; a check on the
// warmed table answers exactly as on a cold one.
func TestWarmReadsAheadWithoutChangingAnswers(t *testing.T) {
	path := warmIndex(t)
	warm := openTable(t, path)
	warm.Warm()
	warm.WaitWarm()
	for _, name := range []string{"count", "UIViewController", "viewDidLoad"} {
		if _, ok := warm.cache.get(name); !ok {
			t.Errorf("%s's pages were not read ahead", name)
		}
	}
	sg, _ := warm.graph()
	np := memoized(sg, namedMemo, "UIViewController")
	if np == nil || len(np.types) != 1 || np.types[0].members["viewDidLoad"] == nil || len(np.types[0].supers) != 1 {
		t.Fatalf("UIViewController's type, members and superclass were not read ahead: %+v", np)
	}
	if memoized(sg, namedMemo, "count") == nil || memoized(sg, namedMemo, "viewDidLoad") == nil {
		t.Error("the members of a crowded or written name were not read ahead")
	}

	code := "import UIKit\nfunc show() {\n    let vc = UIViewController()\n    vc.viewDidLoad()\n    vc.becomeFirstResponderX()\n    _ = vc.count\n}\n"
	cold := openTable(t, path)
	coldRep := checkCode(t, cold, Options{}, File{Code: code})
	if len(coldRep.Findings) != 2 {
		t.Fatalf("the check finds %s; want becomeFirstResponderX unknown and count not on UIViewController", summary(coldRep))
	}
	a, _ := json.Marshal(coldRep)
	b, _ := json.Marshal(checkCode(t, warm, Options{}, File{Code: code}))
	if string(a) != string(b) {
		t.Errorf("a warmed table answers otherwise:\ncold %s\nwarm %s", a, b)
	}
}

// TestCloseStopsTheWarmUp: closing a table while it warms returns once the
// read in flight ends, and a table never warmed closes and waits at once.
func TestCloseStopsTheWarmUp(t *testing.T) {
	path := warmIndex(t)
	table, err := OpenIndexTable(path)
	if err != nil {
		t.Fatal(err)
	}
	table.Warm()
	table.Warm() // a second call starts nothing more
	if err := table.Close(); err != nil {
		t.Fatal(err)
	}
	cold, err := OpenIndexTable(path)
	if err != nil {
		t.Fatal(err)
	}
	cold.WaitWarm()
	if err := cold.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestACancelledReadIsNotRemembered: a type's members or supertypes read
// under a call that was cancelled (a client gone, a deadline passed) fail
// that call alone; the next check, on the same shared graph, reads them.
func TestACancelledReadIsNotRemembered(t *testing.T) {
	table := openTable(t, warmIndex(t))
	sg, _ := table.graph()
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	ctx := context.Background()
	vc, err := sg.typeAt(ctx, "apple-docs://uikit/uiviewcontroller", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := sg.load(cancelled, vc); err == nil {
		t.Fatal("a read under a cancelled call succeeded")
	}
	if err := sg.load(ctx, vc); err != nil || vc.members["viewDidLoad"] == nil {
		t.Fatalf("after a cancelled read, load = %v with members %v; want the members read", err, vc.members)
	}
	if err := sg.linkSupers(cancelled, vc); err == nil {
		t.Fatal("linking the supertypes under a cancelled call succeeded")
	}
	if err := sg.linkSupers(ctx, vc); err != nil || len(vc.supers) != 1 || vc.supers[0].title != "UIResponder" {
		t.Fatalf("after a cancelled read, linkSupers = %v with supers %v; want UIResponder", err, vc.supers)
	}
}

// TestATypeMetAsAParentFirstKeepsItsHeader: a type first made as a
// member's parent (no declaration comes with it) gets the header its own
// page gives once its members are read, so what a check finds does not
// depend on which name an earlier check, or the warm-up, read first:
// Bindable's dynamic members, a typealias's aliased path.
func TestATypeMetAsAParentFirstKeepsItsHeader(t *testing.T) {
	d := &memGraph{Pages: []index.GraphPage{
		{URI: "apple-docs://swiftui/bindable", Title: "Bindable", Kind: "struct", Framework: "swiftui",
			Declaration: "@dynamicMemberLookup @propertyWrapper struct Bindable<Value>"},
		{URI: "apple-docs://swiftui/bindable/wrappedvalue", Title: "wrappedValue", Kind: "property", Framework: "swiftui",
			ParentURI: "apple-docs://swiftui/bindable", Declaration: "var wrappedValue: Value"},
		{URI: "apple-docs://foundation/urlrequest/cachepolicy", Title: "URLRequest.CachePolicy", Kind: "typealias", Framework: "foundation",
			Declaration: "typealias CachePolicy = NSURLRequest.CachePolicy"},
		{URI: "apple-docs://foundation/urlrequest/cachepolicy/x", Title: "x", Kind: "property", Framework: "foundation",
			ParentURI: "apple-docs://foundation/urlrequest/cachepolicy"},
	}}
	ctx := context.Background()
	for _, first := range []string{"wrappedValue", "x"} {
		g := &graphView{g: newSymbolGraph(d), ctx: ctx}
		g.overloads(first, false) // the parent is made from the member's row
		bindable := g.typesNamed("Bindable", nil)
		policy := g.typesNamed("URLRequest.CachePolicy", nil)
		if g.err != nil || len(bindable) != 1 || len(policy) != 1 {
			t.Fatalf("after %s: types %v %v, err %v", first, bindable, policy, g.err)
		}
		if !bindable[0].dynamicMembers || bindable[0].alias != "" {
			t.Errorf("after %s: Bindable's dynamic members %v, alias %q; want its declaration's", first, bindable[0].dynamicMembers, bindable[0].alias)
		}
		if policy[0].alias != "NSURLRequest.CachePolicy" {
			t.Errorf("after %s: URLRequest.CachePolicy aliases %q, want NSURLRequest.CachePolicy", first, policy[0].alias)
		}
	}
}
