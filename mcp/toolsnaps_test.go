package mcp

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/toolsnaps/*.snap and docs/tools.md from the code")

const snapDir = "testdata/toolsnaps"

// TestToolSnapshots keeps every tool's schema in testdata/toolsnaps: a change
// to a name, description, argument or output schema is a change to what
// agents see, so it must show up in review. `go test ./mcp -update` accepts it.
func TestToolSnapshots(t *testing.T) {
	tools := Tools()
	if *update {
		if err := os.MkdirAll(snapDir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]bool{}
	for _, tool := range tools {
		name := tool.Name + ".snap"
		want[name] = true
		got, err := json.MarshalIndent(tool, "", "  ")
		if err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		got = append(got, '\n')
		path := filepath.Join(snapDir, name)
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		old, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: no snapshot (%v); run `go test ./mcp -update` and review the new file", tool.Name, err)
			continue
		}
		if !bytes.Equal(old, got) {
			t.Errorf("%s: schema differs from %s; if the change is intended run `go test ./mcp -update`.\n%s",
				tool.Name, path, firstDifference(string(old), string(got)))
		}
	}
	files, _ := filepath.Glob(filepath.Join(snapDir, "*.snap"))
	for _, f := range files {
		if !want[filepath.Base(f)] {
			if *update {
				os.Remove(f)
				continue
			}
			t.Errorf("%s belongs to no tool; run `go test ./mcp -update`", f)
		}
	}
}

func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + itoa(i+1) + ":\n  snapshot: " + x + "\n  code:     " + y
		}
	}
	return ""
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestToolsDocIsCurrent keeps docs/tools.md equal to ToolsMarkdown.
func TestToolsDocIsCurrent(t *testing.T) {
	path := filepath.Join("..", "docs", "tools.md")
	got := ToolsMarkdown()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v; run `go test ./mcp -update`", err)
	}
	if string(old) != got {
		t.Errorf("docs/tools.md is stale; run `go test ./mcp -update`.\n%s", firstDifference(string(old), got))
	}
}

// TestToolSchemasAreActionable checks what an agent needs to call a tool
// right the first time.
func TestToolSchemasAreActionable(t *testing.T) {
	for _, tool := range Tools() {
		if len(tool.Description) < 60 {
			t.Errorf("%s: description too short to act on: %q", tool.Name, tool.Description)
		}
		a := tool.Annotations
		if a.ReadOnlyHint == nil || !*a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint || a.Title == "" {
			t.Errorf("%s: annotations %+v, want readOnlyHint true, destructiveHint false and a title", tool.Name, a)
		}
		for name, raw := range tool.InputSchema.Properties {
			p, _ := raw.(map[string]any)
			if p["type"] == nil {
				t.Errorf("%s.%s: no type", tool.Name, name)
			}
			if d, _ := p["description"].(string); len(d) < 10 {
				t.Errorf("%s.%s: no useful description", tool.Name, name)
			}
			if p["type"] == "string" && p["enum"] == nil && p["maxLength"] == nil && p["pattern"] == nil {
				t.Errorf("%s.%s: free string without maxLength", tool.Name, name)
			}
			if p["type"] == "integer" && (p["minimum"] == nil || (p["default"] == nil && !slices.Contains(tool.InputSchema.Required, name))) {
				t.Errorf("%s.%s: integer without minimum or default", tool.Name, name)
			}
		}
		for _, r := range tool.InputSchema.Required {
			if _, ok := tool.InputSchema.Properties[r]; !ok {
				t.Errorf("%s: required %q is not a property", tool.Name, r)
			}
		}
		if tool.RawOutputSchema != nil {
			var schema map[string]any
			if err := json.Unmarshal(tool.RawOutputSchema, &schema); err != nil || schema["type"] != "object" {
				t.Errorf("%s: outputSchema is not a JSON object schema: %v", tool.Name, err)
			}
		}
	}
}
