package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// The README's shell blocks are what a newcomer types first (and
// docs/scaling.md's and docs/clients.md's what they type next). Every
// cupertino command in them must name commands and flags the binary has,
// with an accepted number of arguments, and every make target must exist, so
// the docs and the code cannot drift apart. (.ci/readme-check runs the Use
// block's commands for real.)

// shellBlocks returns the lines of the ```sh blocks of a Markdown file.
func shellBlocks(t *testing.T, path string) []string {
	t.Helper()
	data := testenv.ReadFile(t, path)
	var lines []string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "```sh"):
			in = true
		case strings.HasPrefix(line, "```"):
			in = false
		case in:
			lines = append(lines, line)
		}
	}
	return lines
}

// shellWords splits one command line as a POSIX shell would for these
// simple cases: quotes group words, an unquoted # starts a comment, and
// &&, ||, ; and | separate commands.
func shellWords(line string) [][]string {
	var commands [][]string
	var words []string
	var word strings.Builder
	inWord := false
	flush := func() {
		if inWord {
			words = append(words, word.String())
			word.Reset()
			inWord = false
		}
	}
	endCommand := func() {
		flush()
		if len(words) > 0 {
			commands = append(commands, words)
		}
		words = nil
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '"' || c == '\'':
			j := strings.IndexByte(line[i+1:], c)
			if j < 0 {
				j = len(line) - i - 1
			}
			word.WriteString(line[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case c == '#' && !inWord:
			endCommand()
			return commands
		case c == ' ' || c == '\t':
			flush()
		case c == ';' || c == '|' || c == '&':
			endCommand()
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	endCommand()
	return commands
}

// cupertinoArgs returns the arguments of the cupertino invocation a command
// makes: "cupertino search x", or one handed on after "--" as in "claude mcp
// add --scope user cupertino -- "$PWD/bin/cupertino" serve".
func cupertinoArgs(words []string) ([]string, bool) {
	if words[0] == "cupertino" {
		return words[1:], true
	}
	for i, w := range words {
		if w == "--" && i+1 < len(words) && namesCupertino(words[i+1]) {
			return words[i+2:], true
		}
	}
	return nil, false
}

// namesCupertino reports whether a word of a doc's command line is the
// cupertino binary: by name, by a path ending in it, or as the shell finds
// it ("$(command -v cupertino)").
func namesCupertino(word string) bool {
	return word == "cupertino" || strings.HasSuffix(word, "/cupertino") || word == "$(command -v cupertino)"
}

// checkCupertinoCommand parses args with the real command tree without
// running anything.
func checkCupertinoCommand(args []string) error {
	io := testStreams()
	root := newRootCmd(io)
	cmd, rest, err := root.Find(args)
	if err != nil {
		return err
	}
	if cmd == root && len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return errUnknownCommand(args[0])
	}
	if err := cmd.ParseFlags(rest); err != nil {
		return err
	}
	return cmd.ValidateArgs(cmd.Flags().Args())
}

type errUnknownCommand string

func (e errUnknownCommand) Error() string { return "unknown command " + string(e) }

var makeTarget = regexp.MustCompile(`(?m)^([A-Za-z][A-Za-z0-9_-]*):`)

// docsWithCommands are the Markdown files whose sh blocks are checked, with
// the fewest make and cupertino commands each holds: fewer means the parser
// lost them.
var docsWithCommands = map[string]int{
	"../../README.md":       8,
	"../../docs/scaling.md": 3,
	"../../docs/clients.md": 2,
}

func TestReadmeCommandsExist(t *testing.T) {
	makefile := testenv.ReadFile(t, "../../Makefile")
	targets := map[string]bool{}
	for _, m := range makeTarget.FindAllStringSubmatch(string(makefile), -1) {
		targets[m[1]] = true
	}
	for doc, least := range docsWithCommands {
		checked := 0
		for _, line := range shellBlocks(t, doc) {
			for _, words := range shellWords(line) {
				if words[0] == "make" {
					for _, target := range words[1:] {
						if !strings.Contains(target, "=") && !targets[target] {
							t.Errorf("%s: %q: the Makefile has no target %q", doc, line, target)
						}
					}
					checked++
					continue
				}
				args, ok := cupertinoArgs(words)
				if !ok {
					continue
				}
				if err := checkCupertinoCommand(args); err != nil {
					t.Errorf("%s: %q: %v", doc, line, err)
				}
				checked++
			}
		}
		if checked < least {
			t.Errorf("%s: only %d make and cupertino commands found in its sh blocks, want %d or more", doc, checked, least)
		}
	}
}

// TestReadmeCheckerCatchesDrift: the check above fails on a command, a flag
// or an argument count the binary does not have.
func TestReadmeCheckerCatchesDrift(t *testing.T) {
	for _, line := range []string{
		`cupertino serach "URLSession"`,
		`cupertino search --framwork swiftui View`,
		`cupertino doctor extra-argument`,
		`claude mcp add cupertino -- cupertino serve --no-such-flag`,
		`claude mcp add --scope user cupertino -- "$PWD/bin/cupertino" serv`,
	} {
		args, _ := cupertinoArgs(shellWords(line)[0])
		if err := checkCupertinoCommand(args); err == nil {
			t.Errorf("%q passed the README check", line)
		}
	}
	for _, line := range []string{
		`cupertino search "URLSession dataTask"   # a comment`,
		`cupertino read apple-docs://swift/error`,
		`claude mcp add cupertino -- cupertino serve`,
		`claude mcp add --scope user cupertino -- "$PWD/bin/cupertino" serve   # a comment`,
		`claude mcp add --scope user cupertino -- "$(command -v cupertino)" serve`,
	} {
		args, _ := cupertinoArgs(shellWords(line)[0])
		if err := checkCupertinoCommand(args); err != nil {
			t.Errorf("%q: %v", line, err)
		}
	}
}

// TestReadmeRegistersClaudeCodeAsDoctorAdvises: the README's Claude Code
// line is the one doctor prints for this binary, in user scope with its
// absolute path. A project-scope entry by bare name (what the README had)
// works only in the clone's folder, only with bin/ on Claude Code's PATH,
// and there overrides the user-scope entry doctor advises.
func TestReadmeRegistersClaudeCodeAsDoctorAdvises(t *testing.T) {
	root := testenv.RepoRoot(t)
	use := ""
	for _, line := range shellBlocks(t, "../../README.md") {
		if strings.HasPrefix(line, "claude mcp add") {
			use = line
			break
		}
	}
	if use == "" {
		t.Fatal("the README has no `claude mcp add` line")
	}
	self := root + "/bin/cupertino"
	readme := shellWords(strings.ReplaceAll(use, "$PWD", root))[0]
	var claude mcpClient
	for _, c := range knownClients(clientEnv{Home: t.TempDir(), GOOS: "linux", Self: self}) {
		if c.Name == "Claude Code" {
			claude = c
		}
	}
	doctor := shellWords(claude.Snippet(self))[0]
	if strings.Join(readme, " ") != strings.Join(doctor, " ") {
		t.Errorf("README registers Claude Code with\n  %q\nbut doctor advises\n  %q", readme, doctor)
	}
}
