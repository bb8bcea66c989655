package index

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// agentSegment is the segment an agent writes for a title, built here
// without docuri so the check does not grade docuri by itself: a symbol
// title lowercased, a prose title lowercased with its words joined by "-".
func agentSegment(title string) string {
	t := strings.ToLower(strings.TrimSpace(title))
	if i := strings.IndexByte(t, ' '); i < 0 || (strings.Contains(t, "(") && strings.IndexByte(t, '(') < i) {
		return strings.ReplaceAll(strings.ReplaceAll(t, " ", ""), "/", "%2F")
	}
	var words []string
	for _, w := range strings.FieldsFunc(t, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r >= 0x80) }) {
		words = append(words, w)
	}
	return strings.Join(words, "-")
}

// TestLegacyPagesAreReachedFromTheirModernAddress builds, for every page of
// the full index (CUPERTINO_DB) stored under a legacy numeric path, the
// address an agent builds from its parent and its title
// (foundation/urlsession/1407613-datatask ->
// foundation/urlsession/datatask(with:completionhandler:)), legacy parent
// segments named by their own titles, and reads it: at least 95% must reach
// the page, or an error listing it among overloads.
func TestLegacyPagesAreReachedFromTheirModernAddress(t *testing.T) {
	s := openStore(t, testenv.FullIndexDB(t))
	ctx := context.Background()
	titles := map[string]string{}
	var uris []string
	rows, err := s.db.QueryContext(ctx, "SELECT uri, title FROM docs WHERE source = 'apple-docs' AND uri GLOB ?", legacyURIGlob)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var u, title string
		if err := rows.Scan(&u, &title); err != nil {
			t.Fatal(err)
		}
		titles[u] = title
		uris = append(uris, u)
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	reached, ambiguous, other, missed := 0, 0, 0, 0
	var examples []string
	for _, u := range uris {
		segs := strings.Split(strings.TrimPrefix(u, "apple-docs://"), "/")
		built := append([]string(nil), segs...)
		for i := 1; i < len(segs); i++ {
			n := 0
			for n < len(segs[i]) && segs[i][n] >= '0' && segs[i][n] <= '9' {
				n++
			}
			if n >= 6 && n < len(segs[i]) && segs[i][n] == '-' {
				built[i] = agentSegment(titles["apple-docs://"+strings.Join(segs[:i+1], "/")])
			}
		}
		addr := "apple-docs://" + strings.Join(built, "/")
		doc, err := s.Document(ctx, addr)
		var aerr *AddressError
		switch {
		case err == nil && doc.URI == u:
			reached++
		case errors.As(err, &aerr) && aerr.Ambiguous && hasCandidate(aerr.Candidates, u):
			ambiguous++
		case err == nil:
			other++ // a modern page of that address exists beside the legacy one
		default:
			missed++
			if len(examples) < 10 {
				examples = append(examples, u+" <- "+addr)
			}
		}
	}
	total := len(uris)
	if total == 0 {
		t.Skip("the index holds no legacy numeric pages")
	}
	share := float64(reached+ambiguous) / float64(total)
	t.Logf("legacy numeric pages: %d; reached %d, in an overload list %d (%.2f%%); another page at the address %d; missed %d",
		total, reached, ambiguous, 100*share, other, missed)
	if share < 0.95 {
		t.Errorf("only %.2f%% of legacy pages are reached from their modern address; missed e.g.:\n%s", 100*share, strings.Join(examples, "\n"))
	}
}

func hasCandidate(cands []Candidate, uri string) bool {
	for _, c := range cands {
		if c.URI == uri {
			return true
		}
	}
	return false
}
