package testenv

import (
	"errors"
	"testing"
)

type closeCounter struct{ closed int }

func (c *closeCounter) Close() error { c.closed++; return nil }

func TestClosingClosesWhenTheTestEnds(t *testing.T) {
	c := &closeCounter{}
	t.Run("open", func(t *testing.T) {
		if got := Closing(t, c, nil); got != c || c.closed != 0 {
			t.Fatalf("got %p closed %d, want the value, open", got, c.closed)
		}
	})
	if c.closed != 1 {
		t.Errorf("closed %d times after the test ended, want once", c.closed)
	}
}

func TestClosingFailsTheTestOnAnOpenError(t *testing.T) {
	r := &fatalRecorder{TB: t}
	Closing(r, &closeCounter{}, errors.New("no such index"))
	if r.fatal != "open for the test: no such index" {
		t.Errorf("Fatalf(%q), want the open error", r.fatal)
	}
}
