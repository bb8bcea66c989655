package fit

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"

	"github.com/cupertino-go/cupertino/index"
)

// resolver finds the one Apple page a name denotes, remembering answers:
// a name that titles several type pages (Image, Text) labels nothing.
type resolver struct {
	store *index.Store
	memo  map[string]string
}

func newResolver(store *index.Store) *resolver {
	return &resolver{store: store, memo: map[string]string{}}
}

// page returns the URI of the only Apple type page titled name, or of the
// only member page "Type.member" names; "" when none or several.
func (r *resolver) page(ctx context.Context, name string) (string, error) {
	if uri, ok := r.memo[name]; ok {
		return uri, nil
	}
	var uri string
	typ, member, dotted := strings.Cut(name, ".")
	if dotted {
		pages, err := r.store.TypeMemberPages(ctx, []string{strings.ToLower(typ)}, strings.ToLower(member), 2)
		if err != nil {
			return "", err
		}
		if len(pages) == 1 && strings.HasPrefix(pages[0].URI, "apple-docs://") {
			uri = pages[0].URI
		}
	} else {
		refs, err := r.store.ResolveType(ctx, name, "")
		if err != nil {
			return "", err
		}
		if len(refs) == 1 && strings.HasPrefix(refs[0].URI, "apple-docs://") {
			uri = refs[0].URI
		}
	}
	r.memo[name] = uri
	return uri, nil
}

// codePairs: a line of sample or package code that calls an API or uses
// one of its members, as written, labels that API's page.
func codePairs(ctx context.Context, store *index.Store, rng *rand.Rand, want int) ([]Pair, error) {
	var refs []index.CodeRef
	for _, kind := range []string{"call", "member"} {
		err := store.EachCodeRef(ctx, kind, func(r index.CodeRef) error {
			refs = append(refs, r)
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("code pairs: %w", err)
		}
	}
	shuffle(rng, refs)
	res := newResolver(store)
	var out []Pair
	seenFile := map[string]bool{} // one line a file: files repeat their idioms
	for _, r := range refs {
		if len(out) == want {
			break
		}
		if seenFile[r.FileURI] {
			continue
		}
		target, err := res.page(ctx, r.Name)
		if err != nil {
			return nil, err
		}
		if target == "" {
			continue
		}
		md, err := store.MarkdownOf(ctx, []string{r.FileURI})
		if err != nil {
			return nil, err
		}
		if line := CodeLine(md[r.FileURI], r.Line, r.Name); line != "" {
			seenFile[r.FileURI] = true
			out = append(out, Pair{Kind: KindCode, Query: line, Target: target})
		}
	}
	return out, nil
}

// CodeLine returns the line of text that uses name at (1-based) line, or
// the nearest within a few lines (the stored Markdown may add a fence or
// a heading before the code), trimmed; "" when none is a plausible query
// (a comment, too short, too long).
func CodeLine(text string, line int, name string) string {
	lines := strings.Split(text, "\n")
	last := name[strings.LastIndex(name, ".")+1:]
	for _, d := range []int{0, 1, 2, 3, 4, -1, -2} {
		i := line - 1 + d
		if i < 0 || i >= len(lines) {
			continue
		}
		l := strings.TrimSpace(lines[i])
		if !strings.Contains(l, last) {
			continue
		}
		if strings.HasPrefix(l, "//") || strings.HasPrefix(l, "*") || len(l) < 12 || len(l) > 120 {
			return ""
		}
		return l
	}
	return ""
}

// apiName matches a CamelCase name of two humps or more, or one with an
// Apple prefix, the shape of a type name in a transcript.
var apiName = regexp.MustCompile(`\b([A-Z][a-z]+[A-Z][A-Za-z]+|(?:UI|NS|AV|CL|MK|SK|AR|CG|CA|CK|HK|UN|WK)[A-Z][A-Za-z]+)\b`)

// wwdcPairs: a transcript sentence that names an API labels that API's
// page; at most two sentences a session.
func wwdcPairs(ctx context.Context, store *index.Store, rng *rand.Rand, want int) ([]Pair, error) {
	var sessions []string
	err := store.EachTrainingPage(ctx, []string{"wwdc"}, func(p index.TrainingPage) error {
		if p.Kind == "session" {
			sessions = append(sessions, p.URI)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("wwdc pairs: %w", err)
	}
	shuffle(rng, sessions)
	res := newResolver(store)
	var out []Pair
	for _, uri := range sessions {
		if len(out) >= want {
			break
		}
		md, err := store.MarkdownOf(ctx, []string{uri})
		if err != nil {
			return nil, err
		}
		sentences := Sentences(md[uri])
		shuffle(rng, sentences)
		taken := 0
		for _, s := range sentences {
			if taken == 2 || len(out) >= want {
				break
			}
			n := len(strings.Fields(s))
			if n < 6 || n > 30 {
				continue
			}
			name := apiName.FindString(s)
			if name == "" {
				continue
			}
			target, err := res.page(ctx, name)
			if err != nil {
				return nil, err
			}
			if target != "" {
				out = append(out, Pair{Kind: KindWWDC, Query: s, Target: target})
				taken++
			}
		}
	}
	return out, nil
}

// Sentences splits prose into sentences at ". ", "? ", "! " and line
// breaks, leaving out Markdown headings, lists' markers and code fences.
func Sentences(text string) []string {
	var out []string
	inFence := false
	for _, line := range strings.Split(text, "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "```") {
			inFence = !inFence
			continue
		}
		if inFence || l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "|") {
			continue
		}
		l = strings.TrimLeft(l, "-*> ")
		start := 0
		for i := 0; i+1 < len(l); i++ {
			if (l[i] == '.' || l[i] == '?' || l[i] == '!') && l[i+1] == ' ' {
				out = append(out, strings.TrimSpace(l[start:i+1]))
				start = i + 2
			}
		}
		if rest := strings.TrimSpace(l[start:]); rest != "" {
			out = append(out, rest)
		}
	}
	return out
}

// headingSources: the book's headings first (every one), then Swift
// Evolution's and swift.org's to fill the quota.
var headingSources = []string{"swift-book", "swift-evolution", "swift-org"}

// headingPairs: a section heading that only one page has labels that page.
func headingPairs(ctx context.Context, store *index.Store, rng *rand.Rand, want int) ([]Pair, error) {
	var out []Pair
	for _, src := range headingSources {
		hs, err := store.SectionHeadings(ctx, src)
		if err != nil {
			return nil, fmt.Errorf("heading pairs: %w", err)
		}
		pages := map[string]map[string]bool{}
		for _, h := range hs {
			k := strings.ToLower(h.Heading)
			if pages[k] == nil {
				pages[k] = map[string]bool{}
			}
			pages[k][h.URI] = true
		}
		var pool []Pair
		seen := map[string]bool{}
		for _, h := range hs {
			k := strings.ToLower(h.Heading)
			if len(pages[k]) != 1 || seen[k] || len(strings.Fields(h.Heading)) < 2 || strings.EqualFold(h.Heading, h.Title) {
				continue
			}
			seen[k] = true
			pool = append(pool, Pair{Kind: KindHeading, Query: h.Heading, Target: h.URI})
		}
		shuffle(rng, pool)
		for _, p := range pool {
			if len(out) == want {
				break
			}
			out = append(out, p)
		}
	}
	return out, nil
}
