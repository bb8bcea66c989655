package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/mcp"
	"github.com/cupertino-go/cupertino/ranker"
)

// serveOptions are the flags of `cupertino serve`.
type serveOptions struct {
	IO          *iostreams
	BaseDir     string
	SearchDB    string
	CallTimeout time.Duration
}

// errServeOnTerminal means serve was started by a person rather than an MCP
// client; the command prints how to configure one instead.
var errServeOnTerminal = errors.New("serve speaks MCP over stdin/stdout and is started by an MCP client, not from a terminal")

func newServeCmd(io *iostreams, runF func(context.Context, *serveOptions) error) *cobra.Command {
	opts := &serveOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the index to AI coding agents over MCP (stdio)",
		Long: `Run the MCP server on stdin/stdout. An MCP client (Claude Code, Claude Desktop,
Cursor, VS Code, Codex) starts it; stdout carries JSON-RPC only and logs go to
stderr. It exits 0 when stdin closes, after answering what it read, and 1 when
it cannot write to stdout. Started from a terminal it prints how to
configure a client instead. This is the default command when cupertino runs
without arguments and stdin is not a terminal.

Tools: search, read_document, list_frameworks, list_documents, list_children,
list_sources and, when the index has symbols and inheritance edges,
search_symbols, search_property_wrappers, search_concurrency,
search_conformances, search_generics and get_inheritance (docs/tools.md).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runF(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.BaseDir, "base-dir", defaultBaseDir(), "base directory")
	f.StringVar(&opts.SearchDB, "search-db", "", "index to serve (default <base-dir>/search.db)")
	f.DurationVar(&opts.CallTimeout, "call-timeout", mcp.DefaultCallTimeout, "time limit of one tool call")
	_ = f.MarkHidden("call-timeout")
	return cmd
}

func (o *serveOptions) resolve() {
	if o.SearchDB == "" {
		o.SearchDB = filepath.Join(o.BaseDir, "search.db")
	}
}

func runServe(ctx context.Context, o *serveOptions) error {
	o.resolve()
	if o.IO.InTerminal {
		printClientHelp(o.IO.Err, o.SearchDB)
		return usageError{errServeOnTerminal}
	}
	log := loggerFor(o.IO.Err).With("component", "serve")
	srv, err := mcp.New(ctx, mcp.Options{
		DBPath: o.SearchDB,
		NewSearcher: func(ctx context.Context, st *index.Store) (mcp.Searcher, error) {
			return ranker.New(ctx, st, log.With("component", "ranker"))
		},
		Version:     version,
		CallTimeout: o.CallTimeout,
		Logger:      log,
	})
	if err != nil {
		return err
	}
	defer srv.Close()
	log.Info("serving MCP on stdio", "index", o.SearchDB, "tools", len(srv.ToolNames()))
	if err := srv.Serve(ctx, o.IO.In, o.IO.Out); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

func printClientHelp(w io.Writer, db string) {
	fmt.Fprintf(w, `cupertino serve is an MCP server: an AI coding agent starts it and talks to it
over stdin/stdout. Configure your client to run it, for example:

  Claude Code:     claude mcp add cupertino -- cupertino serve
  Claude Desktop:  add to claude_desktop_config.json
                   {"mcpServers": {"cupertino": {"command": "cupertino", "args": ["serve"]}}}
  Cursor:          ~/.cursor/mcp.json, same "mcpServers" entry as Claude Desktop
  VS Code:         .vscode/mcp.json
                   {"servers": {"cupertino": {"type": "stdio", "command": "cupertino", "args": ["serve"]}}}
  Codex:           ~/.codex/config.toml
                   [mcp_servers.cupertino]
                   command = "cupertino"
                   args = ["serve"]

Full instructions: docs/clients.md. Index: %s
To try it by hand: npx @modelcontextprotocol/inspector cupertino serve
`, db)
}
