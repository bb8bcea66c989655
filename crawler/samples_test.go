package crawler

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// exported lists the files under dir, slash-separated, without the metadata
// directory.
func exported(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == MetaDir {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// checkExported fails the test, saying what, unless dir holds exactly the
// files want, sorted, as exported lists them.
func checkExported(t *testing.T, dir, what string, want []string) {
	t.Helper()
	if got := exported(t, dir); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("%s:\n%s\nwant:\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

const lfsPointerFile = "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"

func sampleRepoFiles() map[string]string {
	return map[string]string{
		"README.md":                                     "# Apple Sample Code Collection\n",
		".gitattributes":                                "*.png filter=lfs diff=lfs merge=lfs -text\n",
		"swiftui-fruta/README.md":                       "# Fruta\n\nBuilding a feature-rich app with SwiftUI.\n",
		"swiftui-fruta/Shared/FrutaApp.swift":           "import SwiftUI\n\n@main struct FrutaApp: App {}\n",
		"swiftui-fruta/Shared/Bridge.h":                 "#import <Foundation/Foundation.h>\n",
		"swiftui-fruta/Shared/Shaders.metal":            "#include <metal_stdlib>\n",
		"swiftui-fruta/Fruta.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{ archiveVersion = 1; }\n",
		"swiftui-fruta/Configuration/Base.xcconfig":     "SAMPLE_CODE_DISAMBIGUATOR=${DEVELOPMENT_TEAM}\n",
		"swiftui-fruta/Shared/Info.plist":               "<?xml version=\"1.0\"?><plist><dict/></plist>\n",
		"swiftui-fruta/Shared/Fruta.entitlements":       "<plist><dict/></plist>\n",
		"swiftui-fruta/Shared/Localizable.strings":      "\"hello\" = \"Hello\";\n",
		"swiftui-fruta/Shared/Smoothie.png":             lfsPointerFile, // dropped by type
		"swiftui-fruta/Shared/Recipes.json":             lfsPointerFile, // a kept type, but an LFS pointer
		"swiftui-fruta/Shared/Binary.plist":             "bplist00\x00\x01\x02",
		"swiftui-fruta/Shared/Huge.swift":               strings.Repeat("// generated\n", 200),
		"swiftui-fruta/Shared/Main.storyboard":          "<document/>\n",
	}
}

func TestFetchSamples(t *testing.T) {
	repo := testenv.GitRepo(t, t.TempDir(), sampleRepoFiles())
	out := filepath.Join(t.TempDir(), "sample-code")
	ctx := context.Background()
	cfg := SamplesConfig{RepoURL: repo, OutputDir: out, MaxFileBytes: 1024}
	res, err := FetchSamples(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"README.md",
		"swiftui-fruta/Configuration/Base.xcconfig",
		"swiftui-fruta/Fruta.xcodeproj/project.pbxproj",
		"swiftui-fruta/README.md",
		"swiftui-fruta/Shared/Bridge.h",
		"swiftui-fruta/Shared/Fruta.entitlements",
		"swiftui-fruta/Shared/FrutaApp.swift",
		"swiftui-fruta/Shared/Info.plist",
		"swiftui-fruta/Shared/Localizable.strings",
		"swiftui-fruta/Shared/Shaders.metal",
	}
	checkExported(t, out, "exported", want)
	if !res.Cloned || !res.Changed || res.Kept != len(want) || res.Written != len(want) || len(res.Head) != 40 {
		t.Fatalf("first fetch: %+v", res)
	}
	if res.Dropped[dropLFS] != 1 || res.Dropped[dropBinary] != 1 || res.Dropped[dropLarge] != 1 || res.Dropped[dropType] != 3 {
		t.Fatalf("dropped: %v", res.Dropped)
	}

	// Nothing changed upstream: nothing is written.
	res, err = FetchSamples(ctx, cfg)
	if err != nil || res.Cloned || res.Changed || res.Written != 0 || res.Kept != len(want) {
		t.Fatalf("no-op update: %+v, %v", res, err)
	}

	// Upstream edits one file, adds one and deletes a project's header.
	testenv.GitCommit(t, repo, map[string]string{
		"swiftui-fruta/Shared/FrutaApp.swift": "import SwiftUI\n\n@main struct FrutaApp: App { var body: some Scene { WindowGroup {} } }\n",
		"metal-triangle/README.md":            "# Triangle\n",
	}, "edit")
	testenv.Git(t, repo, "rm", "--quiet", "swiftui-fruta/Shared/Bridge.h")
	testenv.Git(t, repo, "commit", "--quiet", "-m", "drop header")
	res, err = FetchSamples(ctx, cfg)
	if err != nil || res.Cloned || !res.Changed || res.Written != 2 || res.Removed != 1 || res.Kept != len(want) {
		t.Fatalf("update: %+v, %v", res, err)
	}
	if !strings.Contains(string(testenv.ReadFile(t, filepath.Join(out, "swiftui-fruta/Shared/FrutaApp.swift"))), "WindowGroup") {
		t.Fatal("edited file not updated")
	}
	if _, err := os.Stat(filepath.Join(out, "swiftui-fruta/Shared/Bridge.h")); !os.IsNotExist(err) {
		t.Fatalf("deleted file still there: %v", err)
	}

	// A bad URL is a clear git error, and the export stays as it was.
	before := exported(t, out)
	bad := cfg
	bad.RepoURL = filepath.Join(t.TempDir(), "no-such-repo")
	if _, err := FetchSamples(ctx, bad); !errors.Is(err, ErrGit) || !strings.Contains(err.Error(), "no-such-repo") {
		t.Fatalf("bad URL: %v", err)
	}
	checkExported(t, out, "bad URL changed the export", before)

	// A fresh start gives the same tree.
	clean := cfg
	clean.StartClean = true
	res, err = FetchSamples(ctx, clean)
	if err != nil || !res.Cloned || res.Written != res.Kept {
		t.Fatalf("start clean: %+v, %v", res, err)
	}
	checkExported(t, out, "start clean", before)
}

// A fetch killed mid-way leaves git lock files and a grown manifest; the next
// one cleans up after it and ends with the right tree.
func TestFetchSamplesAfterAKill(t *testing.T) {
	repo := testenv.GitRepo(t, t.TempDir(), sampleRepoFiles())
	out := filepath.Join(t.TempDir(), "sample-code")
	ctx := context.Background()
	cfg := SamplesConfig{RepoURL: repo, OutputDir: out, MaxFileBytes: 1024}
	if _, err := FetchSamples(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	want := exported(t, out)
	g := gitRepoDir{git: "git", dir: filepath.Join(out, MetaDir, "git", "samples.git")}
	// What a kill leaves: git's locks, a manifest that names a file the
	// killed run wrote and upstream no longer has, that file, a temp file.
	for _, lock := range []string{"shallow.lock", "packed-refs.lock"} {
		if err := os.WriteFile(filepath.Join(g.dir, lock), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m := g.loadManifest()
	m.Files["gone/Stray.swift"] = ""
	if err := g.saveManifest(m); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(out, "gone"), 0o755)
	os.WriteFile(filepath.Join(out, "gone", "Stray.swift"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(out, "README.md"), []byte("half"), 0o644) // torn by hand
	os.WriteFile(filepath.Join(out, tempPrefix+"123"), []byte("x"), 0o644)
	testenv.GitCommit(t, repo, map[string]string{"README.md": "# Apple Sample Code Collection, v2\n"}, "v2")

	res, err := FetchSamples(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkExported(t, out, "after kill", want)
	if string(testenv.ReadFile(t, filepath.Join(out, "README.md"))) != "# Apple Sample Code Collection, v2\n" || res.Kept != len(want) {
		t.Fatalf("after kill: %+v", res)
	}
}

func TestNotText(t *testing.T) {
	for _, c := range []struct {
		body string
		want string
	}{
		{"import Foundation\n", ""},
		{lfsPointerFile, dropLFS},
		{"abc\x00def", dropBinary},
		{strings.Repeat("a", 11), dropLarge},
		{"", ""},
	} {
		if got := notText([]byte(c.body), 10+int64(bytes.Count([]byte(c.body), []byte("\n")))*100); got != c.want {
			t.Errorf("notText(%.20q) = %q, want %q", c.body, got, c.want)
		}
	}
	for p, ok := range map[string]bool{"a/b.swift": true, ".git/config": false, "a/.cupertino-fetch/x": false, "a/../b": false, "/abs": false, "a//b": false} {
		if safeRepoPath(p) != ok {
			t.Errorf("safeRepoPath(%q) = %v", p, !ok)
		}
	}
}
