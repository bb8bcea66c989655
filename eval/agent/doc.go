// Package agent is the anti-hallucination harness behind `cupertino eval
// agent`: it asks a model for Swift code per task in up to three modes,
// ungrounded, grounded (with the tools of `cupertino serve` over MCP) and
// grounded+verify (the same tools plus verify_swift), scores each answer on
// compile, symbol_exists, availability and no_deprecated, scores the
// citations of grounded answers (validity, precision, coverage), and
// compares every pair of modes with McNemar's test over the paired outcomes.
//
// The pieces, in the order a run uses them:
//
//	task.go, tasks/     the hand-written task corpus (embedded)
//	driver.go           wire-neutral conversation types, retries with backoff
//	anthropic.go        Anthropic Messages API with tool_use / tool_result
//	openai.go           OpenAI Chat Completions with tools / tool_calls
//	replay.go           recordings, and the driver and tools that replay them
//	tools.go            the MCP stdio session to `cupertino serve`
//	run.go              the bounded tool loop per (task, mode), concurrency
//	extract.go          the code inside a reply
//	symbols.go          the checker's names, from internal/verify (lexer,
//	                    references, floors, symbol tables, curated deprecations)
//	compile.go          swiftc, or the tree-sitter syntax check
//	score.go            the four criteria and outcome
//	stats.go            contingency table, McNemar χ², exact binomial p
//	budget.go           price table and the preflight estimate
//	citations.go        citation extraction and scoring
//	judge.go            the optional LLM judge and its calibration
//	report.go, markdown.go  report.json, report.md, tool_calls.jsonl, stdout
//	report_modes.go     pairwise tests, outcome patterns, citation totals
//
// docs/eval.md explains how to run it and how to read the report.
package agent
