package ranker

import (
	"context"
	"errors"
	"fmt"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
	"maps"
	"slices"
	"sort"
	"strings"
	"unicode"
)

// ErrUnknownFramework means a framework filter names no indexed framework.
var ErrUnknownFramework = errors.New("unknown framework")

// FrameworkAlias is one framework's names: a row of the index's
// framework_aliases table.
type FrameworkAlias struct {
	Identifier  string   // lowercased id used in URIs and docs.framework: "coredata"
	ImportName  string   // the module name: "CoreData"
	DisplayName string   // Apple's title: "Core Data"
	Synonyms    []string // other words meaning the framework ("nfc"), lowercased
}

// AliasSource supplies framework aliases: the index's framework_aliases table
// at run time (see search.go), a StaticAliases slice in tests.
type AliasSource interface {
	FrameworkAliases(ctx context.Context) ([]FrameworkAlias, error)
}

// StaticAliases is an AliasSource over a fixed list.
type StaticAliases []FrameworkAlias

// FrameworkAliases returns the list itself.
func (s StaticAliases) FrameworkAliases(context.Context) ([]FrameworkAlias, error) {
	return s, nil
}

// Frameworks resolves the names a user may type for a framework. It is built
// once per index (a few hundred rows) and is safe for concurrent reads.
type Frameworks struct {
	byName    map[string]string   // normalised identifier/import/display name -> identifier
	bySynonym map[string][]string // normalised synonym -> identifiers, sorted
	aliases   map[string]FrameworkAlias
}

// LoadFrameworks reads every alias from src.
func LoadFrameworks(ctx context.Context, src AliasSource) (*Frameworks, error) {
	list, err := src.FrameworkAliases(ctx)
	if err != nil {
		return nil, fmt.Errorf("load framework aliases: %w", err)
	}
	return NewFrameworks(list), nil
}

// NewFrameworks indexes a list of aliases. Names are compared after
// normalisation (case, spaces, '-', '_' and '.' ignored), so "Core Data",
// "coredata", "CoreData" and "core-data" are one name. Besides the declared
// synonyms, each framework answers to the implicit short names Apple's naming
// makes predictable: its name without a "Core" prefix, a "Kit" suffix or a
// "Foundation" suffix (CoreBluetooth -> bluetooth, SpriteKit -> sprite,
// AVFoundation -> av) and, for names of three
// or more words, the initials of all but the last word plus the last word
// (MetalPerformanceShadersGraph -> mpsgraph). These are synonyms, not names:
// they steer ranking and never satisfy a --framework filter.
func NewFrameworks(list []FrameworkAlias) *Frameworks {
	f := &Frameworks{
		byName:    make(map[string]string),
		bySynonym: make(map[string][]string),
		aliases:   make(map[string]FrameworkAlias, len(list)),
	}
	// Identifiers first, so an import or display name never shadows another
	// framework's identifier.
	for _, a := range list {
		id := strings.ToLower(strings.TrimSpace(a.Identifier))
		if id == "" {
			continue
		}
		a.Identifier = id
		f.aliases[id] = a
		f.byName[normalizeName(id)] = id
	}
	for _, id := range f.identifiers() {
		a := f.aliases[id]
		for _, name := range []string{a.ImportName, a.DisplayName} {
			key := normalizeName(name)
			if _, taken := f.byName[key]; key != "" && !taken {
				f.byName[key] = id
			}
		}
	}
	for _, id := range f.identifiers() {
		a := f.aliases[id]
		for _, syn := range append(append([]string(nil), a.Synonyms...), implicitSynonyms(a)...) {
			key := normalizeName(syn)
			if key == "" || f.byName[key] != "" || slices.Contains(f.bySynonym[key], id) {
				continue
			}
			f.bySynonym[key] = append(f.bySynonym[key], id)
		}
	}
	return f
}

// Lookup returns the identifier named by an identifier, import name or
// display name, case-insensitively.
func (f *Frameworks) Lookup(name string) (string, bool) {
	if f == nil {
		return "", false
	}
	id, ok := f.byName[normalizeName(name)]
	return id, ok
}

// Resolve maps what a person or an agent types for a framework filter to its
// identifier: an identifier, import name or display name in any case and
// spacing ("Core Data", "coredata"), or a synonym that stands for exactly one
// framework ("wifi" for CoreWLAN). Anything else is ErrUnknownFramework with
// what it might have meant: the frameworks a synonym stands for, else names
// within edit distance 2 or containing it. Search and every symbol tool
// resolve through this one function.
func (f *Frameworks) Resolve(name string) (string, error) {
	if id, ok := f.Lookup(name); ok {
		return id, nil
	}
	ids := f.Synonym(name)
	if len(ids) == 1 {
		return ids[0], nil
	}
	if len(ids) == 0 {
		ids = f.near(name)
	}
	return "", &UnknownFrameworkError{Name: name, Suggestions: ids}
}

// UnknownFrameworkError is the ErrUnknownFramework Resolve returns: the name
// asked for and what it might have meant, so that a front end can word its
// own advice (the MCP server names its list_frameworks tool only). Error is
// the wording for the command line.
type UnknownFrameworkError struct {
	Name        string
	Suggestions []string // identifiers, best first; none when nothing is near
}

func (e *UnknownFrameworkError) Error() string {
	if len(e.Suggestions) > 0 {
		return fmt.Sprintf("%v %q: did you mean %s? (list_frameworks, or cupertino list-frameworks, lists them all)",
			ErrUnknownFramework, e.Name, strings.Join(e.Suggestions, ", "))
	}
	return fmt.Sprintf("%v %q: list_frameworks (or cupertino list-frameworks) lists the valid names", ErrUnknownFramework, e.Name)
}

// Unwrap makes errors.Is(err, ErrUnknownFramework) hold.
func (e *UnknownFrameworkError) Unwrap() error { return ErrUnknownFramework }

// Synonym returns the frameworks a word stands for through a declared or
// implicit synonym, sorted; nil when none.
func (f *Frameworks) Synonym(word string) []string {
	if f == nil {
		return nil
	}
	return f.bySynonym[normalizeName(word)]
}

// Alias returns the names of a framework by identifier.
func (f *Frameworks) Alias(id string) (FrameworkAlias, bool) {
	if f == nil {
		return FrameworkAlias{}, false
	}
	a, ok := f.aliases[id]
	return a, ok
}

// Len is the number of frameworks.
func (f *Frameworks) Len() int {
	if f == nil {
		return 0
	}
	return len(f.aliases)
}

func (f *Frameworks) identifiers() []string {
	return slices.Sorted(maps.Keys(f.aliases))
}

// near returns up to five identifiers a mistyped name may mean: those
// within edit distance 2, closest first, then those whose names contain it
// or are contained in it.
func (f *Frameworks) near(name string) []string {
	if f == nil {
		return nil
	}
	key := normalizeName(name)
	if key == "" {
		return nil
	}
	type candidate struct {
		id   string
		dist int
	}
	var found []candidate
	for _, id := range f.identifiers() {
		if d := osaDistance(key, normalizeName(id), 2); d <= 2 {
			found = append(found, candidate{id, d})
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].dist < found[j].dist })
	var out []string
	for _, c := range found {
		out = append(out, c.id)
	}
	for n, id := range f.byName {
		if len(key) >= 3 && (strings.Contains(n, key) || strings.Contains(key, n)) && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	if len(out) > 1 {
		slices.Sort(out[len(found):]) // map order would make the message unstable
	}
	if len(out) > 5 {
		out = out[:5]
	}
	return out
}

// normalizeName folds case and drops the separators people put inside
// framework names.
func normalizeName(s string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r == ' ' || r == '-' || r == '_' || r == '.':
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// implicitSynonyms derives the short names described on NewFrameworks.
func implicitSynonyms(a FrameworkAlias) []string {
	var out []string
	id := a.Identifier
	if rest, ok := strings.CutPrefix(id, "core"); ok && len(rest) >= 2 {
		out = append(out, rest)
	}
	if rest, ok := strings.CutSuffix(id, "kit"); ok && len(rest) >= 3 {
		out = append(out, rest)
	}
	// The prefix of an "…Foundation" framework names its family: AV.
	if rest, ok := strings.CutSuffix(id, "foundation"); ok && len(rest) >= 2 && rest != "core" {
		out = append(out, rest)
	}
	if words := swiftsym.CamelWords(a.ImportName); len(words) >= 3 {
		var b strings.Builder
		for _, w := range words[:len(words)-1] {
			b.WriteRune(unicode.ToLower([]rune(w)[0]))
		}
		b.WriteString(strings.ToLower(words[len(words)-1]))
		out = append(out, b.String())
	}
	return out
}
