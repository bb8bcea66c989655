package agent

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/internal/verify"
)

// Task families. Every family must hold at least MinTasksPerFamily tasks, so
// that a per-family breakdown is not one anecdote.
const (
	FamilySwiftUI       = "swiftui"
	FamilyFoundation    = "foundation"
	FamilyConcurrency   = "concurrency"
	FamilyObservation   = "observation"
	FamilyErrorHandling = "error-handling"
	FamilySystemApps    = "widgetkit-appintents-swiftdata"
)

// Families lists the task families in report order.
var Families = []string{FamilySwiftUI, FamilyFoundation, FamilyConcurrency, FamilyObservation, FamilyErrorHandling, FamilySystemApps}

// MinTasksPerFamily is the least a family may hold.
const MinTasksPerFamily = 6

var (
	// ErrNoTasks means the task directory held no task.
	ErrNoTasks = errors.New("no tasks found")
	// ErrBadTask means a task file or entry is malformed.
	ErrBadTask = errors.New("invalid task")
	// ErrBadTarget means a target platform is not like "ios18.0".
	ErrBadTarget = verify.ErrBadTarget
)

// Task is one hand-written prompt with what a correct answer looks like.
//
// The hints are not scored: outcome is decided by the four criteria alone. They
// are matched against the code and shown in the report, which makes "why did
// this task flip" answerable at a glance.
type Task struct {
	ID     string `json:"id"`
	Family string `json:"family"`
	Prompt string `json:"prompt"`
	// TargetPlatform is the deployment target, "ios18.0", "macos15.0".
	TargetPlatform string `json:"target_platform"`
	// SwiftVersion is the language mode the answer must compile in, "6.0".
	SwiftVersion string `json:"swift_version"`
	// SuccessHints are APIs or spellings a correct answer typically uses.
	SuccessHints []string `json:"success_hints"`
	// FailureHints are the known traps for this prompt: legacy or invented APIs.
	FailureHints []string `json:"failure_hints"`
}

// Target, Version and their parsers live in internal/verify, which the
// CLI and the MCP server share with the eval.
type (
	Target  = verify.Target
	Version = verify.Version
)

// ParseTarget parses "ios18.0", "macos14", "visionOS 2.0".
func ParseTarget(s string) (Target, error) { return verify.ParseTarget(s) }

// ParseVersion parses "17", "17.4", "10.15.4".
func ParseVersion(s string) (Version, error) { return verify.ParseVersion(s) }

// Target parses the task's TargetPlatform.
func (t Task) Target() (Target, error) { return ParseTarget(t.TargetPlatform) }

// taskFile is the on-disk shape: one file per family.
type taskFile struct {
	Family string `json:"family"`
	Tasks  []Task `json:"tasks"`
}

//go:embed tasks/*.json
var builtinTasks embed.FS

// BuiltinTasks returns the task corpus compiled into the binary.
func BuiltinTasks() ([]Task, error) {
	sub, err := fs.Sub(builtinTasks, "tasks")
	if err != nil {
		return nil, fmt.Errorf("builtin tasks: %w", err)
	}
	return LoadTasksFS(sub)
}

// LoadTasks reads the task files at path (a directory of *.json files, or
// one file), or the builtin corpus when path is empty.
func LoadTasks(path string) ([]Task, error) {
	if path == "" {
		return BuiltinTasks()
	}
	if fi, err := os.Stat(path); err == nil && !fi.IsDir() {
		return LoadTasksFS(os.DirFS(filepath.Dir(path)), filepath.Base(path))
	}
	return LoadTasksFS(os.DirFS(path))
}

// LoadTasksFS reads the named files of fsys, or every *.json file at its root,
// sorted by family then id, and validates them. A file is either
// {"family": …, "tasks": […]} or a bare array of tasks that name their
// family; unknown fields are ignored so that task sets from elsewhere load.
func LoadTasksFS(fsys fs.FS, names ...string) ([]Task, error) {
	if len(names) == 0 {
		var err error
		if names, err = fs.Glob(fsys, "*.json"); err != nil {
			return nil, fmt.Errorf("list tasks: %w", err)
		}
	}
	sort.Strings(names)
	var tasks []Task
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		file, err := decodeTaskFile(data, false)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrBadTask, name, err)
		}
		tasks = append(tasks, file...)
	}
	if len(tasks) == 0 {
		return nil, ErrNoTasks
	}
	if err := validateTasks(tasks); err != nil {
		return nil, err
	}
	sortTasks(tasks)
	return tasks, nil
}

// decodeTaskFile parses one file; strict rejects unknown fields, which the
// builtin corpus's test uses to catch misspelt keys.
func decodeTaskFile(data []byte, strict bool) ([]Task, error) {
	trimmed := strings.TrimSpace(string(data))
	dec := json.NewDecoder(strings.NewReader(trimmed))
	if strict {
		dec.DisallowUnknownFields()
	}
	var tasks []Task
	if strings.HasPrefix(trimmed, "[") {
		if err := dec.Decode(&tasks); err != nil {
			return nil, err
		}
		return tasks, nil
	}
	var tf taskFile
	if err := dec.Decode(&tf); err != nil {
		return nil, err
	}
	for _, t := range tf.Tasks {
		if t.Family == "" {
			t.Family = tf.Family
		}
		tasks = append(tasks, t)
	}
	return tasks, nil
}

// DefaultSwiftVersion is assumed for tasks that name none.
const DefaultSwiftVersion = "6.0"

func sortTasks(tasks []Task) {
	rank := map[string]int{}
	for i, f := range Families {
		rank[f] = i
	}
	sort.SliceStable(tasks, func(i, j int) bool {
		ri, iok := rank[tasks[i].Family]
		rj, jok := rank[tasks[j].Family]
		if iok != jok {
			return iok
		}
		if ri != rj {
			return ri < rj
		}
		if tasks[i].Family != tasks[j].Family {
			return tasks[i].Family < tasks[j].Family
		}
		return tasks[i].ID < tasks[j].ID
	})
}

func validateTasks(tasks []Task) error {
	seen := map[string]bool{}
	for i := range tasks {
		if tasks[i].SwiftVersion == "" {
			tasks[i].SwiftVersion = DefaultSwiftVersion
		}
		t := tasks[i]
		switch {
		case t.ID == "":
			return fmt.Errorf("%w: a task has no id", ErrBadTask)
		case seen[t.ID]:
			return fmt.Errorf("%w: duplicate id %q", ErrBadTask, t.ID)
		case strings.TrimSpace(t.Prompt) == "":
			return fmt.Errorf("%w: %s: empty prompt", ErrBadTask, t.ID)
		case t.Family == "":
			return fmt.Errorf("%w: %s: no family", ErrBadTask, t.ID)
		}
		seen[t.ID] = true
		if _, err := t.Target(); err != nil {
			return fmt.Errorf("%w: %s: %v", ErrBadTask, t.ID, err)
		}
		if _, err := ParseVersion(t.SwiftVersion); err != nil {
			return fmt.Errorf("%w: %s: swift_version: %v", ErrBadTask, t.ID, err)
		}
	}
	return nil
}

// FilterTasks keeps the tasks whose id or family is in sel (comma-separated);
// an empty sel keeps all.
func FilterTasks(tasks []Task, sel string) []Task {
	if strings.TrimSpace(sel) == "" {
		return tasks
	}
	want := map[string]bool{}
	for _, s := range strings.Split(sel, ",") {
		want[strings.TrimSpace(s)] = true
	}
	var out []Task
	for _, t := range tasks {
		if want[t.ID] || want[t.Family] {
			out = append(out, t)
		}
	}
	return out
}
