package agent

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/eval/agent/fakellm"
	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/internal/verify"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// fakeMCPEnv makes the test binary serve the fake MCP server over stdio
// instead of running tests: grounded runs spawn it like `cupertino serve`.
const fakeMCPEnv = "CUPERTINO_EVAL_FAKE_MCP"

func TestMain(m *testing.M) {
	if os.Getenv(fakeMCPEnv) == "1" {
		if err := serveFakeMCP(); err != nil {
			fmt.Fprintln(os.Stderr, "fake mcp:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	code := m.Run()
	testenv.RemoveBuilt()
	os.Exit(code)
}

const fixtureSymbolGraphs = "testdata/symbolgraphs"

// serveFakeMCP answers search and read_document from the fixture symbol
// graphs, in the shape the real server's tools take.
func serveFakeMCP() error {
	table, err := LoadSymbolGraphs(fixtureSymbolGraphs)
	if err != nil {
		return err
	}
	s := server.NewMCPServer("fake-cupertino", "test", server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("search",
		mcp.WithDescription("Search Apple developer documentation."),
		mcp.WithString("query", mcp.Required(), mcp.Description("What to look for")),
		mcp.WithString("framework", mcp.Description("Limit to one framework")),
		mcp.WithNumber("limit", mcp.Description("Maximum results")),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		query, err := req.RequireString("query")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(fakeSearch(table, query)), nil
	})
	s.AddTool(mcp.NewTool("read_document",
		mcp.WithDescription("Read one documentation page by URI."),
		mcp.WithString("uri", mcp.Required()),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		uri, err := req.RequireString("uri")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText("# " + uri + "\n\nFixture page: the declaration and availability are in the search result."), nil
	})
	// verify_swift checks against the fixture symbol graphs with the same
	// checker the real tool uses.
	s.AddTool(mcp.NewTool(verifyToolName,
		mcp.WithDescription("Check Swift code against the documentation."),
		mcp.WithString("code", mcp.Required()),
		mcp.WithString("min_ios"),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		code, err := req.RequireString("code")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		targets, err := verify.TargetsFrom(map[string]string{"ios": req.GetString("min_ios", "")})
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		rep, err := (&verify.Checker{Table: table}).Check(ctx, []verify.File{{Code: code}}, verify.Options{Targets: targets})
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		var b strings.Builder
		rep.WriteText(&b, 0)
		return mcp.NewToolResultText(b.String()), nil
	})
	return server.ServeStdio(s)
}

// fakeSearch lists fixture symbols whose name contains a query word.
func fakeSearch(table *MemTable, query string) string {
	words := strings.Fields(strings.ToLower(regexp.MustCompile(`[^A-Za-z0-9 ]+`).ReplaceAllString(query, " ")))
	var lines []string
	for _, name := range table.Names() {
		syms, _ := table.Lookup(name)
		for _, w := range words {
			if len(w) < 3 || !strings.Contains(strings.ToLower(name), w) {
				continue
			}
			for _, s := range syms {
				path := strings.ToLower(s.Module + "/" + strings.TrimPrefix(s.Parent+"/"+name, "/"))
				avail := ""
				if v, ok := s.Introduced["ios"]; ok {
					avail = " — iOS " + v.String() + "+"
				}
				lines = append(lines, fmt.Sprintf("apple-docs://%s — %s (%s)%s", path, name, strings.TrimPrefix(s.Kind, "swift."), avail))
			}
			break
		}
	}
	sort.Strings(lines)
	if len(lines) > 8 {
		lines = lines[:8]
	}
	if len(lines) == 0 {
		return "No results for " + query
	}
	return strings.Join(lines, "\n")
}

// startFakeMCP spawns this test binary as the MCP server.
func startFakeMCP(t *testing.T) *MCPSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sess, err := StartMCP(ctx, os.Args[0], []string{"-test.run=^$"}, append(os.Environ(), fakeMCPEnv+"=1"), os.Stderr)
	return testenv.Closing(t, sess, err)
}

func fixtureTable(t *testing.T) *MemTable {
	t.Helper()
	table, err := LoadSymbolGraphs(fixtureSymbolGraphs)
	if err != nil {
		t.Fatal(err)
	}
	return table
}

func fixtureScorer(t *testing.T) *Scorer {
	return &Scorer{Syntax: TreeSitterChecker{}, Symbols: fixtureTable(t), Deprecations: Deprecations}
}

// toolPlan is how the fixture model uses tools for a task in grounded mode:
// rounds of calls; each inner slice is one turn (several calls = parallel).
var toolPlans = map[string][][]fakellm.Call{
	"swiftui-paging-carousel": {
		{{Name: "search", Args: map[string]any{"query": "scrollTargetBehavior paging"}}},
		{{Name: "search", Args: map[string]any{"query": "scrollPosition", "limit": 5}}},
	},
	"widget-control-toggle": {
		{{Name: "search", Args: map[string]any{"query": "ControlWidgetToggle"}}, {Name: "search", Args: map[string]any{"query": "StaticControlConfiguration"}}},
	},
	"appintents-entity-query": {
		{{Name: "search", Args: map[string]any{"query": "EntityQuery"}}},
		{{Name: "read_document", Args: map[string]any{"uri": "apple-docs://appintents/entityquery"}}},
	},
}

var hintWord = regexp.MustCompile(`[A-Za-z][A-Za-z0-9]+`)

// fixtureScript is the scripted model behind the recorded replay: it looks up
// each task by prompt, makes the planned tool calls when tools are offered and
// then answers with testdata/fakemodel/<task>.<mode>.md (the ungrounded file
// falls back to the grounded one).
func fixtureScript(t *testing.T, tasks []Task) fakellm.Script {
	t.Helper()
	byPrompt := map[string]Task{}
	for _, task := range tasks {
		byPrompt[task.Prompt] = task
	}
	replies := map[string]string{}
	for _, task := range tasks {
		for _, mode := range []string{ModeGrounded, ModeUngrounded} {
			data, err := os.ReadFile(filepath.Join("testdata", "fakemodel", task.ID+"."+mode+".md"))
			if err == nil {
				replies[task.ID+"."+mode] = string(data)
			}
		}
		if replies[task.ID+"."+ModeGrounded] == "" {
			t.Fatalf("no fixture reply for %s", task.ID)
		}
	}
	return func(turn fakellm.Turn) fakellm.Reply {
		task, ok := byPrompt[turn.Prompt]
		if !ok {
			return fakellm.Reply{Text: "I do not know this task."}
		}
		if len(turn.Tools) > 0 {
			plan, ok := toolPlans[task.ID]
			if !ok && len(task.SuccessHints) > 0 {
				plan = [][]fakellm.Call{{{Name: "search", Args: map[string]any{"query": hintWord.FindString(task.SuccessHints[0])}}}}
			}
			if turn.Assistant < len(plan) {
				return fakellm.Reply{Calls: plan[turn.Assistant]}
			}
			reply := replies[task.ID+"."+ModeGrounded]
			// grounded+verify checks the code once before answering.
			if turn.HasTool(verifyToolName) && turn.Assistant == len(plan) {
				code, _ := ExtractCode(reply)
				return fakellm.Reply{Calls: []fakellm.Call{{Name: verifyToolName, Args: map[string]any{"code": code}}}}
			}
			return fakellm.Reply{Text: reply}
		}
		if r := replies[task.ID+"."+ModeUngrounded]; r != "" {
			return fakellm.Reply{Text: r}
		}
		return fakellm.Reply{Text: replies[task.ID+"."+ModeGrounded]}
	}
}

// writtenFiles writes out's files (WriteFiles) into a fresh folder of the
// test and returns it.
func writtenFiles(t *testing.T, out *Outcome) string {
	t.Helper()
	dir := t.TempDir()
	if err := WriteFiles(dir, out); err != nil {
		t.Fatal(err)
	}
	return dir
}

// sameFiles fails the test unless two runs' folders hold the same report
// and tool-call files, byte for byte, none of them empty.
func sameFiles(t *testing.T, dirA, dirB string) {
	t.Helper()
	for _, name := range []string{"report.json", "report.md", "tool_calls.jsonl"} {
		a, _ := os.ReadFile(filepath.Join(dirA, name))
		b, _ := os.ReadFile(filepath.Join(dirB, name))
		if !bytes.Equal(a, b) || len(a) == 0 {
			t.Errorf("%s differs between two replays", name)
		}
	}
}

// openTable opens the index at path as a symbol table for the rest of the
// test.
func openTable(t *testing.T, path string) *IndexTable {
	t.Helper()
	table, err := OpenIndexTable(path)
	return testenv.Closing(t, table, err)
}
