package termtext

import "testing"

func TestLineEscapesWhatATerminalWouldObey(t *testing.T) {
	for in, want := range map[string]string{
		"View":                     "View",
		"Ünïcödé — ok ✓":           "Ünïcödé — ok ✓",
		"a\nb\tc\rd":               `a\nb\tc\rd`,
		"\x1b[2Jcleared":           `\x1b[2Jcleared`,
		"\x1b]52;c;ZXZpbA==\x07":   `\x1b]52;c;ZXZpbA==\x07`,
		"evil\u202etxt.exe":        `evil\u202etxt.exe`,
		"iso\u2066late\u2069":      `iso\u2066late\u2069`,
		"bad\xffbyte":              `bad\xffbyte`,
		"c1\u009bcsi":              `c1\u009bcsi`,
		"del\x7f":                  `del\x7f`,
		"wwdc://2024/../\u202e123": `wwdc://2024/../\u202e123`,
	} {
		if got := Line(in); got != want {
			t.Errorf("Line(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBlockKeepsLinesAndTabs(t *testing.T) {
	in := "# Title\n\n\tcode\x1b[31m red\r\n\u202e"
	want := "# Title\n\n\tcode\\x1b[31m red\\r\n\\u202e"
	if got := Block(in); got != want {
		t.Errorf("Block(%q) = %q, want %q", in, got, want)
	}
	if s := "plain\ntext\twith layout"; Block(s) != s {
		t.Errorf("Block changed plain text: %q", Block(s))
	}
}
