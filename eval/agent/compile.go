package agent

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// ErrNoSwiftc means --swiftc named a compiler that could not be run.
var ErrNoSwiftc = errors.New("swiftc not usable")

// SyntaxChecker decides the compile criterion.
type SyntaxChecker interface {
	// Check returns findings for every problem; none means it passes.
	Check(ctx context.Context, code string, task Task) ([]Finding, error)
	// Toolchain names what checked, for the report: "swiftc 6.0 -parse" or
	// "tree-sitter-swift syntax check".
	Toolchain() string
}

func snippet(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}

// SwiftcChecker runs a real Swift compiler: -parse by default, -typecheck
// against an SDK when one is given.
type SwiftcChecker struct {
	Path    string // swiftc binary
	SDK     string // optional SDK path; enables -typecheck
	version string
}

// NewSwiftcChecker verifies the compiler runs and records its version.
func NewSwiftcChecker(ctx context.Context, path, sdk string) (*SwiftcChecker, error) {
	if path == "" {
		path = "swiftc"
	}
	resolved, err := exec.LookPath(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoSwiftc, err)
	}
	out, err := exec.CommandContext(ctx, resolved, "--version").CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("%w: %s --version: %v", ErrNoSwiftc, resolved, err)
	}
	first, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	return &SwiftcChecker{Path: resolved, SDK: sdk, version: first}, nil
}

// Toolchain implements SyntaxChecker.
func (c *SwiftcChecker) Toolchain() string {
	if c.SDK != "" {
		return c.version + " (-typecheck -sdk " + filepath.Base(c.SDK) + ")"
	}
	return c.version + " (-parse)"
}

var swiftcDiag = regexp.MustCompile(`(?m)^[^:\n]*\.swift:(\d+):\d+: error: (.*)$`)

// Check implements SyntaxChecker.
func (c *SwiftcChecker) Check(ctx context.Context, code string, task Task) ([]Finding, error) {
	dir, err := os.MkdirTemp("", "cupertino-eval-swiftc-")
	if err != nil {
		return nil, fmt.Errorf("swiftc temp dir: %w", err)
	}
	defer os.RemoveAll(dir)
	// main.swift allows top-level statements; an @main type forbids them.
	name := "main.swift"
	if strings.Contains(code, "@main") {
		name = "Answer.swift"
	}
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, []byte(code), 0o600); err != nil {
		return nil, fmt.Errorf("swiftc input: %w", err)
	}
	args := []string{"-parse"}
	if c.SDK != "" {
		args = []string{"-typecheck", "-sdk", c.SDK}
		if target, err := task.Target(); err == nil {
			if triple := targetTriple(target); triple != "" {
				args = append(args, "-target", triple)
			}
		}
	}
	if v, err := ParseVersion(task.SwiftVersion); err == nil && v[0] >= 4 {
		args = append(args, "-swift-version", strconv.Itoa(v[0]))
	}
	args = append(args, file)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, c.Path, args...)
	cmd.Stderr = &stderr
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("swiftc: %w", ctx.Err())
	}
	var findings []Finding
	for _, m := range swiftcDiag.FindAllStringSubmatch(stderr.String(), 5) {
		line, _ := strconv.Atoi(m[1])
		findings = append(findings, Finding{Criterion: CriterionCompile, Line: line, Message: "swiftc: " + m[2]})
	}
	if runErr != nil && len(findings) == 0 {
		findings = append(findings, Finding{Criterion: CriterionCompile, Message: "swiftc failed: " + snippet(stderr.String())})
	}
	return findings, nil
}

func targetTriple(t Target) string {
	arch := "arm64-apple-"
	switch t.Platform {
	case "ios":
		return arch + "ios" + t.Version.String()
	case "macos":
		return arch + "macos" + t.Version.String()
	case "tvos":
		return arch + "tvos" + t.Version.String()
	case "watchos":
		return arch + "watchos" + t.Version.String()
	case "visionos":
		return arch + "xros" + t.Version.String()
	case "maccatalyst":
		return arch + "ios" + t.Version.String() + "-macabi"
	}
	return ""
}
