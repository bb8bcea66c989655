package mcp

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
)

// A server on a network meets floods: refused requests by the thousand, a
// burst of expired sessions, a stream of accept errors. Each used to write
// a line, so a flood buried the log and cost disk. The HTTP transport's
// per-request lines (its refusals, mcp-go's and net/http's) go through a
// logLimiter instead: the first line of a kind is written at once, the rest
// within refusalLogInterval are counted, and one line then says how many
// more there were. A quiet kind's next line is written at once again.

// refusalLogInterval is how often a flooded kind of line is summarised.
const refusalLogInterval = 10 * time.Second

// maxLogKinds bounds the kinds tracked at once; lines of further kinds pass
// unsummarised (kinds are messages, set in code, so this is never reached
// short of a bug).
const maxLogKinds = 256

type logLimiter struct {
	interval time.Duration

	mu      sync.Mutex
	windows map[string]*logWindow
	closed  bool
}

// logWindow is one kind's open interval: the line that opened it went out;
// suppressed lines since are counted.
type logWindow struct {
	handler    slog.Handler // where the first line went; the summary goes there too
	level      slog.Level
	message    string
	since      time.Time
	suppressed int
	timer      *time.Timer
}

func newLogLimiter(interval time.Duration) *logLimiter {
	if interval <= 0 {
		interval = refusalLogInterval
	}
	return &logLimiter{interval: interval, windows: map[string]*logWindow{}}
}

// limit wraps a logger so that its lines go through l.
func (l *logLimiter) limit(log *slog.Logger) *slog.Logger {
	return slog.New(limitedHandler{inner: log.Handler(), limiter: l})
}

// admit writes r through handler unless a line of its kind went out within
// the interval, in which case it only counts it.
func (l *logLimiter) admit(ctx context.Context, handler slog.Handler, r slog.Record) error {
	kind := logKind(r.Message)
	l.mu.Lock()
	if w, open := l.windows[kind]; open {
		w.suppressed++
		l.mu.Unlock()
		return nil
	}
	if !l.closed && len(l.windows) < maxLogKinds {
		w := &logWindow{handler: handler, level: r.Level, message: r.Message, since: time.Now()}
		w.timer = time.AfterFunc(l.interval, func() { l.windowEnds(kind, w) })
		l.windows[kind] = w
	}
	l.mu.Unlock()
	return handler.Handle(ctx, r)
}

// windowEnds summarises a window's suppressed lines and keeps it open while
// they keep coming; a window that counted none closes, so the kind's next
// line is written at once.
func (l *logLimiter) windowEnds(kind string, w *logWindow) {
	l.mu.Lock()
	if l.windows[kind] != w { // Close took it
		l.mu.Unlock()
		return
	}
	n, since := w.suppressed, w.since
	if n == 0 {
		delete(l.windows, kind)
		l.mu.Unlock()
		return
	}
	w.suppressed, w.since = 0, time.Now()
	w.timer.Reset(l.interval)
	l.mu.Unlock()
	w.summarise(n, since)
}

// Close writes the summaries still pending and lets later lines through
// unsummarised.
func (l *logLimiter) Close() {
	l.mu.Lock()
	l.closed = true
	pending := l.windows
	l.windows = map[string]*logWindow{}
	l.mu.Unlock()
	for _, w := range pending {
		w.timer.Stop()
		if w.suppressed > 0 {
			w.summarise(w.suppressed, w.since)
		}
	}
}

func (w *logWindow) summarise(n int, since time.Time) {
	elapsed := time.Since(since)
	if elapsed >= time.Second {
		elapsed = elapsed.Round(time.Second)
	} else {
		elapsed = elapsed.Round(time.Millisecond)
	}
	r := slog.NewRecord(time.Now(), w.level, fmt.Sprintf("%d more in the last %s: %s", n, elapsed, w.message), 0)
	_ = w.handler.Handle(context.Background(), r)
}

// logKind is a line's kind: its message, without the digits net/http puts
// in some (addresses, retry delays), so that those group too.
func logKind(message string) string {
	message = strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, message)
	return clip(message, 120)
}

// limitedHandler sends a logger's records through a logLimiter.
type limitedHandler struct {
	inner   slog.Handler
	limiter *logLimiter
}

func (h limitedHandler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.inner.Enabled(ctx, level)
}

func (h limitedHandler) Handle(ctx context.Context, r slog.Record) error {
	return h.limiter.admit(ctx, h.inner, r)
}

func (h limitedHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return limitedHandler{inner: h.inner.WithAttrs(attrs), limiter: h.limiter}
}

func (h limitedHandler) WithGroup(name string) slog.Handler {
	return limitedHandler{inner: h.inner.WithGroup(name), limiter: h.limiter}
}
