package ingest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/door"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// outsideWord is planted in files outside the corpus: no page may hold it.
const outsideWord = "zorblaxquux"

// hostileCorpus lays out sample projects and packages whose side files (the
// ones a reader reads beside the file it parses: a sample's README for its
// title, a package's Package.swift, .package.json and Swift sources for its
// page) are links out of the corpus, FIFOs, or over the size cap. It returns
// the corpus and the FIFOs it made.
func hostileCorpus(t *testing.T, bigSwiftBytes int) (root string, fifos []string) {
	t.Helper()
	outside := t.TempDir()
	write := func(path, text string) { testenv.WriteFile(t, path, text) }
	link := func(target, path string) { testenv.Symlink(t, target, path) }
	fifo := func(path string) { fifos = append(fifos, testenv.Mkfifo(t, path)) }
	write(filepath.Join(outside, "README.md"), "# Secret "+outsideWord+" project\n\nNot part of the corpus.\n")
	write(filepath.Join(outside, "Package.swift"), "// swift-tools-version:5.9\nlet package = Package(name: \"x\", products: [.library(name: \""+outsideWord+"\", targets: [\"x\"])])\n")
	write(filepath.Join(outside, "meta.json"), `{"owner":"acme","repo":"linked","description":"`+outsideWord+` description"}`)

	root = t.TempDir()
	samples := filepath.Join(root, "sample-code")
	link(filepath.Join(outside, "README.md"), filepath.Join(samples, "swiftui-linked-readme", "README.md"))
	write(filepath.Join(samples, "swiftui-linked-readme", "App", "App.swift"), "import SwiftUI\nstruct LinkedApp {}\n")
	fifo(filepath.Join(samples, "swiftui-fifo-readme", "README.md"))
	write(filepath.Join(samples, "swiftui-fifo-readme", "App", "App.swift"), "import SwiftUI\nstruct PipedApp {}\n")

	pkgs := filepath.Join(root, "packages")
	linked := filepath.Join(pkgs, "acme", "linked")
	write(filepath.Join(linked, "README.md"), "# Linked\n\nA package whose manifest is a link.\n")
	link(filepath.Join(outside, "Package.swift"), filepath.Join(linked, "Package.swift"))
	link(filepath.Join(outside, "meta.json"), filepath.Join(linked, ".package.json"))
	write(filepath.Join(linked, "Sources", "Linked", "Big.swift"), "import CoreML\n"+strings.Repeat("// padding to pass the size cap\n", bigSwiftBytes/32))
	write(filepath.Join(linked, "Sources", "Linked", "Small.swift"), "import Combine\npublic struct Small {}\n")

	piped := filepath.Join(pkgs, "acme", "piped")
	write(filepath.Join(piped, "README.md"), "# Piped\n\nA package whose manifest and metadata are FIFOs.\n")
	fifo(filepath.Join(piped, "Package.swift"))
	fifo(filepath.Join(piped, ".package.json"))
	return root, fifos
}

// unblockFIFOs opens each FIFO for writing and closes it, so a reader stuck
// opening one (the bug) gets end of file and the test process can end.
func unblockFIFOs(fifos []string) {
	for _, p := range fifos {
		for range 20 {
			if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
		}
	}
}

// M3 (issue 25): the files save's readers read beside the walk go through
// the same rules as the walked ones: a link out of the corpus is not
// followed, a FIFO is not opened, a file over the cap is not read, and each
// refusal not already audited by the walk gets its audit line.
func TestSideReadsRefuseLinksFIFOsAndOversizeFiles(t *testing.T) {
	root, fifos := hostileCorpus(t, 2<<20)
	t.Cleanup(func() { unblockFIFOs(fifos) })
	dir := t.TempDir()
	opts := Options{
		DBPath:    filepath.Join(dir, "search.db"),
		AuditPath: filepath.Join(dir, "search.audit.jsonl"),
		Sources: []SourceSpec{
			{Kind: document.SourceSamples, Root: filepath.Join(root, "sample-code")},
			{Kind: document.SourcePackages, Root: filepath.Join(root, "packages")},
		},
		MaxFileBytes: 1 << 20,
		Build:        index.BuildOptions{SkipDiskCheck: true},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { _, err := Run(ctx, opts); done <- err }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("save: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("save still running after 15 s: a side read blocked on a FIFO")
	}

	st := openIndex(t, opts.DBPath)
	if n, err := st.NaiveSearch(context.Background(), outsideWord); err != nil || n != 0 {
		t.Errorf("search %q found %d pages (%v): a file outside the corpus was indexed", outsideWord, n, err)
	}
	for _, uri := range []string{"packages://acme/linked", "samples://swiftui-linked-readme/App/App.swift"} {
		doc, err := st.Document(context.Background(), uri)
		if err != nil {
			t.Fatalf("read %s: %v", uri, err)
		}
		if strings.Contains(strings.ToLower(doc.Markdown), outsideWord) {
			t.Errorf("%s holds text from outside the corpus:\n%s", uri, doc.Markdown)
		}
	}
	page, err := st.Document(context.Background(), "packages://acme/linked")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(page.Markdown, "CoreML") || !strings.Contains(page.Markdown, "Combine") {
		t.Errorf("the package page's imports come from the capped Big.swift or miss Small.swift:\n%s", page.Markdown)
	}

	entries, err := door.ReadAudit(opts.AuditPath)
	if err != nil {
		t.Fatal(err)
	}
	reasons := map[string]string{}
	for _, e := range entries {
		rel, _ := filepath.Rel(root, e.SourceFile)
		reasons[filepath.ToSlash(rel)] = e.RejectionReason
	}
	for _, side := range []string{"packages/acme/linked/.package.json", "packages/acme/piped/.package.json"} {
		if !strings.HasPrefix(reasons[side], door.ReasonNotRead) {
			t.Errorf("audit line for %s: %q, want %q…", side, reasons[side], door.ReasonNotRead)
		}
	}
	if !strings.HasPrefix(reasons["packages/acme/linked/Sources/Linked/Big.swift"], door.ReasonTooLarge) {
		t.Errorf("Big.swift audited %q, want %q", reasons["packages/acme/linked/Sources/Linked/Big.swift"], door.ReasonTooLarge)
	}
}
