package swiftlex

import (
	"strings"
	"unicode"
)

// keywordTable is every word of the language a reader of Swift knows, one
// a line, with a mark in the column of each reader that takes it. Each
// reader was measured with its own set of words (verify's figures, the
// ranker's goldens, the saved index's symbols), so a reader whose set is
// narrower than the whole keeps it as its column, never a second list:
//
//	L  Keywords: the lexer's Keyword tokens, every word that never names
//	   an API where it stands.
//	R  ReadingKeywords: the ranker's reading of a query, which takes them
//	   for the language's, never an API name. Not the words a question
//	   uses as English or as a name: optional, required, override,
//	   package, convenience, dynamic, indirect, macro, each, throw,
//	   fallthrough, Any, Type, Protocol, _ and precedencegroup.
//	D  DeclarationKeywords: open a declaration swiftsym reads a symbol
//	   from.
//	M  DeclarationModifiers: may precede a declaration keyword ("class"
//	   is not one: it is also a keyword, and swiftsym tells the two apart).
//	N  LanguageWords, lower-cased: a question holding one asks about the
//	   language (the ranker's book sections). Not those English uses
//	   every day: open, set, case, return, for, in, if, …
const keywordTable = `
# word           L R D M N
# Declarations: each opens one. swiftsym reads a symbol after all but deinit
# and import, which declare no API.
struct           L R D . N
class            L R D . N
enum             L R D . N
protocol         L R D . N
actor            L R D . N
extension        L R D . N
typealias        L R D . N
associatedtype   L R D . N
func             L R D . N
init             L R D . N
var              L R D . N
let              L R D . N
subscript        L R D . N
case             L R D . .
operator         L R D . .
macro            L . D . .
precedencegroup  L . D . .
deinit           L R . . N
import           L R . . .
# Modifiers: they stand before a declaration's keyword. prefix, postfix,
# infix, __consuming and distributed are modifiers only there; elsewhere
# they are names (prefix(_:), a distributed actor's API).
static           L R . M N
final            L R . M .
open             L R . M .
public           L R . M N
internal         L R . M N
private          L R . M N
fileprivate      L R . M N
package          L . . M .
mutating         L R . M N
nonmutating      L R . M N
nonisolated      L R . M .
isolated         L R . M .
lazy             L R . M N
weak             L R . M N
unowned          L R . M N
consuming        L R . M .
borrowing        L R . M .
async            L R . M N
sending          L R . M .
override         L . . M N
required         L . . M .
convenience      L . . M N
optional         L . . M N
dynamic          L . . M .
indirect         L . . M .
prefix           . . . M .
postfix          . . . M .
infix            . . . M .
__consuming      . . . M .
distributed      . . . M .
# Statements: the words of control flow.
if               L R . . .
else             L R . . .
guard            L R . . N
for              L R . . .
in               L R . . .
while            L R . . .
repeat           L R . . .
switch           L R . . .
default          L R . . .
break            L R . . .
continue         L R . . .
fallthrough      L . . . N
return           L R . . .
throw            L . . . .
do               L R . . .
catch            L R . . .
defer            L R . . N
where            L R . . .
# Expressions, types and patterns: operators spelled as words, literals,
# the self words, and what marks a type (some, any, inout, effects).
as               L R . . .
is               L R . . .
try              L R . . .
await            L R . . N
nil              L R . . N
true             L R . . .
false            L R . . .
self             L R . . .
Self             L R . . .
super            L R . . .
some             L R . . .
any              L R . . .
each             L . . . .
inout            L R . . N
throws           L R . . N
rethrows         L R . . N
Type             L . . . .
Protocol         L . . . .
Any              L . . . .
_                L . . . .
# Accessors: the blocks of a computed or observed property.
get              L R . . .
set              L R . . .
willSet          L R . . N
didSet           L R . . N
`

// Keywords are reserved words and the contextual keywords that never name
// an API: the lexer's Keyword tokens. Contextual words that can be ordinary
// identifiers (get, set, some property named "type") are listed only when
// treating them as keywords is harmless for the symbol checks.
var Keywords = keywordColumn('L')

// ReadingKeywords are the words the ranker's reading of a query takes for
// the language's, never an API name: a subset of Keywords.
var ReadingKeywords = keywordColumn('R')

// DeclarationKeywords open a declaration swiftsym reads a symbol from.
var DeclarationKeywords = keywordColumn('D')

// DeclarationModifiers may precede a declaration keyword.
var DeclarationModifiers = keywordColumn('M')

// LanguageWords are the keywords, lower-cased, whose mention in a question
// asks about the language itself.
var LanguageWords = lowerCased(keywordColumn('N'))

// keywordColumn is the set of words marked in one column of keywordTable.
func keywordColumn(mark byte) map[string]bool {
	const columns = "LRDMN"
	col := strings.IndexByte(columns, mark)
	set := map[string]bool{}
	for _, line := range strings.Split(keywordTable, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || fields[0] == "#" {
			continue
		}
		if len(fields) != 1+len(columns) {
			panic("swiftlex: keywordTable row " + line + " has not one mark per column")
		}
		switch fields[1+col] {
		case string(mark):
			set[fields[0]] = true
		case ".":
		default:
			panic("swiftlex: keywordTable row " + line + " has a mark out of its column")
		}
	}
	return set
}

func lowerCased(set map[string]bool) map[string]bool {
	out := make(map[string]bool, len(set))
	for w := range set {
		out[strings.ToLower(w)] = true
	}
	return out
}

// Directives are the # words that are the compiler's (directives and
// literals), not macros a library declares (#expect, #Predicate).
var Directives = SetOf(
	"if", "elseif", "else", "endif", "available", "unavailable", "selector", "keyPath", "colorLiteral",
	"imageLiteral", "fileLiteral", "file", "fileID", "filePath", "line", "column", "function", "dsohandle",
	"sourceLocation", "warning", "error", "externalMacro", "isolation",
)

// A stopUse names a reader of the stop words.
type stopUse uint8

const (
	inQuery   stopUse = 1 << iota // the ranker's query terms (QueryStopWords)
	inVectors                     // the semantic model's word vectors (VectorStopWords)
)

// stopWordTable is the English function words of questions and pages
// about Swift, grouped by the readers that drop them. The two readers'
// sets differ and stay so: the ranker's goldens were measured with its
// set, and a saved index's word vectors were learned with the other (a
// query's vector must be built with the words its model was).
var stopWordTable = []struct {
	uses  stopUse
	words string
}{
	// Words neither a question's AND nor a text's vector should need.
	{inQuery | inVectors, `a an the to of in on for with and or by at as is are be it its this that from you your can
		into when how what which do does if then than so also may will there these those their about via any each
		some`},
	// Words of questions ("why would my view", "what should I use"): a
	// question's terms drop them; the vectors were learned keeping them.
	{inQuery, `did i was where why who my me could should would vs versus whether just only very too every other
		another several such own both either within inside across without through during after before until
		since while once shall might must want wants need needs way ways actually really`},
	// Words of every page's prose ("we use", "they are") that carry no
	// topic in a vector; a question keeps them, because "not", "no" and
	// "all" change what it asks.
	{inVectors, `not no use used uses using them they we our over under per all`},
}

// QueryStopWords are English function words dropped from a query's
// keywords so that "how to pause an audio player" does not require "how"
// and "to" in every hit.
var QueryStopWords = stopWordsFor(inQuery)

// VectorStopWords are the words the semantic model learns no vector for
// and leaves out of a text's vector.
var VectorStopWords = stopWordsFor(inVectors)

func stopWordsFor(u stopUse) map[string]bool {
	set := map[string]bool{}
	for _, group := range stopWordTable {
		if group.uses&u != 0 {
			for _, w := range strings.Fields(group.words) {
				set[w] = true
			}
		}
	}
	return set
}

// IsTypeName reports an identifier that starts with an upper-case letter
// (URLSession; not self, x or Foo.bar).
func IsTypeName(s string) bool {
	if s == "" || IdentifierPrefix(s) != s {
		return false
	}
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}

// IdentifierPrefix is the longest identifier s starts with: letters,
// digits after the first character, and "_".
func IdentifierPrefix(s string) string {
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r)) {
			continue
		}
		return s[:i]
	}
	return s
}

// SetOf is a set of words, for the tables written as lists.
func SetOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
