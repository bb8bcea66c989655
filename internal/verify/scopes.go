package verify

import (
	"strconv"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Scopes: a name bound in two places is two values. `let formatter =
// NumberFormatter()` in an initializer and `let formatter =
// PriceFormatter(…)` in a function, or a stored property and a local of its
// name, or two functions' parameters of one name and two types: the
// analysis keys what it learns by a name's text, and a name bound to two
// types has none, so every use of it went unchecked. Before the analysis
// runs, each local binding of a name the file binds more than once (a let or
// var in code, a function's parameter, a for loop's name) takes a text of
// its own, with every use of it inside its scope; members (`self.formatter`,
// `.formatter`) and argument labels keep theirs.

// scopeMark joins a renamed local's name and its number: no Swift
// identifier holds it, and declaredNames cuts it off (writtenName).
const scopeMark = "#"

// writtenName is a name as written, without the number a scope gave it.
func writtenName(name string) string {
	if base, _, ok := strings.Cut(name, scopeMark); ok {
		return base
	}
	return name
}

// localBinding is one binding scopeLocals renames: the name's token and
// the last token of its scope; uses come after from.
type localBinding struct {
	at, from, to int
	// property: the binding unwraps the stored property of its name
	// (`guard let recorder = self?.recorder`): its scope reads the name as
	// written, whatever binding of it encloses it.
	property bool
}

// scopeWorkPerToken bounds the pass: the tokens its walks visit, at most
// this many per token of the file (a file that binds one name thousands of
// times in one block, or loops with no body, would cost the square of its
// length); past it, nothing is renamed and the analysis reads the names
// as before.
const scopeWorkPerToken = 32

// scoper is one pass's tokens, their brackets' pairs and the work done.
type scoper struct {
	toks        []token
	pairs       []int
	work, limit int
}

// spent counts one token visited and says whether the budget is gone.
func (s *scoper) spent() bool {
	s.work++
	return s.work > s.limit
}

// scopeLocals returns toks with each local binding of a name bound more
// than once renamed within its scope (the file's comment above), and the
// pairs of their brackets (swiftlex.PairBrackets), which the renaming
// leaves as they are. It changes no token's kind, place or line, only the
// text of names.
func scopeLocals(toks []token) ([]token, []int) {
	pairs := swiftlex.PairBrackets(toks)
	out, _ := scopeLocalsCounted(toks, pairs)
	return out, pairs
}

// scopeLocalsCounted is scopeLocals, with the work it did (scoper.work).
func scopeLocalsCounted(toks []token, pairs []int) ([]token, int) {
	s := &scoper{toks: toks, pairs: pairs, limit: scopeWorkPerToken*len(toks) + 64}
	tok := func(i int) token {
		if i < 0 || i >= len(toks) {
			return token{Kind: -1}
		}
		return toks[i]
	}
	closeOf := func(i int) int {
		if c := s.pairs[i]; c > i {
			return min(c, len(toks)-1)
		}
		return len(toks) - 1
	}
	counts := map[string]int{}
	var found []localBinding
	var blocks []int     // the open braces around a token
	var typeBody []bool  // whether each of them opens a type's body
	pendingType := false // a type's declaration waits for its brace
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		local := len(blocks) > 0 && !typeBody[len(typeBody)-1]
		switch {
		case t.IsPunct("{"):
			if !pendingType {
				s.closureParams(i, counts)
			}
			blocks, typeBody = append(blocks, i), append(typeBody, pendingType)
			pendingType = false
		case t.IsPunct("}"):
			if len(blocks) > 0 {
				blocks, typeBody = blocks[:len(blocks)-1], typeBody[:len(typeBody)-1]
			}
		case t.Kind != tokKeyword:
		case t.Text == "class" && tok(i+1).Kind == tokKeyword:
		case typeDeclKeywords[t.Text] || t.Text == "extension":
			pendingType = t.Text != "typealias" && t.Text != "associatedtype" && t.Text != "macro"
		case (t.Text == "let" || t.Text == "var") && tok(i+1).Kind == tokIdent:
			name := tok(i + 1)
			counts[name.Text]++
			rebinds, throughSelf := rebindsOwnName(toks, i+1)
			if !local || !(tok(i+2).IsPunct("=") || tok(i+2).IsPunct(":")) || rebinds && !throughSelf {
				continue
			}
			end := len(toks) - 1
			if n := len(blocks); n > 0 {
				end = closeOf(blocks[n-1])
			}
			from, to := s.bindingScope(i+1, end)
			found = append(found, localBinding{at: i + 1, from: from, to: to, property: rebinds && throughSelf})
		case t.Text == "for" && tok(i+1).Kind == tokIdent && tok(i+2).Is(tokKeyword, "in"):
			counts[tok(i+1).Text]++
			if body := s.nextBrace(i+3, len(toks)); local && body > 0 {
				found = append(found, localBinding{at: i + 1, from: body, to: closeOf(body)})
			}
		case t.Text == "func" || t.Text == "init":
			found = append(found, s.parameterBindings(i, counts)...)
		}
		if s.work > s.limit {
			return toks, s.work
		}
	}
	out := toks
	copied := false
	for n, b := range found {
		name := toks[b.at].Text
		if counts[name] < 2 {
			continue
		}
		if !copied {
			out, copied = append([]token(nil), toks...), true
		}
		renamed := name + scopeMark + strconv.Itoa(n+1)
		if b.property {
			renamed = name
		}
		out[b.at].Text = renamed
		for j := b.from + 1; j <= b.to && j < len(out); j++ {
			if s.spent() {
				return toks, s.work
			}
			if out[j].Kind == tokIdent && writtenName(out[j].Text) == name && isUse(out, j) {
				out[j].Text = renamed
			}
		}
	}
	return out, s.work
}

// isUse says whether the name at j is a value's use: not a member
// (`self.formatter`, `\.formatter`) nor an argument's label
// (`Text(verbatim: x)`).
func isUse(toks []token, j int) bool {
	if j > 0 && toks[j-1].IsPunct(".") {
		return false
	}
	if j+1 < len(toks) && toks[j+1].IsPunct(":") && j > 0 && (toks[j-1].IsPunct("(") || toks[j-1].IsPunct(",")) {
		return false
	}
	return true
}

// rebindsOwnName says whether the binding at i takes a value of its own
// name, whole (`guard let window = window else`) or as the stored property
// through self (`guard let recorder = self?.recorder else`, in a closure
// that captures self weakly): the analysis reads each as the one value it
// names (unwrapsItself), as it reads `if let window {`.
func rebindsOwnName(toks []token, i int) (ok, throughSelf bool) {
	if i+2 >= len(toks) || !toks[i+1].IsPunct("=") {
		return false, false
	}
	end := i + 3
	if e := selfPropertyEnd(toks, i+2, toks[i].Text); e > 0 {
		end, throughSelf = e, true
	} else if toks[i+2].Text != toks[i].Text {
		return false, false
	}
	if end >= len(toks) {
		return false, false
	}
	n := toks[end]
	return n.IsPunct(",") || n.IsPunct("{") || n.Is(tokKeyword, "else") || n.NLBefore, throughSelf
}

// selfPropertyEnd is the token after `self.name`, `self?.name` or
// `self!.name` written at k, -1 when none is.
func selfPropertyEnd(toks []token, k int, name string) int {
	if k >= len(toks) || !toks[k].Is(tokKeyword, "self") {
		return -1
	}
	if k++; k < len(toks) && unwraps(toks[k]) {
		k++
	}
	if k+1 >= len(toks) || !toks[k].IsPunct(".") || toks[k+1].Text != name {
		return -1
	}
	return k + 2
}

// bindingScope is where the let or var binding the name at i holds: for a
// condition's binding (`if let x = …, … {`, `while let`), the body it
// guards; otherwise (a plain statement, a guard) the rest of the block,
// whose last token is end. from is the last token of the binding's own
// value, which may name an outer value of the same name.
func (s *scoper) bindingScope(i, end int) (from, to int) {
	from = s.valueEnd(i, end)
	if kw := s.conditionKeyword(i - 1); kw == "if" || kw == "while" {
		if body := s.nextBrace(from, end); body > 0 {
			return from, min(max(s.pairs[body], body), end)
		}
	}
	return from, end
}

// valueEnd is the last token of the binding at i: its annotation and
// value, up to a comma, a body's or else's brace, `else`, `;` or a new
// line that starts a statement.
func (s *scoper) valueEnd(i, end int) int {
	toks, pairs := s.toks, s.pairs
	j := i + 1
	for ; j <= end && j < len(toks) && !s.spent(); j++ {
		t := toks[j]
		switch {
		case t.IsPunct(",") || t.IsPunct(";") || t.Is(tokKeyword, "else") || t.IsPunct("{") || t.IsPunct("}"):
			return j - 1
		case j > i+2 && t.NLBefore && startsStatement(t):
			return j - 1
		case t.IsPunct("(") || t.IsPunct("["):
			if pairs[j] > j {
				j = pairs[j]
			}
		}
	}
	return min(j, end)
}

// startsStatement says whether a token first on its line begins a new
// statement rather than continuing the one before (`.map { … }`, `+ 1`).
func startsStatement(t token) bool {
	if t.Kind == tokPunct {
		return false
	}
	return !t.Is(tokKeyword, "as") && !t.Is(tokKeyword, "is")
}

// conditionKeyword is the if, guard or while whose condition list holds
// the let or var at kw, "" for a plain statement.
func (s *scoper) conditionKeyword(kw int) string {
	toks, pairs := s.toks, s.pairs
	for k := kw - 1; k >= 0 && k > kw-200 && !s.spent(); k-- {
		t := toks[k]
		switch {
		case t.Is(tokKeyword, "if") || t.Is(tokKeyword, "guard") || t.Is(tokKeyword, "while"):
			return t.Text
		case t.IsPunct(")") || t.IsPunct("]"):
			if o := pairs[k]; o >= 0 && o < k {
				k = o
			}
		case t.IsPunct("{") || t.IsPunct("}") || t.IsPunct(";"):
			return ""
		case k == kw-1 && !t.IsPunct(",") && !t.Is(tokKeyword, "case"):
			return ""
		}
	}
	return ""
}

// nextBrace is the first brace at from's level after it, before end: a
// body. -1 when there is none.
func (s *scoper) nextBrace(from, end int) int {
	toks, pairs := s.toks, s.pairs
	for j := from + 1; j < end && j < len(toks) && !s.spent(); j++ {
		t := toks[j]
		switch {
		case t.IsPunct("{"):
			return j
		case t.IsPunct("(") || t.IsPunct("["):
			if pairs[j] > j {
				j = pairs[j]
			}
		case t.IsPunct("}"):
			return -1
		}
	}
	return -1
}

// parameterBindings reads the parameters of the func or init at kw: each
// parameter's own name counts as a binding, scoped to the body.
func (s *scoper) parameterBindings(kw int, counts map[string]int) []localBinding {
	toks, pairs := s.toks, s.pairs
	j := kw + 1
	if kw+1 < len(toks) && toks[kw].Text == "func" {
		j++ // the name
	}
	for j < len(toks) && (toks[j].IsPunct("?") || toks[j].IsPunct("!")) {
		j++
	}
	if j < len(toks) && toks[j].IsPunct("<") && pairs[j] > j {
		j = pairs[j] + 1
	}
	if j >= len(toks) || !toks[j].IsPunct("(") || pairs[j] <= j || pairs[j] >= len(toks) {
		return nil
	}
	params, close := j, pairs[j]
	body := s.nextBrace(close, len(toks))
	var out []localBinding
	start := params + 1
	for k := params + 1; k <= close; k++ {
		t := toks[k]
		if t.IsPunct("(") || t.IsPunct("[") || t.IsPunct("<") {
			if pairs[k] > k && pairs[k] < close {
				k = pairs[k]
			}
			continue
		}
		if !t.IsPunct(",") && k != close {
			continue
		}
		// One parameter, start..k: its own name is the last name before
		// its colon (`for item: Item`, `_ item: Item`, `item: Item`).
		for c := start; c < k; c++ {
			if toks[c].IsPunct(":") {
				if n := toks[c-1]; c > start && n.Kind == tokIdent {
					counts[n.Text]++
					if body > 0 {
						out = append(out, localBinding{at: c - 1, from: body, to: min(max(pairs[body], body), len(toks)-1)})
					}
				}
				break
			}
		}
		start = k + 1
	}
	return out
}

// closureParams counts the parameters a closure opened at open names
// (`{ item, index in`, `{ (item: Item) in`; `[session] in` captures a name
// too) as bindings, so that a local of their name elsewhere is bound twice.
// They keep their text: the closure analysis scopes them itself
// (closureScopes), and renaming them apart moved no set and added a sample
// finding.
func (s *scoper) closureParams(open int, counts map[string]int) {
	toks := s.toks
	var names []string
	for j := open + 1; j < len(toks) && j < open+30; j++ {
		t := toks[j]
		switch {
		case t.Is(tokKeyword, "in"):
			for _, n := range names {
				counts[n]++
			}
			return
		case t.Kind == tokKeyword || t.IsPunct("{") || t.IsPunct("}") || t.IsPunct("="):
			return // a statement, not a parameter list
		case t.Kind == tokIdent && !isCapitalized(t.Text) && t.Text != "_" && !toks[j-1].IsPunct(":"):
			names = append(names, t.Text)
		}
	}
}
