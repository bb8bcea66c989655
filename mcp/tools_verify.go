package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cupertino-go/cupertino/internal/verify"
)

// verifyToolName is verify_swift's name; the worker pool limits its calls.
const verifyToolName = "verify_swift"

const (
	// maxSwiftLen is the largest code verify_swift takes: 64 KiB is some
	// 1,500 lines, far more than a draft an agent checks, and keeps a call
	// well inside its time and response budgets.
	maxSwiftLen = 64 << 10
	// maxVerifyRows bounds the findings and citations a result lists; the
	// counts say how many there were.
	maxVerifyRows = 300
)

const verifyRefSchema = `{"type": "object", "properties": {
  "line": {"type": "integer"}, "symbol": {"type": "string"}, "kind": {"type": "string"},
  "status": {"type": "string", "enum": ["resolved", "unknown", "not_on_type", "wrong_labels", "no_such_initializer", "no_such_case", "deprecated", "unavailable", "not_checkable", "mentioned", "newer_than_index"]},
  "uri": {"type": "string"}, "nearest": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}, "uri": {"type": "string"}}}},
  "replacement": {"type": "string"}, "introduced": {"type": "string"}, "target": {"type": "string"}, "why": {"type": "string"}},
  "required": ["line", "symbol", "status"]}`

// verifyTool checks a draft of Swift against the index before an agent
// answers with it.
func verifyTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	opts := []mcpgo.ToolOption{
		mcpgo.WithDescription("Check Swift code against the documentation before answering with it. Every type, member, free function, " +
			"attribute, macro and protocol requirement the code uses comes back resolved (with the page to cite), unknown (with the nearest " +
			"real names), not_on_type (the member is real but not on the receiver's type: the types that have it), wrong_labels (no overload " +
			"takes the written argument labels: the real overloads), no_such_initializer (the real initializers), no_such_case (a leading-dot " +
			"value the parameter's type lacks: its real cases), deprecated (with the replacement), unavailable for the min_* deployment targets " +
			"(with the version that introduced it), mentioned (no page of its own; a page mentions it) or not checkable (with why). A name the index lacks inside an #available or @available for a version newer than the index knows is " +
			"newer_than_index (with the crawl dates), not unknown. Names the code declares itself are not checked. Findings come first; fix them, then cite the resolved URIs."),
		readOnly("Verify Swift against the documentation"),
		mcpgo.WithString("code", mcpgo.Required(), mcpgo.MaxLength(maxSwiftLen),
			mcpgo.Description("The Swift source: a file, a snippet or several declarations.")),
	}
	opts = append(opts, minVersionOptions(func(platform string) string {
		return fmt.Sprintf("Deployment target for %s, e.g. \"17.0\": APIs introduced later are reported unavailable unless "+
			"an #available or @available guards them.", platform)
	})...)
	opts = append(opts, mcpgo.WithRawOutputSchema(json.RawMessage(`{
  "type": "object",
  "properties": {
    "lines": {"type": "integer"},
    "targets": {"type": "array", "items": {"type": "string"}},
    "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
    "findings": {"type": "array", "items": `+verifyRefSchema+`},
    "newerThanIndex": {"type": "array", "items": `+verifyRefSchema+`},
    "resolved": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}, "uri": {"type": "string"}}, "required": ["name", "uri"]}},
    "syntaxErrors": {"type": "array", "items": {"type": "object", "properties": {"line": {"type": "integer"}, "message": {"type": "string"}}}}
  },
  "required": ["lines", "counts", "findings", "resolved"]
}`)))
	t := mcpgo.NewTool(verifyToolName, opts...)
	type syntax struct {
		Line    int    `json:"line"`
		Message string `json:"message"`
	}
	type output struct {
		Lines    int                   `json:"lines"`
		Targets  []string              `json:"targets,omitempty"`
		Counts   map[verify.Status]int `json:"counts"`
		Findings []verify.Reference    `json:"findings"`
		// NewerThanIndex are the names the index lacks inside code guarded
		// for a version newer than it knows.
		NewerThanIndex []verify.Reference `json:"newerThanIndex,omitempty"`
		Resolved       []verify.Candidate `json:"resolved"`
		SyntaxErrors   []syntax           `json:"syntaxErrors,omitempty"`
	}
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		code, err := a.requiredString("code", maxSwiftLen)
		if err != nil {
			return nil, err
		}
		versions, err := a.minVersions()
		if err != nil {
			return nil, err
		}
		targets, err := verify.TargetsFrom(versions)
		if err != nil {
			return nil, argError("min_*", "%v", err)
		}
		table, err := b.verifier()
		if err != nil {
			return nil, err
		}
		files := []verify.File{{Code: code}}
		rep, err := (&verify.Checker{Table: table}).Check(ctx, files, verify.Options{Targets: targets})
		switch {
		case errors.Is(err, verify.ErrNotSwift):
			return nil, argError("code", "is not Swift (%v): pass Swift source, not prose, JSON or Objective-C", err)
		case errors.Is(err, verify.ErrEmptyCode):
			return nil, argError("code", "must not be empty")
		case errors.Is(err, verify.ErrTooComplex):
			// Built from counts, never from the code: it says what to shorten.
			return nil, argError("code", "is %v", err)
		case err != nil:
			return nil, err
		}
		if h, err := table.Horizon(ctx); err == nil {
			rep.ApplyHorizon(h)
		}
		out := output{Lines: rep.Lines, Targets: rep.Targets, Counts: rep.Counts, Findings: rep.Findings, Resolved: rep.Citations()}
		for _, r := range rep.References {
			if r.Status == verify.NewerThanIndex {
				out.NewerThanIndex = append(out.NewerThanIndex, r)
			}
		}
		out.NewerThanIndex = capRows(out.NewerThanIndex)
		if len(out.NewerThanIndex) == 0 {
			out.NewerThanIndex = nil
		}
		for _, s := range rep.Syntax {
			out.SyntaxErrors = append(out.SyntaxErrors, syntax{s.Line, s.Message})
		}
		rep.Findings, out.Resolved = capRows(rep.Findings), capRows(out.Resolved)
		out.Findings = rep.Findings
		var md strings.Builder
		rep.WriteText(&md, maxVerifyRows)
		return textResult(md.String(), out), nil
	}
}

// capRows keeps the first maxVerifyRows rows, so that the largest file
// still answers within the response budget.
func capRows[T any](rows []T) []T {
	if len(rows) > maxVerifyRows {
		return rows[:maxVerifyRows]
	}
	if rows == nil {
		return []T{}
	}
	return rows
}

// verifyTable is the checker's view of a snapshot's index, opened on first
// use and closed with the snapshot.
type verifyTable struct {
	once  sync.Once
	table *verify.IndexTable
	err   error
}

// verifier returns the current index as a verify symbol table.
func (b *backend) verifier() (*verify.IndexTable, error) {
	s, err := b.snapshot()
	if err != nil {
		return nil, err
	}
	v := &s.verify
	v.once.Do(func() {
		if v.table, v.err = verify.OpenIndexTable(b.opts.DBPath); v.err == nil {
			v.table.Warm()
		}
	})
	return v.table, v.err
}

func (v *verifyTable) close() {
	if v.table != nil {
		v.table.Close()
	}
}
