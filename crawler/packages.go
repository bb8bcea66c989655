package crawler

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/internal/ondisk"
)

// ErrPackageList reports a packages file that cannot be read as one
// URL[@tag] per line. It is an ErrConfig: the command exits with a usage
// error.
var ErrPackageList = fmt.Errorf("%w: bad packages list", ErrConfig)

// PackageSpec is one line of a packages file.
type PackageSpec struct {
	URL   string // as written, without the tag
	Tag   string // "" for the remote's HEAD
	Owner string // the URL's last two path components
	Repo  string
}

// ParsePackageList reads one URL[@tag] per line; blank lines and everything
// after a '#' are ignored. The tag follows the last '@' after the URL's last
// '/', so git@github.com:owner/repo.git and owner/repo@1.2.0 both read.
func ParsePackageList(r io.Reader) ([]PackageSpec, error) {
	var out []PackageSpec
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.ContainsAny(line, " \t") {
			return nil, fmt.Errorf("%w: line %d: one URL[@tag] per line: %q", ErrPackageList, n, line)
		}
		spec := PackageSpec{URL: line}
		slash := strings.LastIndexAny(line, "/:")
		if at := strings.LastIndexByte(line, '@'); at > slash && slash >= 0 {
			spec.URL, spec.Tag = line[:at], line[at+1:]
		}
		rest := strings.TrimSuffix(strings.TrimRight(spec.URL, "/"), ".git")
		rest = strings.ReplaceAll(rest, ":", "/")
		parts := strings.Split(rest, "/")
		if len(parts) < 2 || !safeName(parts[len(parts)-2]) || !safeName(parts[len(parts)-1]) || (spec.Tag == "" && strings.HasSuffix(line, "@")) {
			return nil, fmt.Errorf("%w: line %d: want <host>/<owner>/<repo>[@tag]: %q", ErrPackageList, n, line)
		}
		spec.Owner, spec.Repo = parts[len(parts)-2], parts[len(parts)-1]
		key := strings.ToLower(spec.Owner + "/" + spec.Repo)
		if prev, dup := seen[key]; dup {
			return nil, fmt.Errorf("%w: line %d: %s/%s already on line %d", ErrPackageList, n, spec.Owner, spec.Repo, prev)
		}
		seen[key] = n
		out = append(out, spec)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read packages list: %w", err)
	}
	return out, nil
}

// safeName is an owner or repository name usable as one path component.
func safeName(s string) bool {
	return s != "" && !strings.HasPrefix(s, ".") && !strings.ContainsAny(s, `\/`)
}

// PackagesConfig describes the fetch of a list of Swift packages.
type PackagesConfig struct {
	Packages  []PackageSpec // from ParsePackageList
	OutputDir string        // <owner>/<repo>/ and index.json go here
	// StartClean deletes the clones and the exported packages first.
	StartClean bool
	// MaxFileBytes drops a file past it; default DefaultMaxFileBytes.
	MaxFileBytes int64
	Git          string    // the git binary; default "git"
	Progress     io.Writer // one line per package; nil: none
}

// PackageOutcome is what happened to one package.
type PackageOutcome struct {
	Spec PackageSpec
	ExportResult
	Err error
}

// PackagesResult says what a packages fetch did.
type PackagesResult struct {
	Packages []PackageOutcome
	Failed   int
	Indexed  int // packages listed in index.json
	Elapsed  time.Duration
}

// Files kept from a package, as in the packages corpus.
var (
	rootDocs    = map[string]bool{"readme": true, "license": true, "licence": true, "notice": true, "notices": true, "changelog": true}
	rootDocExts = map[string]bool{"": true, "md": true, "txt": true, "markdown": true, "rst": true}
	skipDirs    = map[string]bool{"test": true, "examples": true, "example": true, "benchmarks": true, "benchmark": true, "demo": true, "demos": true}
	agentFiles  = map[string]bool{"agents.md": true, "claude.md": true}
	mediaExts   = map[string]bool{"png": true, "jpg": true, "jpeg": true, "gif": true, "svg": true, "heic": true, "webp": true, "ico": true,
		"tif": true, "tiff": true, "pdf": true, "mov": true, "mp4": true, "m4v": true, "mp3": true, "m4a": true, "wav": true, "zip": true, "usdz": true}
)

// changelogBytes is where root documents (CHANGELOGs in practice) are cut.
const changelogBytes = 200 << 10

// packageKeep: Package.swift (and Package@swift-*.swift), README, LICENSE,
// NOTICE and CHANGELOG at the root, every *.md, DocC catalogs (*.docc, all
// but media) and the *.swift of the library sources; nothing under tests,
// examples, benchmarks or demos.
func packageKeep(p string) bool {
	comps := strings.Split(p, "/")
	name := comps[len(comps)-1]
	docc := false
	for _, c := range comps[:len(comps)-1] {
		lc := strings.ToLower(c)
		if skipDirs[lc] || strings.HasSuffix(lc, "tests") {
			return false
		}
		docc = docc || strings.HasSuffix(lc, ".docc")
	}
	ext := extOf(name)
	switch {
	case len(comps) == 1 && isRootDoc(name):
		return true
	case docc:
		return !mediaExts[ext]
	case ext == "md":
		return !agentFiles[strings.ToLower(name)]
	}
	return ext == "swift"
}

func isRootDoc(name string) bool {
	ext := extOf(name)
	base := strings.ToLower(strings.TrimSuffix(name, path.Ext(name)))
	return rootDocs[base] && rootDocExts[ext]
}

// FetchPackages clones each package at its tag (or HEAD) shallowly into a
// bare repository under <OutputDir>/.cupertino-fetch/git/<owner>/<repo>.git,
// exports its kept files into <OutputDir>/<owner>/<repo>/, writes its
// .package.json, and at the end index.json listing every package in the
// folder. A package that fails is reported and left as it was; the others
// go on, and the result is ErrIncomplete.
func FetchPackages(ctx context.Context, cfg PackagesConfig) (*PackagesResult, error) {
	start := time.Now()
	if err := exportDefaults(cfg.OutputDir, &cfg.MaxFileBytes); err != nil {
		return nil, err
	}
	if len(cfg.Packages) == 0 {
		return nil, fmt.Errorf("%w: no packages to fetch", ErrConfig)
	}
	meta, unlock, err := openGitMeta(cfg.OutputDir, cfg.Git, "", cfg.StartClean)
	if err != nil {
		return nil, err
	}
	defer unlock()
	res := &PackagesResult{}
	rule := exportRule{
		keep:     packageKeep,
		cut:      func(p string) bool { return !strings.Contains(p, "/") && isRootDoc(p) },
		cutBytes: changelogBytes,
		maxBytes: cfg.MaxFileBytes,
	}
	for i, spec := range cfg.Packages {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		out := PackageOutcome{Spec: spec}
		out.OutputDir = filepath.Join(cfg.OutputDir, spec.Owner, spec.Repo)
		out.Err = fetchPackage(ctx, meta, spec, rule, &out.ExportResult)
		if out.Err != nil {
			res.Failed++
		}
		res.Packages = append(res.Packages, out)
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "[%d/%d] %s\n", i+1, len(cfg.Packages), packageLine(out))
		}
	}
	n, err := writePackageIndex(cfg.OutputDir)
	res.Indexed, res.Elapsed = n, time.Since(start)
	if err != nil {
		return res, err
	}
	if ctx.Err() != nil {
		return res, ctx.Err()
	}
	if res.Failed > 0 {
		return res, fmt.Errorf("%w: %d of %d packages failed", ErrIncomplete, res.Failed, len(cfg.Packages))
	}
	return res, nil
}

func fetchPackage(ctx context.Context, meta gitRepoDir, spec PackageSpec, rule exportRule, res *ExportResult) error {
	g := gitRepoDir{git: meta.git, dir: filepath.Join(meta.dir, spec.Owner, spec.Repo+".git")}
	head, created, err := g.fetchRef(ctx, localRepoURL(spec.URL), spec.Tag)
	if err != nil {
		return err
	}
	res.Cloned = created
	if err := g.export(ctx, head, res.OutputDir, rule, res); err != nil {
		return err
	}
	info := ondisk.PackageInfo{Owner: spec.Owner, Repo: spec.Repo, URL: packageURL(spec), Commit: head, Files: res.Kept, License: "NOASSERTION"}
	if b, ok := readRootDoc(res.OutputDir, "license", "licence"); ok {
		info.License = licenseID(string(b))
	}
	if b, ok := readRootDoc(res.OutputDir, "readme"); ok {
		info.Description = readmeDescription(string(b))
	}
	b, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		return fmt.Errorf("encode %s: %w", ondisk.PackageMetaFile, err)
	}
	return writeFileAtomic(filepath.Join(res.OutputDir, ondisk.PackageMetaFile), append(b, '\n'), false)
}

// readRootDoc reads the first root document of the package with one of the
// base names (README.md before README.txt before README).
func readRootDoc(dir string, bases ...string) ([]byte, bool) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, false
	}
	var names []string
	for _, e := range entries {
		base := strings.ToLower(strings.TrimSuffix(e.Name(), path.Ext(e.Name())))
		for _, b := range bases {
			if base == b && !e.IsDir() && isRootDoc(e.Name()) {
				names = append(names, e.Name())
			}
		}
	}
	rank := func(n string) int {
		switch extOf(n) {
		case "md", "markdown":
			return 0
		case "txt", "rst":
			return 1
		}
		return 2
	}
	sort.Slice(names, func(i, j int) bool { return rank(names[i]) < rank(names[j]) })
	for _, n := range names {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err == nil {
			return b, true
		}
	}
	return nil, false
}

// packageURL is the package's web address: https://github.com/owner/repo for
// GitHub in any spelling, the URL without .git otherwise.
func packageURL(spec PackageSpec) string {
	u := strings.TrimSuffix(strings.TrimRight(spec.URL, "/"), ".git")
	for _, p := range []string{"git@github.com:", "ssh://git@github.com/", "http://github.com/", "https://www.github.com/", "git://github.com/"} {
		if strings.HasPrefix(u, p) {
			return "https://github.com/" + strings.TrimPrefix(u, p)
		}
	}
	return u
}

// writePackageIndex lists every <owner>/<repo>/.package.json under out in
// index.json, sorted by owner and repository without regard to case.
func writePackageIndex(out string) (int, error) {
	infos := []ondisk.PackageInfo{}
	err := readJSONFiles(filepath.Join(out, "*", "*", ondisk.PackageMetaFile), func(_ string, info ondisk.PackageInfo) {
		if info.Owner != "" {
			infos = append(infos, info)
		}
	})
	if err != nil {
		return 0, fmt.Errorf("index: %w", err)
	}
	sort.Slice(infos, func(i, j int) bool {
		return strings.ToLower(infos[i].Owner+"/"+infos[i].Repo) < strings.ToLower(infos[j].Owner+"/"+infos[j].Repo)
	})
	b, err := json.MarshalIndent(infos, "", "  ")
	if err != nil {
		return 0, fmt.Errorf("encode index: %w", err)
	}
	return len(infos), writeIfChanged(filepath.Join(out, "index.json"), append(b, '\n'))
}

// packageLine is a package's progress line.
func packageLine(o PackageOutcome) string {
	name := o.Spec.Owner + "/" + o.Spec.Repo
	if o.Spec.Tag != "" {
		name += "@" + o.Spec.Tag
	}
	if o.Err != nil {
		return fmt.Sprintf("%s: failed: %v", name, o.Err)
	}
	return name + ": " + exportLine(o.ExportResult)
}

// exportLine says what one repository export did.
func exportLine(r ExportResult) string {
	verb := "updated to"
	switch {
	case r.Cloned:
		verb = "cloned"
	case !r.Changed:
		verb = "up to date at"
	}
	s := fmt.Sprintf("%s %s, %d files (%d written, %d removed)", verb, ShortCommit(r.Head), r.Kept, r.Written, r.Removed)
	if n := r.DroppedTotal(); n > 0 {
		var why []string
		for _, k := range slices.Sorted(maps.Keys(r.Dropped)) {
			why = append(why, fmt.Sprintf("%d %s", r.Dropped[k], k))
		}
		s += fmt.Sprintf("; left out %d: %s", n, strings.Join(why, ", "))
	}
	return s
}

// ExportLine says what one repository export did, for the fetch command.
func ExportLine(r ExportResult) string { return exportLine(r) }

// ShortCommit is a commit hash cut to its first 12 characters, as the
// fetch lines show it.
func ShortCommit(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}
