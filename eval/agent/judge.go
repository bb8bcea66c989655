package agent

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"strings"
)

// The LLM judge scores what extractive matching cannot: whether a cited page
// supports the sentence that cites it ("onChange runs its closure on the
// main actor", apple-docs://…). It is optional (eval agent --judge), costs a
// model call per claim, and is calibrated on judge_calibration.json, a
// hand-labelled set of claims and page excerpts: Calibrate reports how often
// the judge agrees with the labels and Cohen's kappa, which report.md shows
// beside the judge's figures so a reader can tell how far to trust them.

//go:embed testdata/judge_calibration.json
var calibrationFS embed.FS

// maxJudgePage bounds the page text one judgement reads.
const maxJudgePage = 6000

// JudgeVerdict counts an answer's judged claims.
type JudgeVerdict struct {
	Claims    int `json:"claims"`
	Supported int `json:"supported"`
}

// Judge asks a model whether cited pages support the claims citing them.
type Judge struct {
	Driver Driver
	Model  string
}

// JudgeCase is one hand-labelled claim.
type JudgeCase struct {
	Claim     string `json:"claim"`
	Page      string `json:"page"`
	Supported bool   `json:"supported"`
}

const judgeSystem = "You check citations in answers about Apple APIs. Given a claim and the text of the page it cites, " +
	"answer with one word: SUPPORTED if the page states or directly shows what the claim says, UNSUPPORTED otherwise."

// Supports asks whether page supports claim.
func (j *Judge) Supports(ctx context.Context, claim, page string) (bool, error) {
	if len(page) > maxJudgePage {
		page = page[:maxJudgePage]
	}
	resp, err := j.Driver.Complete(ctx, &Request{TaskID: "judge", Mode: "judge", Model: j.Model, System: judgeSystem, MaxTokens: 8,
		Messages: []Message{{Role: RoleUser, Text: "Claim: " + claim + "\n\nPage:\n" + page}}})
	if err != nil {
		return false, fmt.Errorf("judge: %w", err)
	}
	word := strings.ToUpper(strings.TrimSpace(resp.Text))
	return strings.HasPrefix(word, "SUPPORTED"), nil
}

// JudgeReply judges every sentence of reply (outside code) that cites a
// page the index holds.
func (j *Judge) JudgeReply(ctx context.Context, reply string, pages Pages) (*JudgeVerdict, error) {
	v := &JudgeVerdict{}
	lines := strings.Split(reply, "\n")
	for _, c := range ExtractCitations(reply) {
		_, text, ok, err := pages.PageText(c.URI)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		v.Claims++
		supported, err := j.Supports(ctx, strings.TrimSpace(lines[c.Line-1]), text)
		if err != nil {
			return nil, err
		}
		if supported {
			v.Supported++
		}
	}
	return v, nil
}

// Calibration is the judge's agreement with the hand labels.
type Calibration struct {
	Cases     int     `json:"cases"`
	Agreement float64 `json:"agreement"`
	Kappa     float64 `json:"kappa"`
}

// CalibrationSet is the embedded hand-labelled set.
func CalibrationSet() ([]JudgeCase, error) {
	data, err := calibrationFS.ReadFile("testdata/judge_calibration.json")
	if err != nil {
		return nil, err
	}
	var cases []JudgeCase
	if err := json.Unmarshal(data, &cases); err != nil {
		return nil, fmt.Errorf("judge calibration set: %w", err)
	}
	return cases, nil
}

// Calibrate runs the judge over the labelled cases.
func (j *Judge) Calibrate(ctx context.Context, cases []JudgeCase) (Calibration, error) {
	var both, onlyJudge, onlyLabel, neither int
	for _, c := range cases {
		got, err := j.Supports(ctx, c.Claim, c.Page)
		if err != nil {
			return Calibration{}, err
		}
		switch {
		case got && c.Supported:
			both++
		case got:
			onlyJudge++
		case c.Supported:
			onlyLabel++
		default:
			neither++
		}
	}
	return calibration(both, onlyJudge, onlyLabel, neither), nil
}

// calibration computes agreement and Cohen's kappa from the 2x2 table.
func calibration(both, onlyJudge, onlyLabel, neither int) Calibration {
	n := both + onlyJudge + onlyLabel + neither
	if n == 0 {
		return Calibration{}
	}
	fn := float64(n)
	agree := float64(both+neither) / fn
	judgeYes, labelYes := float64(both+onlyJudge)/fn, float64(both+onlyLabel)/fn
	chance := judgeYes*labelYes + (1-judgeYes)*(1-labelYes)
	kappa := 1.0
	if chance < 1 {
		kappa = (agree - chance) / (1 - chance)
	}
	return Calibration{Cases: n, Agreement: agree, Kappa: kappa}
}
