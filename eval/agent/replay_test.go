package agent

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func replayConfig(t *testing.T, rec *Recording, tasks []Task) Config {
	return Config{
		Driver: &ReplayDriver{Rec: rec}, Model: rec.Model, Tasks: tasks,
		Modes: []string{ModeGrounded, ModeUngrounded}, Tools: &ReplayTools{Rec: rec}, Scorer: fixtureScorer(t),
	}
}

// TestReplayAllTasks is the CI run: every task of the corpus, re-scored
// offline from the committed recording, with no model and no MCP server.
func TestReplayAllTasks(t *testing.T) {
	start := time.Now()
	rec, err := LoadRecording(replayFixture)
	if err != nil {
		t.Fatal(err)
	}
	tasks, err := BuiltinTasks()
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Runs) != 2*len(tasks) {
		t.Fatalf("recording has %d runs for %d tasks: regenerate with go test ./eval/agent -run TestRunEndToEndBothWires -update", len(rec.Runs), len(tasks))
	}
	out, err := Run(context.Background(), replayConfig(t, rec, tasks))
	if err != nil {
		t.Fatal(err)
	}
	checkFixtureReport(t, out.Report)
	checkToolUse(t, out)
	if d := time.Since(start); d > 2*time.Minute {
		t.Errorf("replay took %v, the CI budget is 2 minutes", d)
	}

	// A replay reproduces: the same files, byte for byte, every time.
	again, err := Run(context.Background(), replayConfig(t, rec, tasks))
	if err != nil {
		t.Fatal(err)
	}
	dirA := writtenFiles(t, out)
	sameFiles(t, dirA, writtenFiles(t, again))
	var doc struct {
		Driver string `json:"driver"`
	}
	data, _ := os.ReadFile(filepath.Join(dirA, "report.json"))
	if json.Unmarshal(data, &doc) != nil || doc.Driver != "replay" {
		t.Errorf("report driver = %q", doc.Driver)
	}
}

func TestReplayDetectsStaleTasks(t *testing.T) {
	rec, err := LoadRecording(replayFixture)
	if err != nil {
		t.Fatal(err)
	}
	tasks, _ := BuiltinTasks()
	edited := []Task{tasks[0]}
	edited[0].Prompt += " Also add a preview."
	out, err := Run(context.Background(), replayConfig(t, rec, edited))
	if err != nil {
		t.Fatal(err)
	}
	mr := out.Report.PerTask[0].Modes[ModeGrounded]
	if mr.Outcome || !strings.Contains(mr.Error, "changed since it was recorded") {
		t.Errorf("stale replay: outcome %v error %q", mr.Outcome, mr.Error)
	}
	_, err = (&ReplayDriver{Rec: rec}).Complete(context.Background(), &Request{TaskID: "nope", Mode: ModeGrounded})
	if !errors.Is(err, ErrNoRecording) {
		t.Errorf("unknown task: %v", err)
	}
}
