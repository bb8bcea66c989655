package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/eval/agent"
)

// evalAgentOptions are the flags of `cupertino eval agent`.
type evalAgentOptions struct {
	Out, Err io.Writer
	Getenv   func(string) string

	Driver  string
	Model   string
	BaseURL string

	TasksDir string
	Only     string
	Modes    string

	SearchDB       string
	SymbolGraphDir string
	Swiftc         string
	SDK            string

	Budget float64
	Yes    bool
	OutDir string
	Record string
	Replay string

	MaxToolTurns int
	MaxTokens    int
	Concurrency  int
	Seed         int64
	// Judge names the model of the optional LLM citation judge.
	Judge string
	// ServeCommand replaces this binary as the MCP server grounded mode
	// spawns ("<cmd> serve --search-db <db>"); for development builds.
	ServeCommand string
}

// evalIncompleteError reports runs that ended in API failures: the outputs
// are written, and the exit status says the numbers are not complete.
type evalIncompleteError struct{ failed int }

func (e evalIncompleteError) Error() string {
	return fmt.Sprintf("%d model runs failed after retries; see the report", e.failed)
}

func (e evalIncompleteError) ExitCode() int { return exitIncomplete }

// newEvalAgentCmd is `cupertino eval agent`, registered under `eval`.
func newEvalAgentCmd() *cobra.Command { return newEvalAgentCmdWith(runEvalAgent) }

func newEvalAgentCmdWith(runF func(context.Context, *evalAgentOptions) error) *cobra.Command {
	opts := &evalAgentOptions{Getenv: os.Getenv}
	cmd := &cobra.Command{
		Use:   "agent",
		Short: "Measure whether grounding in the docs stops a model inventing Swift APIs",
		Long: `Run the anti-hallucination harness: every task prompt goes to a model twice,
grounded (with the tools of "cupertino serve" over MCP) and ungrounded (no
tools). Each answer is scored on compile, symbol_exists, availability and
no_deprecated; outcome is their AND. The paired results give a 2x2 table,
McNemar's statistic and the exact one-sided binomial p.

Drivers: anthropic (ANTHROPIC_API_KEY), openai (OPENAI_API_KEY; also Ollama,
llama.cpp, vLLM and OpenRouter through --base-url; no key for localhost), and
replay (re-score a recorded run offline). Before spending anything the run
is priced against --budget and refused unless --yes. See docs/eval.md.`,
		Example: `  cupertino eval agent --driver anthropic --model claude-sonnet-4-5 --out eval-out
  cupertino eval agent --driver openai --base-url http://localhost:11434/v1 --model qwen2.5-coder --out eval-out
  cupertino eval agent --driver replay --replay eval-out/replay.json --out eval-out-rescored`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.Out, opts.Err = cmd.OutOrStdout(), cmd.ErrOrStderr()
			return runF(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Driver, "driver", "anthropic", "model API: anthropic, openai or replay")
	f.StringVar(&opts.Model, "model", "", "model name (required for anthropic and openai)")
	f.StringVar(&opts.BaseURL, "base-url", "", "API root, e.g. http://localhost:11434/v1 (default: the vendor's)")
	f.StringVar(&opts.TasksDir, "tasks", "", "directory of task JSON files (default: the built-in corpus)")
	f.StringVar(&opts.Only, "only", "", "comma-separated task ids or families to run")
	f.StringVar(&opts.Modes, "modes", "grounded,ungrounded", "modes to run, comma-separated: ungrounded, grounded, grounded+verify")
	f.StringVar(&opts.SearchDB, "search-db", "", "index served to grounded runs and, without --symbolgraph-dir, checked against (default ~/.cupertino/search.db)")
	f.StringVar(&opts.SymbolGraphDir, "symbolgraph-dir", "", "check symbols against these Swift symbol graphs (*.symbols.json) instead of the index")
	f.StringVar(&opts.Swiftc, "swiftc", "", `compiler for the compile check: a path, "" to use swiftc from PATH when present, "none" for the tree-sitter syntax check`)
	f.StringVar(&opts.SDK, "sdk", "", "SDK path: run swiftc -typecheck against it instead of -parse")
	f.Float64Var(&opts.Budget, "budget", 5, "USD the run may cost; the preflight estimate must fit and spending stops there")
	f.BoolVar(&opts.Yes, "yes", false, "run even when the estimate exceeds --budget, and do not stop at it")
	f.StringVar(&opts.OutDir, "out", "", "write report.json, report.md, tool_calls.jsonl and replay.json here")
	f.StringVar(&opts.Record, "record", "", "also write the replay file to this path")
	f.StringVar(&opts.Replay, "replay", "", "replay file to re-run with --driver replay")
	f.IntVar(&opts.MaxToolTurns, "max-tool-turns", 6, "rounds of tool calls a grounded run may make")
	f.IntVar(&opts.MaxTokens, "max-tokens", 4096, "output tokens per model response")
	f.IntVar(&opts.Concurrency, "concurrency", 2, "runs in flight at once")
	f.Int64Var(&opts.Seed, "seed", 20250101, "sampling seed, sent where the API supports one")
	f.StringVar(&opts.Judge, "judge", "", "model of the optional LLM citation judge, same API as --driver; calibrated on the built-in labelled set first")
	f.StringVar(&opts.ServeCommand, "serve-command", "", "binary to run as the MCP server (default: this cupertino)")
	_ = f.MarkHidden("serve-command")
	return cmd
}

func defaultEvalSearchDB() string {
	home, err := os.UserHomeDir()
	if err != nil {
		return filepath.Join(".cupertino", "search.db")
	}
	return filepath.Join(home, ".cupertino", "search.db")
}

func parseModes(s string) ([]string, error) {
	var modes []string
	seen := map[string]bool{}
	for _, m := range strings.Split(s, ",") {
		m = strings.TrimSpace(m)
		switch {
		case m == "":
		case !slices.Contains(agent.AllModes, m):
			return nil, usageErrorf("--modes: unknown mode %q (%s)", m, strings.Join(agent.AllModes, ", "))
		case !seen[m]:
			seen[m] = true
			modes = append(modes, m)
		}
	}
	if len(modes) == 0 {
		return nil, usageErrorf("--modes: none given")
	}
	return modes, nil
}

func runEvalAgent(ctx context.Context, opts *evalAgentOptions) error {
	log := loggerFor(opts.Err)
	tasks, err := agent.LoadTasks(opts.TasksDir)
	if err != nil {
		return err
	}
	if tasks = agent.FilterTasks(tasks, opts.Only); len(tasks) == 0 {
		return usageErrorf("--only %q matches no task", opts.Only)
	}
	modes, err := parseModes(opts.Modes)
	if err != nil {
		return err
	}
	if opts.SearchDB == "" {
		opts.SearchDB = defaultEvalSearchDB()
	}

	driver, rec, free, err := evalDriver(opts)
	if err != nil {
		return err
	}
	model := opts.Model
	if rec != nil {
		model = rec.Model
	}

	symbols, closeSymbols, err := evalSymbols(opts)
	if err != nil {
		return err
	}
	defer closeSymbols()
	syntax, err := evalSyntax(ctx, opts)
	if err != nil {
		return err
	}

	var tools agent.ToolSession
	if slices.Contains(modes, agent.ModeGrounded) || slices.Contains(modes, agent.ModeGroundedVerify) {
		if rec != nil {
			tools = &agent.ReplayTools{Rec: rec}
		} else if tools, err = startEvalServe(ctx, opts); err != nil {
			return err
		}
		defer tools.Close()
	}

	schemaChars := 0
	if tools != nil {
		for _, t := range tools.Tools() {
			schemaChars += len(t.Name) + len(t.Description) + len(t.InputSchema)
		}
	}
	est := agent.EstimateCost(tasks, modes, model, opts.MaxToolTurns, schemaChars, free)
	fmt.Fprintf(opts.Err, "preflight: %d tasks x %d modes with %s: %s (budget $%.2f)\n", len(tasks), len(modes), model, est, opts.Budget)
	if !est.Free && est.USD > opts.Budget && !opts.Yes {
		return usageError{fmt.Errorf("%w: ~$%.2f > $%.2f; raise --budget or pass --yes", agent.ErrOverBudget, est.USD, opts.Budget)}
	}
	price, _ := agent.PriceFor(model)
	cfg := agent.Config{
		Driver: driver, Model: model, BaseURL: opts.BaseURL, Tasks: tasks, Modes: modes, Tools: tools,
		Scorer:       &agent.Scorer{Syntax: syntax, Symbols: symbols, Deprecations: agent.Deprecations},
		MaxToolTurns: opts.MaxToolTurns, MaxTokens: opts.MaxTokens, Concurrency: opts.Concurrency, Logger: log,
	}
	// Citations are scored against the index's pages, whatever the
	// symbols are checked against.
	if pages, ok := symbols.(*agent.IndexTable); ok {
		cfg.Scorer.Pages = pages
	} else if pages, err := agent.OpenIndexTable(opts.SearchDB); err == nil {
		defer pages.Close()
		cfg.Scorer.Pages = pages
	} else {
		log.Warn("citations not scored: the index cannot be read", "err", err)
	}
	if opts.Judge != "" {
		if rec != nil {
			return usageErrorf("--judge needs a live model; a replay has no judge answers")
		}
		judge := &agent.Judge{Driver: driver, Model: opts.Judge}
		cases, err := agent.CalibrationSet()
		if err != nil {
			return err
		}
		cal, err := judge.Calibrate(ctx, cases)
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.Err, "judge %s: agrees with %.0f%% of %d hand labels (Cohen's kappa %.2f)\n", opts.Judge, 100*cal.Agreement, cal.Cases, cal.Kappa)
		cfg.Scorer.Judge, cfg.JudgeCalibration = judge, &cal
	}
	if !free {
		cfg.Price = price
		if !opts.Yes {
			cfg.SpendCap = opts.Budget
		}
	}
	if driver.SupportsSeed() {
		seed := opts.Seed
		cfg.Seed = &seed
	}
	out, err := agent.Run(ctx, cfg)
	if err != nil {
		return err
	}
	return writeEvalOutputs(opts, out)
}

func writeEvalOutputs(opts *evalAgentOptions, out *agent.Outcome) error {
	if err := agent.WriteSummary(opts.Out, out.Report); err != nil {
		return err
	}
	if opts.OutDir != "" {
		if err := agent.WriteFiles(opts.OutDir, out); err != nil {
			return err
		}
		if opts.Driver != "replay" {
			if err := out.Recording.Save(filepath.Join(opts.OutDir, "replay.json")); err != nil {
				return err
			}
		}
		fmt.Fprintf(opts.Out, "wrote %s\n", opts.OutDir)
	}
	if opts.Record != "" {
		if err := out.Recording.Save(opts.Record); err != nil {
			return err
		}
	}
	failed := 0
	for _, t := range out.Report.PerTask {
		for _, m := range t.Modes {
			if m.Error != "" {
				failed++
			}
		}
	}
	if failed > 0 {
		return evalIncompleteError{failed: failed}
	}
	return nil
}

// evalDriver builds the model driver. free reports a run that costs nothing:
// a replay or a model on this machine.
func evalDriver(opts *evalAgentOptions) (agent.Driver, *agent.Recording, bool, error) {
	local := agent.IsLoopback(opts.BaseURL)
	key := func(env string) (string, error) {
		k := opts.Getenv(env)
		if k == "" && !local {
			return "", usageError{fmt.Errorf("%w: set %s (or point --base-url at a local server)", agent.ErrMissingAPIKey, env)}
		}
		return k, nil
	}
	switch opts.Driver {
	case "replay":
		if opts.Replay == "" {
			return nil, nil, false, usageErrorf("--driver replay needs --replay FILE")
		}
		rec, err := agent.LoadRecording(opts.Replay)
		if err != nil {
			return nil, nil, false, err
		}
		return &agent.ReplayDriver{Rec: rec}, rec, true, nil
	case "anthropic", "openai":
		if opts.Model == "" {
			return nil, nil, false, usageErrorf("--model is required with --driver %s", opts.Driver)
		}
		if opts.Driver == "anthropic" {
			k, err := key("ANTHROPIC_API_KEY")
			if err != nil {
				return nil, nil, false, err
			}
			return &agent.AnthropicDriver{BaseURL: opts.BaseURL, APIKey: k}, nil, local, nil
		}
		k, err := key("OPENAI_API_KEY")
		if err != nil {
			return nil, nil, false, err
		}
		return &agent.OpenAIDriver{BaseURL: opts.BaseURL, APIKey: k}, nil, local, nil
	}
	return nil, nil, false, usageError{fmt.Errorf("%w %q (anthropic, openai, replay)", agent.ErrUnknownDriver, opts.Driver)}
}

// evalSymbols opens what symbol_exists checks against: symbol graphs when
// given, otherwise the index (read-only).
func evalSymbols(opts *evalAgentOptions) (agent.SymbolTable, func(), error) {
	if opts.SymbolGraphDir != "" {
		t, err := agent.LoadSymbolGraphs(opts.SymbolGraphDir)
		return t, func() {}, err
	}
	t, err := agent.OpenIndexTable(opts.SearchDB)
	if err != nil {
		return nil, nil, fmt.Errorf("symbols from the index (or pass --symbolgraph-dir): %w", err)
	}
	return t, func() { t.Close() }, nil
}

func evalSyntax(ctx context.Context, opts *evalAgentOptions) (agent.SyntaxChecker, error) {
	switch opts.Swiftc {
	case "none":
		return agent.TreeSitterChecker{}, nil
	case "":
		if _, err := exec.LookPath("swiftc"); err != nil {
			return agent.TreeSitterChecker{}, nil
		}
	}
	c, err := agent.NewSwiftcChecker(ctx, opts.Swiftc, opts.SDK)
	if err != nil {
		return nil, usageError{fmt.Errorf("--swiftc: %w", err)}
	}
	return c, nil
}

// startEvalServe spawns `cupertino serve --search-db <db>` for grounded runs;
// its stderr joins ours so server problems show.
func startEvalServe(ctx context.Context, opts *evalAgentOptions) (agent.ToolSession, error) {
	if _, err := os.Stat(opts.SearchDB); err != nil {
		return nil, fmt.Errorf("grounded mode serves the index: %w", err)
	}
	bin := opts.ServeCommand
	if bin == "" {
		self, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("find the cupertino binary: %w", err)
		}
		bin = self
	}
	return agent.StartMCP(ctx, bin, []string{"serve", "--search-db", opts.SearchDB}, os.Environ(), opts.Err)
}
