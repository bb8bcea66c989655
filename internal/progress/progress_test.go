package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func newTestReporter(tty bool) (*Reporter, *bytes.Buffer, *fakeClock) {
	var buf bytes.Buffer
	clock := &fakeClock{t: time.Unix(1000, 0)}
	r := New(&buf, tty, "save", 100)
	r.now = clock.now
	r.start, r.last = clock.t, clock.t
	return r, &buf, clock
}

func TestPlainOutputPrintsAtInterval(t *testing.T) {
	r, buf, clock := newTestReporter(false)
	r.Add(10, "")
	if buf.Len() != 0 {
		t.Fatalf("printed before the interval: %q", buf.String())
	}
	clock.t = clock.t.Add(11 * time.Second)
	r.Add(40, "rejected 2")
	got := buf.String()
	for _, want := range []string{"save: 50/100 (50%)", "eta", "rejected 2\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("line %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, "\r") {
		t.Errorf("plain output must not use carriage returns: %q", got)
	}
}

func TestTTYRedrawsInPlace(t *testing.T) {
	r, buf, clock := newTestReporter(true)
	clock.t = clock.t.Add(time.Second)
	r.Add(100, "")
	r.Done()
	got := buf.String()
	if !strings.HasPrefix(got, "\r") || !strings.HasSuffix(got, "\n") {
		t.Fatalf("tty output should redraw with \\r and end with a newline: %q", got)
	}
	if strings.Contains(got, "eta") {
		t.Errorf("finished work shows no ETA: %q", got)
	}
}

func TestBytesShowMiBAndRate(t *testing.T) {
	var buf bytes.Buffer
	clock := &fakeClock{t: time.Unix(1000, 0)}
	r := NewBytes(&buf, false, "download", 100<<20)
	r.now = clock.now
	r.start, r.last = clock.t, clock.t
	clock.t = clock.t.Add(10 * time.Second)
	r.Add(25<<20, "")
	got := buf.String()
	for _, want := range []string{"download: 25.0/100.0 MiB (25%)", "2.5 MiB/s", "eta 30s"} {
		if !strings.Contains(got, want) {
			t.Errorf("line %q lacks %q", got, want)
		}
	}
}
