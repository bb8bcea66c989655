package main

import (
	"bytes"
	"testing"

	"github.com/cupertino-go/cupertino/internal/golden"
)

// TestCommandsDocIsCurrent keeps docs/commands.md equal to the cobra command
// tree's help (`go test ./cmd/cupertino -run TestCommandsDoc -update`).
func TestCommandsDocIsCurrent(t *testing.T) {
	t.Setenv("HOME", "/home/user")
	root := newRootCmd(&iostreams{In: &bytes.Buffer{}, Out: &bytes.Buffer{}, Err: &bytes.Buffer{}})
	golden.Check(t, "../../docs/commands.md", []byte(commandsMarkdown(root)))
}
