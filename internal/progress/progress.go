// Package progress reports the advance of long work (save, eval) to a person.
//
// On a terminal it redraws one line with done/total, rate and ETA; elsewhere
// (CI logs, pipes) it prints a plain line at a fixed interval, so logs stay
// readable and short. It never writes to stdout unless told to: commands pass
// stderr, which keeps stdout clean for data and for MCP's JSON-RPC.
package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// Reporter tracks one phase of work. It is safe for concurrent use.
type Reporter struct {
	mu       sync.Mutex
	w        io.Writer
	tty      bool
	label    string
	total    int
	done     int
	extra    string
	start    time.Time
	last     time.Time
	interval time.Duration
	now      func() time.Time
	drawn    bool
	bytes    bool // count bytes: shown as MiB, rate as MiB/s
}

// New starts a reporter for total units of work (0 when unknown).
func New(w io.Writer, tty bool, label string, total int) *Reporter {
	r := &Reporter{w: w, tty: tty, label: label, total: total, now: time.Now}
	r.interval = 10 * time.Second
	if tty {
		r.interval = 150 * time.Millisecond
	}
	r.start = r.now()
	r.last = r.start
	return r
}

// NewBytes starts a reporter that counts bytes (a download), shown in MiB
// with a MiB/s rate.
func NewBytes(w io.Writer, tty bool, label string, total int) *Reporter {
	r := New(w, tty, label, total)
	r.bytes = true
	return r
}

// SetTotal changes the expected total, e.g. once a directory walk finishes.
func (r *Reporter) SetTotal(total int) {
	r.mu.Lock()
	r.total = total
	r.mu.Unlock()
}

// Add records n more units done, with an optional short status (counters).
func (r *Reporter) Add(n int, extra string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done += n
	if extra != "" {
		r.extra = extra
	}
	if t := r.now(); t.Sub(r.last) >= r.interval {
		r.last = t
		r.draw(t)
	}
}

// Done prints the final line for the phase and returns the elapsed time.
func (r *Reporter) Done() time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	t := r.now()
	r.draw(t)
	if r.tty {
		fmt.Fprintln(r.w)
	}
	return t.Sub(r.start)
}

func (r *Reporter) draw(t time.Time) {
	line := r.line(t)
	if r.tty {
		// \r and a clear-to-end keep one line that updates in place.
		fmt.Fprintf(r.w, "\r%s\x1b[K", line)
		r.drawn = true
		return
	}
	fmt.Fprintln(r.w, line)
}

func (r *Reporter) line(t time.Time) string {
	elapsed := t.Sub(r.start)
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(r.done) / s
	}
	var b strings.Builder
	if r.bytes {
		const mib = 1 << 20
		fmt.Fprintf(&b, "%s: %.1f", r.label, float64(r.done)/mib)
		if r.total > 0 {
			fmt.Fprintf(&b, "/%.1f MiB (%.0f%%)", float64(r.total)/mib, 100*float64(r.done)/float64(r.total))
		} else {
			b.WriteString(" MiB")
		}
		fmt.Fprintf(&b, " %.1f MiB/s", rate/mib)
	} else {
		fmt.Fprintf(&b, "%s: %d", r.label, r.done)
		if r.total > 0 {
			fmt.Fprintf(&b, "/%d (%.0f%%)", r.total, 100*float64(r.done)/float64(r.total))
		}
		fmt.Fprintf(&b, " %.0f/s", rate)
	}
	if r.total > 0 && rate > 0 && r.done < r.total {
		eta := time.Duration(float64(r.total-r.done)/rate) * time.Second
		fmt.Fprintf(&b, " eta %s", eta.Round(time.Second))
	}
	fmt.Fprintf(&b, " elapsed %s", elapsed.Round(time.Second))
	if r.extra != "" {
		b.WriteString(" | ")
		b.WriteString(r.extra)
	}
	return b.String()
}
