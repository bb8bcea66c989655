package ranker

import (
	"bytes"
	"context"
	"fmt"
	"go/format"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/golden"
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
	lx := newLexicon(taskLexicon)
	phrases := map[int32]int{}
	for n, p := range lx.spans {
		phrases[p.idea]++
		if words := lx.phrase(int32(n)); len(words) == 1 && generic[lx.stems[words[0].stem]] {
			t.Errorf("idea %d (%q) has a one-word phrase of stem %q, too common to mean one API", p.idea, taskLexicon[p.idea].phrases, lx.stems[words[0].stem])
		}
	}
	for i, idea := range taskLexicon {
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
	for _, idea := range taskLexicon {
		for _, api := range idea.apis {
			uri := lexiconURI(api)
			if _, err := store.Document(ctx, uri); err != nil {
				t.Errorf("lexicon page %s (idea %q): %v", uri, idea.phrases[0], err)
			}
		}
	}
}

// BenchmarkNewLexicon is what compiling the table costs, and what
// lexicon_compiled.go saves each process.
func BenchmarkNewLexicon(b *testing.B) {
	for b.Loop() {
		newLexicon(taskLexicon)
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

// BenchmarkLexiconIndex is what the first request that reads the lexicon
// pays to index the compiled words.
func BenchmarkLexiconIndex(b *testing.B) {
	for b.Loop() {
		lx := &lexicon{ideas: taskLexicon, stems: compiledStems[:], words: compiledWords[:], spans: compiledSpans[:]}
		lx.index()
	}
}

// BenchmarkLexiconURIs is what each request pays to match it.
func BenchmarkLexiconURIs(b *testing.B) {
	lx := newLexicon(taskLexicon)
	terms := strings.Fields("show a spinner while the content of the screen loads from the network")
	for b.Loop() {
		lx.uris(terms)
	}
}

// TestReadingNamesTheLexiconIdeas: the reading --explain prints names the
// ideas a request matched, and none for a name or with the lexicon off.
func TestReadingNamesTheLexiconIdeas(t *testing.T) {
	e := &Engine{}
	if got := e.lexiconIdeas("show a spinner while the feed loads"); !slices.Contains(got, "spinner") {
		t.Errorf("lexiconIdeas = %q, want the spinner idea", got)
	}
	if got := e.lexiconIdeas("UIActivityIndicatorView"); len(got) != 0 {
		t.Errorf("a name matched ideas %q", got)
	}
	e.NoLexicon = true
	if got := e.lexiconIdeas("show a spinner while the feed loads"); len(got) != 0 {
		t.Errorf("with the lexicon off, ideas %q", got)
	}
}

// TestCompiledLexiconIsCurrent regenerates lexicon_compiled.go, the static
// compiled form of taskLexicon, and fails when the file differs: edit
// lexicon_data.go, then run `go test ./ranker -run
// TestCompiledLexiconIsCurrent -update`.
func TestCompiledLexiconIsCurrent(t *testing.T) {
	golden.Check(t, "lexicon_compiled.go", renderCompiledLexicon(t, newLexicon(taskLexicon)))
}

// renderCompiledLexicon writes lx's arrays as Go source.
func renderCompiledLexicon(t *testing.T, lx *lexicon) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by TestCompiledLexiconIsCurrent; DO NOT EDIT.\n\npackage ranker\n\n")
	array := func(name, typ string, n int, item func(i int) string) {
		fmt.Fprintf(&b, "var %s = [...]%s{", name, typ)
		for i := range n {
			if i%12 == 0 {
				b.WriteString("\n")
			}
			b.WriteString(item(i) + ", ")
		}
		b.WriteString("\n}\n\n")
	}
	array("compiledStems", "string", len(lx.stems), func(i int) string { return strconv.Quote(lx.stems[i]) })
	array("compiledWords", "lexiconWord", len(lx.words), func(i int) string {
		if w := lx.words[i]; w.prefix != "" {
			return fmt.Sprintf("{prefix: %s, stem: %d}", strconv.Quote(w.prefix), w.stem)
		}
		return fmt.Sprintf("{stem: %d}", lx.words[i].stem)
	})
	array("compiledSpans", "lexiconSpan", len(lx.spans), func(i int) string {
		return fmt.Sprintf("{%d, %d}", lx.spans[i].end, lx.spans[i].idea)
	})
	src, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestCompiledLexiconMatchesTheTable: the static form answers as the table
// compiled afresh does.
func TestCompiledLexiconMatchesTheTable(t *testing.T) {
	fresh, static := newLexicon(taskLexicon), compiledLexicon()
	for _, q := range []string{"show a spinner while the feed loads", "vibrate when the upload is done",
		"a collection of unique unordered elements", "pick a photo from the library", "localization of dates"} {
		if a, b := fresh.uris(strings.Fields(q)), static.uris(strings.Fields(q)); !slices.Equal(a, b) {
			t.Errorf("%q: compiled afresh %q, static %q", q, a, b)
		}
	}
}
