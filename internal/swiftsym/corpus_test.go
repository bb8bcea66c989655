package swiftsym

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// corpusDir returns the real corpus, or skips the test with one line when
// it has no Apple documentation pages.
func corpusDir(t *testing.T) string {
	t.Helper()
	return testenv.CorpusDir(t, testenv.AppleDocsPath)
}

// corpusPage is the little of a DocC render-JSON page these tests read.
type corpusPage struct {
	Sections []struct {
		Kind         string `json:"kind"`
		Declarations []struct {
			Languages []string `json:"languages"`
			Tokens    []struct {
				Text string `json:"text"`
			} `json:"tokens"`
		} `json:"declarations"`
		Content []any `json:"content"`
	} `json:"primaryContentSections"`
}

type corpusDecl struct {
	text string
	lang string // first of the declaration's languages: swift, occ, data
}

var corpusSample struct {
	once     sync.Once
	decls    []corpusDecl
	listings []string
	err      error
}

// sampleCorpus reads every 50th page's declarations and Swift code listings,
// once for all the tests of a run.
func sampleCorpus(t *testing.T, dir string) ([]corpusDecl, []string) {
	t.Helper()
	corpusSample.once.Do(func() {
		corpusSample.decls, corpusSample.listings, corpusSample.err = readCorpusSample(dir)
	})
	if corpusSample.err != nil {
		t.Fatal(corpusSample.err)
	}
	return corpusSample.decls, corpusSample.listings
}

func readCorpusSample(dir string) (decls []corpusDecl, listings []string, err error) {
	root := filepath.Join(dir, "tutorials", "data", "documentation")
	err = everyNthFile(root, ".json", 50, func(data []byte) {
		var page corpusPage
		if json.Unmarshal(data, &page) != nil {
			return
		}
		for _, sec := range page.Sections {
			for _, decl := range sec.Declarations {
				var b strings.Builder
				for _, tok := range decl.Tokens {
					b.WriteString(tok.Text)
				}
				lang := ""
				if len(decl.Languages) > 0 {
					lang = decl.Languages[0]
				}
				decls = append(decls, corpusDecl{b.String(), lang})
			}
			listings = appendListings(listings, sec.Content)
		}
	})
	return decls, listings, err
}

// everyNthFile calls visit with the content of every nth file under root
// whose name ends in suffix, in walk order: a sample spread over the whole
// corpus that keeps a test fast.
func everyNthFile(root, suffix string, nth int, visit func(data []byte)) error {
	n := 0
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, suffix) {
			return err
		}
		if n++; n%nth != 0 {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		visit(data)
		return nil
	})
}

func appendListings(dst []string, node any) []string {
	switch v := node.(type) {
	case []any:
		for _, item := range v {
			dst = appendListings(dst, item)
		}
	case map[string]any:
		if v["type"] == "codeListing" && v["syntax"] == "swift" {
			if lines, ok := v["code"].([]any); ok {
				var b strings.Builder
				for _, l := range lines {
					s, _ := l.(string)
					b.WriteString(s)
					b.WriteByte('\n')
				}
				return append(dst, b.String())
			}
		}
		for _, child := range v {
			dst = appendListings(dst, child)
		}
	}
	return dst
}

func TestCorpusDeclarations(t *testing.T) {
	decls, _ := sampleCorpus(t, corpusDir(t))
	if len(decls) < 1000 {
		t.Fatalf("only %d declarations sampled", len(decls))
	}
	type tally struct{ decls, withSymbol, withConstraints, symbols, symbolsWithConstraints int }
	byLang := map[string]*tally{}
	for _, d := range decls {
		syms := ExtractDeclaration(d.text)
		tl := byLang[d.lang]
		if tl == nil {
			tl = &tally{}
			byLang[d.lang] = tl
		}
		tl.decls++
		if len(syms) > 0 {
			tl.withSymbol++
		}
		constrained := false
		for _, s := range syms {
			if s.Name == "" || s.Kind == "" || strings.ContainsAny(s.Signature, "\n\t") {
				t.Errorf("bad symbol %+v from %q", s, d.text)
			}
			tl.symbols++
			if len(s.GenericConstraints) > 0 {
				tl.symbolsWithConstraints++
				constrained = true
			}
		}
		if constrained {
			tl.withConstraints++
		}
	}
	// The fastest of three passes: the machine is shared, and one busy
	// moment should not fail the budget.
	elapsed := time.Duration(1 << 62)
	for range 3 {
		start := time.Now()
		for _, d := range decls {
			ExtractDeclaration(d.text)
		}
		elapsed = min(elapsed, time.Since(start))
	}
	perDecl := float64(elapsed.Nanoseconds()) / 1e3 / float64(len(decls))
	for lang, tl := range byLang {
		t.Logf("%-5s declarations %5d: with ≥1 symbol %5.1f%%, with generic constraints %4.1f%%; symbols %5d, with constraints %4.1f%%",
			lang, tl.decls, pct(tl.withSymbol, tl.decls), pct(tl.withConstraints, tl.decls),
			tl.symbols, pct(tl.symbolsWithConstraints, tl.symbols))
	}
	t.Logf("ExtractDeclaration: %.2f µs/declaration over %d declarations", perDecl, len(decls))

	if sw := byLang["swift"]; sw == nil || pct(sw.withSymbol, sw.decls) < 99 {
		t.Errorf("Swift declarations with a symbol below 99%%: %+v", sw)
	}
	if oc := byLang["occ"]; oc != nil && pct(oc.withSymbol, oc.decls) > 60 {
		t.Errorf("suspiciously many C/ObjC declarations became symbols: %+v", oc)
	}
	if perDecl > 20 {
		t.Errorf("%.1f µs/declaration, budget 20", perDecl)
	}
}

// TestCorpusTreeSitterOnDeclarations records why declarations are not parsed
// with tree-sitter: most bodiless declarations are ERROR trees, and a parse
// alone costs more than the whole hand-written extraction.
func TestCorpusTreeSitterOnDeclarations(t *testing.T) {
	decls, _ := sampleCorpus(t, corpusDir(t))
	parser := sitter.NewParser()
	parser.SetLanguage(swiftLanguage())
	defer parser.Close()
	var swiftDecls, clean int
	var elapsed time.Duration
	for _, d := range decls {
		if d.lang != "swift" {
			continue
		}
		swiftDecls++
		start := time.Now()
		tree, err := parser.ParseCtx(context.Background(), nil, []byte(d.text))
		if err != nil {
			t.Fatal(err)
		}
		hasError := tree.RootNode().HasError()
		elapsed += time.Since(start)
		tree.Close()
		if !hasError {
			clean++
		}
	}
	t.Logf("tree-sitter (%s) on %d Swift declarations: %.1f%% parse without ERROR, %.2f µs/declaration (parse only)",
		GrammarName, swiftDecls, pct(clean, swiftDecls), float64(elapsed.Nanoseconds())/1e3/float64(swiftDecls))
}

func TestCorpusCodeListings(t *testing.T) {
	_, listings := sampleCorpus(t, corpusDir(t))
	if len(listings) == 0 {
		t.Fatal("no Swift code listings sampled")
	}
	var withSymbols, symbols int
	var elapsed time.Duration
	for _, code := range listings {
		start := time.Now()
		syms := ExtractCode(code)
		elapsed += time.Since(start)
		if len(syms) > 0 {
			withSymbols++
		}
		for _, s := range syms {
			symbols++
			if s.Name == "" || s.Kind == "" {
				t.Errorf("bad symbol %+v", s)
			}
		}
	}
	t.Logf("ExtractCode on %d Swift listings: %.1f%% with ≥1 symbol, %d symbols, %.1f µs/listing",
		len(listings), pct(withSymbols, len(listings)), symbols, float64(elapsed.Nanoseconds())/1e3/float64(len(listings)))
}

// TestCorpusSampleCodeFiles runs ExtractCode over real Swift source files, a
// harsher input than page listings, to show it neither crashes nor stalls.
func TestCorpusSampleCodeFiles(t *testing.T) {
	root := filepath.Join(corpusDir(t), "sample-code")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("sample code not found at %q", root)
	}
	var files, withSymbols, symbols int
	var elapsed, worst time.Duration
	err := everyNthFile(root, ".swift", 5, func(data []byte) {
		start := time.Now()
		syms := ExtractCode(string(data))
		took := time.Since(start)
		elapsed += took
		worst = max(worst, took)
		files++
		if len(syms) > 0 {
			withSymbols++
		}
		symbols += len(syms)
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("ExtractCode on %d sample-code .swift files: %.1f%% with ≥1 symbol, %d symbols, %.0f µs/file, worst %v",
		files, pct(withSymbols, files), symbols, float64(elapsed.Nanoseconds())/1e3/float64(max(files, 1)), worst)
	if pct(withSymbols, files) < 90 {
		t.Errorf("only %.1f%% of Swift files gave symbols", pct(withSymbols, files))
	}
}

func pct(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return 100 * float64(part) / float64(whole)
}
