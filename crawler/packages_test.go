package crawler

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/ondisk"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

const apacheSwift = `                                 Apache License
                           Version 2.0, January 2004
...
## Runtime Library Exception to the Apache 2.0 License: ##
`

func packageRepoFiles(version string) map[string]string {
	return map[string]string{
		"Package.swift":                               "// swift-tools-version:5.9\nimport PackageDescription\n",
		"Package@swift-6.0.swift":                     "// swift-tools-version:6.0\nimport PackageDescription\n",
		"README.md":                                   "# Swift Log\n\n[![CI](https://ci/badge.svg)](https://ci)\n\nThis repository contains a **logging API** for [Swift](https://swift.org).\nIt is " + version + ".\n\n## Usage\n",
		"LICENSE.txt":                                 apacheSwift,
		"NOTICE.txt":                                  "notice\n",
		"CHANGELOG.md":                                strings.Repeat("- a change\n", 30000), // 330 KB: cut at 200 KB
		"CONTRIBUTING.md":                             "# Contributing\n",
		"AGENTS.md":                                   "# For agents\n",
		"Sources/Logging/Logger.swift":                "public struct Logger {}\n",
		"Sources/Logging/Docs.docc/index.md":          "# ``Logging``\n",
		"Sources/Logging/Docs.docc/Info.plist":        "<plist/>\n",
		"Sources/Logging/Docs.docc/Resources/a.png":   "\x89PNG\r\n",
		"Sources/Logging/Docs.docc/Tutorial.tutorial": "@Tutorial {}\n",
		"Sources/Logging/Internal.c":                  "int x;\n",
		"Sources/Logging/Big.swift":                   strings.Repeat("// x\n", 400),
		"Sources/Logging/Blob.swift":                  "abc\x00",
		"Tests/LoggingTests/LoggerTests.swift":        "import XCTest\n",
		"Examples/Demo/main.swift":                    "print(1)\n",
		"Benchmarks/Bench.swift":                      "print(2)\n",
		"IntegrationTests/it.swift":                   "print(3)\n",
		".github/workflows/ci.yml":                    "on: push\n",
		".swiftpm/x.swift":                            "x\n",
	}
}

func TestParsePackageList(t *testing.T) {
	specs, err := ParsePackageList(strings.NewReader(`
# popular packages
https://github.com/apple/swift-log.git@1.6.1
https://github.com/apple/swift-nio   # HEAD
git@github.com:Alamofire/Alamofire.git
git@github.com:onevcat/Kingfisher.git@8.0.0
/tmp/repos/kean/Nuke@v12
`))
	if err != nil {
		t.Fatal(err)
	}
	want := []PackageSpec{
		{"https://github.com/apple/swift-log.git", "1.6.1", "apple", "swift-log"},
		{"https://github.com/apple/swift-nio", "", "apple", "swift-nio"},
		{"git@github.com:Alamofire/Alamofire.git", "", "Alamofire", "Alamofire"},
		{"git@github.com:onevcat/Kingfisher.git", "8.0.0", "onevcat", "Kingfisher"},
		{"/tmp/repos/kean/Nuke", "v12", "kean", "Nuke"},
	}
	if len(specs) != len(want) {
		t.Fatalf("got %+v", specs)
	}
	for i := range want {
		if specs[i] != want[i] {
			t.Errorf("line %d: %+v, want %+v", i, specs[i], want[i])
		}
	}
	if u := packageURL(specs[3]); u != "https://github.com/onevcat/Kingfisher" {
		t.Errorf("packageURL: %s", u)
	}
	for _, bad := range []string{"swift-log", "https://github.com/a/b c", "a/b\nA/B", "https://github.com/a/.x", "https://github.com/a/b@"} {
		if _, err := ParsePackageList(strings.NewReader(bad)); !errors.Is(err, ErrPackageList) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestFetchPackages(t *testing.T) {
	root := t.TempDir()
	logRepo := filepath.Join(root, "apple", "swift-log")
	os.MkdirAll(logRepo, 0o755)
	testenv.Git(t, logRepo, "init", "--quiet", "--initial-branch=main")
	testenv.GitCommit(t, logRepo, packageRepoFiles("version one"), "v1")
	testenv.Git(t, logRepo, "tag", "-a", "-m", "1.0.0", "1.0.0")
	testenv.GitCommit(t, logRepo, map[string]string{"README.md": "# Swift Log\n\nThe main branch.\n", "Sources/Logging/New.swift": "struct New {}\n"}, "v2")
	mitRepo := filepath.Join(root, "SnapKit", "SnapKit")
	os.MkdirAll(mitRepo, 0o755)
	testenv.Git(t, mitRepo, "init", "--quiet", "--initial-branch=main")
	testenv.GitCommit(t, mitRepo, map[string]string{
		"Package.swift":                 "// swift-tools-version:5.0\n",
		"LICENSE":                       "Copyright (c) 2011-Present SnapKit Team\n\nPermission is hereby granted, free of charge, to any person\n",
		"README.md":                     "<img src=\"banner.jpg\" alt=\"\" />\n\nSnapKit is a DSL to make Auto Layout easy.\n",
		"Sources/ConstraintMaker.swift": "public class ConstraintMaker {}\n",
	}, "initial")

	list := "# test packages\n" + logRepo + "@1.0.0\n" + mitRepo + "\n"
	specs, err := ParsePackageList(strings.NewReader(list))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "packages")
	ctx := context.Background()
	var progress strings.Builder
	cfg := PackagesConfig{Packages: specs, OutputDir: out, MaxFileBytes: 1024, Progress: &progress}
	res, err := FetchPackages(ctx, cfg)
	if err != nil {
		t.Fatalf("%v\n%s", err, progress.String())
	}
	want := []string{
		"SnapKit/SnapKit/.package.json",
		"SnapKit/SnapKit/LICENSE",
		"SnapKit/SnapKit/Package.swift",
		"SnapKit/SnapKit/README.md",
		"SnapKit/SnapKit/Sources/ConstraintMaker.swift",
		"apple/swift-log/.package.json",
		"apple/swift-log/CHANGELOG.md",
		"apple/swift-log/CONTRIBUTING.md",
		"apple/swift-log/LICENSE.txt",
		"apple/swift-log/NOTICE.txt",
		"apple/swift-log/Package.swift",
		"apple/swift-log/Package@swift-6.0.swift",
		"apple/swift-log/README.md",
		"apple/swift-log/Sources/Logging/Docs.docc/Info.plist",
		"apple/swift-log/Sources/Logging/Docs.docc/Tutorial.tutorial",
		"apple/swift-log/Sources/Logging/Docs.docc/index.md",
		"apple/swift-log/Sources/Logging/Logger.swift",
		"index.json",
	}
	checkExported(t, out, "exported", want)
	changelog := string(testenv.ReadFile(t, filepath.Join(out, "apple/swift-log/CHANGELOG.md")))
	if len(changelog) > changelogBytes || len(changelog) < changelogBytes-20 || !strings.HasSuffix(changelog, "- a change\n") {
		t.Errorf("CHANGELOG: %d bytes, ends %q", len(changelog), changelog[len(changelog)-12:])
	}
	var info ondisk.PackageInfo
	if err := json.Unmarshal(testenv.ReadFile(t, filepath.Join(out, "apple/swift-log", ondisk.PackageMetaFile)), &info); err != nil {
		t.Fatal(err)
	}
	tagCommit := strings.TrimSpace(gitOut(t, logRepo, "rev-parse", "1.0.0^{commit}"))
	if info.Commit != tagCommit || info.License != "Apache-2.0 WITH Swift-exception" || info.Files != 11 ||
		info.Description != "This repository contains a logging API for Swift. It is version one." || info.Owner != "apple" || info.Repo != "swift-log" {
		t.Errorf("swift-log .package.json: %+v (tag %s)", info, tagCommit)
	}
	var index []ondisk.PackageInfo
	if err := json.Unmarshal(testenv.ReadFile(t, filepath.Join(out, "index.json")), &index); err != nil {
		t.Fatal(err)
	}
	if len(index) != 2 || index[0].Repo != "swift-log" || index[1].Repo != "SnapKit" || index[1].License != "MIT" || index[1].Description != "SnapKit is a DSL to make Auto Layout easy." {
		t.Errorf("index: %+v", index)
	}
	if res.Indexed != 2 || res.Failed != 0 || !strings.Contains(progress.String(), "[2/2] SnapKit/SnapKit: cloned") {
		t.Errorf("result %+v\n%s", res, progress.String())
	}

	// swift-log moves to HEAD, SnapKit stays, and a third package's URL is
	// wrong: that one fails clearly, the others are fetched, the index keeps
	// what is on disk.
	cfg.Packages = []PackageSpec{
		{URL: logRepo, Owner: "apple", Repo: "swift-log"},
		specs[1],
		{URL: filepath.Join(root, "nobody", "nothing"), Owner: "nobody", Repo: "nothing"},
	}
	progress.Reset()
	res, err = FetchPackages(ctx, cfg)
	if !errors.Is(err, ErrIncomplete) || res.Failed != 1 || !errors.Is(res.Packages[2].Err, ErrGit) {
		t.Fatalf("bad URL: %v, %+v", err, res)
	}
	if !strings.Contains(progress.String(), "[3/3] nobody/nothing: failed: git failed") || !strings.Contains(progress.String(), "SnapKit/SnapKit: up to date at") {
		t.Errorf("progress:\n%s", progress.String())
	}
	if r := res.Packages[0]; r.Err != nil || !r.Changed || r.Written != 2 || r.Kept != 12 {
		t.Errorf("swift-log to HEAD: %+v", r)
	}
	if r := res.Packages[1]; r.Err != nil || r.Changed || r.Written != 0 {
		t.Errorf("SnapKit again: %+v", r)
	}
	if _, err := os.Stat(filepath.Join(out, "apple/swift-log/Sources/Logging/New.swift")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(out, "nobody")); !os.IsNotExist(err) {
		t.Errorf("failed package left a folder: %v", err)
	}
	if err := json.Unmarshal(testenv.ReadFile(t, filepath.Join(out, "index.json")), &index); err != nil || len(index) != 2 || index[0].Description != "The main branch." {
		t.Errorf("index after update: %+v, %v", index, err)
	}
}

func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return string(b)
}

// The license and description rules reproduce the packages corpus's
// .package.json from its own LICENSE and README files.
func TestPackageMetaMatchesTheCorpus(t *testing.T) {
	dir := testenv.CorpusDir(t, "packages/index.json")
	matches, _ := filepath.Glob(filepath.Join(dir, "packages", "*", "*", ondisk.PackageMetaFile))
	if len(matches) == 0 {
		t.Fatal("no .package.json in the packages corpus")
	}
	for _, m := range matches {
		var want ondisk.PackageInfo
		if err := json.Unmarshal(testenv.ReadFile(t, m), &want); err != nil {
			t.Fatal(err)
		}
		pkg := filepath.Dir(m)
		got := "NOASSERTION"
		if b, ok := readRootDoc(pkg, "license", "licence"); ok {
			got = licenseID(string(b))
		}
		if got != want.License {
			t.Errorf("%s/%s: license %q, want %q", want.Owner, want.Repo, got, want.License)
		}
		b, _ := readRootDoc(pkg, "readme")
		if d := readmeDescription(string(b)); d != want.Description {
			t.Errorf("%s/%s: description\n got %q\nwant %q", want.Owner, want.Repo, d, want.Description)
		}
	}
}
