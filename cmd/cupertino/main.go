// Command cupertino crawls, indexes and serves Apple's developer documentation.
//
// Every command lives in its own file (save.go, search.go, serve.go, …) as an
// options struct, a run function that takes it, and a constructor that binds
// flags to it, so flag parsing and logic are tested apart. commands.go lists
// the commands; exitcodes.go maps errors to exit codes, and nothing else
// does.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/cupertino-go/cupertino/internal/termtext"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

// iostreams is what commands write to; tests substitute buffers.
type iostreams struct {
	In         io.Reader
	Out        io.Writer
	Err        io.Writer
	IsTerminal bool // stdout is a terminal
	InTerminal bool // stdin is a terminal
	// Width is the terminal's width in columns when stdout is one and its
	// size is known; 0 otherwise.
	Width int
}

func systemStreams() *iostreams {
	return fileStreams(os.Stdin, os.Stdout, os.Stderr)
}

// fileStreams are the streams of a process whose stdin and stdout are
// these files: a pseudo-terminal in the tests of terminal output.
func fileStreams(in, out *os.File, errw io.Writer) *iostreams {
	io := &iostreams{
		In: in, Out: out, Err: errw,
		IsTerminal: isTerminal(out),
		InTerminal: isTerminal(in),
	}
	if io.IsTerminal {
		if cols, _, err := term.GetSize(int(out.Fd())); err == nil && cols > 0 {
			io.Width = cols
		}
	}
	return io
}

// defaultWidth is assumed for a terminal whose size cannot be read.
const defaultWidth = 80

// terminalWidth is the width output must fit: the terminal's, or 0 (no
// limit) when stdout is not a terminal, so that a pipe gets every field
// whole.
func (io *iostreams) terminalWidth() int {
	switch {
	case !io.IsTerminal:
		return 0
	case io.Width > 0:
		return io.Width
	}
	if cols, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && cols > 0 {
		return cols
	}
	return defaultWidth
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
	root.SetFlagErrorFunc(plainFlagError)
	for _, c := range commands(io) {
		root.AddCommand(c)
		usageOnBadArgs(c)
	}
	rejectUnknownSubcommands(root)
	return root
}

// usageOnBadArgs makes a wrong number of arguments a usage error (exit 2)
// that shows the command's usage line, for c and its subcommands.
func usageOnBadArgs(c *cobra.Command) {
	if check := c.Args; check != nil {
		c.Args = func(cmd *cobra.Command, args []string) error {
			if err := check(cmd, args); err != nil {
				return withUsage(cmd, plainArgsError(cmd, args, err))
			}
			return nil
		}
	}
	for _, sub := range c.Commands() {
		usageOnBadArgs(sub)
	}
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
	// In a terminal, serve's flags alone also mean serve, which then says how
	// to configure a client instead of "unknown flag".
	if hasCommand(root, "serve") && namesNoCommand(args) && (!io.InTerminal || len(args) > 0) {
		args = append([]string{"serve"}, args...)
	}
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err != nil {
		// Errors quote URIs, paths and names from the index and the
		// corpus: escaped, they cannot drive the terminal.
		fmt.Fprintln(io.Err, "error:", termtext.Block(err.Error()))
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
