package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// This file resolves addresses: the links a page renders (ResolveLinks),
// modern addresses of legacy numeric pages (address_keys, through
// Store.Document), near misses (Suggest) and a page's Objective-C variant.

// Candidate is a page an address may have meant.
type Candidate struct {
	URI         string
	Title       string
	Declaration string
}

// AddressError is ErrDocumentNotFound with what the address may have
// meant: the overloads a modern address names (Ambiguous), or the indexed
// pages closest to it.
type AddressError struct {
	URI        string
	Ambiguous  bool
	Candidates []Candidate
}

func (e *AddressError) Error() string {
	var b strings.Builder
	if e.Ambiguous {
		fmt.Fprintf(&b, "%s names %d pages (overloads); pass the URI of one:", e.URI, len(e.Candidates))
	} else {
		fmt.Fprintf(&b, "%s: %s; the closest indexed pages:", ErrDocumentNotFound, e.URI)
	}
	for _, c := range e.Candidates {
		b.WriteString("\n- " + c.URI)
		if c.Title != "" {
			b.WriteString(" — " + c.Title)
		}
		if c.Declaration != "" {
			decl := strings.Join(strings.Fields(c.Declaration), " ")
			if len(decl) > 200 {
				decl = decl[:200] + "…"
			}
			b.WriteString(" — `" + decl + "`")
		}
	}
	return b.String()
}

func (e *AddressError) Unwrap() error { return ErrDocumentNotFound }

// ambiguousAddress returns an AddressError listing the pages whose modern
// address is key when there are several, or nil.
func (s *Store) ambiguousAddress(ctx context.Context, uri, key string) error {
	cands, err := sqlrows.All(ctx, s.db, "address keys", `
SELECT d.uri, d.title, coalesce(st.declaration, '') FROM address_keys a
JOIN docs d ON d.id = a.doc_id LEFT JOIN docs_structured st ON st.doc_id = d.id
WHERE a.key = ? ORDER BY d.uri LIMIT 50`, []any{key}, scanCandidate)
	if err != nil {
		return err
	}
	if len(cands) < 2 {
		return nil
	}
	return &AddressError{URI: uri, Ambiguous: true, Candidates: cands}
}

func scanCandidate(rows *sql.Rows) (c Candidate, err error) {
	err = rows.Scan(&c.URI, &c.Title, &c.Declaration)
	return c, err
}

// resolveID returns the id of the page uri names: the exact URI, else its
// slug key (uri_key), else the one page whose modern address it is
// (address_keys). Several pages with that address are an AddressError;
// none is ErrDocumentNotFound.
func (s *Store) resolveID(ctx context.Context, uri string) (int64, error) {
	key := docuri.Key(uri)
	var id int64
	err := s.db.QueryRowContext(ctx, `
SELECT id FROM docs WHERE uri = ?1
UNION ALL SELECT id FROM docs WHERE uri_key = ?2
UNION ALL SELECT min(doc_id) FROM address_keys WHERE key = ?2 HAVING count(*) = 1
LIMIT 1`, uri, key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		if aerr := s.ambiguousAddress(ctx, uri, key); aerr != nil {
			return 0, aerr
		}
		return 0, fmt.Errorf("%w: %s", ErrDocumentNotFound, uri)
	}
	return id, err
}

// Suggest returns up to n indexed pages closest to an address that names
// none: for an Apple URI, the children of its nearest indexed ancestor (by
// path or by parent_uri) whose last segment, name or title is fewest edits
// from the address's last segment; for the small prose sources, their pages
// by edit distance of the whole URI.
func (s *Store) Suggest(ctx context.Context, uri string, n int) ([]Candidate, error) {
	if n <= 0 {
		return nil, nil
	}
	if !strings.HasPrefix(uri, docuri.Scheme) {
		return s.suggestInSource(ctx, uri, n)
	}
	want := strings.ToLower(uri[strings.LastIndexByte(uri, '/')+1:])
	for parent := docuri.Parent(uri); parent != ""; parent = docuri.Parent(parent) {
		cands, err := sqlrows.All(ctx, s.db, "suggest", `
SELECT d.uri, d.title, coalesce(st.declaration, '') FROM docs d LEFT JOIN docs_structured st ON st.doc_id = d.id
WHERE d.uri > ?1 AND d.uri < ?2 AND instr(substr(d.uri, length(?1) + 1), '/') = 0
UNION
SELECT d.uri, d.title, coalesce(st.declaration, '') FROM docs d LEFT JOIN docs_structured st ON st.doc_id = d.id
WHERE d.parent_uri = ?3
LIMIT 50000`, []any{parent + "/", parent + "0", parent}, scanCandidate)
		if err != nil {
			return nil, err
		}
		if len(cands) > 0 {
			return closest(cands, want, n, func(c Candidate) []string {
				last := c.URI[strings.LastIndexByte(c.URI, '/')+1:]
				return []string{last, docuri.LegacyName(last), docuri.TitleSegment(c.Title)}
			}), nil
		}
		want = strings.ToLower(parent[strings.LastIndexByte(parent, '/')+1:]) + "/" + want
	}
	return nil, nil
}

// suggestInSource ranks the pages of a small source by edit distance of
// their URI, case aside.
func (s *Store) suggestInSource(ctx context.Context, uri string, n int) ([]Candidate, error) {
	scheme, _, ok := strings.Cut(uri, "://")
	if !ok {
		return nil, nil
	}
	switch scheme {
	case "swift-evolution", "swift-book", "swift-org", "hig", "apple-archive":
	default:
		return nil, nil
	}
	cands, err := sqlrows.All(ctx, s.db, "suggest", `
SELECT d.uri, d.title, '' FROM docs d WHERE d.source = ? LIMIT 5000`, []any{scheme}, scanCandidate)
	if err != nil {
		return nil, err
	}
	return closest(cands, strings.ToLower(uri), n, func(c Candidate) []string { return []string{strings.ToLower(c.URI)} }), nil
}

// closest keeps the n candidates with the least edit distance from want
// over the names each gives, ties by URI.
func closest(cands []Candidate, want string, n int, names func(Candidate) []string) []Candidate {
	type scored struct {
		c Candidate
		d int
	}
	const maxLen = 80
	want = want[:min(len(want), maxLen)]
	list := make([]scored, 0, len(cands))
	for _, c := range cands {
		best := 1 << 30
		for _, name := range names(c) {
			if name == "" {
				continue
			}
			name = name[:min(len(name), maxLen)]
			if d := abs(len(name) - len(want)); d >= best {
				continue
			}
			best = min(best, EditDistance(want, name))
		}
		list = append(list, scored{c, best})
	}
	slices.SortFunc(list, func(a, b scored) int {
		if a.d != b.d {
			return a.d - b.d
		}
		return strings.Compare(a.c.URI, b.c.URI)
	})
	out := make([]Candidate, 0, n)
	for _, s := range list[:min(n, len(list))] {
		out = append(out, s.c)
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// EditDistance is the Levenshtein distance of a and b, by bytes; verify
// ranks the names nearest a misspelt one by it too.
func EditDistance(a, b string) int {
	return EditDistanceWithin(a, b, max(len(a), len(b)))
}

// EditDistanceWithin is EditDistance(a, b) when that is at most limit,
// and limit+1 otherwise: it stops at the first row of the table whose
// every cell is past the limit (a row's least cell bounds the distance
// from below), which for most of the names a near-name search reads is
// one of the first.
func EditDistanceWithin(a, b string, limit int) int {
	var rows [2][48]int
	prev, cur := rows[0][:], rows[1][:]
	if len(b)+1 > len(prev) {
		prev, cur = make([]int, len(b)+1), make([]int, len(b)+1)
	}
	prev, cur = prev[:len(b)+1], cur[:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit+1)
}

// looseSources are the small sources whose pages a web address names by
// their last segment only (docuri.FromWebURL): the HIG and the Swift book
// keep a category or part the URL lacks, and spell slugs without dashes.
var looseSources = map[string]bool{"hig": true, "swift-book": true, "swift-org": true}

// looseMatch finds the one page of a small source whose last URI segment
// equals uri's, dashes, underscores and case aside; "" when none or several.
func (s *Store) looseMatch(ctx context.Context, uri string) (string, error) {
	scheme, rest, ok := strings.Cut(uri, "://")
	if !ok || !looseSources[scheme] || rest == "" {
		return "", nil
	}
	fold := func(u string) string {
		u = strings.TrimRight(u, "/")
		u = strings.ToLower(u[strings.LastIndexByte(u, '/')+1:])
		return strings.NewReplacer("-", "", "_", "").Replace(u)
	}
	want := fold(rest)
	found := ""
	err := sqlrows.Each(ctx, s.db, "loose match", "SELECT uri FROM docs WHERE source = ?", []any{scheme},
		func(rows *sql.Rows) error {
			var u string
			if err := rows.Scan(&u); err != nil {
				return err
			}
			_, r, _ := strings.Cut(u, "://")
			if fold(r) == want {
				if found != "" {
					found = "\x00"
				} else {
					found = u
				}
			}
			return nil
		})
	if err != nil || found == "\x00" {
		return "", err
	}
	return found, nil
}

// ObjCVariant returns the Objective-C page of the Swift page uri: the
// Objective-C page of the framework with the same legacy numeric id, else
// the "NS"-prefixed page beside it (urlsession -> nsurlsession). "" when the
// index holds none.
func (s *Store) ObjCVariant(ctx context.Context, uri string) (string, error) {
	rest, ok := strings.CutPrefix(uri, docuri.Scheme)
	if !ok {
		return "", nil
	}
	framework, _, _ := strings.Cut(rest, "/")
	last := rest[strings.LastIndexByte(rest, '/')+1:]
	var pattern string
	if docuri.IsLegacySegment(last) {
		id, _, _ := strings.Cut(last, "-")
		pattern = "*/" + id + "-*"
	}
	var found string
	err := s.db.QueryRowContext(ctx, `
SELECT uri FROM docs WHERE ?1 != '' AND source = 'apple-docs' AND framework = ?2 AND language = 'objc' AND uri GLOB ?1
UNION ALL SELECT uri FROM docs WHERE uri = ?3 AND language = 'objc'
LIMIT 1`, pattern, framework, docuri.Parent(uri)+"/ns"+last).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return found, err
}
