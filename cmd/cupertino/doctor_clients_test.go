package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// fakeMachine is a home directory with client configurations, a "this
// binary" and another cupertino elsewhere, and a PATH directory whose
// cupertino is a link to this binary.
type fakeMachine struct {
	env   clientEnv
	other string // a cupertino that is not this binary
}

func newFakeMachine(t *testing.T, goos string) fakeMachine {
	t.Helper()
	root := t.TempDir()
	home := filepath.Join(root, "home")
	self := filepath.Join(root, "opt", "cupertino")
	other := filepath.Join(root, "old", "cupertino")
	pathDir := filepath.Join(root, "bin")
	for _, f := range []string{self, other} {
		testenv.WriteFile(t, f, "#!/bin/sh\n")
		if err := os.Chmod(f, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(pathDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(self, filepath.Join(pathDir, "cupertino")); err != nil {
		t.Fatal(err)
	}
	lookPath := func(name string) (string, error) {
		p := filepath.Join(pathDir, name)
		if _, err := os.Stat(p); err != nil {
			return "", err
		}
		return p, nil
	}
	return fakeMachine{env: clientEnv{Home: home, GOOS: goos, Self: self, LookPath: lookPath}, other: other}
}

func clientReport(env clientEnv) string {
	var out bytes.Buffer
	checkClientConfigs(&out, env)
	return out.String()
}

// clientLines returns the report lines about one client, snippets included.
func clientLines(report, client string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.Split(report, "\n") {
		if strings.HasPrefix(line, "  ok   ") || strings.HasPrefix(line, "  note ") {
			in = strings.HasPrefix(line[7:], client+" ")
		}
		if in {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

func TestDoctorClientsOnLinux(t *testing.T) {
	m := newFakeMachine(t, "linux")
	home := m.env.Home
	// Claude Desktop runs this binary by its absolute path, with comments
	// and a trailing comma as some editors leave them.
	testenv.WriteFile(t, filepath.Join(home, ".config/Claude/claude_desktop_config.json"), `{
  // added by hand
  "mcpServers": {"cupertino": {"command": "`+m.env.Self+`", "args": ["serve"],}},
}`)
	// Cursor runs another cupertino.
	testenv.WriteFile(t, filepath.Join(home, ".cursor/mcp.json"), `{"mcpServers": {"apple-docs": {"command": "`+m.other+`", "args": ["serve"]}}}`)
	// Claude Code has servers, none of them cupertino.
	testenv.WriteFile(t, filepath.Join(home, ".claude.json"), `{"mcpServers": {"github": {"command": "gh-mcp"}}, "projects": {"/src/app": {"mcpServers": {}}}}`)
	// VS Code has no configuration at all.
	// Codex names the bare command, found on PATH as a link to this binary.
	testenv.WriteFile(t, filepath.Join(home, ".codex/config.toml"), "model = \"o3\"\n\n[mcp_servers.cupertino]\ncommand = \"cupertino\"\nargs = [\n  \"serve\",\n]\n\n[mcp_servers.cupertino.env]\nCUPERTINO_LOG = \"debug\"\n")

	report := clientReport(m.env)
	t.Log(report)
	checks := []struct{ client, want string }{
		{"Claude Desktop", `ok   Claude Desktop  ~/.config/Claude/claude_desktop_config.json: "cupertino" runs this binary`},
		{"Cursor", `"apple-docs" runs ` + m.other + `, not this binary (` + m.env.Self + `)`},
		{"Cursor", `"command": "` + m.env.Self + `"`},
		{"Claude Code", `~/.claude.json has no cupertino server; to add one:`},
		{"Claude Code", `claude mcp add --scope user cupertino -- ` + m.env.Self + ` serve`},
		{"VS Code", `no configuration at ~/.config/Code/User/mcp.json; to add one:`},
		{"VS Code", `"type": "stdio"`},
		{"Codex", `ok   Codex           ~/.codex/config.toml: "cupertino" runs this binary`},
	}
	for _, c := range checks {
		if lines := clientLines(report, c.client); !strings.Contains(lines, c.want) {
			t.Errorf("%s: want %q in\n%s", c.client, c.want, lines)
		}
	}
	// A client that runs this binary gets no snippet to paste.
	for _, client := range []string{"Claude Desktop", "Codex"} {
		if lines := clientLines(report, client); strings.Contains(lines, "to add one") || strings.Contains(lines, "instead") {
			t.Errorf("%s is configured, yet doctor offers a configuration:\n%s", client, lines)
		}
	}
}

func TestDoctorClientsOnMacOS(t *testing.T) {
	m := newFakeMachine(t, "darwin")
	testenv.WriteFile(t, filepath.Join(m.env.Home, "Library/Application Support/Code/User/mcp.json"),
		`{"servers": {"cupertino": {"type": "http", "url": "http://docs.internal:8080/mcp"}}}`)
	testenv.WriteFile(t, filepath.Join(m.env.Home, "Library/Application Support/Claude/claude_desktop_config.json"), `{"mcpServers": `)
	m.env.CodexHome = filepath.Join(m.env.Home, "codex-elsewhere")
	testenv.WriteFile(t, filepath.Join(m.env.CodexHome, "config.toml"), "[mcp_servers]\ncupertino = { command = \"/nowhere/cupertino\", args = [\"serve\"] }\n")

	report := clientReport(m.env)
	t.Log(report)
	for client, want := range map[string]string{
		"VS Code":        `"cupertino" uses the HTTP server at http://docs.internal:8080/mcp`,
		"Claude Desktop": `cannot read ~/Library/Application Support/Claude/claude_desktop_config.json`,
		"Codex":          `"cupertino" runs "/nowhere/cupertino", which is not found, not this binary`,
		"Cursor":         `no configuration at ~/.cursor/mcp.json`,
	} {
		if lines := clientLines(report, client); !strings.Contains(lines, want) {
			t.Errorf("%s: want %q in\n%s", client, want, lines)
		}
	}
	if lines := clientLines(report, "Codex"); !strings.Contains(lines, `command = "`+m.env.Self+`"`) {
		t.Errorf("Codex: no TOML to paste:\n%s", lines)
	}
}

// TestDoctorExitStatusIgnoresClients: a healthy index with no client
// configured anywhere is a passing doctor that prints advice.
func TestDoctorExitStatusIgnoresClients(t *testing.T) {
	db := demoIndex(t)
	t.Setenv("HOME", t.TempDir())
	t.Setenv("CODEX_HOME", "")
	io, out, errb := cmdTestIO(false)
	root := newRootCmd(io)
	root.SetArgs([]string{"doctor", "--search-db", db})
	if err := root.ExecuteContext(context.Background()); err != nil {
		t.Fatalf("doctor failed: %v\n%s\n%s", err, out, errb)
	}
	for _, want := range []string{"MCP clients", "no configuration at ~/.cursor/mcp.json", "claude mcp add --scope user cupertino -- "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("doctor output lacks %q:\n%s", want, out)
		}
	}
}

func TestReadCodexTOMLForms(t *testing.T) {
	entries, err := readCodexTOML([]byte(`# comment
mcp_servers.a = { command = "a-bin", args = ["x"] }
[mcp_servers]
b = { command = 'C:\b.exe', url = "" }
[mcp_servers."c d"]
command = "c\"q"
args = ["serve", "--search-db", "/x y/search.db"] # trailing
[mcp_servers."c d".env]
command = "not a server key"
`))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]serverEntry{}
	for _, e := range entries {
		got[e.Key] = e
	}
	if got["a"].Command != "a-bin" || strings.Join(got["a"].Args, ",") != "x" {
		t.Errorf("a: %+v", got["a"])
	}
	if got["b"].Command != `C:\b.exe` {
		t.Errorf("b: %+v", got["b"])
	}
	if c := got["c d"]; c.Command != `c"q` || strings.Join(c.Args, "|") != "serve|--search-db|/x y/search.db" {
		t.Errorf("c d: %+v", c)
	}
	if len(entries) != 3 {
		t.Errorf("entries: %+v", entries)
	}
}
