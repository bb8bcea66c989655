package ranker

import (
	"context"
	"testing"
)

// TestRecaseNames: a type name typed in the wrong case is written as the
// index titles it; English words, lowerCamelCase names and lower-case words
// without an Apple prefix stay as typed.
func TestRecaseNames(t *testing.T) {
	e := openTestEngine(t)
	ctx := context.Background()
	for _, c := range []struct{ in, want string }{
		{"Cancel a Urlsession data task", "Cancel a URLSession data task"},
		{"why does my Textfield lose focus", "why does my TextField lose focus"},
		{"avaudioplayer stops when locked", "avaudioplayer stops when locked"}, // lower case without ui or ns
		{"Cancel a URLSession data task", "Cancel a URLSession data task"},
		{"nsurl with spaces", "NSURL with spaces"},
		{"urlsession data task", "urlsession data task"},                       // no ui or ns prefix: could be prose
		{"let dataTask = session.dataTask", "let dataTask = session.dataTask"}, // a value's name
		{"Views and Texts in a stack", "Views and Texts in a stack"},           // one capital: English
	} {
		got, err := e.recaseNames(ctx, c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("recaseNames(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}
