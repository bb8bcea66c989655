package main

import (
	"encoding/json"
	"net"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/mcp"
)

// The files under packaging/ and the Dockerfile describe how to run this
// binary to tools that never see its code (Claude Desktop, the MCP registry,
// Homebrew, Docker). These tests hold them to the command tree, the tool
// list and each other, so a renamed flag or tool fails here instead of in a
// user's client.

type mcpbManifest struct {
	ManifestVersion string `json:"manifest_version"`
	Name            string `json:"name"`
	Version         string `json:"version"`
	Description     string `json:"description"`
	Author          struct {
		Name string `json:"name"`
	} `json:"author"`
	Server struct {
		Type       string `json:"type"`
		EntryPoint string `json:"entry_point"`
		MCPConfig  struct {
			Command string   `json:"command"`
			Args    []string `json:"args"`
		} `json:"mcp_config"`
	} `json:"server"`
	UserConfig map[string]struct {
		Type    string `json:"type"`
		Title   string `json:"title"`
		Default string `json:"default"`
	} `json:"user_config"`
	Tools []struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	} `json:"tools"`
	Compatibility struct {
		Platforms []string `json:"platforms"`
	} `json:"compatibility"`
}

type registryServer struct {
	Schema      string `json:"$schema"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Version     string `json:"version"`
	Repository  struct {
		URL    string `json:"url"`
		Source string `json:"source"`
	} `json:"repository"`
	Packages []struct {
		RegistryType string `json:"registryType"`
		Identifier   string `json:"identifier"`
		FileSha256   string `json:"fileSha256"`
		Transport    struct {
			Type string `json:"type"`
			URL  string `json:"url"`
		} `json:"transport"`
		EnvironmentVariables []struct {
			Name     string `json:"name"`
			IsSecret bool   `json:"isSecret"`
		} `json:"environmentVariables"`
	} `json:"packages"`
}

var semver = regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+$`)

func readJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	data := testenv.ReadFile(t, path)
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func TestMCPBManifest(t *testing.T) {
	var m mcpbManifest
	readJSONFile(t, "../../packaging/mcpb/manifest.json", &m)
	if m.ManifestVersion == "" || m.Name != "cupertino" || !semver.MatchString(m.Version) || m.Description == "" || m.Author.Name == "" {
		t.Errorf("manifest lacks a required field or has a bad version: %+v", m)
	}
	if m.Server.Type != "binary" || m.Server.EntryPoint != "server/cupertino" || m.Server.MCPConfig.Command != "${__dirname}/server/cupertino" {
		t.Errorf("server: %+v", m.Server)
	}
	// The arguments must parse as a cupertino command once Claude Desktop
	// has substituted the user's settings.
	args := slices.Clone(m.Server.MCPConfig.Args)
	for i, a := range args {
		for _, ref := range regexp.MustCompile(`\$\{user_config\.([a-z_]+)\}`).FindAllStringSubmatch(a, -1) {
			if _, ok := m.UserConfig[ref[1]]; !ok {
				t.Errorf("argument %q names user_config.%s, which the manifest does not define", a, ref[1])
			}
			args[i] = strings.ReplaceAll(args[i], ref[0], "/Users/you/.cupertino/search.db")
		}
	}
	if err := checkCupertinoCommand(args); err != nil {
		t.Errorf("mcp_config args %q: %v", m.Server.MCPConfig.Args, err)
	}
	if len(args) == 0 || args[0] != "serve" {
		t.Errorf("mcp_config args %q do not start the server", args)
	}
	var manifestTools, serverTools []string
	for _, tool := range m.Tools {
		manifestTools = append(manifestTools, tool.Name)
		if tool.Description == "" {
			t.Errorf("tool %s has no description", tool.Name)
		}
	}
	for _, tool := range mcp.Tools() {
		serverTools = append(serverTools, tool.Name)
	}
	slices.Sort(manifestTools)
	slices.Sort(serverTools)
	if !slices.Equal(manifestTools, serverTools) {
		t.Errorf("manifest tools %v, server tools %v", manifestTools, serverTools)
	}
	for _, p := range m.Compatibility.Platforms {
		if p != "darwin" && p != "linux" && p != "win32" {
			t.Errorf("unknown platform %q", p)
		}
	}
	// The launcher the manifest names starts the binaries release.sh puts
	// beside it.
	launcher := testenv.ReadFile(t, "../../packaging/mcpb/cupertino.sh")
	for _, want := range []string{"darwin_arm64/cupertino", "darwin_amd64/cupertino", `"$@"`} {
		if !strings.Contains(string(launcher), want) {
			t.Errorf("packaging/mcpb/cupertino.sh lacks %q", want)
		}
	}
}

func TestRegistryServerJSON(t *testing.T) {
	var s registryServer
	readJSONFile(t, "../../packaging/mcp/server.json", &s)
	var m mcpbManifest
	readJSONFile(t, "../../packaging/mcpb/manifest.json", &m)
	if !strings.HasPrefix(s.Schema, "https://static.modelcontextprotocol.io/schemas/") {
		t.Errorf("$schema %q", s.Schema)
	}
	// The registry's own limits: a namespace the repository proves, and a
	// description of at most 100 characters.
	if s.Name != "io.github.cupertino-go/cupertino" || s.Repository.URL != "https://github.com/cupertino-go/cupertino" || s.Repository.Source != "github" {
		t.Errorf("name %q, repository %+v", s.Name, s.Repository)
	}
	if n := len([]rune(s.Description)); n == 0 || n > 100 {
		t.Errorf("description is %d characters; the registry takes 1 to 100", n)
	}
	if s.Version != m.Version {
		t.Errorf("server.json version %s, manifest.json %s", s.Version, m.Version)
	}
	types := map[string]bool{}
	for _, p := range s.Packages {
		types[p.RegistryType] = true
		switch p.RegistryType {
		case "mcpb":
			if p.Identifier != "https://github.com/cupertino-go/cupertino/releases/download/v"+s.Version+"/cupertino.mcpb" {
				t.Errorf("mcpb identifier %q", p.Identifier)
			}
			if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(p.FileSha256) {
				t.Errorf("mcpb fileSha256 %q (release.sh fills it in)", p.FileSha256)
			}
			if p.Transport.Type != "stdio" {
				t.Errorf("mcpb transport %q", p.Transport.Type)
			}
		case "oci":
			if p.Identifier != "ghcr.io/cupertino-go/cupertino:"+s.Version {
				t.Errorf("oci identifier %q", p.Identifier)
			}
			u, err := url.Parse(p.Transport.URL)
			if p.Transport.Type != "streamable-http" || err != nil || u.Path != mcp.HTTPEndpoint || u.Port() != dockerPort(t) {
				t.Errorf("oci transport %+v: want streamable-http on the Dockerfile's port at %s", p.Transport, mcp.HTTPEndpoint)
			}
			if len(p.EnvironmentVariables) != 1 || p.EnvironmentVariables[0].Name != tokenEnv || !p.EnvironmentVariables[0].IsSecret {
				t.Errorf("oci environment %+v: want the secret %s", p.EnvironmentVariables, tokenEnv)
			}
		default:
			t.Errorf("unexpected registryType %q", p.RegistryType)
		}
	}
	if !types["mcpb"] || !types["oci"] {
		t.Errorf("packages %v: want the mcpb and the oci image", types)
	}
}

// dockerfile is the Dockerfile's instructions, continuation lines joined.
func dockerfile(t *testing.T) [][2]string {
	t.Helper()
	data := testenv.ReadFile(t, "../../Dockerfile")
	var instructions [][2]string
	var pending string
	for _, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		if pending == "" && (trimmed == "" || strings.HasPrefix(trimmed, "#")) {
			continue
		}
		if strings.HasSuffix(trimmed, "\\") {
			pending += strings.TrimSuffix(trimmed, "\\") + " "
			continue
		}
		full := pending + trimmed
		pending = ""
		op, rest, _ := strings.Cut(full, " ")
		instructions = append(instructions, [2]string{strings.ToUpper(op), strings.TrimSpace(rest)})
	}
	return instructions
}

func dockerJSONArray(t *testing.T, op, value string) []string {
	t.Helper()
	var words []string
	if err := json.Unmarshal([]byte(value), &words); err != nil {
		t.Fatalf("%s %s: not the exec (JSON array) form: %v", op, value, err)
	}
	return words
}

func dockerPort(t *testing.T) string {
	for _, in := range dockerfile(t) {
		if in[0] == "EXPOSE" {
			return in[1]
		}
	}
	t.Fatal("Dockerfile exposes no port")
	return ""
}

func TestDockerfile(t *testing.T) {
	var froms, entrypoint, cmd []string
	got := map[string][]string{}
	for _, in := range dockerfile(t) {
		got[in[0]] = append(got[in[0]], in[1])
		switch in[0] {
		case "FROM":
			froms = append(froms, in[1])
		case "ENTRYPOINT":
			entrypoint = dockerJSONArray(t, in[0], in[1])
		case "CMD":
			cmd = dockerJSONArray(t, in[0], in[1])
		}
	}
	known := map[string]bool{"FROM": true, "WORKDIR": true, "COPY": true, "RUN": true, "ARG": true, "LABEL": true,
		"VOLUME": true, "EXPOSE": true, "USER": true, "ENTRYPOINT": true, "CMD": true, "ENV": true, "HEALTHCHECK": true}
	for op := range got {
		if !known[op] {
			t.Errorf("unknown instruction %s", op)
		}
	}
	// Multi-stage: a Go toolchain matching go.mod builds, a distroless
	// image runs.
	gomod := testenv.ReadFile(t, "../../go.mod")
	goVersion := regexp.MustCompile(`(?m)^go ([0-9]+\.[0-9]+)`).FindSubmatch(gomod)
	if len(froms) != 2 || !strings.HasPrefix(froms[0], "golang:"+string(goVersion[1])+"-") || !strings.HasSuffix(froms[0], " AS build") ||
		!strings.HasPrefix(froms[1], "gcr.io/distroless/") {
		t.Errorf("FROM %q: want golang:%s-… AS build, then distroless", froms, goVersion[1])
	}
	if !slices.ContainsFunc(got["COPY"], func(s string) bool {
		return strings.HasPrefix(s, "--from=build ") && strings.HasSuffix(s, " "+entrypoint[0])
	}) {
		t.Errorf("no COPY --from=build puts the binary at the entrypoint %q", entrypoint)
	}
	if !slices.ContainsFunc(got["RUN"], func(s string) bool {
		return strings.Contains(s, "CGO_ENABLED=1") && strings.Contains(s, "./cmd/cupertino")
	}) {
		t.Error("no RUN builds ./cmd/cupertino with cgo")
	}
	if u := got["USER"]; len(u) != 1 || strings.HasPrefix(u[0], "root") || u[0] == "0" {
		t.Errorf("USER %q: the server must not run as root", u)
	}
	var registry registryServer
	readJSONFile(t, "../../packaging/mcp/server.json", &registry)
	if l := got["LABEL"]; len(l) != 1 || l[0] != `io.modelcontextprotocol.server.name="`+registry.Name+`"` {
		t.Errorf("LABEL %q: the registry checks the image by io.modelcontextprotocol.server.name=%q", l, registry.Name)
	}
	// ENTRYPOINT + CMD is a serve --http command that parses, listening on
	// the exposed port beyond loopback, with the index in the volume.
	if len(entrypoint) != 1 || !strings.HasSuffix(entrypoint[0], "/cupertino") {
		t.Fatalf("ENTRYPOINT %q", entrypoint)
	}
	if err := checkCupertinoCommand(cmd); err != nil {
		t.Errorf("CMD %q: %v", cmd, err)
	}
	flag := func(name string) string {
		if i := slices.Index(cmd, name); i >= 0 && i+1 < len(cmd) {
			return cmd[i+1]
		}
		return ""
	}
	host, port, err := net.SplitHostPort(flag("--http"))
	if len(cmd) == 0 || cmd[0] != "serve" || err != nil || host != "0.0.0.0" || port != dockerPort(t) {
		t.Errorf("CMD %q: want serve --http 0.0.0.0:<the EXPOSEd port>", cmd)
	}
	if v := got["VOLUME"]; len(v) != 1 || v[0] != flag("--base-dir") {
		t.Errorf("VOLUME %q, --base-dir %q: the index must live in the volume", v, flag("--base-dir"))
	}
}

func TestHomebrewFormula(t *testing.T) {
	data := testenv.ReadFile(t, "../../packaging/homebrew/cupertino.rb")
	formula := string(data)
	var m mcpbManifest
	readJSONFile(t, "../../packaging/mcpb/manifest.json", &m)
	for _, want := range []string{
		"class Cupertino < Formula",
		`url "https://github.com/cupertino-go/cupertino/releases/download/v` + m.Version + `/cupertino_` + m.Version + `_source.tar.gz"`,
		`sha256 "`,
		`depends_on "go" => :build`,
		`ENV["CGO_ENABLED"] = "1"`,
		`-X main.version=v#{version}`,
		`"./cmd/cupertino"`,
		`shell_output("#{bin}/cupertino --version")`,
	} {
		if !strings.Contains(formula, want) {
			t.Errorf("formula lacks %q", want)
		}
	}
	// Every cupertino command the formula shows or runs exists: the words
	// after the binary, or after "--" naming it ("claude mcp add … --
	// #{opt_bin}/cupertino serve").
	for _, line := range strings.Split(formula, "\n") {
		if strings.Contains(line, "class ") || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		words := strings.Fields(regexp.MustCompile(`#\{[^}]*\}`).ReplaceAllString(line, "/tmp/x"))
		start := -1
		for i, w := range words {
			if w == "--" && i+1 < len(words) && namesCupertino(words[i+1]) {
				start = i + 2
				break
			}
		}
		if start < 0 {
			start = slices.IndexFunc(words, namesCupertino) + 1
		}
		if start <= 0 {
			continue
		}
		words = words[start:]
		end := slices.IndexFunc(words, func(w string) bool { return strings.ContainsAny(w, `"#)`) })
		if end >= 0 {
			words = words[:end]
		}
		if len(words) == 0 {
			continue
		}
		if err := checkCupertinoCommand(words); err != nil {
			t.Errorf("formula line %q: %v", strings.TrimSpace(line), err)
		}
	}
}
