package swiftlex

import (
	"strings"
	"testing"
)

func TestLexerStringsAndComments(t *testing.T) {
	code := "let s = \"a.b(c) \\(value.count) // not a comment\" // comment Text\n/* block /* nested */ Image */ let r = #\"raw \\(x)\"#\nlet m = \"\"\"\nmulti \\(other.name)\n\"\"\"\n"
	got := strings.Join(identsOf(code), " ")
	want := "s value count r m other name"
	if got != want {
		t.Errorf("identifiers = %q, want %q", got, want)
	}
	for _, tok := range Lex(code) {
		if tok.Text == "other" && tok.Line != 4 {
			t.Errorf("interpolation line = %d, want 4", tok.Line)
		}
	}
}

// TestLexerRegexLiterals: an extended regex literal is one string token,
// on one line or several, its pattern no code; the lines after it count
// on.
func TestLexerRegexLiterals(t *testing.T) {
	code := "let p = #/INV-(\\d{4,})/#\nlet q = ##/a/#b/##\nlet r = #/\n  Total (\\d+)\n/#\nlet after = Kind.x\n"
	for _, tok := range Lex(code) {
		if tok.Text == "after" && tok.Line != 6 {
			t.Errorf("after a multi-line regex: line %d, want 6", tok.Line)
		}
	}
	if got, want := strings.Join(identsOf(code), " "), "p q r after Kind x"; got != want {
		t.Errorf("identifiers = %q, want %q", got, want)
	}
}

// identsOf lists the identifiers of code, in order.
func identsOf(code string) []string {
	var out []string
	for _, tok := range Lex(code) {
		if tok.Kind == Ident {
			out = append(out, tok.Text)
		}
	}
	return out
}

// TestLexerEscapeAtTheEnd: a string whose last character is an escape's
// backslash, after an interpolation (`"\()\`, found by FuzzCheck), lexes
// without reading past the source.
func TestLexerEscapeAtTheEnd(t *testing.T) {
	for _, code := range []string{`"\()\`, `"\`, `"a\(b)\`, `#"\#(x)\#`} {
		toks := Lex(code)
		for _, tok := range toks {
			if tok.End > len(code) || tok.Start > tok.End {
				t.Errorf("Lex(%q): token %q spans %d-%d of %d bytes", code, tok.Text, tok.Start, tok.End, len(code))
			}
		}
	}
}
