package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/verify"
)

func TestTreeSitterModernSwift(t *testing.T) {
	// Valid Swift 5.9–6 that the bundled grammar only parses after
	// normalisation; each must pass, with lines intact.
	valid := map[string]string{
		"typed throws":         "enum E: Error { case a }\nfunc f() throws(E) -> Int { throw .a }\n",
		"typed throws closure": "let g = { () throws(E) in 1 }\n",
		"preview macro":        "#Preview {\n    Text(\"hi\")\n}\n",
		"named preview":        "#Preview(\"Dark\") { ContentView() }\n",
		"predicate":            "let p = #Predicate<Item> { $0.count > 3 }\n",
		"sending":              "func f(_ x: sending String) async {}\n",
		"noncopyable":          "struct File: ~Copyable {}\n",
		"nonisolated unsafe":   "nonisolated(unsafe) var counter = 0\n",
		"isolation param":      "func f(isolation: isolated (any Actor)? = #isolation) async {}\n",
		"expect macro":         "func t() { #expect(1 == 1) }\n",
		"directives":           "#if DEBUG\nlet a = #selector(f)\n#else\nlet b = #file\n#endif\n",
	}
	for name, code := range valid {
		findings, err := TreeSitterChecker{}.Check(context.Background(), code, Task{})
		if err != nil || len(findings) > 0 {
			t.Errorf("%s: %v %v", name, findings, err)
		}
		if got := verify.NormalizeForTreeSitter(code); strings.Count(got, "\n") != strings.Count(code, "\n") || len(got) != len(code) {
			t.Errorf("%s: normalisation moved text", name)
		}
	}
	broken := map[string]int{
		"struct A {\n    var x: Int\n    func f( {\n    }\n}\n": 3,
		"let x = [1, 2\nlet y = 3\n":                            1,
		"func f() {\n    if true {\n        print(1)\n    \n":   4,
	}
	for code, line := range broken {
		findings, err := TreeSitterChecker{}.Check(context.Background(), code, Task{})
		if err != nil || len(findings) == 0 {
			t.Errorf("broken code passed: %q", code)
			continue
		}
		if findings[0].Line > line+1 || findings[0].Criterion != CriterionCompile {
			t.Errorf("%q: first finding %v, want near line %d", code, findings[0], line)
		}
	}
	if s := verify.NormalizeForTreeSitter(`let s = "throws(E) #Preview"`); !strings.Contains(s, "throws(E) #Preview") {
		t.Error("normalisation must not touch strings")
	}
}

// fakeSwiftc is a shell script standing in for a toolchain: it reports an
// error for files containing BROKEN, the way swiftc formats diagnostics.
const fakeSwiftc = `#!/bin/sh
if [ "$1" = "--version" ]; then echo "Swift version 6.0.3 (fake)"; echo "Target: arm64-apple-macosx15.0"; exit 0; fi
for last; do :; done
echo "$@" > "$(dirname "$0")/args"
if grep -q BROKEN "$last"; then
  line=$(grep -n BROKEN "$last" | head -1 | cut -d: -f1)
  echo "$last:$line:5: error: cannot find 'BROKEN' in scope" >&2
  exit 1
fi
exit 0
`

func TestSwiftcChecker(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "swiftc")
	if err := os.WriteFile(bin, []byte(fakeSwiftc), 0o755); err != nil {
		t.Fatal(err)
	}
	c, err := NewSwiftcChecker(context.Background(), bin, "")
	if err != nil {
		t.Fatal(err)
	}
	if c.Toolchain() != "Swift version 6.0.3 (fake) (-parse)" {
		t.Errorf("toolchain = %q", c.Toolchain())
	}
	task := Task{TargetPlatform: "ios17.0", SwiftVersion: "6.0"}
	findings, err := c.Check(context.Background(), "let a = 1\nBROKEN\n", task)
	if err != nil || len(findings) != 1 || findings[0].Line != 2 || !strings.Contains(findings[0].Message, "cannot find 'BROKEN'") {
		t.Errorf("findings = %v, %v", findings, err)
	}
	if findings, _ := c.Check(context.Background(), "let a = 1\n", task); len(findings) != 0 {
		t.Errorf("clean code: %v", findings)
	}
	args, _ := os.ReadFile(filepath.Join(dir, "args"))
	if !strings.Contains(string(args), "-parse -swift-version 6") {
		t.Errorf("args = %q", args)
	}
	withSDK := &SwiftcChecker{Path: bin, SDK: "/sdk/iPhoneOS.sdk", version: "fake"}
	if _, err := withSDK.Check(context.Background(), "@main struct A { static func main() {} }\n", task); err != nil {
		t.Fatal(err)
	}
	args, _ = os.ReadFile(filepath.Join(dir, "args"))
	if !strings.Contains(string(args), "-typecheck -sdk /sdk/iPhoneOS.sdk -target arm64-apple-ios17.0") || !strings.Contains(string(args), "Answer.swift") {
		t.Errorf("args = %q", args)
	}
	if _, err := NewSwiftcChecker(context.Background(), filepath.Join(dir, "nope"), ""); err == nil {
		t.Error("a missing swiftc must be an error")
	}
}
