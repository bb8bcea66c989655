package swiftlex

import (
	"strings"
	"testing"
)

func TestLexerStringsAndComments(t *testing.T) {
	code := "let s = \"a.b(c) \\(value.count) // not a comment\" // comment Text\n/* block /* nested */ Image */ let r = #\"raw \\(x)\"#\nlet m = \"\"\"\nmulti \\(other.name)\n\"\"\"\n"
	var idents []string
	for _, tok := range Lex(code) {
		if tok.Kind == Ident {
			idents = append(idents, tok.Text)
		}
	}
	got := strings.Join(idents, " ")
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
