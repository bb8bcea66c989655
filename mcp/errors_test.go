package mcp

import (
	"context"
	"database/sql"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// internalDetails are what must not reach an agent: they say nothing it can
// act on and leak the machine's layout into a transcript.
var internalDetails = []string{"sqlite", "sql logic error", "*json.", "json:", "float64", "[]interface", "map[string]",
	"runtime error", "goroutine", "panic", ".go:", "(1)", "(5)"}

// assertNoInternals fails when text carries an internal detail or a path
// under dir.
func assertNoInternals(t testing.TB, what, text, dir string) {
	t.Helper()
	lower := strings.ToLower(text)
	for _, d := range internalDetails {
		if strings.Contains(lower, d) {
			t.Errorf("%s: the agent was shown %q: %s", what, d, clip(text, 400))
		}
	}
	if dir != "" && strings.Contains(text, dir) {
		t.Errorf("%s: the agent was shown the path %s: %s", what, dir, clip(text, 400))
	}
	if strings.Contains(text, os.TempDir()+string(filepath.Separator)) {
		t.Errorf("%s: the agent was shown an absolute path: %s", what, clip(text, 400))
	}
}

// everyToolArgs is one plausible argument set per tool.
var everyToolArgs = map[string]map[string]any{
	"search":                   {"query": "View"},
	"verify_swift":             {"code": "import SwiftUI\nlet t = Text(\"a\")\n"},
	"read_document":            {"uri": "apple-docs://swiftui/view"},
	"list_frameworks":          {},
	"list_documents":           {"framework": "swiftui"},
	"list_children":            {"uri": "apple-docs://swiftui/view"},
	"list_sources":             {},
	"search_symbols":           {"query": "View"},
	"search_property_wrappers": {"wrapper": "State"},
	"search_concurrency":       {"pattern": "async"},
	"search_conformances":      {"protocol": "View"},
	"search_generics":          {"constraint": "View"},
	"get_inheritance":          {"symbol": "UIButton"},
	"list_samples":             {},
	"read_sample":              {"project_id": "swiftui-fetching-data"},
	"read_sample_file":         {"project_id": "swiftui-fetching-data", "file_path": "Fetching Data/ContentView.swift"},
	"search_usages":            {"api": "URLSession"},
}

// TestErrorsHideInternals provokes failures below the tools (a missing,
// foreign, damaged and locked index, wrong-typed arguments) and checks that
// the agent gets a clear sentence while the log keeps the details.
func TestErrorsHideInternals(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.db")
	garbage := writeGarbageDB(t, dir)
	damaged := filepath.Join(dir, "damaged.db")
	writeFixture(t, damaged, fixtureDocs())
	execSQL(t, damaged, "DROP TABLE doc_symbols_fts; DROP TABLE doc_symbols; DROP TABLE inheritance_edges; DROP TABLE doc_code_examples")

	for _, c := range []struct {
		name, path string
		logWants   []string
	}{
		{"missing", missing, []string{missing}},
		{"garbage", garbage, []string{garbage}},
		{"damaged", damaged, []string{"no such table"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			logs := &testenv.Buffer{}
			s := connect(t, Options{DBPath: c.path, Logger: slog.New(slog.NewTextHandler(logs, nil))})
			failed := 0
			for _, name := range s.toolNames() {
				res := s.call(name, everyToolArgs[name])
				if res.IsError {
					failed++
					assertNoInternals(t, name, resultText(res), dir)
				}
			}
			if failed == 0 {
				t.Fatal("no call failed; the test provokes nothing")
			}
			req := mcpgo.ReadResourceRequest{}
			req.Params.URI = "apple-docs://swiftui/text"
			_, err := s.client.ReadResource(context.Background(), req)
			switch {
			case c.name == "damaged":
				// A page as Markdown needs none of the lost tables.
				if err != nil {
					t.Errorf("resources/read of a page whose tables are intact: %v", err)
				}
			case err == nil:
				t.Error("resources/read succeeded on a broken index")
			default:
				assertNoInternals(t, "resources/read", err.Error(), dir)
			}
			mustContain(t, logs.String(), c.logWants...)
		})
	}

	t.Run("locked", func(t *testing.T) {
		path := filepath.Join(dir, "locked.db")
		writeFixture(t, path, fixtureDocs())
		logs := &testenv.Buffer{}
		s := connect(t, Options{DBPath: path, CallTimeout: 300 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(logs, nil))})
		// A writer holding the file exclusively, as a crashed tool might.
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		db.SetMaxOpenConns(1)
		if _, err := db.Exec("PRAGMA busy_timeout=10000; PRAGMA journal_mode=DELETE; PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE docs SET title = title WHERE id = 1"); err != nil {
			t.Fatalf("take an exclusive lock: %v", err)
		}
		defer db.Exec("ROLLBACK")
		// The server reads a committed index as immutable (nothing of ours
		// writes one in place): another process's lock cannot stall it.
		for _, name := range []string{"read_document", "list_children", "search_symbols", "get_inheritance"} {
			if res := s.call(name, everyToolArgs[name]); res.IsError {
				t.Errorf("%s failed while another process held the file locked: %s", name, clip(resultText(res), 300))
				assertNoInternals(t, name, resultText(res), dir)
			}
		}
	})

	t.Run("wrong types", func(t *testing.T) {
		s := connect(t, Options{DBPath: fixtureDB(t)})
		for _, args := range []map[string]any{
			{"query": 5.0}, {"query": map[string]any{"a": []any{1.0}}}, {"query": []any{"View"}}, {"query": true},
			{"query": "View", "limit": map[string]any{}}, {"query": "View", "limit": "1e400"}, {"query": "View", "limit": -1e308},
		} {
			res := s.call("search", args)
			if !res.IsError {
				t.Errorf("search %v: want isError", args)
			}
			assertNoInternals(t, "search", resultText(res), "")
		}
	})
}

func execSQL(t testing.TB, path, query string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(query); err != nil {
		t.Fatal(err)
	}
}
