package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

// doctor's client section reads the MCP configuration of each client it
// knows at its user-level location, says whether an entry runs this binary,
// and prints a ready-to-paste configuration where none does. It is advice:
// nothing here changes doctor's exit status, which says whether search and
// serve work. docs/clients.md describes each client's configuration.

// clientEnv is what the client check reads from the machine; tests replace it.
type clientEnv struct {
	Home      string
	GOOS      string
	CodexHome string // $CODEX_HOME, where Codex keeps config.toml if set
	Self      string // this binary (os.Executable)
	LookPath  func(string) (string, error)
}

// mcpClient is one client: where its user configuration lives, how to read
// it, and what to paste when it has no entry for this binary.
type mcpClient struct {
	Name    string
	Path    string
	Read    func(data []byte) ([]serverEntry, error)
	Snippet func(self string) string
}

// serverEntry is one MCP server a client configuration declares.
type serverEntry struct {
	Key     string // the server's name in the configuration
	Where   string // a part of the file, e.g. "project /src/app" in ~/.claude.json
	Command string
	Args    []string
	URL     string // HTTP servers have a URL instead of a command
}

func printClientConfigs(w io.Writer) {
	home, _ := os.UserHomeDir()
	self, _ := os.Executable()
	checkClientConfigs(w, clientEnv{Home: home, GOOS: runtime.GOOS, CodexHome: os.Getenv("CODEX_HOME"), Self: self, LookPath: exec.LookPath})
}

func knownClients(env clientEnv) []mcpClient {
	appSupport := filepath.Join(env.Home, ".config") // Linux builds of Claude Desktop and VS Code
	if env.GOOS == "darwin" {
		appSupport = filepath.Join(env.Home, "Library", "Application Support")
	}
	codexHome := env.CodexHome
	if codexHome == "" {
		codexHome = filepath.Join(env.Home, ".codex")
	}
	mcpServersJSON := func(self string) string {
		return indentJSON(map[string]any{"mcpServers": map[string]any{"cupertino": pastedServer{Command: self, Args: []string{"serve"}}}})
	}
	return []mcpClient{
		{
			Name: "Claude Desktop", Path: filepath.Join(appSupport, "Claude", "claude_desktop_config.json"),
			Read: readServersAt("mcpServers"), Snippet: mcpServersJSON,
		},
		{
			Name: "Claude Code", Path: filepath.Join(env.Home, ".claude.json"),
			Read: readClaudeCode,
			Snippet: func(self string) string {
				return "claude mcp add --scope user cupertino -- " + shellQuote(self) + " serve"
			},
		},
		{
			Name: "Cursor", Path: filepath.Join(env.Home, ".cursor", "mcp.json"),
			Read: readServersAt("mcpServers"), Snippet: mcpServersJSON,
		},
		{
			Name: "VS Code", Path: filepath.Join(appSupport, "Code", "User", "mcp.json"),
			Read: readServersAt("servers"),
			Snippet: func(self string) string {
				return indentJSON(map[string]any{"servers": map[string]any{"cupertino": pastedServer{Type: "stdio", Command: self, Args: []string{"serve"}}}})
			},
		},
		{
			Name: "Codex", Path: filepath.Join(codexHome, "config.toml"),
			Read: readCodexTOML,
			Snippet: func(self string) string {
				return "[mcp_servers.cupertino]\ncommand = " + strconv.Quote(self) + "\nargs = [\"serve\"]"
			},
		},
	}
}

func checkClientConfigs(w io.Writer, env clientEnv) {
	fmt.Fprintf(w, "MCP clients (advice: doctor's exit status does not depend on them)\n")
	selfInfo, selfErr := os.Stat(env.Self)
	runsSelf := func(path string) bool {
		fi, err := os.Stat(path)
		return err == nil && selfErr == nil && os.SameFile(fi, selfInfo)
	}
	for _, c := range knownClients(env) {
		shown := tildePath(c.Path, env.Home)
		data, err := os.ReadFile(c.Path)
		if os.IsNotExist(err) {
			fmt.Fprintf(w, "  note %-15s no configuration at %s; to add one:\n", c.Name, shown)
			printSnippet(w, c.Snippet(env.Self))
			continue
		}
		var entries []serverEntry
		if err == nil {
			entries, err = c.Read(data)
		}
		if err != nil {
			fmt.Fprintf(w, "  note %-15s cannot read %s: %v\n", c.Name, shown, err)
			continue
		}
		ours := false
		var others []string
		for _, e := range cupertinoEntries(entries) {
			label := strconv.Quote(e.Key)
			if e.Where != "" {
				label += " (" + e.Where + ")"
			}
			switch {
			case e.URL != "":
				ours = true
				fmt.Fprintf(w, "  ok   %-15s %s: %s uses the HTTP server at %s\n", c.Name, shown, label, e.URL)
			default:
				path, err := resolveCommand(e.Command, env)
				if err == nil && runsSelf(path) {
					ours = true
					fmt.Fprintf(w, "  ok   %-15s %s: %s runs this binary\n", c.Name, shown, label)
					continue
				}
				target := path
				if err != nil {
					target = fmt.Sprintf("%q, which is not found", e.Command)
				}
				others = append(others, fmt.Sprintf("%s runs %s", label, target))
			}
		}
		for _, o := range others {
			fmt.Fprintf(w, "  note %-15s %s: %s, not this binary (%s)\n", c.Name, shown, o, env.Self)
		}
		if !ours {
			if len(others) == 0 {
				fmt.Fprintf(w, "  note %-15s %s has no cupertino server; to add one:\n", c.Name, shown)
			} else {
				fmt.Fprintf(w, "       %-15s to run this binary instead:\n", "")
			}
			printSnippet(w, c.Snippet(env.Self))
		}
	}
}

// cupertinoEntries keeps the servers that are cupertino: named so, or
// running a binary of that name.
func cupertinoEntries(entries []serverEntry) []serverEntry {
	var ours []serverEntry
	for _, e := range entries {
		base := strings.TrimSuffix(filepath.Base(e.Command), ".exe")
		if strings.EqualFold(e.Key, "cupertino") || base == "cupertino" {
			ours = append(ours, e)
		}
	}
	return ours
}

// resolveCommand finds the file a configured command runs. A bare name is
// looked up on doctor's own PATH, which a desktop client may not share.
func resolveCommand(command string, env clientEnv) (string, error) {
	if command == "" {
		return "", fmt.Errorf("no command")
	}
	if rest, ok := strings.CutPrefix(command, "~/"); ok {
		command = filepath.Join(env.Home, rest)
	}
	if strings.ContainsRune(command, '/') {
		if _, err := os.Stat(command); err != nil {
			return "", err
		}
		return command, nil
	}
	return env.LookPath(command)
}

func printSnippet(w io.Writer, snippet string) {
	for _, line := range strings.Split(snippet, "\n") {
		fmt.Fprintf(w, "         %s\n", line)
	}
}

func tildePath(path, home string) string {
	if home != "" {
		if rest, ok := strings.CutPrefix(path, home+string(filepath.Separator)); ok {
			return "~/" + rest
		}
	}
	return path
}

// pastedServer is the entry doctor offers, its keys in the order
// docs/clients.md shows them.
type pastedServer struct {
	Type    string   `json:"type,omitempty"`
	Command string   `json:"command"`
	Args    []string `json:"args"`
}

func indentJSON(v any) string {
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b)
}

// shellQuote quotes a path for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// jsonServer is a server entry as the JSON configurations spell it.
type jsonServer struct {
	Command string   `json:"command"`
	Args    []string `json:"args"`
	URL     string   `json:"url"`
}

func serverEntries(servers map[string]jsonServer, where string) []serverEntry {
	keys := make([]string, 0, len(servers))
	for k := range servers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	entries := make([]serverEntry, 0, len(keys))
	for _, k := range keys {
		s := servers[k]
		entries = append(entries, serverEntry{Key: k, Where: where, Command: s.Command, Args: s.Args, URL: s.URL})
	}
	return entries
}

// readServersAt reads a JSON configuration holding its servers under one
// key: "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code).
func readServersAt(key string) func([]byte) ([]serverEntry, error) {
	return func(data []byte) ([]serverEntry, error) {
		var file map[string]json.RawMessage
		if err := json.Unmarshal(stripJSONC(data), &file); err != nil {
			return nil, err
		}
		var servers map[string]jsonServer
		if raw, ok := file[key]; ok {
			if err := json.Unmarshal(raw, &servers); err != nil {
				return nil, fmt.Errorf("%s: %w", key, err)
			}
		}
		return serverEntries(servers, ""), nil
	}
}

// readClaudeCode reads ~/.claude.json: user-scope servers at the top, and
// each project's local-scope servers under "projects".
func readClaudeCode(data []byte) ([]serverEntry, error) {
	var file struct {
		MCPServers map[string]jsonServer `json:"mcpServers"`
		Projects   map[string]struct {
			MCPServers map[string]jsonServer `json:"mcpServers"`
		} `json:"projects"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, err
	}
	entries := serverEntries(file.MCPServers, "")
	projects := make([]string, 0, len(file.Projects))
	for p := range file.Projects {
		projects = append(projects, p)
	}
	sort.Strings(projects)
	for _, p := range projects {
		entries = append(entries, serverEntries(file.Projects[p].MCPServers, "project "+p)...)
	}
	return entries, nil
}

// stripJSONC removes the comments and trailing commas VS Code and others
// accept in their JSON files, leaving strings alone.
func stripJSONC(data []byte) []byte {
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '"':
			j := i + 1
			for ; j < len(data) && data[j] != '"'; j++ {
				if data[j] == '\\' {
					j++
				}
			}
			end := min(j+1, len(data))
			out = append(out, data[i:end]...)
			i = end - 1
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			i--
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			end := strings.Index(string(data[i+2:]), "*/")
			if end < 0 {
				return out
			}
			i += end + 3
		case c == ',':
			j := i + 1
			for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\n' || data[j] == '\r') {
				j++
			}
			if j < len(data) && (data[j] == '}' || data[j] == ']') {
				continue
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

var (
	tomlTable    = regexp.MustCompile(`^\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$`)
	tomlKeyValue = regexp.MustCompile(`^([A-Za-z0-9_."-]+)\s*=\s*(.*)$`)
	tomlString   = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'[^']*'`)
	tomlInline   = regexp.MustCompile(`\b(command|url)\s*=\s*("(?:[^"\\]|\\.)*"|'[^']*')`)
	tomlArgs     = regexp.MustCompile(`\bargs\s*=\s*\[([^\]]*)\]`)
)

// readCodexTOML reads the [mcp_servers.NAME] tables of Codex's config.toml,
// and NAME = { command = …, args = […] } lines under [mcp_servers]. It is
// not a TOML parser: it reads the keys doctor needs, as Codex documents
// them.
func readCodexTOML(data []byte) ([]serverEntry, error) {
	byName := map[string]*serverEntry{}
	var order []string
	entry := func(name string) *serverEntry {
		name = strings.Trim(name, `"'`)
		if e, ok := byName[name]; ok {
			return e
		}
		byName[name] = &serverEntry{Key: name}
		order = append(order, name)
		return byName[name]
	}
	lines := strings.Split(string(data), "\n")
	var table string
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if m := tomlTable.FindStringSubmatch(line); m != nil {
			table = m[1]
			continue
		}
		m := tomlKeyValue.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		key, value := m[1], m[2]
		// A value may go on over lines: an array or inline table ends when
		// its brackets balance.
		for strings.Count(value, "[")+strings.Count(value, "{") > strings.Count(value, "]")+strings.Count(value, "}") && i+1 < len(lines) {
			i++
			value += " " + strings.TrimSpace(lines[i])
		}
		var e *serverEntry
		switch {
		case strings.HasPrefix(table, "mcp_servers.") && !strings.Contains(strings.TrimPrefix(table, "mcp_servers."), "."):
			e = entry(strings.TrimPrefix(table, "mcp_servers."))
			setTOMLKey(e, key, value)
		case table == "mcp_servers" && strings.HasPrefix(value, "{"):
			e = entry(key)
			setInlineTOML(e, value)
		case table == "" && strings.HasPrefix(key, "mcp_servers.") && strings.HasPrefix(value, "{"):
			e = entry(strings.TrimPrefix(key, "mcp_servers."))
			setInlineTOML(e, value)
		}
	}
	entries := make([]serverEntry, 0, len(order))
	for _, name := range order {
		entries = append(entries, *byName[name])
	}
	return entries, nil
}

func setTOMLKey(e *serverEntry, key, value string) {
	switch key {
	case "command":
		e.Command = tomlStringValue(value)
	case "url":
		e.URL = tomlStringValue(value)
	case "args":
		e.Args = tomlStrings(value)
	}
}

func setInlineTOML(e *serverEntry, value string) {
	for _, m := range tomlInline.FindAllStringSubmatch(value, -1) {
		setTOMLKey(e, m[1], m[2])
	}
	if m := tomlArgs.FindStringSubmatch(value); m != nil {
		e.Args = tomlStrings(m[1])
	}
}

func tomlStringValue(value string) string {
	if s := tomlStrings(value); len(s) > 0 {
		return s[0]
	}
	return ""
}

// tomlStrings returns the basic ("…") and literal ('…') strings in value.
func tomlStrings(value string) []string {
	var out []string
	for _, q := range tomlString.FindAllString(value, -1) {
		if q[0] == '\'' {
			out = append(out, q[1:len(q)-1])
			continue
		}
		if s, err := strconv.Unquote(q); err == nil {
			out = append(out, s)
		} else {
			out = append(out, q[1:len(q)-1])
		}
	}
	return out
}
