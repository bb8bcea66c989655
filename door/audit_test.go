package door

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/canonjson"
	"github.com/cupertino-go/cupertino/internal/document"
)

func TestAuditRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	a, err := NewAuditWriter(path)
	if err != nil {
		t.Fatal(err)
	}
	d := New()
	poor := &document.Document{URI: "apple-docs://healthkit/data-types", Title: "Data types", ContentHash: hashOf("p"), Abstract: "a"}
	rich := &document.Document{URI: poor.URI, Title: "Data types", ContentHash: hashOf("r"), Abstract: "a", Declaration: "d"}
	inputs := []Input{
		{SourceFile: "empty.json", ParseErr: canonjson.ErrEmpty, Raw: []byte{}},
		{SourceFile: "data_types.json", Doc: poor},
		{SourceFile: "data-types.json", Doc: rich},
		{SourceFile: "copy.json", Doc: rich},
		{SourceFile: "other.json", Doc: &document.Document{URI: poor.URI, Title: "Other", ContentHash: hashOf("o")}},
		{SourceFile: "shell.json", Doc: &document.Document{URI: "apple-docs://swift/error", Title: "Error"}},
	}
	for _, in := range inputs {
		uri := ""
		if in.Doc != nil {
			uri = in.Doc.URI
		}
		if err := a.Write(in.SourceFile, uri, d.Judge(in)); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); !errors.Is(err, ErrAuditClosed) {
		t.Errorf("second Close = %v, want ErrAuditClosed", err)
	}
	if err := a.WriteEntry(AuditEntry{SourceFile: "late"}); !errors.Is(err, ErrAuditClosed) {
		t.Errorf("Write after Close = %v, want ErrAuditClosed", err)
	}

	got, err := ReadAudit(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []AuditEntry{
		{SourceFile: "empty.json", State: Rejected, RejectionReason: "empty file"},
		{SourceFile: "data_types.json", URI: poor.URI, State: Indexed},
		{SourceFile: "data-types.json", URI: poor.URI, State: Indexed},
		{SourceFile: "data_types.json", URI: poor.URI, State: BenignDupTierB, DuplicateOf: "data-types.json"},
		{SourceFile: "copy.json", URI: poor.URI, State: BenignDupTierA, DuplicateOf: "data-types.json"},
		{SourceFile: "other.json", URI: poor.URI, State: CollisionTierC, CollisionWith: "data-types.json"},
		{SourceFile: "shell.json", URI: "apple-docs://swift/error", State: Rejected, RejectionReason: `placeholder title "Error"`},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d entries, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	raw, _ := os.ReadFile(path)
	first := string(bytes.SplitN(raw, []byte("\n"), 2)[0])
	if first != `{"sourceFile":"empty.json","state":"rejected","rejectionReason":"empty file"}` {
		t.Errorf("first line = %s (empty fields must be omitted)", first)
	}
}

func TestReadAuditTruncatedAndCorrupt(t *testing.T) {
	dir := t.TempDir()
	good := `{"sourceFile":"a.json","uri":"apple-docs://x/a","state":"indexed"}` + "\n"

	truncated := filepath.Join(dir, "truncated.jsonl")
	os.WriteFile(truncated, []byte(good+`{"sourceFile":"b.js`), 0o644)
	got, err := ReadAudit(truncated)
	if err != nil || len(got) != 1 || got[0].SourceFile != "a.json" {
		t.Errorf("truncated: %+v, %v; want the one complete line", got, err)
	}

	corrupt := filepath.Join(dir, "corrupt.jsonl")
	os.WriteFile(corrupt, []byte(good+"not json\n"+good), 0o644)
	if _, err := ReadAudit(corrupt); !errors.Is(err, ErrAuditCorrupt) || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("corrupt: err = %v, want ErrAuditCorrupt at line 2", err)
	}

	if _, err := ReadAudit(filepath.Join(dir, "missing.jsonl")); err == nil {
		t.Error("missing file: no error")
	}
}

// Lines reach the file without Close: after Sync, after auditSyncLines lines,
// and after the background interval.
func TestAuditDurableBeforeClose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	a, err := NewAuditWriter(path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	lines := func() int {
		got, err := ReadAudit(path)
		if err != nil {
			t.Fatal(err)
		}
		return len(got)
	}
	a.WriteEntry(AuditEntry{SourceFile: "one", State: Indexed})
	if err := a.Sync(); err != nil {
		t.Fatal(err)
	}
	if n := lines(); n != 1 {
		t.Fatalf("after Sync: %d lines, want 1", n)
	}
	for range auditSyncLines {
		a.WriteEntry(AuditEntry{SourceFile: "bulk", State: Indexed})
	}
	if n := lines(); n < auditSyncLines {
		t.Fatalf("after %d lines: %d on disk, want at least %d", auditSyncLines, n, auditSyncLines)
	}
	if testing.Short() {
		return
	}
	a.WriteEntry(AuditEntry{SourceFile: "timed", State: Indexed})
	deadline := time.Now().Add(3 * auditSyncInterval)
	for lines() != auditSyncLines+2 {
		if time.Now().After(deadline) {
			t.Fatalf("background flush did not write the last line within %v", 3*auditSyncInterval)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
