package verify

import (
	"context"
	"testing"
)

// FuzzCheck: whatever Swift a model writes, cut anywhere, the checker
// reads it without a panic, with a report or an error that says why (the type-aware checks over
// the test graph, every reading of bindings, calls and contexts). A
// binding cut after its `=` at the end of a file once read past the last
// token (metatypeCall).
func FuzzCheck(f *testing.F) {
	for _, seed := range []string{
		"import UIKit\nlet d = UIDevice.current\nprint(d.hasNotch)\n",
		"import Foundation\nstruct C: Decodable { let n: String }\nfunc f(d: Data) throws {\n  let cs = try JSONDecoder().decode([C].self, from: d)\n  _ = cs.map { c in c.n.count }\n  let x = cs[0]\n}\n",
		"import UIKit\nfunc f(done: @escaping (UIView.ContentMode) -> Void) { done([.scaleAspectFit]) }\n",
		"import Combine\nlet p = URLSession.shared.dataTaskPublisher(for: u).map(\\.data).zip(with: q)\n",
		"let x = try",
		"import Foundation\nlet (d, r) = try await URLSession.shared.data(from: u)\nprint(r.statusCode)\n",
		"let (a, b) = ",
		"let (a, b) = try await x.",
		"do { } catch let e as",
		"let x = ",
		"func f(g: (",
		"xs.map { a in a.",
		"import UIKit\nclass A: UIView { override init(frame: CGRect) { super.init(frame: frame); let v = self.subviews[",
	} {
		f.Add(seed)
	}
	table := testGraph()
	c := &Checker{Table: table}
	f.Fuzz(func(t *testing.T, code string) {
		if len(code) > 4096 {
			return
		}
		// Code that is not Swift, or none, is an error with a message
		// (ErrEmptyCode, "not Swift: …"); anything else is a report.
		rep, err := c.Check(context.Background(), []File{{Path: "F.swift", Code: code}}, Options{})
		if err == nil && rep == nil || err != nil && err.Error() == "" {
			t.Fatalf("Check(%q) = %v, %v", code, rep, err)
		}
	})
}
