package agent

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/eval/agent/fakellm"
)

// fakePages is an index of a few pages and one sample file.
type fakePages map[string][2]string // uri → title, text

func (p fakePages) PageText(uri string) (string, string, bool, error) {
	page, ok := p[uri]
	return page[0], page[1], ok, nil
}

var citationPages = fakePages{
	"apple-docs://swiftui/navigationstack":         {"NavigationStack", "A view that displays a root view and enables you to present additional views."},
	"apple-docs://swiftui/text":                    {"Text", "A view that displays one or more lines of read-only text."},
	"apple-docs://swiftui/view/padding(_:_:)":      {"padding(_:_:)", "Adds padding to the view."},
	"apple-docs://swiftui/list":                    {"List", "A container that presents rows of data. Use ForEach inside a List."},
	"samples://swiftui-demo/App/ContentView.swift": {"ContentView.swift", "import SwiftUI\n\nstruct ContentView: View {\n    var body: some View {\n        NavigationStack {\n            Text(\"Hi\").padding()\n        }\n    }\n}\n"},
}

// TestCitationScoring plants valid, invalid, imprecise and missing
// citations and checks each metric's numerator and denominator.
func TestCitationScoring(t *testing.T) {
	reply := "Here is the view.\n\n```swift\n// apple-docs://swiftui/not-a-citation-inside-code\n" +
		"NavigationStack { Text(\"Hi\").padding() }\n```\n\nSources:\n" +
		"- `NavigationStack`: apple-docs://swiftui/navigationstack\n" + // valid, precise
		"- `Text`: samples://swiftui-demo/App/ContentView.swift:5-7\n" + // valid lines, contain Text: precise
		"- `padding`: samples://swiftui-demo/App/ContentView.swift:1-3\n" + // valid lines, do not contain padding: imprecise
		"- `List`: apple-docs://swiftui/list\n" + // valid page, but List is not used: precise, covers nothing
		"- `Text`: apple-docs://swiftui/texts\n" + // no such page: invalid
		"- `Text`: samples://swiftui-demo/App/ContentView.swift:8-40\n" // past the end: invalid
	cites := ExtractCitations(reply)
	if len(cites) != 6 || cites[1].Start != 5 || cites[1].End != 7 || cites[2].Symbol != "padding" {
		t.Fatalf("citations %+v", cites)
	}
	used := []string{"NavigationStack", "Text", "padding"}
	sc, err := ScoreCitations(reply, used, citationPages)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Cited != 6 || sc.Valid != 4 || sc.Precise != 3 || sc.Used != 3 || sc.Covered != 2 {
		t.Errorf("cited %d valid %d precise %d used %d covered %d, want 6 4 3 3 2", sc.Cited, sc.Valid, sc.Precise, sc.Used, sc.Covered)
	}
	if strings.Join(sc.Uncited, ",") != "padding" || len(sc.Invalid) != 2 || len(sc.Imprecise) != 1 {
		t.Errorf("uncited %v invalid %v imprecise %v", sc.Uncited, sc.Invalid, sc.Imprecise)
	}
	if v, p, c := sc.Validity(), sc.Precision(), sc.Coverage(); v != 4.0/6 || p != 3.0/4 || c != 2.0/3 {
		t.Errorf("validity %v precision %v coverage %v", v, p, c)
	}
	// A citation that names no symbol stands for the used ones its page
	// documents.
	sc, _ = ScoreCitations("See apple-docs://swiftui/text.", used, citationPages)
	if sc.Precise != 1 || sc.Covered != 1 {
		t.Errorf("an unnamed citation: %+v", sc)
	}
	// No citation at all: nothing valid, nothing covered.
	sc, _ = ScoreCitations("Just code.", used, citationPages)
	if sc.Cited != 0 || sc.Covered != 0 || len(sc.Uncited) != 3 {
		t.Errorf("no citations: %+v", sc)
	}
}

// TestRunThreeModes runs every task in all three modes against the fake
// model and the fake MCP server (whose verify_swift is the real checker over
// the fixture symbol graphs), with citations scored.
func TestRunThreeModes(t *testing.T) {
	tasks, err := BuiltinTasks()
	if err != nil {
		t.Fatal(err)
	}
	tools := startFakeMCP(t)
	srv := fakellm.New(fixtureScript(t, tasks))
	defer srv.Close()
	scorer := fixtureScorer(t)
	scorer.Pages = citationPages
	out, err := Run(context.Background(), Config{
		Driver: newDriver("anthropic", srv), Model: "fixture-model", Tasks: tasks,
		Modes: []string{ModeGrounded, ModeUngrounded, ModeGroundedVerify}, Tools: tools, Scorer: scorer,
		Concurrency: 2, BackoffBase: time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	r := out.Report
	for _, tr := range r.PerTask {
		g, u, v := tr.Modes[ModeGrounded], tr.Modes[ModeUngrounded], tr.Modes[ModeGroundedVerify]
		if g == nil || u == nil || v == nil {
			t.Fatalf("%s: a mode did not run", tr.ID)
		}
		verified := false
		for _, c := range v.ToolCalls {
			verified = verified || c.Name == verifyToolName
		}
		for _, c := range g.ToolCalls {
			if c.Name == verifyToolName {
				t.Errorf("%s: grounded mode was offered verify_swift", tr.ID)
			}
		}
		if !verified {
			t.Errorf("%s: grounded+verify did not call verify_swift", tr.ID)
		}
		if g.Citations == nil || v.Citations == nil || u.Citations != nil {
			t.Errorf("%s: citations are scored for the grounded modes only", tr.ID)
		}
	}
	if len(r.Pairwise) != 3 {
		t.Fatalf("pairwise %+v, want the three pairs", r.Pairwise)
	}
	total := 0
	for _, n := range r.OutcomePatterns {
		total += n
	}
	if total != len(tasks) {
		t.Errorf("outcome patterns count %d tasks, want %d", total, len(tasks))
	}
	for _, p := range r.Pairwise {
		c := p.Contingency
		if c[0][0]+c[0][1]+c[1][0]+c[1][1] != len(tasks) {
			t.Errorf("%s vs %s: %v", p.First, p.Second, c)
		}
	}
	if c := r.Citations[ModeGroundedVerify]; c.Answers != len(tasks) || c.Used == 0 {
		t.Errorf("citation totals %+v", c)
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## All modes", "| ungrounded | grounded+verify |", "## Citations", "| grounded+verify | "} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	dir := writtenFiles(t, out)
	data, _ := os.ReadFile(filepath.Join(dir, "report.json"))
	for _, want := range []string{`"pairwise"`, `"outcome_patterns"`, `"citations"`, `"validity"`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("report.json lacks %s", want)
		}
	}

	// The three-mode recording replays to the same verdicts, and two
	// replays write the same files byte for byte.
	replay := func() (*Outcome, string) {
		cfg := replayConfig(t, out.Recording, tasks)
		cfg.Modes, cfg.Scorer = []string{ModeGrounded, ModeUngrounded, ModeGroundedVerify}, scorer
		again, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		return again, writtenFiles(t, again)
	}
	a, dirA := replay()
	_, dirB := replay()
	for _, tr := range r.PerTask {
		for _, m := range AllModes {
			if got := modeResult(t, a.Report, tr.ID, m); got.Outcome != tr.Modes[m].Outcome || got.Citations.String() != tr.Modes[m].Citations.String() {
				t.Errorf("%s %s: the replay scores differently", tr.ID, m)
			}
		}
	}
	sameFiles(t, dirA, dirB)
}

// TestThreeModesNeedVerifyTool refuses grounded+verify without the tool.
func TestThreeModesNeedVerifyTool(t *testing.T) {
	rec, err := LoadRecording(replayFixture)
	if err != nil {
		t.Fatal(err)
	}
	cfg := replayConfig(t, rec, nil)
	cfg.Modes = []string{ModeGroundedVerify}
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "verify_swift") {
		t.Errorf("err = %v, want ErrNoVerifyTool", err)
	}
}

// scriptedJudge answers like a careful judge on the calibration set's
// wording: a claim is supported when each of its content words of five
// letters or more appears in the page.
type scriptedJudge struct{}

func (scriptedJudge) Name() string       { return "scripted" }
func (scriptedJudge) SupportsSeed() bool { return false }
func (scriptedJudge) Complete(_ context.Context, req *Request) (*Response, error) {
	text := req.Messages[0].Text
	claim, page, _ := strings.Cut(strings.TrimPrefix(text, "Claim: "), "\n\nPage:\n")
	claim = claim[:strings.Index(claim+" (", " (")]
	for _, w := range strings.Fields(strings.ToLower(claim)) {
		w = strings.Trim(w, ".,;:()'")
		if len(w) >= 5 && !strings.Contains(strings.ToLower(page), w) {
			return &Response{Text: "UNSUPPORTED"}, nil
		}
	}
	return &Response{Text: "SUPPORTED"}, nil
}

func TestJudgeCalibration(t *testing.T) {
	cases, err := CalibrationSet()
	if err != nil {
		t.Fatal(err)
	}
	supported := 0
	for _, c := range cases {
		if c.Supported {
			supported++
		}
	}
	if len(cases) < 10 || supported*2 != len(cases) {
		t.Fatalf("%d cases, %d supported: the set must be balanced and at least 10", len(cases), supported)
	}
	j := &Judge{Driver: scriptedJudge{}, Model: "scripted"}
	cal, err := j.Calibrate(context.Background(), cases)
	if err != nil {
		t.Fatal(err)
	}
	if cal.Cases != len(cases) || cal.Agreement < 0.5 {
		t.Errorf("calibration %+v", cal)
	}
	// The statistics themselves: 8 agreements of 10 with balanced margins
	// give kappa 0.6.
	if c := calibration(4, 1, 1, 4); c.Agreement != 0.8 || c.Kappa < 0.599 || c.Kappa > 0.601 {
		t.Errorf("calibration(4,1,1,4) = %+v", c)
	}
	// The judge sees the cited line and the page.
	v, err := j.JudgeReply(context.Background(), "- `Text` displays read-only text: apple-docs://swiftui/text\n- `List` shows maps: apple-docs://swiftui/list\n", citationPages)
	if err != nil || v.Claims != 2 {
		t.Fatalf("verdict %+v, %v", v, err)
	}
}
