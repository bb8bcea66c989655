package agent

import (
	"errors"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// ErrNoCode means a reply held no Swift code to score.
var ErrNoCode = errors.New("no Swift code in the reply")

// nonSwiftFences are fence languages that are certainly not the answer.
var nonSwiftFences = swiftlex.SetOf("bash", "sh", "shell", "zsh", "console", "json", "yaml", "yml", "xml", "plist",
	"objc", "objective-c", "objectivec", "c", "cpp", "c++", "text", "txt", "markdown", "md", "diff",
	"html", "javascript", "js", "python", "ruby", "toml", "ini", "output", "log")

// ExtractCode pulls the Swift code out of a model reply.
//
// Fenced blocks tagged swift, or untagged, are joined in order, since answers
// often split a model and its view into two blocks; blocks tagged with another
// language (a shell command, a plist) are dropped. An unterminated fence runs
// to the end, as truncated replies do. A reply without fences counts as code
// only when it reads as Swift rather than prose. With no code, it returns
// ErrNoCode.
func ExtractCode(reply string) (string, error) {
	blocks, sawFence := fencedBlocks(reply)
	var kept []string
	for _, b := range blocks {
		if nonSwiftFences[b.lang] {
			continue
		}
		if strings.TrimSpace(b.code) != "" {
			kept = append(kept, strings.TrimRight(b.code, "\n"))
		}
	}
	if len(kept) > 0 {
		return strings.Join(kept, "\n\n") + "\n", nil
	}
	if !sawFence && looksLikeSwift(reply) {
		return strings.TrimSpace(reply) + "\n", nil
	}
	return "", ErrNoCode
}

type fencedBlock struct {
	lang string
	code string
}

func fencedBlocks(reply string) ([]fencedBlock, bool) {
	lines := strings.Split(strings.ReplaceAll(reply, "\r\n", "\n"), "\n")
	var blocks []fencedBlock
	sawFence := false
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimSpace(lines[i])
		fence := fenceMarker(trimmed)
		if fence == "" {
			continue
		}
		sawFence = true
		indent := len(lines[i]) - len(strings.TrimLeft(lines[i], " \t"))
		lang := strings.ToLower(strings.TrimSpace(strings.TrimLeft(trimmed, fence[:1])))
		if f := strings.Fields(lang); len(f) > 0 {
			lang = f[0] // "swift title=Foo.swift"
		}
		var body []string
		j := i + 1
		for ; j < len(lines); j++ {
			t := strings.TrimSpace(lines[j])
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				break
			}
			body = append(body, dedent(lines[j], indent))
		}
		blocks = append(blocks, fencedBlock{lang: lang, code: strings.Join(body, "\n")})
		i = j
	}
	return blocks, sawFence
}

// fenceMarker returns the fence ("```", "~~~~") opening a line, or "".
func fenceMarker(line string) string {
	for _, c := range []string{"`", "~"} {
		n := 0
		for n < len(line) && line[n:n+1] == c {
			n++
		}
		if n >= 3 {
			return line[:n]
		}
	}
	return ""
}

// dedent removes up to n leading spaces, for fences nested in list items.
func dedent(line string, n int) string {
	i := 0
	for i < n && i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return line[i:]
}

// looksLikeSwift decides whether unfenced text is code: most non-blank lines
// must look like Swift (declarations, braces, modifiers, statements), and
// prose sentences must be rare.
func looksLikeSwift(text string) bool {
	code, prose := 0, 0
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		switch {
		case swiftLine(t):
			code++
		default:
			prose++
		}
	}
	return code >= 2 && code >= 3*prose
}

var swiftLinePrefixes = []string{
	"import ", "struct ", "class ", "final class ", "enum ", "protocol ", "actor ", "extension ", "func ",
	"var ", "let ", "@", "#", "}", "{", ".", "//", "/*", "*", "return", "if ", "guard ", "for ", "while ",
	"switch ", "case ", "default:", "do {", "try ", "await ", "throw ", "private ", "public ", "internal ",
	"fileprivate ", "static ", "init(", "typealias ", "override ", "nonisolated ", "async ", "else",
	"catch", "defer", "mutating ", "open ",
}

func swiftLine(t string) bool {
	for _, p := range swiftLinePrefixes {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	// A call or assignment line: "Text("hi")", "x = y", "foo(bar)".
	last := t[len(t)-1]
	return strings.ContainsAny(t, "(){}=") && !strings.HasSuffix(t, ".") && (last == ')' || last == '{' || last == '}' || last == ',' || strings.Contains(t, " = "))
}
