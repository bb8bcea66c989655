package agent

import (
	"context"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/eval/agent/fakellm"
)

// TestScriptedModelCallingFirstSearchTool mirrors how an outside scripted
// model behaves: OpenAI wire, it calls the first tool named "search" when
// tools are offered, then writes code. Without tools it invents a modifier.
func TestScriptedModelCallingFirstSearchTool(t *testing.T) {
	invented := strings.Replace(badgeCode, ".padding(.horizontal, 10)", ".shimmerEffect(active: true)", 1)
	srv := fakellm.New(func(turn fakellm.Turn) fakellm.Reply {
		if turn.HasTool("search") && len(turn.ToolResults) == 0 {
			return fakellm.Reply{Calls: []fakellm.Call{{Name: "search", Args: map[string]any{"query": "Capsule background"}}}}
		}
		if len(turn.Tools) == 0 {
			return codeReply(invented)
		}
		return codeReply(badgeCode)
	})
	defer srv.Close()
	out, err := Run(context.Background(), Config{Driver: &OpenAIDriver{BaseURL: srv.URL() + "/v1"}, Model: "scripted",
		Tasks: oneTask(t, "swiftui-badge-style"), Modes: []string{ModeGrounded, ModeUngrounded}, Tools: startFakeMCP(t), Scorer: fixtureScorer(t)})
	if err != nil {
		t.Fatal(err)
	}
	g := out.Report.PerTask[0].Modes[ModeGrounded]
	u := out.Report.PerTask[0].Modes[ModeUngrounded]
	if !g.Outcome || len(g.ToolCalls) != 1 || g.ToolCalls[0].Name != "search" {
		t.Errorf("grounded: %+v, calls %+v", g.Score, g.ToolCalls)
	}
	if u.SymbolExists || u.Outcome || !strings.Contains(u.Reason(), ".shimmerEffect") {
		t.Errorf("ungrounded: %+v", u.Score)
	}
	if a := out.Report.Aggregate; a.Contingency != [2][2]int{{0, 0}, {1, 0}} {
		t.Errorf("contingency %v", a.Contingency)
	}
}
