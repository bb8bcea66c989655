package door

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// AuditEntry is one line of the audit log.
type AuditEntry struct {
	SourceFile      string `json:"sourceFile"`
	URI             string `json:"uri,omitempty"`
	State           State  `json:"state"`
	DuplicateOf     string `json:"duplicateOf,omitempty"`
	RejectionReason string `json:"rejectionReason,omitempty"`
	CollisionWith   string `json:"collisionWith,omitempty"`
	// Recovered marks the line save adds for a placeholder reject it indexed
	// after all (see internal/ingest); the line before it is the reject.
	Recovered bool `json:"recovered,omitempty"`
}

// How often buffered audit lines are made durable, so a killed run keeps all
// but the last moments.
const (
	auditSyncInterval = 2 * time.Second
	auditSyncLines    = 5000
)

var (
	ErrAuditClosed  = errors.New("audit log closed")
	ErrAuditCorrupt = errors.New("corrupt audit log")
)

// AuditWriter appends one JSONL line per judged input (see Write). Lines are
// buffered and made durable (flush + fsync) every auditSyncLines lines, every
// auditSyncInterval by a background flusher, and on Close. It is safe for
// concurrent use.
type AuditWriter struct {
	mu      sync.Mutex
	f       *os.File
	w       *bufio.Writer
	pending int // lines written since the last sync
	err     error
	closed  bool
	stop    chan struct{}
	done    chan struct{}
}

// NewAuditWriter creates (or truncates) the audit log at path.
func NewAuditWriter(path string) (*AuditWriter, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open audit log: %w", err)
	}
	a := &AuditWriter{f: f, w: bufio.NewWriterSize(f, 64<<10), stop: make(chan struct{}), done: make(chan struct{})}
	go a.flusher()
	return a, nil
}

// Write writes the audit line(s) for one judged input: its source file, the
// document's URI ("" when none was derived) and the door's decision.
//
// Tier-B replacement convention: the file judged earlier was logged as indexed
// when it was first seen, and that line is never rewritten (the log is
// append-only). When a richer variant replaces it, Write writes the new file's
// line with state indexed, then a second line for the earlier file with state
// benignDupTierB and duplicateOf naming the new file. The last line for a file
// is therefore its final state.
func (a *AuditWriter) Write(sourceFile, uri string, d Decision) error {
	if err := a.WriteEntry(AuditEntry{
		SourceFile:      sourceFile,
		URI:             uri,
		State:           d.State,
		DuplicateOf:     d.DuplicateOf,
		RejectionReason: d.Reason,
		CollisionWith:   d.CollisionWith,
	}); err != nil {
		return err
	}
	if d.Replace {
		return a.WriteEntry(AuditEntry{SourceFile: d.Replaced, URI: uri, State: BenignDupTierB, DuplicateOf: sourceFile})
	}
	return nil
}

// WriteEntry appends one entry as it is.
func (a *AuditWriter) WriteEntry(e AuditEntry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("encode audit entry: %w", err)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return ErrAuditClosed
	}
	if a.err != nil {
		return a.err
	}
	line = append(line, '\n')
	if _, err := a.w.Write(line); err != nil {
		a.err = fmt.Errorf("write audit log: %w", err)
		return a.err
	}
	if a.pending++; a.pending >= auditSyncLines {
		return a.syncLocked()
	}
	return nil
}

func (a *AuditWriter) syncLocked() error {
	if a.pending == 0 || a.err != nil {
		return a.err
	}
	if err := a.w.Flush(); err != nil {
		a.err = fmt.Errorf("flush audit log: %w", err)
		return a.err
	}
	if err := a.f.Sync(); err != nil {
		a.err = fmt.Errorf("sync audit log: %w", err)
		return a.err
	}
	a.pending = 0
	return nil
}

// Sync makes every line written so far durable.
func (a *AuditWriter) Sync() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return ErrAuditClosed
	}
	return a.syncLocked()
}

func (a *AuditWriter) flusher() {
	defer close(a.done)
	t := time.NewTicker(auditSyncInterval)
	defer t.Stop()
	for {
		select {
		case <-a.stop:
			return
		case <-t.C:
			a.mu.Lock()
			_ = a.syncLocked() // a failure is kept in a.err and returned by the next call
			a.mu.Unlock()
		}
	}
}

// Close makes every line durable and closes the file. It returns the first
// error any write, sync or the close met.
func (a *AuditWriter) Close() error {
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		return ErrAuditClosed
	}
	a.closed = true
	a.mu.Unlock()
	close(a.stop)
	<-a.done

	a.mu.Lock()
	defer a.mu.Unlock()
	err := a.syncLocked()
	if cerr := a.f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("close audit log: %w", cerr)
	}
	return err
}

// ReadAudit reads an audit log back. A truncated last line (the run was
// killed mid-write) is ignored; any other unreadable line is ErrAuditCorrupt.
func ReadAudit(path string) ([]AuditEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open audit log: %w", err)
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	var entries []AuditEntry
	for lineNo := 1; ; lineNo++ {
		line, err := r.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			// A final line without its newline was cut short: keep it only
			// if it happens to be complete.
			var e AuditEntry
			if len(bytes.TrimSpace(line)) > 0 && json.Unmarshal(line, &e) == nil {
				entries = append(entries, e)
			}
			return entries, nil
		}
		if err != nil {
			return entries, fmt.Errorf("read audit log: %w", err)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var e AuditEntry
		if err := json.Unmarshal(line, &e); err != nil {
			return entries, fmt.Errorf("%w: line %d: %v", ErrAuditCorrupt, lineNo, err)
		}
		entries = append(entries, e)
	}
}
