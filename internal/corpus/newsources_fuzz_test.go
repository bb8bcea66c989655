package corpus

import (
	"errors"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/internal/document"
)

// FuzzNewSourceReaders feeds arbitrary bytes to the sample, package and
// WWDC readers as a file of each: every input is a document or a sentinel
// error, never a panic, and what is indexed as text is valid UTF-8.
func FuzzNewSourceReaders(f *testing.F) {
	f.Add([]byte("import SwiftUI\nstruct A: View { var body: some View { Text(\"x\") } }\n"))
	f.Add([]byte(`{"id": "1", "year": "2024", "title": "T", "transcript": {"fullText": "a\n\nb"}}`))
	f.Add([]byte("# README\n\nText.\n"))
	f.Add([]byte("// swift-tools-version:5.9\nlet package = Package(name: \"x\", platforms: [.iOS(.v16)], products: [.library(name: \"X\", targets: [\"X\"])])\n"))
	f.Add([]byte{0, 1, 2, 0xff})
	samples := &Samples{reader: reader{name: document.SourceSamples, root: "/s"}}
	pkgs := &Packages{reader: reader{name: document.SourcePackages, root: "/p"}}
	wwdc := &WWDC{reader{name: document.SourceWWDC, root: "/w"}}
	f.Fuzz(func(t *testing.T, raw []byte) {
		for _, c := range []struct {
			src  Source
			path string
		}{
			{samples, filepath.FromSlash("/s/swiftui-x/App/ContentView.swift")},
			{samples, filepath.FromSlash("/s/swiftui-x/README.md")},
			{pkgs, filepath.FromSlash("/p/acme/kit/Sources/Kit/Kit.swift")},
			{pkgs, filepath.FromSlash("/p/acme/kit/Package.swift")},
			{wwdc, filepath.FromSlash("/w/videos/2024-1.json")},
		} {
			doc, err := c.src.Parse(c.path, raw)
			if err != nil {
				if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrFiltered) && !errors.Is(err, ErrNotADocument) {
					t.Fatalf("%s: error %v wraps no sentinel", c.path, err)
				}
				continue
			}
			for _, d := range append([]*document.Document{doc}, doc.Derived...) {
				if d.URI == "" || d.Title == "" {
					t.Fatalf("%s: document without URI or title: %+v", c.path, d)
				}
				if !utf8.ValidString(d.Markdown) {
					t.Fatalf("%s: Markdown is not UTF-8", c.path)
				}
			}
		}
	})
}

func FuzzParseManifest(f *testing.F) {
	f.Add("// swift-tools-version: 5.9\nlet p = Package(platforms: [.macOS(.v13)], dependencies: [.package(url: \"https://x/y.git\", from: \"1.0.0\")])")
	f.Add(".package(url: \"a\", \"1.0.0\"..<\"2.0.0\")")
	f.Fuzz(func(t *testing.T, src string) {
		m := parseManifest(src)
		_ = m.markdown()
	})
}
