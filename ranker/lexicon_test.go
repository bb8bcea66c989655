package ranker

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/ranker/reading"
)

func TestLexiconMatchesWholePhrasesByStem(t *testing.T) {
	lx := newLexicon([]taskIdea{
		{[]string{"blink"}, []string{"kit/blinker"}},
		{[]string{"lamp glow", "light shine"}, []string{"kit/lamp", "kit/blinker"}},
		{[]string{"glow"}, []string{"other://glow"}},
		{[]string{"localize"}, []string{"kit/localizer"}},
	})
	for _, tc := range []struct {
		query string
		want  []string
	}{
		// Inflections meet by stem; stop words do not count.
		{"make the lamps glowing", []string{"apple-docs://kit/lamp", "apple-docs://kit/blinker", "other://glow"}},
		// One word of a two-word phrase is not enough.
		{"a lamp that hums", nil},
		{"blinking cursor", []string{"apple-docs://kit/blinker"}},
		// A stem that lost a derivational ending needs the word's own
		// beginning: "localize" is not "local".
		{"a local lamp", nil},
		{"localization of the lamp", []string{"apple-docs://kit/localizer"}},
		// The longer match leads even when a shorter idea comes first in
		// the table, and a page named twice appears once.
		{"blink while the light shines", []string{"apple-docs://kit/lamp", "apple-docs://kit/blinker"}},
		{"", nil},
	} {
		if got := lx.uris(strings.Fields(tc.query)); !slices.Equal(got, tc.want) {
			t.Errorf("uris(%q) = %q, want %q", tc.query, got, tc.want)
		}
	}
}

// TestLexiconLooseMatch: a request holding two rare words of an idea's
// phrases matches it even when no phrase is whole in it, and a common word
// of the table is not enough.
func TestLexiconLooseMatch(t *testing.T) {
	ideas := []taskIdea{
		{[]string{"badge count", "app icon number"}, []string{"kit/badge"}},
	}
	// Filler ideas make "app" common and "icon", "badge" rare.
	for i := range 200 {
		ideas = append(ideas, taskIdea{[]string{fmt.Sprintf("app filler%d", i)}, []string{fmt.Sprintf("kit/filler%d", i)}})
	}
	lx := newLexicon(ideas)
	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"put a red badge on the icon", []string{"apple-docs://kit/badge"}},
		{"number on the app icon", []string{"apple-docs://kit/badge"}},
		// One rare word is not a match, nor a rare word with a common one.
		{"a nice icon", nil},
		{"an app icon", nil},
	} {
		got := lx.uris(strings.Fields(tc.query))
		if len(tc.want) == 0 && len(got) > 0 && got[0] == "apple-docs://kit/badge" {
			t.Errorf("uris(%q) = %q, want no badge", tc.query, got)
		}
		if len(tc.want) > 0 && (len(got) == 0 || got[0] != tc.want[0]) {
			t.Errorf("uris(%q) = %q, want %q first", tc.query, got, tc.want[0])
		}
	}
}

// TestLexiconWholeAndProblemIdeas: an idea marked whole matches by a whole
// phrase only; an idea of a problem votes only in a request that reports
// one; and neither kind changes the rarity the ordinary ideas' loose match
// weighs, so a task request ranks its ideas as it would without them.
func TestLexiconWholeAndProblemIdeas(t *testing.T) {
	ideas := []taskIdea{
		{[]string{"badge count", "app icon number"}, []string{"kit/badge"}},
		{[]string{"let var difference"}, []string{"book://basics"}},
		{[]string{"badge missing", "icon number wrong"}, []string{"kit/badgepermission"}},
	}
	for i := range 200 {
		ideas = append(ideas, taskIdea{[]string{fmt.Sprintf("app filler%d", i)}, []string{fmt.Sprintf("kit/filler%d", i)}})
	}
	n := len(ideas)
	whole, problem := make([]bool, n), make([]bool, n)
	whole[1], problem[2] = true, true
	lx := newLexicon(ideas, ideaFlags{whole: whole, problem: problem})
	for _, tc := range []struct {
		query   string
		problem bool
		want    string // the first page, "" for none of the three ideas'
	}{
		{"difference between let and var", false, "book://basics"},
		// A few of a whole idea's words are no match.
		{"let the user pick a var", false, ""},
		{"icon number shows wrong count", true, "apple-docs://kit/badgepermission"},
		// The same words asking for the job: the problem's idea stays out.
		{"icon number shows wrong count", false, "apple-docs://kit/badge"},
	} {
		got := lx.urisFor(strings.Fields(tc.query), tc.problem)
		first := ""
		if len(got) > 0 && !strings.Contains(got[0], "filler") {
			first = got[0]
		}
		if first != tc.want {
			t.Errorf("urisFor(%q, %v) = %q, want %q first", tc.query, tc.problem, got, tc.want)
		}
	}
	// A whole idea is scored as the others are: its whole phrase and its
	// matched words' worth, which ranks it among the ordinary ideas.
	if ideas, scores := lx.rankIdeas(lx.requestWords(strings.Fields("difference between let and var")), false); len(ideas) == 0 || ideas[0] != 1 || scores[0] <= lexiconWholeWeight*3 {
		t.Errorf("let and var: ideas %v scores %v, want idea 1 scored above its whole phrase's %v", ideas, scores, lexiconWholeWeight*3)
	}
	// The ordinary ideas' rarity is theirs alone.
	plain := newLexicon(append([]taskIdea{ideas[0]}, ideas[3:]...))
	if lx.ordinaryIdeas != len(plain.ideas) {
		t.Errorf("ordinary ideas %d, want %d", lx.ordinaryIdeas, len(plain.ideas))
	}
	for _, q := range []string{"number on the app icon", "put a red badge on the icon"} {
		_, got := lx.rankIdeas(lx.requestWords(strings.Fields(q)), false)
		_, want := plain.rankIdeas(plain.requestWords(strings.Fields(q)), false)
		if len(got) == 0 || len(want) == 0 || got[0] != want[0] {
			t.Errorf("%q: best score %v, without the other kinds %v", q, got, want)
		}
	}
}

// TestReportsProblem: a request reports a problem when a question's
// scaffolding was stripped from it or a word of it says something is
// wrong; a request for a job does not.
func TestReportsProblem(t *testing.T) {
	for _, tc := range []struct {
		terms []string
		want  bool
	}{
		{strings.Fields("tap gesture not recognised"), true},
		{strings.Fields("app crashes on launch"), true},
		{strings.Fields("my app is killed for taking too long to launch"), true},
		{strings.Fields("scroll view pauses the timer"), true},
		{strings.Fields("launch an app from a widget"), false},
		{strings.Fields("schedule a local notification"), false},
	} {
		if got := reportsProblem(context.Background(), tc.terms); got != tc.want {
			t.Errorf("reportsProblem(%q) = %v, want %v", tc.terms, got, tc.want)
		}
	}
	framed := withQuestion(context.Background(), ReadQuestionForm("Why is my label empty?", func(string) bool { return false }), ClassWords)
	if !reportsProblem(framed, []string{"label"}) {
		t.Error("a question whose scaffolding was stripped reports a problem")
	}
}

// TestLexiconJoinedFormsAndVotes: words written apart or hyphenated meet
// the phrases' joined forms, and a page two matched ideas name outranks the
// first idea's second page.
func TestLexiconJoinedFormsAndVotes(t *testing.T) {
	lx := newLexicon([]taskIdea{
		{[]string{"launch login"}, []string{"kit/loginitem"}},
		{[]string{"popup menu"}, []string{"kit/popupmenu"}},
		{[]string{"long press"}, []string{"kit/longpress"}},
		{[]string{"spinner"}, []string{"kit/appkitspinner", "kit/sharedspinner"}},
		{[]string{"loading indicator"}, []string{"kit/sharedspinner", "kit/bar"}},
	})
	for _, tc := range []struct {
		query string
		want  string
	}{
		{"launch the app when the user logs in", "apple-docs://kit/loginitem"},
		{"show a pop-up menu", "apple-docs://kit/popupmenu"},
		{"a pop up menu", "apple-docs://kit/popupmenu"},
		{"long-press a photo", "apple-docs://kit/longpress"},
		{"a loading indicator like a spinner", "apple-docs://kit/sharedspinner"},
	} {
		if got := lx.uris(strings.Fields(tc.query)); len(got) == 0 || got[0] != tc.want {
			t.Errorf("uris(%q) = %q, want %s first", tc.query, got, tc.want)
		}
	}
	if got := requestForms([]string{"Logs", "in", "with", "a", "pop-up"}); !slices.Contains(got, "login") || !slices.Contains(got, "popup") || !slices.Contains(got, "pop") {
		t.Errorf("requestForms = %q, want login, popup and pop among them", got)
	}
}

func TestLexiconCapsIdeasAndPages(t *testing.T) {
	var ideas []taskIdea
	for _, w := range []string{"alpha", "beta", "gamma", "delta"} {
		ideas = append(ideas, taskIdea{[]string{w}, []string{"kit/" + w + "1", "kit/" + w + "2", "kit/" + w + "3"}})
	}
	got := newLexicon(ideas).uris([]string{"alpha", "beta", "gamma", "delta"})
	if len(got) != lexiconPages {
		t.Fatalf("uris = %d pages, want the cap %d: %q", len(got), lexiconPages, got)
	}
	for _, u := range got {
		if strings.Contains(u, "delta") {
			t.Errorf("a fourth idea contributed %s; only %d ideas may", u, lexiconIdeas)
		}
	}
}

// TestTaskLexiconData checks the table's rules: every idea has a phrase
// with content and a page, and a one-word phrase is never a word so common
// in requests that it would fire on most of them.
func TestTaskLexiconData(t *testing.T) {
	generic := map[string]bool{}
	for _, w := range strings.Fields("view data list text file app user background show get image network save load time screen make use add create set change update display open") {
		generic[stem(w)] = true
	}
	lx := newLexicon(taskLexicon())
	phrases := map[int32]int{}
	for n, p := range lx.spans {
		phrases[p.idea]++
		if words := lx.phrase(int32(n)); len(words) == 1 && generic[lx.stems[words[0].stem]] {
			t.Errorf("idea %d (%q) has a one-word phrase of stem %q, too common to mean one API", p.idea, taskLexicon()[p.idea].phrases, lx.stems[words[0].stem])
		}
	}
	for i, idea := range taskLexicon() {
		if phrases[int32(i)] == 0 {
			t.Errorf("idea %d (%q) has no phrase with a content word", i, idea.phrases)
		}
		if len(idea.apis) == 0 {
			t.Errorf("idea %d (%q) names no page", i, idea.phrases)
		}
		for _, api := range idea.apis {
			if api != strings.ToLower(api) && !strings.Contains(api, "://") {
				t.Errorf("idea %d: page %q is not a lower-case apple-docs path", i, api)
			}
		}
	}
}

// TestTaskLexiconPagesExistRealIndex: every page the lexicon names is in the
// full index, so a renamed or mistyped path fails here instead of silently
// adding nothing.
func TestTaskLexiconPagesExistRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	ctx := context.Background()
	for _, idea := range taskLexicon() {
		for _, api := range idea.apis {
			uri := lexiconURI(api)
			if _, err := store.Document(ctx, uri); err != nil {
				t.Errorf("lexicon page %s (idea %q): %v", uri, idea.phrases[0], err)
			}
		}
	}
}

// TestLexiconIndexMatchesLists: index's flat lists equal the lists built
// one append at a time, over the whole table.
func TestLexiconIndexMatchesLists(t *testing.T) {
	lx := compiledLexicon()
	byStem := make([][]int32, len(lx.stems))
	ideasByStem := make([][]int32, len(lx.stems))
	bags := make([][]int32, len(lx.ideas))
	start := int32(0)
	for n, p := range lx.spans {
		for x := start; x < p.end; x++ {
			id := lx.words[x].stem
			byStem[id] = append(byStem[id], int32(n))
			if !slices.ContainsFunc(bags[p.idea], func(y int32) bool { return lx.words[y].stem == id }) {
				bags[p.idea] = append(bags[p.idea], x)
				ideasByStem[id] = append(ideasByStem[id], p.idea)
			}
		}
		start = p.end
	}
	for id := range lx.stems {
		if got := list(lx.byStem, lx.byStemAt, int32(id)); !slices.Equal(got, byStem[id]) {
			t.Fatalf("byStem[%d] = %v, want %v", id, got, byStem[id])
		}
		if got := list(lx.ideasByStem, lx.ideasByStemAt, int32(id)); !slices.Equal(got, ideasByStem[id]) {
			t.Fatalf("ideasByStem[%d] = %v, want %v", id, got, ideasByStem[id])
		}
	}
	for i := range lx.ideas {
		if got := list(lx.bags, lx.bagsAt, int32(i)); !slices.Equal(got, bags[i]) {
			t.Fatalf("bags[%d] = %v, want %v", i, got, bags[i])
		}
	}
}

// BenchmarkLexiconURIs is what each request pays to match it.
func BenchmarkLexiconURIs(b *testing.B) {
	lx := newLexicon(taskLexicon())
	terms := strings.Fields("show a spinner while the content of the screen loads from the network")
	for b.Loop() {
		lx.uris(terms)
	}
}

// TestReadingNamesTheLexiconIdeas: the reading --explain prints names the
// ideas a request matched, and none for a name or with the lexicon off.
func TestReadingNamesTheLexiconIdeas(t *testing.T) {
	e := &Engine{}
	if got := e.lexiconIdeas(context.Background(), "show a spinner while the feed loads"); !slices.Contains(got, "spinner") {
		t.Errorf("lexiconIdeas = %q, want the spinner idea", got)
	}
	if got := e.lexiconIdeas(context.Background(), "UIActivityIndicatorView"); len(got) != 0 {
		t.Errorf("a name matched ideas %q", got)
	}
	e.NoLexicon = true
	if got := e.lexiconIdeas(context.Background(), "show a spinner while the feed loads"); len(got) != 0 {
		t.Errorf("with the lexicon off, ideas %q", got)
	}
}

// The task lexicon: its size and a checksum of its ideas (every phrase and
// page, in order) and of its compiled form (stems, words, phrases, and the
// ideas matched by whole phrases only or of a problem). Files 1 to 5 held
// 3,342 ideas; 6-objc-swift.tsv, 7-symptoms.tsv, 8-language.tsv and
// 9-api-questions.tsv added 945. An edit of the files changes them on purpose: update them
// with the figures the failure prints.
const (
	pinnedLexiconIdeas    = 5271
	pinnedLexiconStems    = 4997
	pinnedLexiconWords    = 49669
	pinnedLexiconPhrases  = 21059
	pinnedLexiconSum      = "2d710747c1c24048d6643b87cdce0c5b89b206f1b587940cce56d40a244fdf65"
	pinnedCompiledLexicon = "28647c9d643f64665b9793570b2905aab591377b1c0205986a81f96575476321"
)

// TestTaskLexiconIsPinned: the lexicon the files load is the one the Go
// literals held, idea for idea, and compiles to the same stems and words.
func TestTaskLexiconIsPinned(t *testing.T) {
	ideas := taskLexicon()
	if got := lexiconSum(ideas); len(ideas) != pinnedLexiconIdeas || got != pinnedLexiconSum {
		t.Errorf("the lexicon files load %d ideas, checksum %s; pinned %d, %s", len(ideas), got, pinnedLexiconIdeas, pinnedLexiconSum)
	}
	lx := compiledLexicon()
	if len(lx.stems) != pinnedLexiconStems || len(lx.words) != pinnedLexiconWords || len(lx.spans) != pinnedLexiconPhrases {
		t.Errorf("compiled: %d stems, %d words, %d phrases; pinned %d, %d, %d",
			len(lx.stems), len(lx.words), len(lx.spans), pinnedLexiconStems, pinnedLexiconWords, pinnedLexiconPhrases)
	}
	if got := compiledLexiconSum(lx); got != pinnedCompiledLexicon {
		t.Errorf("compiled lexicon checksum %s, pinned %s", got, pinnedCompiledLexicon)
	}
}

func lexiconSum(ideas []taskIdea) string {
	h := sha256.New()
	for _, idea := range ideas {
		fmt.Fprintf(h, "%s\x1e%s\n", strings.Join(idea.phrases, "\x1f"), strings.Join(idea.apis, "\x1f"))
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func compiledLexiconSum(lx *lexicon) string {
	h := sha256.New()
	for _, s := range lx.stems {
		fmt.Fprintf(h, "%s\n", s)
	}
	for _, w := range lx.words {
		fmt.Fprintf(h, "%d %s\n", w.stem, w.prefix)
	}
	for _, s := range lx.spans {
		fmt.Fprintf(h, "%d %d\n", s.end, s.idea)
	}
	for i := range lx.ideas {
		fmt.Fprintf(h, "%t %t\n", lx.wholeIdea(i), lx.problemIdea(i))
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// TestParseLexiconRejectsMalformedLines: a line that is no idea fails the
// load with its file and line, instead of dropping the idea quietly.
func TestParseLexiconRejectsMalformedLines(t *testing.T) {
	ideas, err := parseLexicon("ok.tsv", "# title\n\nspinner | loading indicator\tswiftui/progressview uikit/x\n")
	if err != nil || len(ideas) != 1 || !slices.Equal(ideas[0].phrases, []string{"spinner", "loading indicator"}) ||
		!slices.Equal(ideas[0].apis, []string{"swiftui/progressview", "uikit/x"}) {
		t.Fatalf("parseLexicon = %+v, %v", ideas, err)
	}
	for _, bad := range []string{
		"spinner swiftui/progressview",           // no tab
		"spinner\t",                              // no page
		"spinner | \tswiftui/progressview",       // an empty phrase
		"spinner\tswiftui/progressview\tuikit/x", // a second tab
	} {
		if _, err := parseLexicon("bad.tsv", "# ok\n"+bad+"\n"); !errors.Is(err, errLexiconLine) || !strings.Contains(err.Error(), "bad.tsv:2") {
			t.Errorf("%q: error %v, want errLexiconLine at bad.tsv:2", bad, err)
		}
	}
}

// BenchmarkLexiconIndex is what the first request that reads the lexicon
// pays to index the compiled words.
func BenchmarkLexiconIndex(b *testing.B) {
	for b.Loop() {
		lx := &lexicon{ideas: compiledIdeas[:], stems: compiledStems[:], words: compiledWords[:], spans: compiledSpans[:]}
		lx.index()
	}
}

// BenchmarkCompileLexiconFiles is what lexicon_compiled.go saves each
// process: reading the .tsv files and compiling them.
func BenchmarkCompileLexiconFiles(b *testing.B) {
	for b.Loop() {
		ideas, _, err := readLexicon(os.DirFS("."), LexiconDir)
		if err != nil {
			b.Fatal(err)
		}
		newLexicon(ideas)
	}
}

// TestCompiledLexiconIsCurrent: lexicon_compiled.go is what the .tsv files
// compile to. It does not rewrite the file: after editing ranker/lexicon,
// run `go generate ./ranker`.
func TestCompiledLexiconIsCurrent(t *testing.T) {
	want, err := GenerateLexicon(os.DirFS("."), LexiconDir)
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range want {
		have, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, src) {
			t.Fatalf("%s is not what ranker/lexicon/*.tsv compile to: run `go generate ./ranker`", name)
		}
		if len(src) > 1<<20 {
			t.Errorf("%s is %d bytes: split the compiled lexicon further", name, len(src))
		}
	}
}

// TestLexiconFilesMatchTheCompiledIdeas: the ideas read from the files are
// the compiled ones, idea for idea.
func TestLexiconFilesMatchTheCompiledIdeas(t *testing.T) {
	ideas, _, err := readLexicon(os.DirFS("."), LexiconDir)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := lexiconSum(ideas), lexiconSum(taskLexicon()); got != want {
		t.Errorf("files %s, compiled %s", got, want)
	}
}

// TestQuestionFormWordsForTheLexicon: the words a question's form strips
// from the page search may still be the lexicon's. A comparison ("let vs
// var", whose "vs" is stripped) reads it with the word its ideas of a
// difference write; a question's "… returns nil" with its own words, even
// when what is left is names. The same words without the form do not.
func TestQuestionFormWordsForTheLexicon(t *testing.T) {
	ideas := []taskIdea{
		{[]string{"let var difference"}, []string{"book://basics"}},
		{[]string{"dateformatter returns nil"}, []string{"foundation/dateformatter"}},
	}
	lx := newLexicon(ideas, ideaFlags{whole: []bool{true, false}, problem: []bool{false, true}})
	e := &Engine{}
	for _, tc := range []struct {
		query string
		want  int
	}{
		{"let vs var", 1},
		{"difference between let and var", 1},
		{"let var", 0},
		{"Why does DateFormatter returns nil", 1},
		{"DateFormatter date is returning nil?", 1},
		{"DateFormatter date", 0},
	} {
		form := reading.ReadQuestionForm(tc.query, func(string) bool { return false })
		ctx := withQuestion(context.Background(), form, form.ReadCore().Class)
		q, err := Parse(form.Core, nil)
		if err != nil {
			t.Fatal(err)
		}
		terms := lexiconTerms(ctx, q.Terms)
		got := 0
		if e.lexiconReads(ctx, &q) {
			got = len(lx.urisFor(terms, reportsProblem(ctx, terms)))
		}
		if got != tc.want {
			t.Errorf("%q (core %q, terms %q): %d pages, want %d", tc.query, form.Core, terms, got, tc.want)
		}
	}
}

// TestAsksAboutAType: a request in words that names an API type hears the
// problems' ideas, as a question does; a product's name, a framework's and
// pasted code do not make it one.
func TestAsksAboutAType(t *testing.T) {
	e := openScoringEngine(t)
	ctx := context.Background()
	for _, tc := range []struct {
		query string
		want  bool
	}{
		{"animate a title change in UIButton", true},
		{"UIView corners rounded", true},
		{"make the uiview corners rounded", false}, // no capitals, no name
		{"give an icon button a VoiceOver label", false},
		{"round the corners of a view", false},
		{"UIView", false}, // a name, not words
	} {
		q, err := Parse(tc.query, e.fw)
		if err != nil {
			t.Fatal(err)
		}
		s := &search{e: e, q: &q, cands: map[int64]*candidate{}}
		got, err := s.asksAboutAType(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("%q: asks about a type %v, want %v", tc.query, got, tc.want)
		}
	}
}
