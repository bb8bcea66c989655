package enrich

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/symbolgraph"
)

// ErrNoSymbolGraphs means --symbolgraph-dir holds no *.symbols.json file.
var ErrNoSymbolGraphs = errors.New("no *.symbols.json files")

// graphSymbol is one symbol of the joined graphs, merged across the graph
// files (platform variants) that declare it.
type graphSymbol struct {
	precise     string
	module      string   // the module whose documentation lists it
	extended    string   // the module it extends, for A@B graphs
	path        []string // pathComponents
	symbol      document.Symbol
	declaration string // the declaration fragments as one line
	kindID      string // swift.method, …
	platforms   []document.Platform
	deprecated  bool
}

// graphSet is every symbol read from a directory.
type graphSet struct {
	files, badFiles int
	symbols         []*graphSymbol
}

// readSymbolGraphs reads every *.symbols.json under dir. Files that are not
// valid symbol graphs are counted and skipped.
func readSymbolGraphs(ctx context.Context, dir string) (*graphSet, error) {
	paths, err := symbolgraph.Files(ctx, dir)
	if err != nil {
		return nil, fmt.Errorf("read symbol graphs: %w", err)
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%w in %s", ErrNoSymbolGraphs, dir)
	}
	set := &graphSet{}
	byPrecise := map[string]*graphSymbol{}
	for _, p := range paths {
		g, err := symbolgraph.Read(p)
		if errors.Is(err, symbolgraph.ErrMalformed) || err == nil && g.Module.Name == "" {
			set.badFiles++
			continue
		}
		if err != nil {
			return nil, err
		}
		set.files++
		extended := extendedModule(filepath.Base(p), g.Module.Name)
		titles := map[string]string{}
		for i := range g.Symbols {
			titles[g.Symbols[i].Identifier.Precise] = g.Symbols[i].Names.Title
		}
		conformances := map[string][]string{}
		for _, r := range g.Relationships {
			if r.Kind != "conformsTo" && r.Kind != "inheritsFrom" {
				continue
			}
			name := titles[r.Target]
			if name == "" {
				name = r.TargetFallback
				if i := strings.LastIndexByte(name, '.'); i >= 0 {
					name = name[i+1:]
				}
			}
			if name != "" {
				conformances[r.Source] = appendNew(conformances[r.Source], name)
			}
		}
		for i := range g.Symbols {
			s := &g.Symbols[i]
			// An extension block (swift.extension) is not a page: its
			// constraints belong to its members, which carry them.
			if len(s.PathComponents) == 0 || s.Kind.Identifier == "" || s.Kind.Identifier == "module" ||
				strings.HasSuffix(s.Kind.Identifier, ".extension") {
				continue
			}
			gs := convertSymbol(s, g.Module.Name, extended, conformances[s.Identifier.Precise])
			key := s.Identifier.InterfaceLanguage + "\x00" + s.Identifier.Precise
			if s.Identifier.Precise == "" {
				key = fmt.Sprintf("%s\x00%d", p, i)
			}
			if old, ok := byPrecise[key]; ok {
				mergeSymbol(old, gs)
				continue
			}
			byPrecise[key] = gs
			set.symbols = append(set.symbols, gs)
		}
	}
	return set, nil
}

// extendedModule reads B from an extension graph's file name "A@B.symbols.json"
// (or "A@B@C…"); "" for a module's own graph.
func extendedModule(base, module string) string {
	name := strings.TrimSuffix(base, symbolgraph.FileSuffix)
	parts := strings.Split(name, "@")
	if len(parts) < 2 || parts[1] == module {
		return ""
	}
	return parts[1]
}

func convertSymbol(s *symbolgraph.Symbol, module, extended string, conformances []string) *graphSymbol {
	gs := &graphSymbol{
		precise:  s.Identifier.Precise,
		module:   module,
		extended: extended,
		path:     s.PathComponents,
		kindID:   s.Kind.Identifier,
	}
	if s.SwiftExtension != nil && s.SwiftExtension.ExtendedModule != "" && s.SwiftExtension.ExtendedModule != module {
		gs.extended = s.SwiftExtension.ExtendedModule
	}
	var parts []string
	for _, f := range s.DeclarationFragments {
		parts = append(parts, f.Spelling)
	}
	gs.declaration = normalizeSpace(strings.Join(parts, ""))
	kind, static := symbolKind(s.Kind.Identifier)
	sym := document.Symbol{
		Name:         baseTitle(s.Names.Title, s.PathComponents),
		Kind:         kind,
		Signature:    gs.declaration,
		IsStatic:     static,
		Conformances: conformances,
		Origin:       originSymbolGraph,
	}
	for _, f := range s.DeclarationFragments {
		switch {
		case f.Kind == "keyword" && f.Spelling == "async":
			sym.IsAsync = true
		case f.Kind == "keyword" && (f.Spelling == "throws" || f.Spelling == "rethrows"):
			sym.IsThrows = true
		case f.Kind == "keyword" && f.Spelling == "static":
			sym.IsStatic = true
		case f.Kind == "attribute":
			if a := strings.TrimPrefix(strings.TrimSpace(f.Spelling), "@"); a != "" {
				sym.Attributes = appendNew(sym.Attributes, a)
			}
		}
	}
	if g := s.SwiftGenerics; g != nil {
		for _, p := range g.Parameters {
			sym.GenericParams = appendNew(sym.GenericParams, p.Name)
		}
		sym.GenericConstraints = appendNew(sym.GenericConstraints, renderConstraints(g.Constraints)...)
	}
	if x := s.SwiftExtension; x != nil {
		sym.GenericConstraints = appendNew(sym.GenericConstraints, renderConstraints(x.Constraints)...)
	}
	gs.symbol = sym
	gs.platforms, gs.deprecated = graphPlatforms(s.Availability)
	return gs
}

// mergeSymbol folds another graph file's copy of a symbol into gs.
func mergeSymbol(gs, other *graphSymbol) {
	gs.symbol.GenericParams = appendNew(gs.symbol.GenericParams, other.symbol.GenericParams...)
	gs.symbol.GenericConstraints = appendNew(gs.symbol.GenericConstraints, other.symbol.GenericConstraints...)
	gs.symbol.Attributes = appendNew(gs.symbol.Attributes, other.symbol.Attributes...)
	gs.symbol.Conformances = appendNew(gs.symbol.Conformances, other.symbol.Conformances...)
	for _, p := range other.platforms {
		if !hasPlatform(gs.platforms, p.Name) {
			gs.platforms = append(gs.platforms, p)
		}
	}
	gs.deprecated = gs.deprecated && other.deprecated
}

func hasPlatform(list []document.Platform, name string) bool {
	for _, p := range list {
		if p.Name == name {
			return true
		}
	}
	return false
}

// renderConstraints writes SymbolKit requirements the way swiftsym writes
// where clauses: "T: Hashable", "Element == Int".
func renderConstraints(cs []symbolgraph.Constraint) []string {
	var out []string
	for _, c := range cs {
		lhs, rhs := strings.TrimSpace(c.LHS), strings.TrimSpace(c.RHS)
		if lhs == "" || rhs == "" {
			continue
		}
		switch c.Kind {
		case "sameType", "sameShape":
			out = append(out, lhs+" == "+rhs)
		default: // conformance, superclass
			out = append(out, lhs+": "+rhs)
		}
	}
	return out
}

// graphDomains maps SymbolKit availability domains to the platform names
// DocC pages use. Language domains ("Swift", "*") are not platforms.
var graphDomains = map[string]string{
	"ios": "iOS", "macos": "macOS", "osx": "macOS", "macosx": "macOS", "tvos": "tvOS",
	"watchos": "watchOS", "visionos": "visionOS", "xros": "visionOS", "maccatalyst": "Mac Catalyst",
	"mac catalyst": "Mac Catalyst", "ipados": "iPadOS",
}

func graphPlatforms(av []symbolgraph.Availability) (platforms []document.Platform, deprecated bool) {
	allDeprecated := len(av) > 0
	for _, a := range av {
		if a.IsUnconditionallyDeprecated && (a.Domain == "" || a.Domain == "*") {
			return platforms, true
		}
		name, ok := graphDomains[strings.ToLower(a.Domain)]
		if !ok {
			continue
		}
		p := document.Platform{Name: name, Introduced: a.Introduced.String(), Unavailable: a.IsUnconditionallyUnavailable}
		if a.Deprecated != nil || a.IsUnconditionallyDeprecated {
			p.Deprecated, p.DeprecatedAt = true, a.Deprecated.String()
		} else {
			allDeprecated = false
		}
		platforms = append(platforms, p)
	}
	return platforms, allDeprecated && len(platforms) > 0
}

// symbolKind maps a SymbolKit kind identifier to doc_symbols.kind as
// swiftsym writes it, and whether the symbol is static.
func symbolKind(id string) (kind string, static bool) {
	lang, rest, ok := strings.Cut(id, ".")
	if !ok {
		return id, false
	}
	static = strings.HasPrefix(rest, "type.")
	rest = strings.TrimPrefix(rest, "type.")
	if lang != "swift" {
		switch rest {
		case "class", "protocol", "method", "property":
			return "objc-" + rest, static
		}
		return rest, static
	}
	switch rest {
	case "method", "func.op", "func":
		return "func", static
	case "property", "var":
		return "var", static
	case "enum.case":
		return "case", false
	}
	return rest, static
}

// baseTitle is the symbol's base name: "init(destination:label:)" -> "init".
func baseTitle(title string, path []string) string {
	if title == "" && len(path) > 0 {
		title = path[len(path)-1]
	}
	if i := strings.IndexAny(title, "(<"); i > 0 {
		title = title[:i]
	}
	if i := strings.LastIndexByte(title, '.'); i > 0 && i < len(title)-1 {
		title = title[i+1:]
	}
	return strings.TrimSpace(title)
}

// candidateURIs lists the pages a symbol may be documented on, most likely
// first: DocC files an extension graph's symbols under the extending module,
// with or without the extended module as a path level.
func (gs *graphSymbol) candidateURIs() []string {
	var prefixes [][]string
	if gs.extended != "" {
		prefixes = [][]string{{gs.module, gs.extended}, {gs.module}, {gs.extended}}
	} else {
		prefixes = [][]string{{gs.module}}
	}
	var out []string
	for _, prefix := range prefixes {
		if uri := docURI(append(append([]string(nil), prefix...), gs.path...)); uri != "" && !slices.Contains(out, uri) {
			out = append(out, uri)
		}
	}
	return out
}

// docURI builds the canonical apple-docs URI of a module-relative path. The
// components are escaped so that an operator such as "/(_:_:)" stays one
// segment; docuri then applies every canonical rule (case, '_' folding).
func docURI(components []string) string {
	escaped := make([]string, len(components))
	for i, c := range components {
		escaped[i] = url.PathEscape(c)
	}
	uri, err := docuri.FromURL("/documentation/" + strings.Join(escaped, "/"))
	if err != nil {
		return ""
	}
	return uri
}

func normalizeSpace(s string) string { return strings.Join(strings.Fields(s), " ") }
