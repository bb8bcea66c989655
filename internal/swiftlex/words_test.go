package swiftlex

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// The word lists each reader had before the tables were made one, as they
// were written (internal/verify/lexer.go, ranker/reading.go,
// ranker/reading_declared.go, ranker/query.go, internal/swiftsym/declaration.go,
// internal/semantic/semantic.go). Each reader's set built from the one
// table must be exactly its old list: its figures were measured with it.
const (
	oldVerifyKeywords = `associatedtype class deinit enum extension fileprivate func import init
		inout internal let open operator private precedencegroup protocol public
		rethrows static struct subscript typealias var break case catch continue
		default defer do else fallthrough for guard if in repeat return
		throw switch where while as false is nil self Self super throws
		true try await async actor some any macro package nonisolated
		isolated mutating nonmutating override convenience required final lazy
		weak unowned optional dynamic indirect consuming borrowing sending each
		willSet didSet get set Type Protocol Any _`
	oldRankerKeywords = `let var func if else guard return try await async throws rethrows for in while
		repeat switch case default break continue do catch self Self super init deinit class struct enum protocol
		extension actor import static private fileprivate public internal open final lazy weak unowned some any
		inout mutating nonmutating where is as nil true false defer typealias associatedtype subscript operator
		get set willSet didSet nonisolated isolated sending consuming borrowing`
	oldSwiftsymKeywords = `struct class enum protocol actor extension typealias associatedtype func init var let
		subscript case macro operator precedencegroup`
	oldSwiftsymModifiers = `static final open public internal private fileprivate package override required
		convenience optional mutating nonmutating nonisolated isolated lazy weak unowned dynamic indirect prefix
		postfix infix consuming borrowing __consuming distributed async sending`
	// The ranker's book sections' words (ranker/sections.go) less its
	// concept words (closures, generics, …), which stay there.
	oldRankerLanguageWords = `let var func static class struct enum protocol extension guard inout init
		deinit subscript typealias associatedtype fileprivate private internal public mutating nonmutating
		convenience override rethrows throws async await actor defer fallthrough willset didset unowned weak
		lazy optional nil`
	oldVerifyDirectives = `if elseif else endif available unavailable selector keyPath colorLiteral
		imageLiteral fileLiteral file fileID filePath line column function dsohandle
		sourceLocation warning error externalMacro isolation`
	oldRankerDirectives = `available unavailable keyPath selector if elseif else endif file fileID filePath
		line column function dsohandle sourceLocation warning error colorLiteral imageLiteral fileLiteral
		externalMacro isolation`
	oldRankerStopWords = `a an the how to do does did i is are was be what when where why which who
		in of for on with and or my me you your can could should would it its this that these those from by
		about into as at vs versus there their whether if then than so just also only very too some any
		each every other another several such own both either via within inside across without through
		during after before until since while once will shall may might must want wants need needs way ways
		actually really` // the last two added with the question forms' hedges (round twenty-one)
	oldSemanticStopWords = `a an the to of in on for with and or by at as is are be it its this that from
		you your can use used uses using into when how what which do does not no if then than so also may
		will there these those their them they we our about over under via per any all each some`
)

func TestEachReaderKeepsItsWords(t *testing.T) {
	for _, c := range []struct {
		reader string
		got    map[string]bool
		old    string
	}{
		{"verify's lexer (Keywords)", Keywords, oldVerifyKeywords},
		{"the ranker's reading (ReadingKeywords)", ReadingKeywords, oldRankerKeywords},
		{"swiftsym's declarations (DeclarationKeywords)", DeclarationKeywords, oldSwiftsymKeywords},
		{"swiftsym's modifiers (DeclarationModifiers)", DeclarationModifiers, oldSwiftsymModifiers},
		{"the ranker's language words (LanguageWords)", LanguageWords, oldRankerLanguageWords},
		{"verify's # words (Directives)", Directives, oldVerifyDirectives},
		{"the ranker's # words (Directives)", Directives, oldRankerDirectives},
		{"the ranker's query (QueryStopWords)", QueryStopWords, oldRankerStopWords},
		{"the semantic model (VectorStopWords)", VectorStopWords, oldSemanticStopWords},
	} {
		got := slices.Sorted(maps.Keys(c.got))
		want := slices.Sorted(slices.Values(strings.Fields(c.old)))
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n got %v\nwant %v", c.reader, got, want)
		}
	}
}

// TestEveryWordHasOneGroup: a word written twice in a table would make its
// rows or groups disagree about it.
func TestEveryWordHasOneGroup(t *testing.T) {
	seen := map[string]bool{}
	for _, line := range strings.Split(keywordTable, "\n") {
		if fields := strings.Fields(line); len(fields) > 0 && fields[0] != "#" {
			if seen[fields[0]] {
				t.Errorf("keyword %q has two rows", fields[0])
			}
			seen[fields[0]] = true
		}
	}
	seen = map[string]bool{}
	for _, group := range stopWordTable {
		for _, w := range strings.Fields(group.words) {
			if seen[w] {
				t.Errorf("stop word %q is in two groups", w)
			}
			seen[w] = true
		}
	}
}

func TestIsTypeName(t *testing.T) {
	for name, want := range map[string]bool{
		"URLSession": true, "View": true, "T": true, "Élan": true, "A1": true,
		"": false, "self": false, "x": false, "_Private": false, "URLSession.shared": false,
		"View<Int>": false, "$x": false, "`Type`": false,
	} {
		if got := IsTypeName(name); got != want {
			t.Errorf("IsTypeName(%q) = %v, want %v", name, got, want)
		}
	}
}
