package ranker

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
)

// Stage bounds; see the package comment for the measurements behind them.
const (
	// FullScoreCap is the most FTS matches scored with bm25 in one query.
	FullScoreCap = 1000
	// smallSourceMax is the largest source searched by rowid range when the
	// full-text stage is over the cap.
	smallSourceMax = 20000
	// lookupLimit bounds each B-tree lookup.
	lookupLimit = 200
	// minMatches is the match count under which a multi-keyword AND is
	// relaxed by dropping its most frequent keyword.
	minMatches = 3
	// minLookupHits is the lookup candidate count under which a query over
	// the cap also gets title-restricted FTS candidates, titleFTSLimit of them.
	minLookupHits = 20
	titleFTSLimit = 50
)

// How a candidate was found, for scoring and --explain.
const (
	viaFTS = 1 << iota
	viaExactTitle
	viaExactSymbol
	viaTitlePrefix
	viaRoot
	viaSynonymRoot
	viaCanonical
	viaTypeMember
	viaAttribute
	viaSymbolIntent
)

// candidate is one document under consideration.
type candidate struct {
	id         int64
	via        int
	rel        float64 // -bm25 when viaFTS
	forcedRank int     // order among forced pages (root, canonical, member)

	uri, source, framework, title, kind, summary, language string
	deprecated                                             bool
	depth                                                  int
	introduced                                             map[string]string

	titleLower, titleNorm, baseLower, baseNorm string   // set by prepare
	titleWords                                 []string // lower-case
}

// search is the state of one query.
type search struct {
	e          *Engine
	q          *Query
	f          Filters
	identifier bool
	scope      []string
	cands      map[int64]*candidate
	forced     int
	ftsExpr    string // the full-text expression finally used, for --explain
	view       queryView
	lookupHits int // candidates found by stage 1
}

func (s *search) add(id int64, via int) *candidate {
	c := s.cands[id]
	if c == nil {
		c = &candidate{id: id}
		s.cands[id] = c
	}
	c.via |= via
	return c
}

func (s *search) force(id int64, via int) {
	c := s.add(id, via)
	if c.forcedRank == 0 {
		s.forced++
		c.forcedRank = s.forced
	}
}

// gather runs the lookups and the full-text stage, then loads metadata.
func (s *search) gather(ctx context.Context) error {
	if err := s.lookups(ctx); err != nil {
		return err
	}
	s.lookupHits = len(s.cands)
	if err := s.fullText(ctx); err != nil {
		return err
	}
	return s.loadMetadata(ctx)
}

func (s *search) queryIDs(ctx context.Context, via int, query string, args ...any) error {
	rows, err := s.e.db.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("ranker lookup: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return fmt.Errorf("ranker lookup: %w", err)
		}
		s.add(id, via)
	}
	return rows.Err()
}

// fullText is stage 2, the guarded FTS stage.
func (s *search) fullText(ctx context.Context) error {
	keywords := s.q.allWords()
	if len(keywords) == 0 {
		keywords = s.q.Attributes
	}
	if len(keywords) == 0 {
		return nil
	}
	expr, n, err := s.relaxedExpr(ctx, keywords)
	if err != nil || n == 0 {
		return err
	}
	s.ftsExpr = expr
	if n <= s.e.fullScoreCap {
		return s.scoreFTS(ctx, expr, 0, 0, s.e.fullScoreCap)
	}
	// Over the cap: the lookups usually hold the answer for the big source.
	// When they found little (a topic word such as "Generics"), the best
	// title matches are worth their few milliseconds: bm25 is then computed
	// only for rows whose title holds the keywords.
	if s.lookupHits < minLookupHits {
		if err := s.scoreFTS(ctx, MatchColumns([]string{"title"}, "("+expr+")"), 0, 0, titleFTSLimit); err != nil {
			return err
		}
	}
	// The small sources are cheap to score inside their id ranges, merged
	// where they touch so one query covers them.
	for _, r := range s.smallRanges() {
		if err := s.scoreFTS(ctx, expr, r.lo, r.hi, int(r.hi-r.lo+1)); err != nil {
			return err
		}
	}
	return nil
}

// smallRanges returns the id ranges of the in-scope sources other than
// apple-docs whose span is at most smallSourceMax, adjacent ranges merged.
func (s *search) smallRanges() []idRange {
	var rs []idRange
	for _, src := range s.scope {
		r, ok := s.e.ranges[src]
		if ok && src != document.SourceAppleDocs && r.hi-r.lo+1 <= smallSourceMax {
			rs = append(rs, r)
		}
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].lo < rs[j].lo })
	var merged []idRange
	for _, r := range rs {
		if n := len(merged); n > 0 && merged[n-1].hi+1 >= r.lo {
			merged[n-1].hi = max(merged[n-1].hi, r.hi)
			merged[n-1].count += r.count
			continue
		}
		merged = append(merged, r)
	}
	return merged
}

// matchExpr is the AND of keywords, with a framework filter as a column
// phrase so the count reflects it.
func (s *search) matchExpr(keywords []string) string {
	expr := MatchAll(keywords)
	if s.f.Framework != "" {
		expr = MatchColumns([]string{"framework"}, Quote(s.f.Framework)) + " AND (" + expr + ")"
	}
	return expr
}

// countMatches counts up to the cap plus one matches.
func (s *search) countMatches(ctx context.Context, expr string) (int, error) {
	var n int
	err := s.e.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT rowid FROM docs_fts WHERE docs_fts MATCH ? LIMIT ?)`,
		expr, s.e.fullScoreCap+1).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("ranker count: %w", err)
	}
	return n, nil
}

// relaxedExpr returns the AND of the keywords or, when that matches fewer
// than minMatches documents, a relaxed AND: keywords matching nothing are
// dropped first (a misspelling, or a word the corpus does not use), then
// the most frequent ones, one by one, keeping the rare words that carry the
// meaning. Frequencies are counted up to the cap.
func (s *search) relaxedExpr(ctx context.Context, keywords []string) (string, int, error) {
	expr := s.matchExpr(keywords)
	n, err := s.countMatches(ctx, expr)
	if err != nil || n >= minMatches || len(keywords) < 2 {
		return expr, n, err
	}
	type freq struct {
		kw string
		n  int
	}
	var kept []freq
	for _, k := range keywords {
		c, err := s.countMatches(ctx, s.matchExpr([]string{k}))
		if err != nil {
			return "", 0, err
		}
		if c > 0 {
			kept = append(kept, freq{k, c})
		}
	}
	best, bestN := expr, n
	for len(kept) > 0 {
		words := make([]string, len(kept))
		for i, f := range kept {
			words[i] = f.kw
		}
		e := s.matchExpr(words)
		c, err := s.countMatches(ctx, e)
		if err != nil {
			return "", 0, err
		}
		if c > bestN {
			best, bestN = e, c
		}
		if c >= minMatches || len(kept) == 1 {
			break
		}
		most := 0
		for i, f := range kept {
			if f.n > kept[most].n {
				most = i
			}
		}
		kept = append(kept[:most], kept[most+1:]...)
	}
	return best, bestN, nil
}

// scoreFTS adds FTS matches with their bm25 and docs row, within the rowid
// range lo..hi when hi > 0. Reading the row in the same query saves the
// metadata round trip for what is usually most of the candidates.
func (s *search) scoreFTS(ctx context.Context, expr string, lo, hi int64, limit int) error {
	query := `SELECT ` + index.BM25Expr + ` AS r, ` + metadataColumns + `
		FROM docs_fts JOIN docs d ON d.id = docs_fts.rowid WHERE docs_fts MATCH ?`
	args := []any{expr}
	if hi > 0 {
		query += ` AND docs_fts.rowid BETWEEN ? AND ?`
		args = append(args, lo, hi)
	}
	query += ` ORDER BY r LIMIT ?`
	args = append(args, limit)
	rows, err := s.e.db.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("ranker fts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var bm25 float64
		var m candidate
		if err := scanCandidate(rows, &m, &bm25); err != nil {
			return fmt.Errorf("ranker fts: %w", err)
		}
		c := s.add(m.id, viaFTS)
		c.rel = -bm25
		c.setMetadata(&m)
	}
	return rows.Err()
}

// metadataColumns are the docs columns a candidate needs, in scanCandidate's
// order.
const metadataColumns = `d.id, d.uri, d.source, d.framework, d.title, d.kind, d.summary, d.language,
	d.deprecated, d.depth, d.min_ios, d.min_macos, d.min_tvos, d.min_watchos, d.min_visionos`

// scanCandidate reads metadataColumns into c, after any leading columns.
func scanCandidate(rows *sql.Rows, c *candidate, leading ...any) error {
	var dep int
	var mins [5]sql.NullInt64
	dest := append(leading, &c.id, &c.uri, &c.source, &c.framework, &c.title, &c.kind, &c.summary, &c.language,
		&dep, &c.depth, &mins[0], &mins[1], &mins[2], &mins[3], &mins[4])
	if err := rows.Scan(dest...); err != nil {
		return err
	}
	c.deprecated = dep != 0
	for i, m := range mins {
		if m.Valid && m.Int64 > 0 {
			if c.introduced == nil {
				c.introduced = map[string]string{}
			}
			c.introduced[Platforms[i]] = index.UnpackVersion(int(m.Int64))
		}
	}
	return nil
}

// setMetadata copies the docs row fields of m.
func (c *candidate) setMetadata(m *candidate) {
	c.uri, c.source, c.framework, c.title, c.kind, c.summary, c.language = m.uri, m.source, m.framework, m.title, m.kind, m.summary, m.language
	c.deprecated, c.depth, c.introduced = m.deprecated, m.depth, m.introduced
}

// loadMetadata fills the docs row of every candidate the full-text stage did
// not already read, in chunks of bound ids.
func (s *search) loadMetadata(ctx context.Context) error {
	var ids []int64
	for id, c := range s.cands {
		if c.uri == "" {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	const chunk = 500
	for start := 0; start < len(ids); start += chunk {
		part := ids[start:min(start+chunk, len(ids))]
		args := make([]any, len(part))
		for i, id := range part {
			args[i] = id
		}
		rows, err := s.e.db.QueryContext(ctx, `SELECT `+metadataColumns+` FROM docs d WHERE d.id IN (`+placeholders(len(part))+`)`, args...)
		if err != nil {
			return fmt.Errorf("ranker metadata: %w", err)
		}
		if err := s.scanMetadata(rows); err != nil {
			return err
		}
	}
	return nil
}

func (s *search) scanMetadata(rows *sql.Rows) error {
	defer rows.Close()
	for rows.Next() {
		var m candidate
		if err := scanCandidate(rows, &m); err != nil {
			return fmt.Errorf("ranker metadata: %w", err)
		}
		if c := s.cands[m.id]; c != nil {
			c.setMetadata(&m)
		}
	}
	return rows.Err()
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}

// likeEscape escapes LIKE wildcards with '\'.
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// baseName strips a selector or generic tail: "dataTask(with:)" -> "dataTask".
func baseName(name string) string {
	if i := strings.IndexAny(name, "(<"); i > 0 {
		return name[:i]
	}
	return name
}

func (s *search) inScope(src string) bool { return containsString(s.scope, src) }
