package verify

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/benchkit"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// The cost of one check: linear in the code's length for every shape an
// agent (or an attacker) can send, stopped by its context, and refused with
// ErrTooComplex past a budget. Costs are counted in steps (Analysis.Steps),
// which do not depend on the machine's load.

// memberChain is `let a = <root>.c.c.c…` with n members: 64 KiB holds about
// 32,000.
func memberChain(root string, n int) string { return "let a = " + root + strings.Repeat(".c", n) }

// costShapes are inputs whose cost grew with the square of their length
// before the analysis was made linear, each built with about n units.
var costShapes = map[string]func(n int) string{
	"member chain":               func(n int) string { return memberChain("b", n) },
	"member chain on a type":     func(n int) string { return memberChain("URLSession", n) },
	"chain of capitalised names": func(n int) string { return "let a = A" + strings.Repeat(".B", n) },
	"chain of calls":             func(n int) string { return "let a = b()" + strings.Repeat(".c()", n) },
	"chain of optionals":         func(n int) string { return "let a = b" + strings.Repeat("?.c!", n) },
	"chain of subscripts":        func(n int) string { return "let a = b" + strings.Repeat("[0].c", n) },
	"nested parentheses":         func(n int) string { return "let a = " + strings.Repeat("(", n) + "b" + strings.Repeat(")", n) + ".c" },
	"unclosed calls":             func(n int) string { return "let a = " + strings.Repeat("f(", n) },
	"unopened groups":            func(n int) string { return "let a = " + strings.Repeat(").c", n) },
	"types on one line":          func(n int) string { return "let a = " + strings.Repeat("A + ", n) + "A" },
	"imports on one line":        func(n int) string { return strings.Repeat("import A ", n) },
	"for without in":             func(n int) string { return strings.Repeat("for a ", n) },
	"#if on one line":            func(n int) string { return strings.Repeat("#if A ", n) },
	"if #available blocks":       func(n int) string { return strings.Repeat("if #available(iOS 18, *) { A.b }\n", n) },
	"parameters":                 func(n int) string { return "func f(a: (" + strings.Repeat("A, ", n) + "A)) {}" },
	"generic brackets":           func(n int) string { return "let a = " + strings.Repeat("A<", n) + strings.Repeat(">", n) + ".c" },
	"deprecated calls":           func(n int) string { return strings.Repeat("NavigationView(", n) },
	"interpolated comments":      func(n int) string { return `"` + strings.Repeat(`\(/*)`, n) + `"` },
	"nested interpolations":      func(n int) string { return strings.Repeat(`"\(`, n) + "a" + strings.Repeat(`)"`, n) },
	"interpolations in a string": func(n int) string { return "let s = \"\"\"\n" + strings.Repeat("\\(a)\n", n) + `"""` },
	"raw-string hashes":          func(n int) string { return strings.Repeat("#", n) },
	"labels":                     func(n int) string { return "f(" + strings.Repeat("a: 1, ", n) + ")" },
	"self chain in a subclass":   func(n int) string { return "class A: UIView { func f() { self" + strings.Repeat(".c", n) + " } }" },
	"bare chain in a subclass":   func(n int) string { return "class A: UIView { func f() { b" + strings.Repeat(".c", n) + " } }" },
	"trailing closures":          func(n int) string { return "a.f {}" + strings.Repeat(" b: {}", n) },
	"extension initializers":     func(n int) string { return strings.Repeat("extension A { init(x: Int) {} }\n", n) },
	"bound chains":               func(n int) string { return strings.Repeat("let x = T.a.b.c()\nx.d\n", n) },
	"leading dots in a literal":  func(n int) string { return "f(a: [" + strings.Repeat(".b, ", n) + "])" },
}

// analysisSteps analyses code as Check does and returns its cost.
func analysisSteps(t *testing.T, code string) int {
	t.Helper()
	a, err := analyze(context.Background(), code, true)
	if err == nil {
		err = a.run(func() {
			a.Refs()
			a.sites()
			a.extensionInits()
			a.chainDeclarations(map[string]bool{"A": true})
			for _, tg := range targetsOrNone(nil) {
				FindDeprecations(a, Deprecations, "", tg)
			}
		})
	}
	if err != nil {
		t.Fatalf("%d bytes: %v", len(code), err)
	}
	return a.Steps()
}

// TestAnalysisCostIsLinear: four times the input costs four times the
// steps, for a 32,000-member chain (64 KiB, the most verify_swift takes)
// and every other shape that once cost the square of its length.
func TestAnalysisCostIsLinear(t *testing.T) {
	for name, shape := range costShapes {
		t.Run(name, func(t *testing.T) {
			small, large := shape(2000), shape(8000)
			if name == "member chain" {
				small, large = memberChain("b", 8000), memberChain("b", 32000)
			}
			s, l := analysisSteps(t, small), analysisSteps(t, large)
			if ratio := float64(l) / float64(s); ratio > 4.5 {
				t.Errorf("%d bytes cost %d steps, %d bytes %d: ×%.1f for ×4 the input, want linear", len(small), s, len(large), l, ratio)
			}
		})
	}
}

// TestLongChainCheckCostsLittleCPU: the whole check of a 32,000-member
// chain, as verify_swift runs it, takes well under a second of CPU; it took
// about 10 s when each member walked the chain back to its root.
func TestLongChainCheckCostsLittleCPU(t *testing.T) {
	table := openTable(t, makeIndex(t, true))
	code := memberChain("b", 32000)
	before := benchkit.ProcessCPU(0)
	if _, err := (&Checker{Table: table}).Check(context.Background(), []File{{Code: code}}, Options{}); err != nil {
		t.Fatal(err)
	}
	// Generous: the check takes about 0.2 s; the bound only has to tell
	// linear from quadratic on a loaded machine.
	if cpu := benchkit.ProcessCPU(0) - before; cpu > 3*time.Second {
		t.Errorf("checking a 32,000-member chain took %s of CPU, want well under 3 s", cpu)
	}
}

// lookCounter is a context that reports itself cancelled from its n-th look
// on: it shows where a walk notices cancellation without racing a timer.
type lookCounter struct {
	context.Context
	looks, n int
}

func (c *lookCounter) Err() error {
	c.looks++
	if c.looks >= c.n {
		return context.Canceled
	}
	return nil
}

// TestAnalysisStopsWhenCancelled: a check whose context ends stops within
// one poll of the analysis, wherever it is, with the context's error, so a
// timed-out verify_swift call gives its worker back at once.
func TestAnalysisStopsWhenCancelled(t *testing.T) {
	code := memberChain("URLSession", 32000)
	if _, err := swiftlex.LexContext(&lookCounter{Context: context.Background(), n: 2}, code); !errors.Is(err, context.Canceled) {
		t.Errorf("lexing with a cancelled context: err = %v, want context.Canceled", err)
	}
	for _, looks := range []int{1, 3, 60} {
		ctx := &lookCounter{Context: context.Background(), n: looks}
		a, err := analyze(ctx, code, true)
		if err == nil {
			err = a.run(func() { a.Refs() })
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled at look %d: err = %v, want context.Canceled", looks, err)
		}
		if a.Steps() > looks*pollEvery {
			t.Errorf("cancelled at look %d: %d steps taken, want at most %d", looks, a.Steps(), looks*pollEvery)
		}
	}

	table := openTable(t, makeIndex(t, true))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (&Checker{Table: table}).Check(ctx, []File{{Code: code}}, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Check with a cancelled context: %v, want context.Canceled", err)
	}
}

// TestCheckRefusesWhatCostsTooMuch: nesting past the step budget and more
// distinct APIs than one check looks up are refused quickly, with a message
// that says what to shorten.
func TestCheckRefusesWhatCostsTooMuch(t *testing.T) {
	table := openTable(t, makeIndex(t, true))
	var distinct strings.Builder
	for i := range MaxReferences + 1 {
		fmt.Fprintf(&distinct, "let v%d = Api%d()\n", i, i)
	}
	for name, code := range map[string]string{
		"nested signatures":  strings.Repeat("init(", 16000),
		"nested bindings":    strings.Repeat("let .a(", 9000),
		"#available clauses": strings.Repeat("#available(iOS 17, *) ", 3000),
		"distinct APIs":      distinct.String(),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := (&Checker{Table: table}).Check(context.Background(), []File{{Code: code}}, Options{})
			if !errors.Is(err, ErrTooComplex) {
				t.Fatalf("err = %v, want ErrTooComplex", err)
			}
			if !strings.Contains(err.Error(), "smaller parts") {
				t.Errorf("the message does not say what to do: %v", err)
			}
		})
	}
}

// TestUnknownHugeNameCostsNoSpellings: a made-up member name thousands of
// characters long is reported unknown without trying its million one-edit
// spellings (each as long as the name) for near names.
func TestUnknownHugeNameCostsNoSpellings(t *testing.T) {
	table := openTable(t, makeIndex(t, true))
	code := "import NotIndexed\nlet a = URLSession." + strings.Repeat("q", 1000) + "\n"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	rep, err := (&Checker{Table: table}).Check(context.Background(), []File{{Code: code}}, Options{})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.References) == 0 {
		t.Fatal("the member is not reported")
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
		t.Errorf("checking one 1,000-character name allocated %d MiB, want a few", alloc>>20)
	}
}

// TestLexerStringEndingInAnInterpolation: a string cut off right after an
// interpolation's quote no longer runs the lexer past the end of the code
// (it panicked: slice bounds out of range).
func TestLexerStringEndingInAnInterpolation(t *testing.T) {
	for _, code := range []string{`"\("`, `"\("\`, `let s = "\(a) \("`} {
		ExtractRefs(code)
	}
}

// soupWords are fragments random snippets are made of: brackets, chains,
// declarations and directives in every order, most of it not Swift.
var soupWords = []string{"a", "b", "A", "View", ".", ".", ".", "(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "?", "!",
	"let", "func", "init", "for", "in", "import", "#if", "struct", "case", "self", "super", "\n", " ", "->", "1", "`t`", "$x",
	"@available(iOS 17, *)", "#available(iOS 18, *)", "if", "guard", "else", "Foundation", "T", "where", "some"}

func soup(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(soupWords[r.IntN(len(soupWords))])
		if r.IntN(3) == 0 {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// naiveMatch walks from the bracket at i by step to the one balancing it,
// as the analysis once did for every question.
func naiveMatch(toks []token, i, step int) int {
	other := map[string]string{"(": ")", "[": "]", "{": "}", "<": ">", ")": "(", "]": "[", "}": "{", ">": "<"}[toks[i].Text]
	depth, j := 0, i
	for ; j >= 0 && j < len(toks); j += step {
		switch {
		case toks[j].Kind != tokPunct:
		case toks[j].Text == toks[i].Text:
			depth++
		case toks[j].Text == other:
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return j
}

// naiveHolder is the opener of the group directly holding token j: the
// nearest opener before it that is still open at j. A "<" opens a group
// only as a generic's (written against the name before it), and is closed
// by a ">" at its own level or by the closer of the group around it (a
// comparison's "<" never is); "(", "[" and "{" are closed by any closer at
// their level, generics aside.
func naiveHolder(toks []token, j int) int {
	for k := j - 1; k >= 0; k-- {
		switch {
		case naiveGenericOpen(toks, k):
			if stillOpen(toks, k, j, true) {
				return k
			}
		case toks[k].Kind == tokPunct && (toks[k].Text == "(" || toks[k].Text == "[" || toks[k].Text == "{"):
			if stillOpen(toks, k, j, false) {
				return k
			}
		}
	}
	return -1
}

func naiveGenericOpen(toks []token, k int) bool {
	return toks[k].IsPunct("<") && !toks[k].SpaceBefore && k > 0 && toks[k-1].Kind == tokIdent
}

// stillOpen says whether the group opened at k is open at j.
func stillOpen(toks []token, k, j int, generic bool) bool {
	paren, gen := 0, 0
	for m := k + 1; m < j; m++ {
		t := toks[m]
		switch {
		case t.Kind != tokPunct:
		case t.Text == "(" || t.Text == "[" || t.Text == "{":
			paren++
		case t.Text == ")" || t.Text == "]" || t.Text == "}":
			if paren == 0 {
				return false
			}
			paren--
		case generic && paren == 0 && naiveGenericOpen(toks, m):
			gen++
		case generic && paren == 0 && t.Text == ">":
			if gen == 0 {
				return false
			}
			gen--
		}
	}
	return true
}

// naiveReceiver walks back from the dot to the chain's root.
func naiveReceiver(a *Analysis, dot int) receiver {
	r := receiver{root: -1, direct: true}
	for j := dot - 1; j >= 0; {
		t := a.toks[j]
		switch {
		case t.Kind == tokPunct && (t.Text == "?" || t.Text == "!") && !t.SpaceBefore:
			j--
		case t.Kind == tokPunct && (t.Text == ")" || t.Text == "]" || t.Text == "}"):
			o := naiveMatch(a.toks, j, -1)
			if o < 0 {
				return r
			}
			r.viaCall, r.direct = true, false
			if t.IsPunct(")") && a.toks[o].NLBefore {
				return r
			}
			j = o - 1
			for t.IsPunct("}") && a.tok(j).IsPunct(":") && a.tok(j-1).Kind == tokIdent && a.tok(j-2).IsPunct("}") {
				j -= 2
				if o = naiveMatch(a.toks, j, -1); o < 0 {
					return r
				}
				j = o - 1
			}
		case t.IsPunct(">"):
			o := naiveMatch(a.toks, j, -1)
			if o <= 0 || a.toks[o-1].Kind != tokIdent || !isCapitalized(a.toks[o-1].Text) {
				return r
			}
			j = o - 1
		case t.Kind == tokIdent, t.Is(tokKeyword, "self"), t.Is(tokKeyword, "super"), t.Is(tokKeyword, "Self"):
			if a.tok(j - 1).IsPunct(".") {
				r.direct = false
				j -= 2
				continue
			}
			r.root = j
			return r
		default:
			return r
		}
	}
	return r
}

// TestPrecomputedWalksMatchTheNaiveOnes: the brackets paired once, the
// group holders and the memoised receivers answer exactly what walking the
// tokens for each question answers, on random snippets.
func TestPrecomputedWalksMatchTheNaiveOnes(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 1))
	for range 3000 {
		code := soup(r, 1+r.IntN(80))
		a := Analyze(code)
		a.computeReceivers()
		for i, tok := range a.toks {
			if tok.Kind == tokPunct && strings.Contains("([{<", tok.Text) && len(tok.Text) == 1 {
				if got, want := a.closeOf(i), naiveMatch(a.toks, i, +1); got != want {
					t.Fatalf("%q: close of %d = %d, want %d", code, i, got, want)
				}
			}
			if tok.Kind == tokPunct && strings.Contains(")]}>", tok.Text) && len(tok.Text) == 1 {
				if got, want := a.openOf(i), naiveMatch(a.toks, i, -1); got != want {
					t.Fatalf("%q: open of %d = %d, want %d", code, i, got, want)
				}
			}
			if got, want := a.holder[i], naiveHolder(a.toks, i); got != want {
				t.Fatalf("%q: holder of %d = %d, want %d", code, i, got, want)
			}
			if tok.IsPunct(".") {
				// The chain links (link, prev) are checked by the typed
				// sites' tests; the walk's answer is root, viaCall, direct.
				got, want := a.receiverOf(i), naiveReceiver(a, i)
				got.link, got.prev, got.linkCall = 0, 0, false
				want.link, want.prev, want.linkCall = 0, 0, false
				if got != want {
					t.Fatalf("%q: receiver of the dot at %d = %+v, want %+v", code, i, got, want)
				}
			}
		}
	}
}
