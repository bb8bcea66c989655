package mcp

import (
	"fmt"
	"strings"
	"testing"
)

func TestListSamples(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	res, text := s.okResult("list_samples", map[string]any{})
	mustContain(t, text, "**Fetching Data** — swiftui · project_id swiftui-fetching-data", "**Buttons demo** — uikit", "of 2", "read_sample")
	var out struct {
		Total    int            `json:"total"`
		Projects []listedSample `json:"projects"`
	}
	structured(t, res, &out)
	if out.Total != 2 || len(out.Projects) != 2 || out.Projects[0].URI != "samples://uikit-buttons-demo" {
		t.Errorf("structured = %+v", out)
	}

	text = s.ok("list_samples", map[string]any{"framework": "SwiftUI", "limit": 1})
	mustContain(t, text, "swiftui-fetching-data", "1–1 of 1")
	text = s.ok("list_samples", map[string]any{"limit": 1})
	mustContain(t, text, "1 more; call list_samples with offset=1.")
	mustContain(t, s.ok("list_samples", map[string]any{"offset": 5}), "No sample projects at offset 5")
	mustContain(t, s.fails("list_samples", map[string]any{"framework": "nosuchkit"}), `no sample projects for "nosuchkit"`, "swiftui", "uikit")
	mustContain(t, s.fails("list_samples", map[string]any{"limit": 0}), `"limit"`)
}

func TestReadSample(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	for _, id := range []string{sampleProjectID, "samples://" + sampleProjectID, "SwiftUI-Fetching-Data"} {
		text := s.ok("read_sample", map[string]any{"project_id": id})
		mustContain(t, text, "# Fetching Data", "project_id: swiftui-fetching-data", "Framework: swiftui", "4 files",
			"Apple documentation page: apple-docs://swiftui/fetching-data", "## Overview", "The app loads items with URLSession",
			"## Project files (4)", "- Fetching Data/ContentView.swift (swift)", "- Fetching Data/Notes.md (markdown)",
			"- Fetching Data/Data.json (json)", "read_sample_file")
		if strings.Count(text, "# Fetching Data\n") != 1 {
			t.Errorf("title repeated:\n%s", text)
		}
	}
	// A README read in parts continues where it stopped.
	mustContain(t, s.ok("read_sample", map[string]any{"project_id": sampleProjectID, "offset": 10}), "README continued from byte 10")
	mustContain(t, s.fails("read_sample", map[string]any{"project_id": sampleProjectID, "offset": 100000}), "past the end of the README")

	mustContain(t, s.fails("read_sample", map[string]any{"project_id": "swiftui-fetching"}), `no sample project "swiftui-fetching"`,
		`nearest: "swiftui-fetching-data"`, "list_samples")
	mustContain(t, s.fails("read_sample", map[string]any{"project_id": sampleProjectID + "/Fetching Data"}), "one project id", "read_sample_file")
	mustContain(t, s.fails("read_sample", map[string]any{"project_id": "  "}), `"project_id": must not be empty`)
	mustContain(t, s.fails("read_sample", map[string]any{}), `"project_id": is required`)
	mustContain(t, s.fails("read_sample", map[string]any{"project_id": "..%2fetc"}), "one project id")
}

func TestReadSampleFile(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	args := func(path string, kv ...any) map[string]any {
		m := map[string]any{"project_id": sampleProjectID, "file_path": path}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	// Every line, numbered, exactly.
	text := s.ok("read_sample_file", args("Fetching Data/ContentView.swift"))
	mustContain(t, text, "URI: samples://swiftui-fetching-data/Fetching%20Data/ContentView.swift", "lines 1–16 of 16", "swift")
	for i, line := range strings.Split(strings.TrimSuffix(sampleContentView, "\n"), "\n") {
		mustContain(t, text, fmt.Sprintf("%2d  %s\n", i+1, line))
	}
	// A range; the fence outlasts the file's own backticks.
	text = s.ok("read_sample_file", args("Fetching Data/Loader.swift", "start_line", 3, "end_line", 5))
	mustContain(t, text, "lines 3–5 of 13", "````\n3  /// Use it like this:\n4  /// ```swift\n5  /// let loader = Loader()\n````", "8 more lines; start_line=6")
	if strings.Contains(text, "final class") {
		t.Errorf("range leaked line 7:\n%s", text)
	}
	text = s.ok("read_sample_file", args("Fetching Data/Loader.swift", "start_line", 13, "end_line", 99))
	mustContain(t, text, "lines 13–13 of 13", "13  }")
	// Markdown files and the README, as indexed.
	mustContain(t, s.ok("read_sample_file", args("Fetching Data/Notes.md")), "as indexed", "3  The list refreshes on appear.")
	if text := s.ok("read_sample_file", args("Fetching Data/Notes.md")); strings.Contains(text, "From the sample project") {
		t.Errorf("the reader's project line leaked into the file:\n%s", text)
	}
	text = s.ok("read_sample_file", args("README.md"))
	mustContain(t, text, "1  # Fetching Data", "The app loads items")
	if strings.Contains(text, "Project files") {
		t.Errorf("the file list leaked into the README:\n%s", text)
	}
	// A file longer than a response is cut at a line with the next range.
	text = s.ok("read_sample_file", args("Fetching Data/Data.json"))
	if len(text) > responseBudget {
		t.Errorf("response is %d bytes, over the %d budget", len(text), responseBudget)
	}
	mustContain(t, text, "not shown to keep this response small; call read_sample_file with", "start_line=")
	var next int
	if _, err := fmt.Sscanf(text[strings.Index(text, "… lines ")+len("… lines "):], "%d", &next); err != nil || next < 100 {
		t.Fatalf("no next line in %s", text[len(text)-300:])
	}
	text = s.ok("read_sample_file", args("Fetching Data/Data.json", "start_line", next))
	mustContain(t, text, fmt.Sprintf("lines %d–", next), fmt.Sprintf("\"id\": %d,", next))

	// Traversal and malformed paths.
	for _, bad := range []struct{ path, want string }{
		{"../uikit-buttons-demo/Buttons/ViewController.swift", "leaves the project"},
		{"Fetching Data/../../x", "leaves the project"},
		{"/etc/passwd", "is absolute"},
		{"C:/Windows/win.ini", "is absolute"},
		{"Fetching Data\\ContentView.swift", "backslash"},
		{"%2e%2e/%2e%2e/etc/passwd", "leaves the project (\"..\") once URL-decoded"},
		{"%2E%2E%2Fsecret", "once URL-decoded"},
		{"Fetching Data//ContentView.swift", "empty or \".\" segment"},
		{"./ContentView.swift", "empty or \".\" segment"},
		{"a\x00b", "NUL"},
	} {
		mustContain(t, s.fails("read_sample_file", args(bad.path)), `"file_path"`, bad.want)
	}
	// Unknown files and projects name the nearest.
	mustContain(t, s.fails("read_sample_file", args("ContentView.swift")), `has no file "ContentView.swift"`,
		`nearest: "Fetching Data/ContentView.swift"`)
	mustContain(t, s.fails("read_sample_file", args("Fetching Data/Loadr.swift")), "has no file", "read_sample project_id")
	mustContain(t, s.fails("read_sample_file", map[string]any{"project_id": "swiftui-fetchng-data", "file_path": "a.swift"}),
		`no sample project "swiftui-fetchng-data"`, `"swiftui-fetching-data"`)
	// A file of another project is not reached through this one.
	mustContain(t, s.fails("read_sample_file", args("Buttons/ViewController.swift")), "has no file")
	// Bad line ranges.
	mustContain(t, s.fails("read_sample_file", args("Fetching Data/Loader.swift", "start_line", 14)), "past the end", "13 lines")
	mustContain(t, s.fails("read_sample_file", args("Fetching Data/Loader.swift", "start_line", 5, "end_line", 4)), `"end_line": 4 is before start_line 5`)
	mustContain(t, s.fails("read_sample_file", args("Fetching Data/Loader.swift", "start_line", 0)), `"start_line"`)
	mustContain(t, s.fails("read_sample_file", args("Fetching Data/Loader.swift", "start_line", -3)), `"start_line"`)
	mustContain(t, s.fails("read_sample_file", args("")), `"file_path": must not be empty`)
	mustContain(t, s.fails("read_sample_file", map[string]any{"project_id": sampleProjectID}), `"file_path": is required`)
}

func TestSearchUsages(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	res, text := s.okResult("search_usages", map[string]any{"api": "URLSession"})
	// The call comes first; every file once, with its line.
	mustContain(t, text, "## URLSession: 2 files use it (1–2)",
		"1. Fetching Data/Loader.swift line 8 — call `URLSession`", "project_id swiftui-fetching-data",
		"`let session = URLSession(configuration: .default)`",
		"2. Fetching Data/ContentView.swift line 12 — member `URLSession.shared`", "`let session = URLSession.shared`")
	var out struct {
		API   string     `json:"api"`
		Total int        `json:"total"`
		Uses  []usageRow `json:"uses"`
	}
	structured(t, res, &out)
	if out.API != "URLSession" || out.Total != 2 || len(out.Uses) != 2 || out.Uses[0].Line != 8 || out.Uses[0].Project != "samples://"+sampleProjectID {
		t.Errorf("structured = %+v", out)
	}
	for _, api := range []string{"URLSession.shared", "URLSession/shared", "apple-docs://foundation/urlsession/shared"} {
		mustContain(t, s.ok("search_usages", map[string]any{"api": api}), "## URLSession.shared: 1 files use it",
			"Fetching Data/ContentView.swift line 12")
	}
	mustContain(t, s.ok("search_usages", map[string]any{"api": "apple-docs://foundation/urlsession"}), "## URLSession: 2 files")
	mustContain(t, s.ok("search_usages", map[string]any{"api": "https://developer.apple.com/documentation/foundation/urlsession"}), "## URLSession: 2 files")
	// A member called on an instance is found by its text.
	text = s.ok("search_usages", map[string]any{"api": "URLSession/dataTask"})
	mustContain(t, text, "these files use URLSession and mention .dataTask", "ContentView.swift line 13 — text `.dataTask`",
		"session.dataTask(with:")
	mustContain(t, s.ok("search_usages", map[string]any{"api": "@State"}), "## State: 1 files", "line 4 — wrap")
	mustContain(t, s.ok("search_usages", map[string]any{"api": "UIButton", "source": "samples"}), "Buttons/ViewController.swift line 4",
		"project_id uikit-buttons-demo")
	// Paging.
	text = s.ok("search_usages", map[string]any{"api": "URLSession", "limit": 1})
	mustContain(t, text, "1 more; call search_usages with api=\"URLSession\" offset=1.")
	mustContain(t, s.ok("search_usages", map[string]any{"api": "URLSession", "offset": 1}), "(2–2)", "ContentView.swift")
	mustContain(t, s.ok("search_usages", map[string]any{"api": "URLSession", "offset": 9}), "No files at offset 9: 2 files use URLSession")
	mustContain(t, s.ok("search_usages", map[string]any{"api": "URLSession", "source": "packages"}), "No packages file uses URLSession")
	mustContain(t, s.ok("search_usages", map[string]any{"api": "NSNotAThing"}), "No sample or package file uses NSNotAThing")

	mustContain(t, s.fails("search_usages", map[string]any{"api": "apple-docs://swiftui/building-a-large-app"}), "is a article page, not a type or member")
	mustContain(t, s.fails("search_usages", map[string]any{"api": "apple-docs://foundation/nosuch"}), "no page apple-docs://foundation/nosuch")
	mustContain(t, s.fails("search_usages", map[string]any{"api": "not an api!"}), "is not an API name")
	mustContain(t, s.fails("search_usages", map[string]any{"api": ""}), `"api": must not be empty`)
	mustContain(t, s.fails("search_usages", map[string]any{}), `"api": is required`)
	mustContain(t, s.fails("search_usages", map[string]any{"api": "URLSession", "source": "hig"}), `"source": must be one of samples, packages`)
}

// TestReadDocumentLinksSamples: an Apple API page ends with the sample files
// that use it, a sampleCode page leads with its project and a project with
// its Apple page; pages without either are unchanged.
func TestReadDocumentLinksSamples(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	text := s.ok("read_document", map[string]any{"uri": "apple-docs://foundation/urlsession"})
	mustContain(t, text, "## Used in samples\n\n2 sample files use `URLSession`:", "- Fetching Data/Loader.swift line 8 (call) · project_id swiftui-fetching-data",
		`search_usages api="apple-docs://foundation/urlsession" source="samples"`)
	mustContain(t, s.ok("read_document", map[string]any{"uri": "apple-docs://foundation/urlsession/shared"}),
		"1 sample files use `URLSession.shared`", "ContentView.swift line 12 (member)")
	mustContain(t, s.ok("read_document", map[string]any{"uri": "apple-docs://foundation/urlsession", "section": "used"}), "## Used in samples")
	if text := s.ok("read_document", map[string]any{"uri": "apple-docs://foundation/urlsession", "section": "Declaration"}); strings.Contains(text, "Used in samples") {
		t.Errorf("section=Declaration kept Used in samples:\n%s", text)
	}
	if text := s.ok("read_document", map[string]any{"uri": "apple-docs://swift/task"}); strings.Contains(text, "Used in samples") {
		t.Errorf("a type no sample uses has the section:\n%s", text)
	}
	mustContain(t, s.ok("read_document", map[string]any{"uri": "apple-docs://swiftui/fetching-data"}),
		"Sample project: samples://swiftui-fetching-data", `read_sample project_id="swiftui-fetching-data"`)
	mustContain(t, s.ok("read_document", map[string]any{"uri": "samples://swiftui-fetching-data"}),
		"Apple documentation page: apple-docs://swiftui/fetching-data")
	// The paging of a long page is unchanged.
	text = s.ok("read_document", map[string]any{"uri": "apple-docs://swiftui/building-a-large-app", "max_tokens": 500})
	mustContain(t, text, "call read_document with")
	if len(text) > 500*charsPerToken {
		t.Errorf("read_document over its budget with the sample sections: %d bytes", len(text))
	}
}
