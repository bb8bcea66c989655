package index

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"

	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// This file resolves the links of a rendered page (ResolveLinks) with
// bounded work: each rule is one batched lookup over the links no earlier
// rule answered, and a group of links under one parent is answered by one
// scan of the index range under it, not by a probe per link.

// LinkQuery is one link of a rendered page: its target URI and the text it
// is shown with (a title, used to find the modern page of a legacy
// numeric target).
type LinkQuery struct {
	URI  string
	Text string
}

// minRangeGroup is the fewest links under one parent that are looked up by
// scanning the parent's range of an index rather than one probe each.
const minRangeGroup = 16

// linkRule is one of the ways a link may name an indexed page. For the
// links whose arg is not "", probe answers (position in the JSON array,
// URI) for those it finds; scans, given a parent's range [?1, ?2) of the
// same index and a row cap ?3, answer (arg, URI) for every page in the
// range, so a group of links under that parent is answered from the
// rows. An answer of "" means several pages (overloads): the link keeps
// its own URI.
type linkRule struct {
	what  string
	arg   func(i int) string
	probe string
	scans []string
}

// ResolveLinks answers which indexed page each link names: the URI
// itself, its slug key's page, the page whose modern address it is
// (address_keys; several overloads leave the URI as it is, since reading it
// lists them), or, for a legacy numeric target, the page at the modern
// address built from its text. The answer for links[i] is out[i]: the
// indexed URI, or "" when the index has no such page.
//
// The rules are tried in that order, each over the links no earlier rule
// answered: most links of a page name it exactly and cost one probe of the
// docs URI index, and only the rest pay for the slower rules. Links that
// share a parent, as a page's children do, are looked up together by one
// scan of the parent's range, capped at a few rows per link, else probed
// one by one. A page of Matter clusters links 838 pages under itself that
// the crawl lacks: one query trying every rule on every link took 10 ms,
// three scans that each find the 8 it holds take a fraction of one. The
// children of matter/clusters are its siblings, 901 of the 8,558 pages
// under matter/: the scan stops at its cap and they are probed.
//
// Answers are kept per Store (the index is read-only while open): the pages
// a link names (View, String, NSObject…) are linked from page after page,
// and a large page's links cost most of its read.
func (s *Store) ResolveLinks(ctx context.Context, links []LinkQuery) ([]string, error) {
	out := make([]string, len(links))
	var missing []LinkQuery
	var at []int
	for i, l := range links {
		if uri, ok := s.links.Get(l); ok {
			out[i] = uri
		} else {
			missing, at = append(missing, l), append(at, i)
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	found, err := s.resolveLinks(ctx, missing)
	if err != nil {
		return nil, err
	}
	for j, i := range at {
		out[i] = found[j]
		s.links.Put(missing[j], found[j])
	}
	return out, nil
}

// resolveLinks is ResolveLinks without the Store's kept answers.
func (s *Store) resolveLinks(ctx context.Context, links []LinkQuery) ([]string, error) {
	out := make([]string, len(links))
	if len(links) == 0 {
		return out, nil
	}
	keys := make([]string, len(links))
	moderns := make([]string, len(links))
	for i, l := range links {
		keys[i] = docuri.Key(l.URI)
		moderns[i] = modernFromText(l.URI, l.Text)
	}
	// The slug key's page is the first in docs_uri_key order (its lowest
	// id), as "LIMIT 1" of a probe finds it.
	keyScans := []string{
		"SELECT uri_key, uri FROM docs WHERE uri_key >= ?1 AND uri_key < ?2 ORDER BY uri_key, id LIMIT ?3",
		`SELECT a.key, CASE WHEN count(*) = 1 THEN min(d.uri) ELSE '' END FROM address_keys a JOIN docs d ON d.id = a.doc_id
	WHERE a.key >= ?1 AND a.key < ?2 GROUP BY a.key LIMIT ?3`,
	}
	rules := []linkRule{
		{"resolve links by uri", func(i int) string { return links[i].URI },
			"SELECT j.key, d.uri FROM json_each(?) j JOIN docs d ON d.uri = j.value",
			[]string{"SELECT uri, uri FROM docs WHERE uri >= ?1 AND uri < ?2 LIMIT ?3"}},
		// Its slug key's page, else the one page whose modern address it
		// is; both in one pass over the links left, two probes each, or
		// two scans of their parent's ranges.
		{"resolve links by key", func(i int) string { return keys[i] }, `SELECT j.key, coalesce(
	(SELECT uri FROM docs WHERE uri_key = j.value LIMIT 1),
	(SELECT CASE WHEN count(*) = 1 THEN min(d.uri) ELSE '' END
		FROM address_keys a JOIN docs d ON d.id = a.doc_id WHERE a.key = j.value HAVING count(*) > 0))
FROM json_each(?) j`, keyScans},
		{"resolve legacy links by title", func(i int) string { return moderns[i] },
			"SELECT j.key, d.uri FROM json_each(?) j JOIN docs d ON d.uri = j.value", nil},
		{"resolve legacy links by title key", func(i int) string {
			if moderns[i] == "" {
				return ""
			}
			return docuri.Key(moderns[i])
		}, "SELECT j.key, (SELECT uri FROM docs WHERE uri_key = j.value LIMIT 1) FROM json_each(?) j", nil},
	}
	pending := make([]int, len(links)) // indexes into links not yet answered
	for i := range pending {
		pending[i] = i
	}
	for _, rule := range rules {
		answer := func(i int, uri string) {
			if out[i] != "" {
				return
			}
			if uri == "" {
				uri = links[i].URI // overloads: the link stays
			}
			out[i] = uri
		}
		probe, err := s.scanLinkGroups(ctx, rule, pending, answer)
		if err != nil {
			return nil, err
		}
		if err := s.probeLinks(ctx, rule, probe, answer); err != nil {
			return nil, err
		}
		left := pending[:0]
		for _, i := range pending {
			if out[i] == "" {
				left = append(left, i)
			}
		}
		if pending = left; len(pending) == 0 {
			break
		}
	}
	return out, nil
}

// scanLinkGroups answers the links of pending that share a parent with at
// least minRangeGroup others by rule's scans of the parent's range, and
// returns the links left to probe: the rest, and those of a range holding
// more rows than its cap.
func (s *Store) scanLinkGroups(ctx context.Context, rule linkRule, pending []int, answer func(int, string)) ([]int, error) {
	if len(rule.scans) == 0 || len(pending) < minRangeGroup {
		return pending, nil
	}
	groups := map[string][]int{}
	var order []string
	for _, i := range pending {
		a := rule.arg(i)
		slash := strings.LastIndexByte(a, '/')
		if slash < 0 {
			continue
		}
		parent := a[:slash+1]
		if groups[parent] == nil {
			order = append(order, parent)
		}
		groups[parent] = append(groups[parent], i)
	}
	var probe []int
	for _, i := range pending {
		a := rule.arg(i)
		if slash := strings.LastIndexByte(a, '/'); slash < 0 || len(groups[a[:slash+1]]) < minRangeGroup {
			probe = append(probe, i)
		}
	}
	for _, parent := range order {
		group := groups[parent]
		if len(group) < minRangeGroup {
			continue
		}
		// "/" + 1 is "0": [parent, parent minus its "/" plus "0") is
		// everything under it. The cap keeps a parent with thousands of
		// pages (a framework's root) from being read whole: a scan cut
		// short costs about what probing a third of the links would.
		upper := parent[:len(parent)-1] + "0"
		rowCap := 2*len(group) + 64
		found := map[string]string{}
		complete := true
		for _, scan := range rule.scans {
			rows := 0
			got := map[string]string{}
			err := sqlrows.Each(ctx, s.prepared(), rule.what, scan, []any{parent, upper, rowCap}, func(r *sql.Rows) error {
				var arg, uri string
				if err := r.Scan(&arg, &uri); err != nil {
					return err
				}
				rows++
				if _, seen := got[arg]; !seen {
					got[arg] = uri
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
			if rows >= rowCap {
				complete = false
				break
			}
			for arg, uri := range got {
				if _, earlier := found[arg]; !earlier {
					found[arg] = uri // an earlier scan's answer wins, as coalesce does
				}
			}
		}
		if !complete {
			probe = append(probe, group...)
			continue
		}
		for _, i := range group {
			if uri, ok := found[rule.arg(i)]; ok {
				answer(i, uri)
			}
		}
	}
	return probe, nil
}

// probeLinks answers the links of probe by rule's probe, one indexed lookup
// each, in one statement over a JSON array of their args.
func (s *Store) probeLinks(ctx context.Context, rule linkRule, probe []int, answer func(int, string)) error {
	var ask []string // rule.arg of the links asked, by position
	var asked []int  // their indexes in links
	for _, i := range probe {
		if a := rule.arg(i); a != "" {
			ask, asked = append(ask, a), append(asked, i)
		}
	}
	if len(ask) == 0 {
		return nil
	}
	arg, err := json.Marshal(ask)
	if err != nil {
		return err
	}
	return sqlrows.Each(ctx, s.prepared(), rule.what, rule.probe, []any{string(arg)}, func(r *sql.Rows) error {
		var at int
		var uri sql.NullString
		if err := r.Scan(&at, &uri); err != nil {
			return err
		}
		if at >= 0 && at < len(asked) && uri.Valid {
			answer(asked[at], uri.String)
		}
		return nil
	})
}

// modernFromText is the modern address of a link to a legacy numeric page
// shown with text: its parent and docuri.TitleSegment of the text ("" when
// the target is no legacy page or the text gives no segment).
func modernFromText(uri, text string) string {
	if !strings.HasPrefix(uri, docuri.Scheme) {
		return ""
	}
	i := strings.LastIndexByte(uri, '/')
	if i < 0 || !docuri.IsLegacySegment(uri[i+1:]) {
		return ""
	}
	seg := docuri.TitleSegment(strings.Trim(text, "`"))
	if seg == "" {
		return ""
	}
	return uri[:i+1] + seg
}
