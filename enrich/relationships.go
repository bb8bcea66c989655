package enrich

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/index"
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
	for _, end := range []string{"parent", "child"} {
		n, err := e.w.FillEdgeTitles(ctx, end)
		if err != nil {
			return 0, "", fmt.Errorf("fill %s titles: %w", end, err)
		}
		changed += n
	}
	resolved, err := resolveDangling(ctx, e.w)
	if err != nil {
		return 0, "", err
	}
	changed += resolved
	dups, err := e.w.DedupEdges(ctx)
	if err != nil {
		return 0, "", fmt.Errorf("dedup edges: %w", err)
	}
	changed += dups
	completed, err := completeLists(ctx, e.w)
	if err != nil {
		return 0, "", err
	}
	changed += completed
	edges, dangling, err := e.w.EdgeCounts(ctx)
	if err != nil {
		return 0, "", err
	}
	return changed, fmt.Sprintf("%d edges, %d ends re-resolved, %d duplicates removed, %d relationship lists completed, %d edges point outside the index",
		edges, resolved, dups, completed, dangling), nil
}

// resolveDangling re-points edge ends whose URI is not an indexed page.
func resolveDangling(ctx context.Context, w *index.EnrichTx) (int64, error) {
	types, err := loadTypeTitles(ctx, w)
	if err != nil {
		return 0, err
	}
	var n int64
	for _, end := range []string{"parent", "child"} {
		ends, err := w.DanglingEnds(ctx, end)
		if err != nil {
			return 0, err
		}
		for _, d := range ends {
			uri, err := resolveEnd(ctx, w, types, d)
			if err != nil {
				return 0, err
			}
			if uri == "" || uri == d.URI {
				continue
			}
			if err := w.SetEdgeEnd(ctx, end, d.Rowid, uri); err != nil {
				return 0, fmt.Errorf("resolve edge: %w", err)
			}
			n++
		}
	}
	return n, nil
}

func resolveEnd(ctx context.Context, w *index.EnrichTx, types typeTitles, d index.DanglingEnd) (string, error) {
	if d.URI != "" {
		variants, err := w.VariantURIs(ctx, d.URI)
		if err != nil {
			return "", fmt.Errorf("resolve %s: %w", d.URI, err)
		}
		var found []string
		for _, uri := range variants {
			if !strings.Contains(uri[len(d.URI):], "/") {
				found = append(found, uri)
			}
		}
		if len(found) == 1 {
			return found[0], nil
		}
	}
	title := strings.ToLower(strings.TrimSpace(d.Title))
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
	for _, fw := range []string{frameworkOf(d.URI), d.Framework} {
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

func loadTypeTitles(ctx context.Context, w *index.EnrichTx) (typeTitles, error) {
	out := typeTitles{}
	err := w.EachTypeTitle(ctx, func(title, uri, framework string) {
		out[title] = append(out[title], typeTitle{uri: uri, framework: framework})
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
func completeLists(ctx context.Context, w *index.EnrichTx) (int64, error) {
	// want[doc][column] = refs the list must hold
	want := map[int64]map[string][]refJSON{}
	addWant := func(doc int64, column string, ref refJSON) {
		if want[doc] == nil {
			want[doc] = map[string][]refJSON{}
		}
		want[doc][column] = append(want[doc][column], ref)
	}
	err := w.EachResolvedEdge(ctx, func(e index.ResolvedEdge) {
		if cols, ok := listColumns[e.Relation]; ok && e.Child != e.Parent {
			addWant(e.Child, cols[0], refJSON{URI: e.ParentURI, Title: e.ParentTitle})
			addWant(e.Parent, cols[1], refJSON{URI: e.ChildURI, Title: e.ChildTitle})
		}
	})
	if err != nil {
		return 0, err
	}

	docs := make([]int64, 0, len(want))
	for id := range want {
		docs = append(docs, id)
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i] < docs[j] })
	var changed int64
	for _, id := range docs {
		current := map[string]string{}
		lists, found, err := w.RelationshipLists(ctx, id)
		switch {
		case err != nil:
			return 0, fmt.Errorf("complete lists: %w", err)
		case !found:
			lists = [4]string{"[]", "[]", "[]", "[]"}
			if err := w.InsertStructured(ctx, id); err != nil {
				return 0, fmt.Errorf("complete lists: %w", err)
			}
		}
		for i, column := range index.RelationshipColumns {
			current[column] = lists[i]
		}
		touched := false
		for _, column := range slices.Sorted(maps.Keys(want[id])) {
			updated, ok, err := mergeRefs(current[column], want[id][column])
			if err != nil {
				return 0, fmt.Errorf("complete lists of doc %d: %w", id, err)
			}
			if !ok {
				continue
			}
			if err := w.SetRelationshipList(ctx, id, column, updated); err != nil {
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
