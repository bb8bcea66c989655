// Package mcp is cupertino's MCP server: the tools, resource templates and
// stdio transport that coding agents talk to (`cupertino serve`), and the
// Streamable HTTP transport that serves a team (`serve --http`, http.go). It is a thin
// shell over the index (documents, listings, symbol tables) and the ranker
// (search), built on mark3labs/mcp-go, imported here as mcpgo.
//
// Contract with clients:
//
//   - stdout carries JSON-RPC only, one message per line; logs go to the
//     configured slog logger (stderr).
//   - Every tool is read-only and answers in compact Markdown; tools that
//     declare an outputSchema also return structuredContent.
//   - A response stays under about 25k tokens (read_document: max_tokens),
//     whatever the page, and says how to get the rest.
//   - Problems the caller can fix (bad arguments, unknown tools or documents,
//     timeouts, a missing or broken index) are isError results with the fix,
//     never protocol failures or a dead server. They carry no paths, SQLite
//     messages or Go type names; those go to the log (errors.go).
//   - A call answers within its time limit even when its work cannot stop at
//     once (guard.go).
//
// Tools register only when the index holds their data: no doc_symbols rows,
// no symbol tools; no inheritance edges, no get_inheritance; no sample
// projects, no sample tools; no code_refs rows, no search_usages. When the index
// is missing or unreadable every tool is registered and every call explains
// how to fix it, so an agent is never left with a silently shrunken tool list.
package mcp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cupertino-go/cupertino/index"
)

// DefaultCallTimeout bounds one tool call. SQLite is interrupted through the
// context, so a pathological query costs the caller this long and no more.
const DefaultCallTimeout = 5 * time.Second

// ErrTimeout is the error a call that ran out of time reports.
var ErrTimeout = errors.New("query timed out")

// Options configure a Server.
type Options struct {
	// DBPath is the search index (search.db).
	DBPath string
	// Searcher answers the search tool; nil means a plain BM25 search over
	// the index with the ranker's filters.
	Searcher Searcher
	// NewSearcher builds the Searcher from the opened index when Searcher
	// is nil; it lets the caller wire the ranker without opening the index
	// twice. If it fails the plain search serves and the failure is logged.
	NewSearcher func(context.Context, *index.Store) (Searcher, error)
	// Version is reported in serverInfo.
	Version string
	// CallTimeout bounds every tool call; 0 means DefaultCallTimeout.
	CallTimeout time.Duration
	// MaxConcurrent bounds the requests served at once on stdio, and the
	// tool handlers running, counting those abandoned at their deadline
	// until they end; 0 means 8. Beyond the read pool's connections,
	// requests wait for one (within their timeout) rather than queue unread
	// on stdin.
	MaxConcurrent int
	// Logger receives diagnostics; nil discards them.
	Logger *slog.Logger
	// validateOutput checks structuredContent against each outputSchema
	// (tests).
	validateOutput bool
}

// Server is one MCP server over one index.
type Server struct {
	opts    Options
	mcp     *server.MCPServer
	backend *backend
	tools   map[string]mcpgo.Tool
	log     *slog.Logger
	// workers bounds the handlers running, including those abandoned at
	// their deadline and still finishing (guard.go), shared fairly between
	// callers (workers.go).
	workers *workerPool
	// panics counts handler panics; tests assert it stays 0.
	panics atomic.Int64
}

// tool is a tool constructor's output plus what data it needs to be offered.
type tool struct {
	def     mcpgo.Tool
	handler server.ToolHandlerFunc
	needs   string // "" (always), the table that must have rows, or needSamples
}

// needSamples marks the tools offered when the index holds sample projects.
const needSamples = "samples"

// New opens the index and builds the server. A missing or unreadable index is
// not an error here: the server starts with every tool, and each call reports
// the problem and its fix (see the package comment).
func New(ctx context.Context, opts Options) (*Server, error) {
	if opts.CallTimeout <= 0 {
		opts.CallTimeout = DefaultCallTimeout
	}
	if opts.MaxConcurrent <= 0 {
		opts.MaxConcurrent = 8
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{opts: opts, log: log, tools: map[string]mcpgo.Tool{}, workers: newWorkerPool(opts.MaxConcurrent)}
	s.backend = newBackend(opts, log)

	serverOpts := []server.ServerOption{
		server.WithToolCapabilities(false),
		server.WithResourceCapabilities(false, false),
		server.WithInstructions(instructionsFor(s.backend.freshness(ctx))),
		server.WithTitle("Cupertino"),
		server.WithDescription("Apple developer documentation, Swift Evolution, the Swift book and the HIG, searched locally."),
		// guard recovers handler panics itself (see guard.go), so that they
		// are logged with their stack and counted.
		server.WithToolHandlerMiddleware(s.guard),
	}
	if opts.validateOutput {
		serverOpts = append(serverOpts, server.WithOutputSchemaValidation())
	}
	s.mcp = server.NewMCPServer("cupertino", s.version(), serverOpts...)

	available := s.backend.available(ctx)
	// The search tool's source enum lists the sources this index holds
	// (Tools, for the snapshots, keeps them all). An index that cannot be
	// read leaves the full list, like the tools themselves.
	present, err := sourcesIn(ctx, s.backend)
	if err != nil {
		log.Info("source list not narrowed", "err", err)
	}
	for _, t := range allTools(s.backend) {
		if t.needs != "" && !available[t.needs] {
			log.Info("tool not offered: the index has no rows for it", "tool", t.def.Name, "table", t.needs)
			continue
		}
		if t.def.Name == searchToolName {
			t.def = withSources(t.def, present)
		}
		s.mcp.AddTool(t.def, t.handler)
		s.tools[t.def.Name] = t.def
	}
	for _, r := range resourceTemplates(s.backend) {
		s.mcp.AddResourceTemplate(r.Template, r.Handler)
	}
	return s, nil
}

// instructions tell the agent how the tools fit together.
const instructions = `Cupertino answers questions about Apple platform APIs from a local index of Apple's developer documentation, Swift Evolution, the Swift book, swift.org and the Human Interface Guidelines, and, when indexed, Apple's sample-code projects, WWDC session transcripts and Swift packages. Look APIs up here instead of guessing: call search first, then read_document with a result's uri for the full page (declaration, availability, discussion). Use list_frameworks / list_documents / list_children to browse, and the symbol tools (search_symbols, search_concurrency, search_conformances, search_generics, search_property_wrappers, get_inheritance) for questions about declarations. For working code: search_usages finds the sample and package files that use an API (with the line), list_samples and read_sample browse Apple's sample projects, and read_sample_file returns a sample file's exact lines. Before answering with Swift, pass it to verify_swift (with min_ios etc.): fix what it reports, and cite the URIs it resolves.`

// instructionsFor adds to instructions how fresh the index is, so that an
// agent can tell an API newer than the crawl from one that does not exist.
func instructionsFor(f index.Freshness) string {
	if !f.Known() {
		return instructions
	}
	return instructions + " This index was " + f.CrawlDates() + " (list_sources gives each source's date): an API newer than that is missing from it, not necessarily invented, and verify_swift reports a name it cannot find inside an #available or @available for a newer version as newer than the index."
}

// version is the version reported in serverInfo and the health check.
func (s *Server) version() string {
	if s.opts.Version == "" {
		return "dev"
	}
	return s.opts.Version
}

// MCPServer is the underlying mcp-go server, for in-process clients.
func (s *Server) MCPServer() *server.MCPServer { return s.mcp }

// ToolNames lists the registered tools, sorted.
func (s *Server) ToolNames() []string {
	return slices.Sorted(maps.Keys(s.tools))
}

// Close releases the index.
func (s *Server) Close() error { return s.backend.close() }

// Tools returns every tool the server can offer, whatever the index holds,
// sorted by name: for schema snapshots and docs/tools.md.
func Tools() []mcpgo.Tool {
	var out []mcpgo.Tool
	for _, t := range allTools(nil) {
		out = append(out, t.def)
	}
	slices.SortFunc(out, func(a, b mcpgo.Tool) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func allTools(b *backend) []tool {
	var out []tool
	add := func(needs string, def mcpgo.Tool, h server.ToolHandlerFunc) {
		out = append(out, tool{def: def, handler: h, needs: needs})
	}
	add2 := func(needs string) func(mcpgo.Tool, server.ToolHandlerFunc) {
		return func(def mcpgo.Tool, h server.ToolHandlerFunc) { add(needs, def, h) }
	}
	always, symbols, edges := add2(""), add2("doc_symbols"), add2("inheritance_edges")
	samples, refs := add2(needSamples), add2("code_refs")
	always(searchTool(b))
	always(readDocumentTool(b))
	always(listFrameworksTool(b))
	always(listDocumentsTool(b))
	always(listChildrenTool(b))
	always(listSourcesTool(b))
	symbols(searchSymbolsTool(b))
	symbols(searchPropertyWrappersTool(b))
	symbols(searchConcurrencyTool(b))
	symbols(searchGenericsTool(b))
	symbols(searchConformancesTool(b))
	edges(getInheritanceTool(b))
	samples(listSamplesTool(b))
	samples(readSampleTool(b))
	samples(readSampleFileTool(b))
	refs(searchUsagesTool(b))
	always(verifyTool(b))
	return out
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("%q", n)
	}
	return out
}
