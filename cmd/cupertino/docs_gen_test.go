package main

import (
	"testing"

	"github.com/cupertino-go/cupertino/internal/golden"
)

// TestCommandsDocIsCurrent keeps docs/commands.md equal to the cobra command
// tree's help (`go test ./cmd/cupertino -run TestCommandsDoc -update`).
func TestCommandsDocIsCurrent(t *testing.T) {
	t.Setenv("HOME", "/home/user")
	root := newRootCmd(testStreams())
	golden.Check(t, "../../docs/commands.md", []byte(commandsMarkdown(root)))
}
