// Command cupertino crawls, indexes and serves Apple's developer documentation.
//
// Every command lives in its own file (save.go, search.go, serve.go, …) as an
// options struct, a run function that takes it, and a constructor that binds
// flags to it, so flag parsing and logic are tested apart. Exit codes are
// mapped from errors in exitCode, and nowhere else.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

// Exit codes. Scripts and CI rely on these staying put.
const (
	exitOK         = 0
	exitFailure    = 1 // anything not listed below
	exitUsage      = 2 // bad flags or arguments
	exitCollision  = 3 // save finished but the door recorded tier-C collisions
	exitLocked     = 4 // another save holds the index lock
	exitIncomplete = 5 // fetch or eval finished with failures
	exitNotFound   = 6 // no index yet, or the document asked for does not exist
	exitInterrupt  = 130
)

// usageError marks errors caused by how the command was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usageErrorf(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// exitCoder lets domain errors carry their exit code without main importing
// every package's sentinels twice.
type exitCoder interface{ ExitCode() int }

func exitCode(err error) int {
	var ue usageError
	var ec exitCoder
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, context.Canceled):
		return exitInterrupt
	case errors.As(err, &ue):
		return exitUsage
	case errors.As(err, &ec):
		return ec.ExitCode()
	}
	for _, m := range domainExitCodes {
		if errors.Is(err, m.err) {
			return m.code
		}
	}
	return exitFailure
}

// domainExitCodes maps package sentinels to exit codes; filled by the files
// that own the commands (see init functions), so this stays the one table.
var domainExitCodes []struct {
	err  error
	code int
}

func registerExitCode(err error, code int) {
	domainExitCodes = append(domainExitCodes, struct {
		err  error
		code int
	}{err, code})
}

// iostreams is what commands write to; tests substitute buffers.
type iostreams struct {
	In         io.Reader
	Out        io.Writer
	Err        io.Writer
	IsTerminal bool // stdout is a terminal
	InTerminal bool // stdin is a terminal
}

func systemStreams() *iostreams {
	return &iostreams{
		In: os.Stdin, Out: os.Stdout, Err: os.Stderr,
		IsTerminal: isTerminal(os.Stdout),
		InTerminal: isTerminal(os.Stdin),
	}
}

// isTerminal asks the terminal driver (isatty), not the file mode: /dev/null
// is a character device but no terminal, and a prompt on it would wait for
// nothing.
func isTerminal(f *os.File) bool {
	return term.IsTerminal(int(f.Fd()))
}

func newRootCmd(io *iostreams) *cobra.Command {
	root := &cobra.Command{
		Use:           "cupertino",
		Short:         "Apple developer documentation, indexed and served to coding agents over MCP",
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(io.In)
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	for _, c := range commands(io) {
		root.AddCommand(c)
	}
	return root
}

// commandConstructors is appended to by each command file's init, so adding a
// command never means editing this file.
var commandConstructors []func(*iostreams) *cobra.Command

func commands(io *iostreams) []*cobra.Command {
	var out []*cobra.Command
	for _, mk := range commandConstructors {
		out = append(out, mk(io))
	}
	return out
}

func main() {
	os.Exit(run(os.Args[1:], systemStreams()))
}

func run(args []string, io *iostreams) int {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Err, &slog.HandlerOptions{Level: logLevel()})))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if path := os.Getenv("CUPERTINO_CPUPROFILE"); path != "" {
		stopProfile := startCPUProfile(path)
		defer stopProfile()
	}
	root := newRootCmd(io)
	// With no subcommand and stdin not a terminal, an MCP client is talking to
	// us: serve is the default, flags included ("cupertino --search-db x").
	if !io.InTerminal && hasCommand(root, "serve") && namesNoCommand(args) {
		args = append([]string{"serve"}, args...)
	}
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err != nil {
		fmt.Fprintln(io.Err, "error:", err)
	}
	return exitCode(err)
}

// startCPUProfile writes a pprof CPU profile to path until the returned func
// runs; for measuring save, search and serve on real data.
func startCPUProfile(path string) func() {
	f, err := os.Create(path)
	if err != nil {
		slog.Warn("cpu profile not written", "err", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		slog.Warn("cpu profile not written", "err", err)
		f.Close()
		return func() {}
	}
	return func() { pprof.StopCPUProfile(); f.Close() }
}

// namesNoCommand reports whether args start with no subcommand: none at all,
// or flags other than help and version.
func namesNoCommand(args []string) bool {
	if len(args) == 0 {
		return true
	}
	switch args[0] {
	case "-h", "--help", "-v", "--version":
		return false
	}
	return strings.HasPrefix(args[0], "-")
}

func hasCommand(root *cobra.Command, name string) bool {
	for _, c := range root.Commands() {
		if c.Name() == name {
			return true
		}
	}
	return false
}

func logLevel() slog.Level {
	switch os.Getenv("CUPERTINO_LOG") {
	case "debug":
		return slog.LevelDebug
	case "warn":
		return slog.LevelWarn
	case "error":
		return slog.LevelError
	}
	return slog.LevelInfo
}
