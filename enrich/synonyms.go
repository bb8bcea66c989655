package enrich

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// frameworkRow is what the synonyms pass knows of one framework.
type frameworkRow struct {
	id          string
	docs        int
	rootTitle   string
	rootFile    string
	rootKind    string
	rootHeading string
}

// runSynonyms writes one framework_aliases row per framework present in
// docs: display name from the framework root page's title, import name from
// the module spelling (the root's file name or the title without spaces),
// curated synonyms (synonyms_table.go) and the ones derived from the name.
// Rows of frameworks without documents are removed. Only rows whose content
// differs are written, so a re-run changes nothing.
func runSynonyms(ctx context.Context, e *env) (int64, string, error) {
	frameworks, err := readFrameworks(ctx, e.w)
	if err != nil {
		return 0, "", err
	}
	// A framework's name is never another framework's synonym (names win
	// in the ranker anyway), and a derived synonym never takes a word the
	// curated table gives another framework (IOBluetooth's "bluetooth").
	taken := map[string]string{}
	for _, f := range frameworks {
		taken[f.id] = f.id
		taken[compactLower(f.rootTitle)] = f.id
	}
	curatedOwner := map[string][]string{}
	for id, syns := range curatedSynonyms {
		for _, s := range syns {
			curatedOwner[s] = append(curatedOwner[s], id)
		}
	}
	existing, err := e.w.FrameworkAliases(ctx)
	if err != nil {
		return 0, "", err
	}
	var changed, curated, derived, withImport int64
	want := map[string]bool{}
	for _, f := range frameworks {
		alias, nCurated, nDerived := aliasFor(f, taken, curatedOwner)
		want[alias.Identifier] = true
		curated += int64(nCurated)
		derived += int64(nDerived)
		if alias.ImportName != "" {
			withImport++
		}
		if old, ok := existing[alias.Identifier]; ok && sameAlias(old, alias) {
			continue
		}
		if err := e.w.PutFrameworkAlias(ctx, alias); err != nil {
			return 0, "", err
		}
		changed++
	}
	for _, id := range slices.Sorted(maps.Keys(existing)) {
		if want[id] {
			continue
		}
		if err := e.w.DeleteFrameworkAlias(ctx, id); err != nil {
			return 0, "", err
		}
		changed++
	}
	summary := fmt.Sprintf("%d frameworks, %d with an import name, %d synonyms (%d curated, %d derived)",
		len(frameworks), withImport, curated+derived, curated, derived)
	return changed, summary, nil
}

func readFrameworks(ctx context.Context, w *index.EnrichTx) ([]frameworkRow, error) {
	roots, err := w.FrameworkRoots(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]frameworkRow, len(roots))
	for i, r := range roots {
		out[i] = frameworkRow{id: r.Framework, docs: r.Docs, rootTitle: r.Title, rootFile: r.SourceFile, rootKind: r.Kind, rootHeading: r.RoleHeading}
	}
	return out, nil
}

func sameAlias(a, b index.Framework) bool {
	return a.Identifier == b.Identifier && a.ImportName == b.ImportName && a.DisplayName == b.DisplayName &&
		a.DocCount == b.DocCount && strings.Join(a.Synonyms, " ") == strings.Join(b.Synonyms, " ")
}

// aliasFor builds one framework's row. taken maps every framework's
// identifier and compact title to it; curatedOwner maps a curated synonym to
// the frameworks the table gives it.
func aliasFor(f frameworkRow, taken map[string]string, curatedOwner map[string][]string) (alias index.Framework, curated, derived int) {
	alias = index.Framework{Identifier: f.id, DocCount: f.docs}
	alias.ImportName = importName(f)
	alias.DisplayName = strings.TrimSpace(f.rootTitle)
	if alias.DisplayName == "" {
		alias.DisplayName = alias.ImportName
	}
	if alias.DisplayName == "" {
		alias.DisplayName = f.id
	}
	seen := map[string]bool{}
	add := func(s string) bool {
		s = synonymForm(s)
		if s == "" || s == f.id || seen[s] {
			return false
		}
		seen[s] = true
		alias.Synonyms = append(alias.Synonyms, s)
		return true
	}
	free := func(s string) bool {
		owner, ok := taken[compactLower(s)]
		return !ok || owner == f.id
	}
	for _, s := range curatedSynonyms[f.id] {
		if free(s) && add(s) {
			curated++
		}
	}
	for _, s := range derivedSynonyms(f.id, alias.ImportName, alias.DisplayName) {
		owners := curatedOwner[s]
		if free(s) && (len(owners) == 0 || slices.Contains(owners, f.id)) && add(s) {
			derived++
		}
	}
	return alias, curated, derived
}

// importName returns the module a framework is imported as: the root page's
// file name or title when either spells the identifier with its capitals,
// the importNames table otherwise. Roots that are not frameworks (web
// services, release notes, technologies) have none.
func importName(f frameworkRow) string {
	if name, ok := importNames[f.id]; ok {
		return name
	}
	if !isFrameworkRoot(f) {
		return ""
	}
	base := strings.TrimSuffix(filepath.Base(f.rootFile), filepath.Ext(f.rootFile))
	for _, candidate := range []string{base, compact(f.rootTitle)} {
		if strings.EqualFold(candidate, f.id) && isIdentifier(candidate) && hasUpper(candidate) {
			return candidate
		}
	}
	// An all-lowercase module ("os", "simd") is spelled like its identifier.
	if strings.EqualFold(compact(f.rootTitle), f.id) && isIdentifier(f.id) {
		return compact(f.rootTitle)
	}
	return ""
}

func isFrameworkRoot(f frameworkRow) bool {
	return strings.EqualFold(f.rootKind, "framework") || strings.EqualFold(f.rootHeading, "framework")
}

// derivedSynonyms returns the word left after a well-known prefix of the
// identifier, when that word is one of the words of the framework's name:
// "corebluetooth" (Core Bluetooth) -> "bluetooth", "avrouting" (AVRouting)
// -> "routing". The word test keeps out fragments such as AVFAudio's
// "faudio" or CoreAudioKit's "audiokit". A "Kit" suffix is not stripped
// here: "StoreKit" -> "store", "AppKit" -> "app" are too common as words to
// stand for one framework (the ranker weighs such implicit names itself).
func derivedSynonyms(id, importName, displayName string) []string {
	words := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(displayName)) {
		words[strings.Trim(w, "()&/.,")] = true
	}
	for _, w := range swiftsym.CamelWords(importName) {
		words[strings.ToLower(w)] = true
	}
	for _, w := range swiftsym.CamelWords(strings.ReplaceAll(displayName, " ", "")) {
		words[strings.ToLower(w)] = true
	}
	var out []string
	consider := func(rest string) {
		if len(rest) >= 2 && words[rest] && !derivedStopWords[rest] {
			out = append(out, rest)
		}
	}
	for _, p := range derivedPrefixes {
		if rest, ok := strings.CutPrefix(id, p); ok {
			consider(rest)
		}
	}
	return out
}

// synonymForm lowercases a term and joins its words with '-', the form the
// space-separated synonyms column can hold.
func synonymForm(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(strings.TrimSpace(s))), "-")
}

// compact drops everything but letters and digits: "Core Data" -> "CoreData".
func compact(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func compactLower(s string) string { return strings.ToLower(compact(s)) }

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r < 0x80 && unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

func hasUpper(s string) bool {
	for _, r := range s {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return false
}
