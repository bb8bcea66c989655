package main

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite generated docs and golden files")

func TestCommandsDocIsCurrent(t *testing.T) {
	t.Setenv("HOME", "/home/user")
	root := newRootCmd(&iostreams{In: &bytes.Buffer{}, Out: &bytes.Buffer{}, Err: &bytes.Buffer{}})
	got := commandsMarkdown(root)
	const path = "../../docs/commands.md"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v (run with -update)", path, err)
	}
	if string(want) != got {
		t.Fatalf("docs/commands.md is stale: run `go test ./cmd/cupertino -run TestCommandsDoc -update`")
	}
}
