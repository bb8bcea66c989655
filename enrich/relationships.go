package enrich

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// runRelationships finishes inheritance_edges across the whole index, after
// every source is in:
//
//  1. titles are filled from the pages the URIs name;
//  2. an end whose URI names no indexed page (a legacy address such as
//     objectivec/1418956-nsobject, a page DocC later disambiguated, or no
//     URI at all) is re-resolved: to the one page whose URI is that URI plus
//     a DocC suffix, else by title among the types of the URI's (or the
//     asserting page's) framework, else by a title unique in the index;
//  3. duplicates (same relation and ends) are removed;
//  4. docs_structured is completed in both directions: a class lists every
//     indexed subclass in inherited_by and a protocol every conforming type
//     in conforming_types, however the edge was learnt, and the child lists
//     the parent in inherits_from / conforms_to.
//
// Every step only changes what is missing or duplicated, so a re-run changes
// nothing.
func runRelationships(ctx context.Context, e *env) (int64, string, error) {
	var changed int64
	exec := func(query string, args ...any) (int64, error) {
		res, err := e.tx.ExecContext(ctx, query, args...)
		if err != nil {
			return 0, err
		}
		n, _ := res.RowsAffected()
		changed += n
		return n, nil
	}
	for _, end := range []string{"parent", "child"} {
		if _, err := exec(fmt.Sprintf(`UPDATE inheritance_edges SET %[1]s_title = (SELECT title FROM docs WHERE docs.uri = inheritance_edges.%[1]s_uri)
			WHERE %[1]s_title = '' AND %[1]s_uri != ''
			AND EXISTS (SELECT 1 FROM docs WHERE docs.uri = inheritance_edges.%[1]s_uri AND docs.title != '')`, end)); err != nil {
			return 0, "", fmt.Errorf("fill %s titles: %w", end, err)
		}
	}
	resolved, err := resolveDangling(ctx, e.tx)
	if err != nil {
		return 0, "", err
	}
	changed += resolved
	dups, err := exec(`DELETE FROM inheritance_edges WHERE rowid NOT IN (
	SELECT min(rowid) FROM inheritance_edges GROUP BY relation,
		CASE WHEN child_uri != '' THEN child_uri ELSE lower(child_title) END,
		CASE WHEN parent_uri != '' THEN parent_uri ELSE lower(parent_title) END)`)
	if err != nil {
		return 0, "", fmt.Errorf("dedup edges: %w", err)
	}
	completed, err := completeLists(ctx, e.tx)
	if err != nil {
		return 0, "", err
	}
	changed += completed
	var edges, dangling int64
	if err := e.tx.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(NOT EXISTS (SELECT 1 FROM docs WHERE docs.uri = inheritance_edges.parent_uri)), 0)
		FROM inheritance_edges`).Scan(&edges, &dangling); err != nil {
		return 0, "", fmt.Errorf("count edges: %w", err)
	}
	return changed, fmt.Sprintf("%d edges, %d ends re-resolved, %d duplicates removed, %d relationship lists completed, %d edges point outside the index",
		edges, resolved, dups, completed, dangling), nil
}

type danglingEnd struct {
	rowid     int64
	uri       string
	title     string
	framework string // of the asserting page
}

// resolveDangling re-points edge ends whose URI is not an indexed page.
func resolveDangling(ctx context.Context, tx *sql.Tx) (int64, error) {
	types, err := loadTypeTitles(ctx, tx)
	if err != nil {
		return 0, err
	}
	variants, err := tx.PrepareContext(ctx, `SELECT uri FROM docs WHERE uri >= ? || '-' AND uri < ? || '.' LIMIT 3`)
	if err != nil {
		return 0, err
	}
	defer variants.Close()
	var n int64
	for _, end := range []string{"parent", "child"} {
		ends, err := sqlrows.All(ctx, tx, "find dangling edges", fmt.Sprintf(`SELECT e.rowid, e.%[1]s_uri, e.%[1]s_title, coalesce(d.framework, '')
			FROM inheritance_edges e LEFT JOIN docs d ON d.id = e.doc_id
			WHERE (e.%[1]s_uri = '' AND e.%[1]s_title != '') OR (e.%[1]s_uri != '' AND NOT EXISTS (SELECT 1 FROM docs WHERE docs.uri = e.%[1]s_uri))`, end), nil,
			func(rows *sql.Rows) (d danglingEnd, err error) {
				err = rows.Scan(&d.rowid, &d.uri, &d.title, &d.framework)
				return d, err
			})
		if err != nil {
			return 0, err
		}
		for _, d := range ends {
			uri, err := resolveEnd(ctx, variants, types, d)
			if err != nil {
				return 0, err
			}
			if uri == "" || uri == d.uri {
				continue
			}
			if _, err := tx.ExecContext(ctx, fmt.Sprintf("UPDATE inheritance_edges SET %[1]s_uri = ? WHERE rowid = ?", end), uri, d.rowid); err != nil {
				return 0, fmt.Errorf("resolve edge: %w", err)
			}
			n++
		}
	}
	return n, nil
}

func resolveEnd(ctx context.Context, variants *sql.Stmt, types typeTitles, d danglingEnd) (string, error) {
	if d.uri != "" {
		rows, err := variants.QueryContext(ctx, d.uri, d.uri)
		if err != nil {
			return "", fmt.Errorf("resolve %s: %w", d.uri, err)
		}
		var found []string
		for rows.Next() {
			var uri string
			if err := rows.Scan(&uri); err != nil {
				rows.Close()
				return "", err
			}
			if !strings.Contains(uri[len(d.uri):], "/") {
				found = append(found, uri)
			}
		}
		rows.Close()
		if len(found) == 1 {
			return found[0], nil
		}
	}
	title := strings.ToLower(strings.TrimSpace(d.title))
	if title == "" {
		return "", nil
	}
	// Module-qualified names ("UIKitCore.UIView") name the type after the dot.
	candidates := types[title]
	if len(candidates) == 0 {
		if i := strings.LastIndexByte(title, '.'); i > 0 {
			candidates = types[title[i+1:]]
		}
	}
	for _, fw := range []string{frameworkOf(d.uri), d.framework} {
		if fw == "" {
			continue
		}
		var in []string
		for _, c := range candidates {
			if c.framework == fw {
				in = append(in, c.uri)
			}
		}
		if len(in) == 1 {
			return in[0], nil
		}
	}
	if len(candidates) == 1 {
		return candidates[0].uri, nil
	}
	return "", nil
}

func frameworkOf(uri string) string {
	_, rest, ok := strings.Cut(uri, "://")
	if !ok {
		return ""
	}
	fw, _, _ := strings.Cut(rest, "/")
	return fw
}

type typeTitle struct{ uri, framework string }

// typeTitles maps a lowercased type title to the type pages that carry it.
type typeTitles map[string][]typeTitle

func loadTypeTitles(ctx context.Context, tx *sql.Tx) (typeTitles, error) {
	out := typeTitles{}
	err := sqlrows.Each(ctx, tx, "read type titles", `SELECT title_lower, uri, framework FROM docs
		WHERE kind IN ('protocol','class','struct','enum','actor','typealias','type') ORDER BY uri`, nil,
		func(rows *sql.Rows) error {
			var title string
			var t typeTitle
			if err := rows.Scan(&title, &t.uri, &t.framework); err != nil {
				return err
			}
			out[title] = append(out[title], t)
			return nil
		})
	return out, err
}

// refJSON is the {uri,title} element of the docs_structured lists, as the
// index writes it.
type refJSON struct {
	URI   string `json:"uri"`
	Title string `json:"title"`
}

// listColumns names the docs_structured column that lists an edge on each
// side: the child's upward list and the parent's downward one.
var listColumns = map[string][2]string{
	index.RelationInheritsFrom: {"inherits_from", "inherited_by"},
	index.RelationConformsTo:   {"conforms_to", "conforming_types"},
}

// completeLists adds every edge between two indexed pages to both pages'
// docs_structured lists where it is missing.
func completeLists(ctx context.Context, tx *sql.Tx) (int64, error) {
	// want[doc][column] = refs the list must hold
	want := map[int64]map[string][]refJSON{}
	addWant := func(doc int64, column string, ref refJSON) {
		if want[doc] == nil {
			want[doc] = map[string][]refJSON{}
		}
		want[doc][column] = append(want[doc][column], ref)
	}
	err := sqlrows.Each(ctx, tx, "read edges", `SELECT e.relation, c.id, c.uri, c.title, p.id, p.uri, p.title
		FROM inheritance_edges e JOIN docs c ON c.uri = e.child_uri JOIN docs p ON p.uri = e.parent_uri
		ORDER BY e.rowid`, nil, func(rows *sql.Rows) error {
		var relation, childURI, childTitle, parentURI, parentTitle string
		var childID, parentID int64
		if err := rows.Scan(&relation, &childID, &childURI, &childTitle, &parentID, &parentURI, &parentTitle); err != nil {
			return err
		}
		if cols, ok := listColumns[relation]; ok && childID != parentID {
			addWant(childID, cols[0], refJSON{URI: parentURI, Title: parentTitle})
			addWant(parentID, cols[1], refJSON{URI: childURI, Title: childTitle})
		}
		return nil
	})
	if err != nil {
		return 0, err
	}

	read, err := tx.PrepareContext(ctx, `SELECT inherits_from, inherited_by, conforms_to, conforming_types FROM docs_structured WHERE doc_id = ?`)
	if err != nil {
		return 0, err
	}
	defer read.Close()
	docs := make([]int64, 0, len(want))
	for id := range want {
		docs = append(docs, id)
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i] < docs[j] })
	var changed int64
	for _, id := range docs {
		current := map[string]string{}
		var a, b, c, d string
		err := read.QueryRowContext(ctx, id).Scan(&a, &b, &c, &d)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			a, b, c, d = "[]", "[]", "[]", "[]"
			if _, err := tx.ExecContext(ctx, "INSERT INTO docs_structured(doc_id) VALUES (?)", id); err != nil {
				return 0, fmt.Errorf("complete lists: %w", err)
			}
		case err != nil:
			return 0, fmt.Errorf("complete lists: %w", err)
		}
		current["inherits_from"], current["inherited_by"], current["conforms_to"], current["conforming_types"] = a, b, c, d
		touched := false
		for _, column := range slices.Sorted(maps.Keys(want[id])) {
			updated, ok, err := mergeRefs(current[column], want[id][column])
			if err != nil {
				return 0, fmt.Errorf("complete lists of doc %d: %w", id, err)
			}
			if !ok {
				continue
			}
			if _, err := tx.ExecContext(ctx, "UPDATE docs_structured SET "+column+" = ? WHERE doc_id = ?", updated, id); err != nil {
				return 0, fmt.Errorf("complete lists: %w", err)
			}
			touched = true
		}
		if touched {
			changed++
		}
	}
	return changed, nil
}

// mergeRefs appends the refs whose URI the JSON list lacks, sorted by title
// for a stable result. ok is false when nothing was missing.
func mergeRefs(list string, add []refJSON) (string, bool, error) {
	var refs []refJSON
	if list != "" {
		if err := json.Unmarshal([]byte(list), &refs); err != nil {
			return "", false, err
		}
	}
	// A ref is present under its URI or its title: pages often list a
	// legacy or unresolved URI for a type the edge now resolves.
	have := map[string]bool{}
	for _, r := range refs {
		have["uri:"+r.URI] = true
		have["title:"+strings.ToLower(r.Title)] = true
	}
	var missing []refJSON
	for _, r := range add {
		if have["uri:"+r.URI] || have["title:"+strings.ToLower(r.Title)] {
			continue
		}
		have["uri:"+r.URI], have["title:"+strings.ToLower(r.Title)] = true, true
		missing = append(missing, r)
	}
	if len(missing) == 0 {
		return list, false, nil
	}
	sort.SliceStable(missing, func(i, j int) bool { return missing[i].Title < missing[j].Title })
	data, err := json.Marshal(append(refs, missing...))
	if err != nil {
		return "", false, err
	}
	return string(data), true, nil
}
