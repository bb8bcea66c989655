package ranker

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/internal/source"
)

// ErrUnknownSource means a --source value (or a source prefix written with a
// colon) names no source.
var ErrUnknownSource = errors.New("unknown source")

// sourceAlias is one spelling of a source; see source.Alias for what bare
// means.
type sourceAlias struct {
	alias  string
	source string
	bare   bool
}

// sourceAliases is the alias table of internal/source, flattened. Every
// source's own id is an alias of itself.
var sourceAliases = func() []sourceAlias {
	var out []sourceAlias
	for _, s := range source.All {
		out = append(out, sourceAlias{s.ID, s.ID, s.IDIsBare})
		for _, a := range s.Aliases {
			out = append(out, sourceAlias{a.Name, s.ID, a.Bare})
		}
	}
	return out
}()

// AllSources lists every source in display order.
var AllSources = source.IDs()

// ResolveSource maps any alias of a source (case-insensitive) to its id.
func ResolveSource(name string) (string, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, a := range sourceAliases {
		if a.alias == key {
			return a.source, nil
		}
	}
	return "", fmt.Errorf("%w %q: valid sources are %s", ErrUnknownSource, name, strings.Join(AllSources, ", "))
}

// SourceAliasTable returns alias -> source for documentation and --help.
func SourceAliasTable() map[string]string {
	out := make(map[string]string, len(sourceAliases))
	for _, a := range sourceAliases {
		out[a.alias] = a.source
	}
	return out
}

// sourcePrefix recognises a source prefix token: a bare alias, or any alias
// followed by a colon. rest is what followed the colon inside the same token
// ("se:actors" -> "actors").
func sourcePrefix(token string) (source, rest string, ok bool) {
	lower := strings.ToLower(token)
	if name, _, found := strings.Cut(lower, ":"); found {
		for _, a := range sourceAliases {
			if a.alias == name {
				return a.source, token[len(name)+1:], true
			}
		}
		return "", "", false
	}
	for _, a := range sourceAliases {
		if a.bare && a.alias == lower {
			return a.source, "", true
		}
	}
	return "", "", false
}

// sortedUnique returns the distinct values of in, sorted.
func sortedUnique(in []string) []string {
	seen := make(map[string]bool, len(in))
	out := make([]string, 0, len(in))
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}
