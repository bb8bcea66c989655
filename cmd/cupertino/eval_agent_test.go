package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/eval/agent"
	"github.com/cupertino-go/cupertino/eval/agent/fakellm"
)

const (
	evalFixtures   = "../../eval/agent/testdata"
	evalReplayFile = evalFixtures + "/replay.json"
	evalSymbolDir  = evalFixtures + "/symbolgraphs"
)

func evalOpts(t *testing.T, env map[string]string, args ...string) (*evalAgentOptions, *bytes.Buffer) {
	t.Helper()
	var got *evalAgentOptions
	cmd := newEvalAgentCmdWith(func(_ context.Context, o *evalAgentOptions) error {
		got = o
		return nil
	})
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs(args)
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		t.Fatalf("parse %v: %v", args, err)
	}
	got.Getenv = func(k string) string { return env[k] }
	return got, &out
}

func TestEvalAgentFlags(t *testing.T) {
	o, _ := evalOpts(t, nil, "--driver", "openai", "--model", "gpt-4o", "--base-url", "http://127.0.0.1:1/v1",
		"--modes", "ungrounded", "--budget", "1.5", "--yes", "--out", "x", "--swiftc", "none", "--only", "observation")
	if o.Driver != "openai" || o.Model != "gpt-4o" || o.Modes != "ungrounded" || o.Budget != 1.5 || !o.Yes || o.OutDir != "x" || o.Swiftc != "none" || o.Only != "observation" {
		t.Errorf("options = %+v", o)
	}
	d, _ := evalOpts(t, nil)
	if d.Driver != "anthropic" || d.Budget != 5 || d.Modes != "grounded,ungrounded" || d.MaxToolTurns != 6 {
		t.Errorf("defaults = %+v", d)
	}
}

// TestEvalAgentReplayCLI re-scores the committed recording through the
// command, as CI does.
func TestEvalAgentReplayCLI(t *testing.T) {
	outDir := t.TempDir()
	o, stdout := evalOpts(t, nil, "--driver", "replay", "--replay", evalReplayFile, "--symbolgraph-dir", evalSymbolDir,
		"--swiftc", "none", "--out", outDir, "--search-db", filepath.Join(t.TempDir(), "absent.db"))
	if err := runEvalAgent(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"report.json", "report.md", "tool_calls.jsonl"} {
		if fi, err := os.Stat(filepath.Join(outDir, name)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(outDir, "replay.json")); err == nil {
		t.Error("a replay must not write a new replay file")
	}
	for _, want := range []string{"outcome: grounded 35/37, ungrounded 28/37", "[[27 1] [8 1]]", "exact p (one-sided) = 0.0195"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout)
		}
	}
}

func TestEvalAgentRefusals(t *testing.T) {
	ctx := context.Background()
	noKey, _ := evalOpts(t, nil, "--driver", "anthropic", "--model", "claude-sonnet-4", "--modes", "ungrounded", "--symbolgraph-dir", evalSymbolDir)
	err := runEvalAgent(ctx, noKey)
	if !errors.Is(err, agent.ErrMissingAPIKey) || exitCode(err) != exitUsage {
		t.Errorf("missing key: %v (exit %d)", err, exitCode(err))
	}
	// An unknown model is priced as the most expensive family: 37 tasks do
	// not fit in a cent, and nothing is sent.
	over, _ := evalOpts(t, map[string]string{"OPENAI_API_KEY": "sk-test"}, "--driver", "openai", "--model", "mystery-model",
		"--base-url", "https://api.example.invalid/v1", "--modes", "ungrounded", "--symbolgraph-dir", evalSymbolDir, "--swiftc", "none", "--budget", "0.01")
	err = runEvalAgent(ctx, over)
	if !errors.Is(err, agent.ErrOverBudget) || exitCode(err) != exitUsage {
		t.Errorf("over budget: %v", err)
	}
	bad, _ := evalOpts(t, nil, "--driver", "gemini", "--model", "x", "--symbolgraph-dir", evalSymbolDir)
	if err := runEvalAgent(ctx, bad); !errors.Is(err, agent.ErrUnknownDriver) {
		t.Errorf("unknown driver: %v", err)
	}
	modes, _ := evalOpts(t, nil, "--modes", "grounded,sideways")
	if err := runEvalAgent(ctx, modes); exitCode(err) != exitUsage {
		t.Errorf("bad mode: %v", err)
	}
}

// TestEvalAgentLocalModel runs the command against a fake model on
// 127.0.0.1: no key is needed and the run is free.
func TestEvalAgentLocalModel(t *testing.T) {
	srv := fakellm.New(func(turn fakellm.Turn) fakellm.Reply {
		return fakellm.Reply{Text: "```swift\nimport SwiftUI\nlet t = Text(\"hi\").shimmer()\n```"}
	})
	defer srv.Close()
	outDir := t.TempDir()
	o, stdout := evalOpts(t, nil, "--driver", "openai", "--model", "local-coder", "--base-url", srv.URL()+"/v1",
		"--modes", "ungrounded", "--only", "swiftui-badge-style,foundation-measurement", "--symbolgraph-dir", evalSymbolDir,
		"--swiftc", "none", "--out", outDir, "--budget", "0")
	if err := runEvalAgent(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "outcome: ungrounded 0/2") {
		t.Errorf("summary:\n%s", stdout)
	}
	rec, err := agent.LoadRecording(filepath.Join(outDir, "replay.json"))
	if err != nil || len(rec.Runs) != 2 || rec.Seed == nil {
		t.Errorf("replay.json: %+v, %v", rec, err)
	}
	if len(srv.Requests()) != 2 {
		t.Errorf("%d requests", len(srv.Requests()))
	}
}

func TestEvalAgentIncompleteExitCode(t *testing.T) {
	srv := fakellm.New(func(fakellm.Turn) fakellm.Reply { return fakellm.Reply{Text: "x"} })
	defer srv.Close()
	srv.FailNext(100, 400)
	o, _ := evalOpts(t, nil, "--driver", "anthropic", "--model", "m", "--base-url", srv.URL(),
		"--modes", "ungrounded", "--only", "foundation-measurement", "--symbolgraph-dir", evalSymbolDir, "--swiftc", "none")
	err := runEvalAgent(context.Background(), o)
	if exitCode(err) != exitIncomplete {
		t.Errorf("API failures: %v (exit %d)", err, exitCode(err))
	}
}
