package agent

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/eval/agent/fakellm"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// These tests build the real binary from ./cmd/cupertino. The index comes
// from `cupertino save` over the repository's demo corpus (testdata/demo),
// so the symbol checks read exactly what the real builder writes.

// demoIndex saves the demo corpus into a fresh search.db.
func demoIndex(t *testing.T, bin, root string) string {
	t.Helper()
	demo := filepath.Join(root, "testdata", "demo")
	if _, err := os.Stat(filepath.Join(demo, "docs")); err != nil {
		t.Fatalf("the demo corpus is missing from the repository: %v", err)
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "search.db")
	cmd := exec.Command(bin, "save", "--base-dir", dir, "--docs-dir", filepath.Join(demo, "docs"),
		"--evolution-dir", filepath.Join(demo, "swift-evolution"), "--swift-book-dir", filepath.Join(demo, "swift-book"),
		"--swift-org-dir", filepath.Join(demo, "swift-org"), "--hig-dir", filepath.Join(demo, "hig"),
		"--archive-dir", filepath.Join(demo, "apple-archive"), "--search-db", db, "--yes")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("cupertino save: %v\n%s", err, out)
	}
	return db
}

// demoGrounded uses only APIs the demo corpus documents; demoInvented adds a
// modifier that exists nowhere.
const (
	demoGrounded = "import SwiftUI\n\nstruct Greeting: View {\n    @State private var name = \"World\"\n\n    var body: some View {\n        Text(\"Hello, \\(name)\")\n            .padding()\n    }\n}\n"
	demoInvented = "import SwiftUI\n\nstruct Greeting: View {\n    var body: some View {\n        Text(\"Hello\")\n            .shimmer(speed: 2)\n    }\n}\n"
)

// TestIndexTableOnSavedDemo checks the criteria against an index written by
// the real `cupertino save`.
func TestIndexTableOnSavedDemo(t *testing.T) {
	bin, root := testenv.CupertinoBinary(t), testenv.RepoRoot(t)
	db := demoIndex(t, bin, root)
	table := openTable(t, db)
	task := iosTask("ios17.0")
	if sc := scoreWith(t, table, task, demoGrounded); !sc.Outcome || sc.RefsChecked < 4 {
		t.Errorf("documented APIs: %+v", sc)
	}
	if sc := scoreWith(t, table, task, demoInvented); sc.SymbolExists || !strings.Contains(sc.Reason(), ".shimmer") {
		t.Errorf("invented modifier: %+v", sc)
	}
	deprecated := "import Foundation\nlet data = try NSURLConnection.sendSynchronousRequest(request, returning: nil)\n"
	sc := scoreWith(t, table, iosTask("ios17.0"), deprecated)
	dataFlag := false
	for _, f := range sc.Findings {
		dataFlag = dataFlag || (f.Criterion == CriterionNoDeprecated && f.Symbol == "NSURLConnection.sendSynchronousRequest")
	}
	if sc.NoDeprecated || !dataFlag {
		t.Errorf("deprecated in the index data: %v", sc.Findings)
	}
	if sc := scoreWith(t, table, iosTask("ios8.0"), "import Foundation\nlet c: NSURLConnection? = nil\n"); !sc.NoDeprecated {
		t.Errorf("NSURLConnection was only deprecated in iOS 9: %v", sc.Findings)
	}
}

// TestRealServeEndToEnd is the full loop: a fake model on 127.0.0.1 speaking
// both wire formats calls real tools through a real `cupertino serve` over
// the demo index and returns code, which is scored against the same index.
func TestRealServeEndToEnd(t *testing.T) {
	bin, root := testenv.CupertinoBinary(t), testenv.RepoRoot(t)
	db := demoIndex(t, bin, root)
	table := openTable(t, db)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tools, err := StartMCP(ctx, bin, []string{"serve", "--search-db", db}, os.Environ(), os.Stderr)
	if err != nil {
		t.Fatalf("start cupertino serve: %v", err)
	}
	defer tools.Close()
	firstSearch := ""
	for _, spec := range tools.Tools() {
		if spec.Name == "search" {
			firstSearch = spec.Name
			break
		}
	}
	if firstSearch == "" {
		t.Fatalf("cupertino serve offers no search tool: %v", tools.Tools())
	}
	script := func(turn fakellm.Turn) fakellm.Reply {
		if turn.HasTool("search") && len(turn.ToolResults) == 0 {
			return fakellm.Reply{Calls: []fakellm.Call{{Name: "search", Args: map[string]any{"query": "padding"}}}}
		}
		if len(turn.Tools) == 0 {
			return fakellm.Reply{Text: "```swift\n" + demoInvented + "```"}
		}
		return fakellm.Reply{Text: "The documentation lists padding(_:_:) on View.\n\n```swift\n" + demoGrounded + "```"}
	}
	tasks := oneTask(t, "swiftui-badge-style")
	for _, wire := range []string{"anthropic", "openai"} {
		t.Run(wire, func(t *testing.T) {
			srv := fakellm.New(script)
			defer srv.Close()
			out, err := Run(ctx, Config{Driver: newDriver(wire, srv), Model: "fake-" + wire, Tasks: tasks,
				Modes: []string{ModeGrounded, ModeUngrounded}, Tools: tools,
				Scorer: &Scorer{Syntax: TreeSitterChecker{}, Symbols: table, Deprecations: Deprecations}})
			if err != nil {
				t.Fatal(err)
			}
			if v := srv.Violations(); len(v) > 0 {
				t.Fatalf("wire violations: %v", v)
			}
			g := out.Report.PerTask[0].Modes[ModeGrounded]
			u := out.Report.PerTask[0].Modes[ModeUngrounded]
			if len(out.ToolLog) != 1 || out.ToolLog[0].IsError || !strings.Contains(strings.ToLower(out.ToolLog[0].Result), "padding") {
				t.Fatalf("real search tool call: %+v", out.ToolLog)
			}
			if !g.Outcome {
				t.Errorf("grounded: %+v", g.Findings)
			}
			if u.SymbolExists || u.Outcome {
				t.Errorf("ungrounded must fail symbol_exists: %+v", u.Score)
			}
			dir := writtenFiles(t, out)
			data, err := os.ReadFile(filepath.Join(dir, "report.json"))
			var doc map[string]any
			if err != nil || json.Unmarshal(data, &doc) != nil || doc["aggregate"] == nil {
				t.Errorf("report.json: %v", err)
			}
			if md, err := os.ReadFile(filepath.Join(dir, "report.md")); err != nil || !strings.Contains(string(md), ".shimmer") {
				t.Errorf("report.md: %v", err)
			}
		})
	}

	// Through the command too.
	srv := fakellm.New(script)
	defer srv.Close()
	outDir := t.TempDir()
	cmd := exec.CommandContext(ctx, bin, "eval", "agent", "--driver", "openai", "--base-url", srv.URL()+"/v1", "--model", "fake",
		"--only", "swiftui-badge-style", "--search-db", db, "--swiftc", "none", "--out", outDir)
	cmd.Env = append(os.Environ(), "OPENAI_API_KEY=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("cupertino eval agent: %v\n%s", err, out)
	}
	for _, name := range []string{"report.json", "report.md", "tool_calls.jsonl", "replay.json"} {
		if _, err := os.Stat(filepath.Join(outDir, name)); err != nil {
			t.Errorf("CLI run did not write %s", name)
		}
	}
}
