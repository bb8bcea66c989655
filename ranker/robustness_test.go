package ranker_test

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/ranker"
)

// robustnessMinimum is the share of (query, frame) pairs that must keep
// their page in the top 10 (issue #27's acceptance point "Robustness").
const robustnessMinimum = 0.95

// robustnessStride samples every n-th row of the dev batteries: a few
// hundred queries, each searched four times, keep the test well under 30 s
// on the full index.
const robustnessStride = 8

// heldOutBattery names the batteries no tuning may look at: the final and
// last sets and the held-out halves of the source batteries.
var heldOutBattery = regexp.MustCompile(`-(final|last|heldout)$`)

// A frame wraps a query the way a person asking a question does. Each
// rotates through a few variants, chosen by the row's position, so the
// sample meets every one of them.
type frame struct {
	name string
	wrap func(query string, i int) string
}

var robustnessFrames = []frame{
	{"aside", func(q string, i int) string {
		asides := []string{"(iOS 17)", "(SwiftUI)", "(Swift 5.9)", "(Xcode 15)", "(iOS 16+, macOS)", "(UIKit)"}
		return q + " " + asides[i%len(asides)]
	}},
	{"tag", func(q string, i int) string {
		switch i % 4 {
		case 0:
			return "[swift] " + q
		case 1:
			return "[ios] " + q
		case 2:
			return "[swift] [swiftui] " + q
		}
		return q + " [duplicate]"
	}},
	{"question", func(q string, i int) string {
		if nameLike(q) {
			names := []string{"What is %s?", "What is %s in Swift?", "what's %s", "%s in Swift?"}
			return fmt.Sprintf(names[i%len(names)], q)
		}
		frames := []string{"How do I %s in Swift?", "How can I %s?", "Is it possible to %s in iOS?", "What is the best way to %s?", "how to %s using Swift 5"}
		return fmt.Sprintf(frames[i%len(frames)], q)
	}},
}

// realTitleFrames wrap a query as real questions' titles do: a name or a
// version before a colon or a dash, a symptom around the words or after a
// name, a platform at the end, a plea for help or ideas (round
// thirty-seven); what is asked about a name, a framework or a time after
// it, the way a request asks to be done, a note in an aside, a plea to
// explain, a pasted page's site (round thirty-eight). Written after
// reading the titles of the realq dev sets, never their rows' results.
var realTitleFrames = []frame{
	{"topic", func(q string, i int) string {
		if nameLike(q) {
			f := []string{"%s: how does it work?", "%s: not working as expected", "%s: what am I missing?"}
			return fmt.Sprintf(f[i%len(f)], q)
		}
		f := []string{"iOS 17: %s", "SwiftUI: %s", "Swift 5: %s", "Xcode 15 - %s", "macOS: %s", "watchOS 10 - %s", "Swift newbie: %s"}
		return fmt.Sprintf(f[i%len(f)], q)
	}},
	{"symptom", forms(nil, "%s not working", "Problem with %s", "%s, what am I doing wrong?", "Trouble trying to %s", "%s issue")},
	{"name's symptom", forms(nameLike, "%s not being called", "%s crashes", "%s doesn't work anymore", "%s returns wrong value",
		"%s is not getting called", "Why does %s crash?", "Why isn't %s called?")},
	{"name asked about", forms(nameLike, "When is %s called?", "What calls %s?", "How do I use %s in Swift?", "Why does %s get called twice?",
		"How to use %s", "What does %s do?", "What is the purpose of %s?", "What is %s used for?")},
	{"framework after", forms(nameLike, "%s in SwiftUI", "%s with UIKit", "Using %s with SwiftUI", "%s in SwiftUI app", "%s using Combine")},
	{"way to", forms(requestInWords, "Simple way to %s", "Easiest way to %s", "Quickest way to %s?", "Proper way to %s", "%s without storyboard",
		"%s easily", "Correct way to %s in 2024")},
	{"explain", forms(nameLike, "Can someone explain %s?", "%s in Swift explained", "%s - what is it and when to use it?",
		"Explain %s like I'm five", "Confused about %s")},
	{"since", forms(nil, "iOS 17 %s", "In iOS 17, %s", "Since iOS 17 %s", "After updating to Xcode 15, %s", "Swift 6: %s", "%s after iOS 18 update")},
	{"trouble with a name", forms(nameLike, "Getting an error when using %s", "Crash when calling %s", "Warning about %s", "Error with %s",
		"Exception in %s")},
	{"site suffix", forms(nil, "%s - Stack Overflow", "%s - Using Swift - Swift Forums", "%s | Apple Developer Forums", "%s - swift - Stack Overflow",
		"%s – SwiftUI – Apple Developer Forums")},
	{"note aside", forms(nil, "%s (not storyboard)", "%s (no third party libraries)", "%s (with example)", "%s (beginner)", "%s (solved)",
		"%s (without storyboard)")},
	{"platform after", forms(nil, "%s on macOS 14", "%s for watchOS", "%s in iOS 18 beta", "%s with Swift 6")},
	{"plea", forms(nil, "Can anyone help me %s", "I want to %s. Any ideas?", "%s - best practice?", "Any way to %s?")},
	{"title case", func(q string, i int) string {
		if !requestInWords(q) {
			return ""
		}
		f := []string{"%s", "How to %s?", "%s in Swift"}
		return titleCased(fmt.Sprintf(f[i%len(f)], q))
	}},
}

// titleCased writes a title in title case, as many real questions' titles
// are: each word's first letter capital but for the small words a title
// leaves in lower case after its first ("Run Code After a Delay").
func titleCased(s string) string {
	small := map[string]bool{"a": true, "an": true, "the": true, "and": true, "or": true, "of": true, "in": true,
		"on": true, "at": true, "to": true, "for": true, "with": true, "by": true, "from": true, "as": true}
	words := strings.Fields(s)
	for i, w := range words {
		if i > 0 && small[w] || w == "" {
			continue
		}
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// forms wraps the queries only admits (every query when only is nil) in
// the forms in turn; a query it does not admit is left out ("").
func forms(only func(string) bool, fs ...string) func(string, int) string {
	return func(q string, i int) string {
		if only != nil && !only(q) {
			return ""
		}
		return fmt.Sprintf(fs[i%len(fs)], q)
	}
}

// requestInWords: three words or more, no code, in lower case from the
// first letter on ("let the user pick a photo"), not a name.
func requestInWords(q string) bool {
	return len(strings.Fields(q)) >= 3 && !strings.ContainsAny(q, "(){}=:'\"") && q == strings.ToLower(q[:1])+q[1:]
}

// nameLike: one or two words without spaces of code, what a person asks
// "What is …?" about (URLSession, "URLSession dataTask").
func nameLike(q string) bool {
	return len(strings.Fields(q)) <= 2 && !strings.ContainsAny(q, "(){}=")
}

// TestRobustnessRealIndex is issue #27's robustness property on the full
// index ($CUPERTINO_DB): for a sample of the dev batteries' rows whose top
// 10 holds a relevant page P, a parenthesised aside, a bracketed tag or a
// question frame around the query keeps P in the top 10 in at least
// robustnessMinimum of the cases. It logs the share per frame and the
// pairs that lose their page.
func TestRobustnessRealIndex(t *testing.T) {
	keptShare(t, robustnessFrames, robustnessMinimum)
}

// typoMinimum is the share of (query, typo) pairs that must keep their
// page in the top 10: a misspelt English word is respelled as the corpus
// writes it (respell), so the query finds what it found typed right.
const typoMinimum = 0.90

// TestRealTitleFramesRealIndex is the robustness property for the frames
// of real titles (realTitleFrames): without the name's symptoms, 90.7% of
// the pairs kept their page at 27a9848, before the question form read a
// plea and Xcode's version as a tag, 98.7% after; the name's symptoms
// 72.3% at fe0a637, before "not called", "crashes" and "returns wrong
// value" after a name were read as scaffolding, 89.2% after (a name in
// lower case, "padding", keeps its symptom); the platform a title ends on
// 249/282 at a1f6ed1, 278/282 once it went with its preposition; a name
// asked about ("When is X called?", "How do I use X in Swift?") 75.9% at
// 9c0c8ef (63/83), 83/83 once calledRE and useNameRE read them ("What
// does X do?" and its kin alone: 75/83 before purposeRE, 80/83 after); a
// framework named after a name ("WKWebView in SwiftUI") 63/83 at bb4599a,
// 79/83 once its preposition went with it and the sentence was counted
// without it; the way a request asks to be done ("Easiest way to …",
// "… without storyboard", "… in 2024") 32/41 at b20c7d7, 38/41 once read
// as scaffolding; an aside that notes what the asker rules out or who
// asks ("(not storyboard)", "(with example)") 259/282 at 2fb643c, 277/282
// once such an aside went; a plea to explain a name ("… explained",
// "Explain … like I'm five", "… - what is it?") 73/83 at bb64c82, 82/83
// after ("Understanding …" was tried too: realq-dev7 lost three ranks on
// "Understanding Task cancellation", not kept); a pasted page title's site
// ("… - Stack Overflow", "… | Apple Developer Forums") 241/282 at 289a4d4,
// 276/282 once siteSuffixRE read it; when the trouble began ("In iOS 17,
// …", "After updating to Xcode 15, …", "… after iOS 18 update") 260/282
// at 1f7b356, 278/282 once read as scaffolding; trouble with a name
// ("Warning about X", "Crash when calling X") 69/83 at 0dec6b8, 81/83 once
// troubleWithNameRE read it; a request in title case ("Run Code After a
// Delay", also framed "How to …?" and "… in Swift") 28/35 at 507dbd1
// without the title-case reading, 31/35 with it.
func TestRealTitleFramesRealIndex(t *testing.T) {
	keptShare(t, realTitleFrames, robustnessMinimum)
}

// typoFrames misspell the longest lower-case word of seven letters or more
// of a query (the first of the longest), as people do: a letter dropped or
// two letters swapped in its middle. A query without such a word is left
// out ("").
var typoFrames = []frame{
	{"dropped", func(q string, i int) string {
		return misspell(q, func(w string) string { m := len(w) / 2; return w[:m] + w[m+1:] })
	}},
	{"swapped", func(q string, i int) string {
		return misspell(q, func(w string) string { m := len(w) / 2; return w[:m-1] + w[m:m+1] + w[m-1:m] + w[m+1:] })
	}},
}

var longLowerWord = regexp.MustCompile(`\b[a-z]{7,}\b`)

// misspell applies typo to the first longest lower-case word of q of seven
// letters or more, or returns "" when q has none or the typo changes
// nothing (a doubled letter swapped).
func misspell(q string, typo func(string) string) string {
	at := []int(nil)
	for _, span := range longLowerWord.FindAllStringIndex(q, -1) {
		if at == nil || span[1]-span[0] > at[1]-at[0] {
			at = span
		}
	}
	if at == nil {
		return ""
	}
	w := q[at[0]:at[1]]
	if typo(w) == w {
		return ""
	}
	return q[:at[0]] + typo(w) + q[at[1]:]
}

// TestTypoRobustnessRealIndex: for the sample of dev rows whose top 10
// holds a relevant page P and that hold a lower-case word of seven letters
// or more, that word misspelt (typoFrames) keeps P in the top 10 in at
// least typoMinimum of the cases.
func TestTypoRobustnessRealIndex(t *testing.T) {
	keptShare(t, typoFrames, typoMinimum)
}

// keptShare searches a sample of the dev batteries on the full index
// ($CUPERTINO_DB), then each row whose top 10 holds a relevant page P
// wrapped in each of frames (a frame's "" leaves the row out), and fails
// when fewer than minimum of the (query, frame) pairs keep P in the top 10.
// It logs the share per frame and the pairs that lose their page.
func keptShare(t *testing.T, frames []frame, minimum float64) {
	store := indextest.OpenFull(t)
	batteries := robustnessBatteries(t)
	ctx := context.Background()
	engine, err := ranker.New(ctx, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer engine.Close()
	run := func(bs []search.Battery) ([]search.CaseResult, error) {
		rep, err := search.Run(ctx, search.Config{Label: "robustness", Searcher: engine, Symbols: search.StoreSymbols{Store: store}, Batteries: bs})
		if err != nil {
			return nil, err
		}
		return rep.Cases, nil
	}
	// The rows whose top 10 holds a relevant page, and that page.
	base, err := run(batteries)
	if err != nil {
		t.Fatal(err)
	}
	page := map[string]string{} // battery:line -> P
	var hits []search.Battery
	for _, b := range batteries {
		kept := search.Battery{Name: b.Name, Kind: b.Kind, Scope: b.Scope}
		for _, c := range b.Cases {
			if p := firstRelevant(caseOf(base, b.Name, c.Line), 10); p != "" {
				page[key(b.Name, c.Line)] = p
				kept.Cases = append(kept.Cases, c)
			}
		}
		if len(kept.Cases) > 0 {
			hits = append(hits, kept)
		}
	}
	// The frames run side by side: the engine is safe for concurrent use,
	// and the test's time is mostly waiting on the index.
	framedRuns := make([][]search.CaseResult, len(frames))
	errs := make([]error, len(frames))
	var wg sync.WaitGroup
	for fi, fr := range frames {
		framed := make([]search.Battery, len(hits))
		n := 0
		for i, b := range hits {
			framed[i] = b
			framed[i].Cases = nil
			for _, c := range b.Cases {
				if c.Query = fr.wrap(c.Query, n); c.Query != "" {
					framed[i].Cases = append(framed[i].Cases, c)
				}
				n++
			}
		}
		wg.Go(func() { framedRuns[fi], errs[fi] = run(framed) })
	}
	wg.Wait()
	total, keptAll := 0, 0
	for fi, fr := range frames {
		if errs[fi] != nil {
			t.Fatal(errs[fi])
		}
		kept, n := 0, len(framedRuns[fi])
		for _, cr := range framedRuns[fi] {
			p := page[key(cr.Battery, cr.Line)]
			if inTop(cr.URIs, p, 10) {
				kept++
				continue
			}
			t.Logf("lost %-8s %-16s line %3d: %q loses %s", fr.name, cr.Battery, cr.Line, cr.Query, p)
		}
		t.Logf("robustness %-8s %d/%d keep their page in the top 10 (%.1f%%)", fr.name, kept, n, 100*float64(kept)/float64(max(n, 1)))
		total += n
		keptAll += kept
	}
	share := float64(keptAll) / float64(max(total, 1))
	t.Logf("robustness: %d/%d (query, frame) pairs keep their page in the top 10 (%.1f%%) over %d queries", keptAll, total, 100*share, len(page))
	if share < minimum {
		t.Errorf("robustness share %.3f, want at least %.2f", share, minimum)
	}
}

// robustnessBatteries loads every robustnessStride-th row of the dev
// batteries: ../shared/quality and eval/batteries without the held-out
// files, which are never opened.
func robustnessBatteries(t *testing.T) []search.Battery {
	t.Helper()
	var paths []string
	for _, dir := range []string{testenv.QualityDir(t), filepath.Join("..", "eval", "batteries")} {
		found, err := filepath.Glob(filepath.Join(dir, "*.tsv"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range found {
			if !heldOutBattery.MatchString(strings.TrimSuffix(filepath.Base(p), ".tsv")) {
				paths = append(paths, p)
			}
		}
	}
	var out []search.Battery
	row := 0
	for _, p := range paths {
		b, err := search.LoadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var sample []search.Case
		for _, c := range b.Cases {
			if row%robustnessStride == 0 {
				sample = append(sample, c)
			}
			row++
		}
		if len(sample) > 0 {
			b.Cases = sample
			out = append(out, b)
		}
	}
	return out
}

func key(battery string, line int) string { return fmt.Sprintf("%s:%d", battery, line) }

func caseOf(cases []search.CaseResult, battery string, line int) search.CaseResult {
	for _, c := range cases {
		if c.Battery == battery && c.Line == line {
			return c
		}
	}
	return search.CaseResult{}
}

// firstRelevant is the first result within the top k the battery's rule
// judges relevant, or "".
func firstRelevant(c search.CaseResult, k int) string {
	for i, uri := range c.URIs {
		if i == k {
			break
		}
		if i < len(c.Relevant) && c.Relevant[i] {
			return uri
		}
	}
	return ""
}

func inTop(uris []string, uri string, k int) bool {
	for i, u := range uris {
		if i == k {
			break
		}
		if u == uri {
			return true
		}
	}
	return false
}
