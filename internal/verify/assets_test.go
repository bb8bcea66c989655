package verify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAssetColorSymbols: the colour sets' names as Xcode generates them
// (a last "Color" dropped, words joined in lower camel case, a letter
// outside ASCII kept whole; a name that starts with a digit or has no
// letter gives nothing), declared three ways.
func TestAssetColorSymbols(t *testing.T) {
	got := assetColorSymbols([]string{"AccentColor", "DarkBrown", "brand-blue", "Color", "2Tone", "--", "Ärger"})
	const statics = "accent: T { fatalError() }\n    static var darkBrown: T { fatalError() }\n    static var brandBlue: T { fatalError() }\n    static var color: T { fatalError() }\n    static var ärger: T { fatalError() }\n}"
	want := "import SwiftUI\n\n" +
		"extension ColorResource {\n    static var " + strings.ReplaceAll(statics, "T", "ColorResource") + "\n\n" +
		"extension Color {\n    static var " + strings.ReplaceAll(statics, "T", "Color") + "\n\n" +
		"extension ShapeStyle where Self == Color {\n    static var " + strings.ReplaceAll(statics, "T", "Color") + "\n\n"
	if got != want {
		t.Errorf("assetColorSymbols:\n%s\nwant:\n%s", got, want)
	}
}

// TestProjectAssetColorsAreDeclared: a directory checked as a project has
// its asset catalogs' colour sets read and declared as Xcode declares
// them, so `.foregroundStyle(.darkBrown)` is the project's own, while a
// colour no set names is still a finding, and the file checked alone
// reports both.
func TestProjectAssetColorsAreDeclared(t *testing.T) {
	dir := t.TempDir()
	for _, set := range []string{"DarkBrown", "AccentColor"} {
		colorset := filepath.Join(dir, "App", "Assets.xcassets", set+".colorset")
		if err := os.MkdirAll(colorset, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(colorset, "Contents.json"), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code := "import SwiftUI\nlet a = Text(\"a\").foregroundStyle(.darkBrown)\nlet b = Text(\"b\").foregroundStyle(.primaryAccent)\nlet c = Text(\"c\").foregroundStyle(.accent)\n"
	if err := os.WriteFile(filepath.Join(dir, "App", "A.swift"), []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	files, _, err := ReadPaths(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(files); n != 2 || !strings.HasSuffix(files[1].Path, AssetSymbolsFile) || !strings.Contains(files[1].Code, "static var darkBrown") {
		t.Fatalf("want the Swift file and the colour sets' declarations, got %d files: %+v", n, files)
	}
	cases := func(files ...File) []string {
		var out []string
		for _, f := range checkCode(t, implicitGraph(false), Options{}, files...).Findings {
			if f.Status == NoSuchCase {
				out = append(out, f.Symbol)
			}
		}
		return out
	}
	if got := strings.Join(cases(files...), " "); got != ".primaryAccent" {
		t.Errorf("the project: findings %q, want .primaryAccent alone", got)
	}
	if got := strings.Join(cases(File{Path: "A.swift", Code: code}), " "); got != ".darkBrown .primaryAccent .accent" {
		t.Errorf("the file alone: findings %q, want all three", got)
	}
}
