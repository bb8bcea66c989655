# Cupertino for Go. `make demo` builds and indexes the demo corpus that ships in
# testdata/demo; `make test` runs every test (corpus-backed ones skip with one
# line when ../shared is absent).
GO        ?= go
BIN       := bin/cupertino
SHARED    ?= ../shared
CACHE     := .cache
CORPUS    := $(CACHE)/corpus
DEMO_DB   := $(CACHE)/demo/search.db
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X main.version=$(VERSION)
export CGO_ENABLED := 1

.PHONY: all build demo test test-timed test-short race corpus fuzz chaos bench vet fmt check-fmt full-save quality ci-corpus clean docs release

all: build

# The first build compiles SQLite (a large Go translation of C) and
# tree-sitter's Swift grammar (C, through cgo): minutes of silence on a fresh
# machine. Say so first, when Go's build cache does not hold them yet.
SLOW_PKGS := modernc.org/sqlite/lib github.com/smacker/go-tree-sitter/swift
build:
	@if $(GO) list -f '{{.Stale}}' $(SLOW_PKGS) 2>/dev/null | grep -q true; then \
		echo "First build: compiling SQLite and tree-sitter takes a few minutes (about three on two cores); later builds take seconds."; fi
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/cupertino

# Index the hand-written demo corpus, run a few searches against it, and
# install it as ~/.cupertino/search.db unless a real index is there.
demo: build
	@mkdir -p $(CACHE)/demo
	@echo "Indexing testdata/demo. It holds a few broken files on purpose: save reports them as failed."
	$(BIN) save --base-dir $(CACHE)/demo --docs-dir testdata/demo/docs \
		--evolution-dir testdata/demo/swift-evolution --swift-book-dir testdata/demo/swift-book \
		--swift-org-dir testdata/demo/swift-org --hig-dir testdata/demo/hig \
		--archive-dir testdata/demo/apple-archive --samples-dir testdata/demo/sample-code \
		--wwdc-dir testdata/demo/wwdc --packages-dir testdata/demo/packages \
		--search-db $(DEMO_DB) --yes || test $$? -eq 0
	$(BIN) search --search-db $(DEMO_DB) "View"
	$(BIN) search --search-db $(DEMO_DB) "URLSession dataTask"
	$(BIN) read --search-db $(DEMO_DB) apple-docs://swift/error | head -30
	@bash scripts/install-demo.sh $(DEMO_DB)

# Extract ../shared/corpus into the git-ignored cache, once.
corpus: $(CORPUS)/.extracted
$(CORPUS)/.extracted:
	@if [ -d $(SHARED)/corpus ]; then \
		mkdir -p $(CORPUS) && \
		for f in $(SHARED)/corpus/*.tar.zst; do echo "extract $$f"; zstd -dc $$f | tar -x -C $(CORPUS) || exit 1; done && \
		touch $@; \
	else echo "corpus: $(SHARED)/corpus not found; corpus-backed tests will skip"; fi

# With CUPERTINO_DB naming a built full index (CI sets it), every full-index
# test runs too: bundling the full index alone takes minutes, hence the timeout.
# TIMED_TESTS hold budgets of time or throughput on the full index; CI runs
# `make test SKIP_TIMED=1` and then `make test-timed`, one package at a time,
# so that no other package's tests are their load.
TIMED_TESTS := ^(TestBenchServe|TestLoadHTTPConcurrentSessions|TestReadLargestPagesBudget|TestFullReadDocumentLinksSamples|TestQueryTimings|TestSetupTheFullBundle)$$
test: corpus
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 30m $(if $(SKIP_TIMED),-skip '$(TIMED_TESTS)') ./...

test-timed:
	$(GO) test -count=1 -timeout 30m -p 1 -run '$(TIMED_TESTS)' ./...

test-short:
	$(GO) test -short ./...

# The race detector over the packages that run goroutines (CI runs it after
# `make test`). RACE_SKIP leaves out tests that make one call after another,
# so the detector has nothing to watch, while SQLite (modernc's Go
# translation) under -race runs ten times slower: the huge page's responses
# (6 s -> 60 s) and its search until the time limit (52 s; the work's end
# after a timeout is watched under the detector by TestChaosTimedOutWorkStops),
# a corpus sample's build (59 s), every tool's hostile arguments (20 s) and
# the ~475 seed arguments of its fuzz target (64 s), and the crash test, whose
# save runs in a child process the detector does not see (32 s). `make test`
# runs them all, and `make fuzz` fuzzes the tool arguments. The crawler's
# gzip bomb and huge body (a single fetch decoding 64-80 MiB, 27 s under the
# detector) run in `make test` and the chaos suite.
RACE_PKGS := ./internal/ingest ./door ./index ./crawler ./mcp ./internal/progress ./eval/agent ./ranker
RACE_SKIP := ^(TestHugePageResponsesAreBounded|TestHugePageSearchMeetsTimeout|TestCorpusSampleBuild|TestEveryArgumentIsValidated|TestCrashLeavesPreviousIndex|FuzzToolArguments|TestChaosFetchGzipBomb|TestChaosFetchHugeBody|TestFetchRefusesGzipBomb)$$
race:
	$(GO) test -race -count=1 -skip '$(RACE_SKIP)' $(RACE_PKGS)

# Build every test binary, plain and under the race detector, running
# none: CI runs it at low priority beside the full save, whose writer is
# one thread, so that `make test` and `make race` start with a warm cache.
warm-tests:
	$(GO) vet ./...
	$(GO) test -count=1 -run '^$$' ./... >/dev/null
	$(GO) test -race -count=1 -run '^$$' $(RACE_PKGS) >/dev/null

# Short fuzz runs of every fuzz target. Budgets are counts of executions
# (-fuzztime Nx), each about 5 s on two cores when FUZZ_ROUNDS=1 (CI, whose
# whole run must stay under 25 minutes), 30 s by default. A duration budget
# trips a race in Go 1.26's fuzz coordinator (golang/go#75804, fixed in Go
# 1.27): a worker still busy when the deadline fires fails the target with
# "context deadline exceeded" and writes no crasher. The tool arguments
# count includes its ~475 seeds, so it is not halved. A new interesting
# input is minimized for up to 60 s by default, uncounted: in CI one such
# pause held FuzzNewSourceReaders 30 s at the same count, so every target
# minimizes for 5 s at most (in fuzz_x).
FUZZ_ROUNDS ?= 6
fuzz_x = $$(( $(1) * $(FUZZ_ROUNDS) ))x -fuzzminimizetime 5s
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzFromURL -fuzztime $(call fuzz_x,200000) ./internal/docuri
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(call fuzz_x,75000) ./internal/docc
	$(GO) test -run '^$$' -fuzz FuzzSanitize -fuzztime $(call fuzz_x,12500) ./ranker
	$(GO) test -run '^$$' -fuzz '^FuzzReadQuery$$' -fuzztime $(call fuzz_x,10000) ./ranker/reading
	$(GO) test -run '^$$' -fuzz '^FuzzSearch$$' -fuzztime $(call fuzz_x,5000) ./ranker
	$(GO) test -run '^$$' -fuzz '^FuzzPagePath$$' -fuzztime $(call fuzz_x,40000) ./crawler
	$(GO) test -run '^$$' -fuzz '^FuzzParseManifest$$' -fuzztime $(call fuzz_x,50000) ./internal/corpus
	$(GO) test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(call fuzz_x,100000) ./internal/semantic
	$(GO) test -run '^$$' -fuzz '^FuzzCanonicalize$$' -fuzztime $(call fuzz_x,100000) ./internal/canonjson
	$(GO) test -run '^$$' -fuzz '^FuzzExtractDeclaration$$' -fuzztime $(call fuzz_x,75000) ./internal/swiftsym
	$(GO) test -run '^$$' -fuzz '^FuzzComponents$$' -fuzztime $(call fuzz_x,75000) ./internal/swiftsym
	$(GO) test -run '^$$' -fuzz '^FuzzExtractCode$$' -fuzztime $(call fuzz_x,25000) ./internal/swiftsym
	$(GO) test -run '^$$' -fuzz FuzzNewSourceReaders -fuzztime $(call fuzz_x,20000) ./internal/corpus
	$(GO) test -run '^$$' -fuzz FuzzAnalyzeFile -fuzztime $(call fuzz_x,10000) ./internal/swiftsym
	$(GO) test -run '^$$' -fuzz '^FuzzCheck$$' -fuzztime $(call fuzz_x,20000) ./internal/verify
	$(GO) test -run '^$$' -fuzz FuzzCodeFileRoundTrip -fuzztime $(call fuzz_x,500000) ./internal/mdbound
	$(GO) test -run '^$$' -fuzz '^FuzzToolArguments$$' -fuzztime $$(( 1000 * ($(FUZZ_ROUNDS) + 1) / 2 ))x -fuzzminimizetime 5s ./mcp

# The chaos suite: hostile input against serve, fetch and save (under 3 min).
chaos: build
	bash .ci/chaos

vet:
	$(GO) vet ./...

check-fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# The full save over every real corpus (needs ../shared), the one CI runs:
# .ci/full-save saves every source into .cache/full/search.db from scratch,
# timed, then saves again unchanged and fails unless that is 10x faster.
# Tests that need a built full index find it through one variable:
# CUPERTINO_DB=$PWD/.cache/full/search.db (unset, they skip with one line).
FULL_DB := $(CACHE)/full/search.db
full-save: build corpus
	bash .ci/full-save

quality: build
	$(BIN) eval search --search-db $(FULL_DB) --batteries $(SHARED)/quality --out $(CACHE)/quality

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Release archives for linux and darwin (amd64, arm64), the Claude Desktop
# extension, the filled-in Homebrew formula and MCP registry entry, and
# checksums.txt, in dist/ (packaging/release.sh says what each build leaves
# out). linux/arm64 needs Debian's gcc-aarch64-linux-gnu.
RELEASE_TARGETS ?= linux/amd64 linux/arm64 darwin/amd64 darwin/arm64
release:
	VERSION=$(VERSION) GO=$(GO) bash packaging/release.sh $(RELEASE_TARGETS)

clean:
	rm -rf bin dist $(CACHE)/demo
