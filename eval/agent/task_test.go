package agent

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func TestBuiltinCorpusIsStrict(t *testing.T) {
	names, err := fs.Glob(builtinTasks, "tasks/*.json")
	if err != nil || len(names) != len(Families) {
		t.Fatalf("task files %v, %v", names, err)
	}
	for _, name := range names {
		data, _ := fs.ReadFile(builtinTasks, name)
		if _, err := decodeTaskFile(data, true); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestBuiltinCorpus(t *testing.T) {
	tasks, err := BuiltinTasks()
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) < 30 {
		t.Fatalf("%d tasks; the corpus needs at least 30", len(tasks))
	}
	perFamily := map[string]int{}
	for _, task := range tasks {
		perFamily[task.Family]++
		if len(task.SuccessHints) == 0 || len(task.FailureHints) == 0 {
			t.Errorf("%s: needs success and failure hints", task.ID)
		}
		if strings.Contains(task.Prompt, "doc:"+"//") {
			t.Errorf("%s: prompt holds a documentation URL", task.ID)
		}
	}
	for _, f := range Families {
		if perFamily[f] < MinTasksPerFamily {
			t.Errorf("family %s has %d tasks, want ≥ %d", f, perFamily[f], MinTasksPerFamily)
		}
	}
	if len(perFamily) != len(Families) {
		t.Errorf("families %v, want exactly %v", perFamily, Families)
	}
	if tasks[0].Family != FamilySwiftUI {
		t.Errorf("tasks are not in family order: %s first", tasks[0].ID)
	}
}

func TestLoadTasksValidation(t *testing.T) {
	good := `{"family": "swiftui", "tasks": [{"id": "a", "prompt": "p", "target_platform": "ios17.0", "swift_version": "5.10", "success_hints": ["x"], "failure_hints": ["y"]}]}`
	tests := []struct {
		name, file string
		err        error
	}{
		{"good", good, nil},
		{"bad target", strings.Replace(good, "ios17.0", "android14", 1), ErrBadTask},
		{"bad swift", strings.Replace(good, `"5.10"`, `"six"`, 1), ErrBadTask},
		{"empty prompt", strings.Replace(good, `"p"`, `"  "`, 1), ErrBadTask},
		{"unknown fields are ignored", strings.Replace(good, `"id"`, `"notes": "x", "id"`, 1), nil},
		{"bare array", `[{"id": "b", "family": "foundation", "prompt": "p", "target_platform": "macos14"}]`, nil},
		{"no family", `[{"id": "b", "prompt": "p", "target_platform": "macos14"}]`, ErrBadTask},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadTasksFS(fstest.MapFS{"f.json": {Data: []byte(tt.file)}})
			if !errors.Is(err, tt.err) {
				t.Errorf("err = %v, want %v", err, tt.err)
			}
		})
	}
	dup := fstest.MapFS{"a.json": {Data: []byte(good)}, "b.json": {Data: []byte(good)}}
	if _, err := LoadTasksFS(dup); !errors.Is(err, ErrBadTask) {
		t.Errorf("duplicate ids: %v", err)
	}
	if _, err := LoadTasksFS(fstest.MapFS{}); !errors.Is(err, ErrNoTasks) {
		t.Errorf("no tasks: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.json"), []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if tasks, err := LoadTasks(dir); err != nil || len(tasks) != 1 || tasks[0].Family != "swiftui" {
		t.Errorf("LoadTasks(dir) = %v, %v", tasks, err)
	}
	if tasks, err := LoadTasks(filepath.Join(dir, "x.json")); err != nil || len(tasks) != 1 {
		t.Errorf("LoadTasks(file) = %v, %v", tasks, err)
	}
	bare := fstest.MapFS{"f.json": {Data: []byte(`[{"id": "b", "family": "foundation", "prompt": "p", "target_platform": "macos14"}]`)}}
	if tasks, err := LoadTasksFS(bare); err != nil || tasks[0].SwiftVersion != DefaultSwiftVersion {
		t.Errorf("default swift version: %v, %v", tasks, err)
	}
}

func TestParseTarget(t *testing.T) {
	for in, want := range map[string]string{"ios18.0": "ios18.0", "macOS 14": "macos14.0", "iPadOS17.4": "ios17.4", "visionos2.0": "visionos2.0", "macos10.15.4": "macos10.15.4"} {
		got, err := ParseTarget(in)
		if err != nil || got.String() != want {
			t.Errorf("ParseTarget(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "ios", "windows11", "ios1x"} {
		if _, err := ParseTarget(bad); err == nil {
			t.Errorf("ParseTarget(%q) succeeded", bad)
		}
	}
	if v("10.15").Compare(v("10.9")) != 1 || v("17.0").Compare(v("17")) != 0 {
		t.Error("version comparison is numeric per component")
	}
}

func TestFilterTasks(t *testing.T) {
	tasks, _ := BuiltinTasks()
	if got := FilterTasks(tasks, "observation, swiftui-badge-style"); len(got) != 7 {
		t.Errorf("filter kept %d tasks, want 6 observation + 1", len(got))
	}
	if got := FilterTasks(tasks, ""); len(got) != len(tasks) {
		t.Error("empty filter must keep all")
	}
}
