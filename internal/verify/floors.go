package verify

import (
	"cmp"
	"slices"
)

// Availability floors: code inside `if #available(iOS 18, *) { … }`, after
// `guard #available(iOS 18, *) else { … }`, or in a declaration marked
// `@available(iOS 18, *)` may use iOS 18 API whatever the deployment target.
// Ignoring them would fail exactly the careful answers the harness should
// reward.

// collectFloors finds every guarded region.
func (a *Analysis) collectFloors() {
	for i, t := range a.toks {
		a.step()
		switch {
		case t.Is(tokPound, "available") && a.tok(i+1).IsPunct("("):
			floors := a.parseAvailabilityArgs(i + 1)
			if len(floors) == 0 {
				continue
			}
			if from, to, ok := a.poundAvailableRegion(i); ok {
				a.floors = append(a.floors, floorRegion{from: from, to: to, floors: floors})
			}
		case t.Is(tokAttr, "available") && a.tok(i+1).IsPunct("("):
			floors := a.parseAvailabilityArgs(i + 1)
			if len(floors) == 0 {
				continue
			}
			if to, ok := a.declarationEnd(a.closeOf(i+1) + 1); ok {
				a.floors = append(a.floors, floorRegion{from: i, to: to, floors: floors})
			}
		}
	}
}

// parseAvailabilityArgs reads "(iOS 17, macOS 14.0, *)" or
// "(iOS, introduced: 17.0)" starting at the "(" at open.
func (a *Analysis) parseAvailabilityArgs(open int) map[string]Version {
	end := a.closeOf(open)
	floors := map[string]Version{}
	for j := open + 1; j < end; j++ {
		a.step()
		plat := a.toks[j]
		if plat.Kind != tokIdent {
			continue
		}
		verTok := a.tok(j + 1)
		if verTok.IsPunct(",") && a.tok(j+2).Is(tokIdent, "introduced") && a.tok(j+3).IsPunct(":") {
			verTok = a.tok(j + 4)
		}
		if verTok.Kind != tokNumber {
			continue
		}
		target, err := ParseTarget(plat.Text + verTok.Text)
		if err != nil {
			continue
		}
		floors[target.Platform] = target.Version
	}
	return floors
}

// poundAvailableRegion is the block an `if #available` guards, or the rest of
// the enclosing block after a `guard #available … else { … }`.
func (a *Analysis) poundAvailableRegion(i int) (from, to int, ok bool) {
	closeArgs := a.closeOf(i + 1)
	// Walk back over other conditions to the statement keyword.
	kw := ""
	for j := i - 1; j >= 0; j-- {
		a.step()
		t := a.toks[j]
		if t.Is(tokKeyword, "if") || t.Is(tokKeyword, "guard") || t.Is(tokKeyword, "while") {
			kw = t.Text
			break
		}
		if t.IsPunct("{") || t.IsPunct("}") || t.IsPunct(";") {
			break
		}
	}
	switch kw {
	case "if", "while":
		for j := closeArgs + 1; j < len(a.toks); j++ {
			a.step()
			if a.toks[j].IsPunct("{") {
				return j, a.closeOf(j), true
			}
			if a.toks[j].IsPunct("(") {
				j = a.closeOf(j)
			}
		}
	case "guard":
		for j := closeArgs + 1; j < len(a.toks); j++ {
			a.step()
			if a.toks[j].Is(tokKeyword, "else") && a.tok(j+1).IsPunct("{") {
				elseEnd := a.closeOf(j + 1)
				return elseEnd + 1, a.enclosingEnd(i), true
			}
		}
	}
	return 0, 0, false
}

// enclosingEnd is the index of the "}" closing the block that holds token i,
// or the last token at top level.
func (a *Analysis) enclosingEnd(i int) int {
	depth := 0
	for j := i; j < len(a.toks); j++ {
		a.step()
		switch {
		case a.toks[j].IsPunct("{"):
			depth++
		case a.toks[j].IsPunct("}"):
			if depth == 0 {
				return j
			}
			depth--
		}
	}
	return len(a.toks) - 1
}

// declarationEnd finds where the declaration starting at i ends: the "}" of
// its body, or the end of its line when it has none.
func (a *Analysis) declarationEnd(i int) (int, bool) {
	parens := 0
	for j := i; j < len(a.toks); j++ {
		a.step()
		t := a.toks[j]
		if j > i && t.NLBefore && parens == 0 && !continuesDeclaration(a.tok(j-1), t) {
			return j - 1, true
		}
		switch {
		case t.IsPunct("(") || t.IsPunct("["):
			parens++
		case t.IsPunct(")") || t.IsPunct("]"):
			parens--
		case t.IsPunct("{") && parens == 0:
			return a.closeOf(j), true
		}
	}
	return len(a.toks) - 1, len(a.toks) > 0
}

// continuesDeclaration says whether a line break between prev and next keeps
// a declaration going: attributes on their own line, a wrapped signature.
func continuesDeclaration(prev, next token) bool {
	if prev.Kind == tokAttr || prev.IsPunct(",") || prev.IsPunct("->") || prev.IsPunct(":") || prev.IsPunct("=") {
		return true
	}
	if next.IsPunct("{") || next.IsPunct("->") || next.IsPunct(":") {
		return true
	}
	return next.Kind == tokKeyword && (next.Text == "throws" || next.Text == "async" || next.Text == "rethrows" || next.Text == "where")
}

// floorsAt merges the floors of every region holding token i, keeping the
// highest version per platform. Asked in token order (as refs does), it
// looks only at the regions open at i: the rest began later or have ended.
func (a *Analysis) floorsAt(i int) map[string]Version {
	if len(a.floors) == 0 {
		return nil
	}
	c := &a.floorCursor
	if c.byStart == nil || i < c.at {
		c.byStart = slices.Clone(a.floors)
		slices.SortStableFunc(c.byStart, func(x, y floorRegion) int { return cmp.Compare(x.from, y.from) })
		c.next, c.open = 0, nil
	}
	c.at = i
	for c.next < len(c.byStart) && c.byStart[c.next].from <= i {
		a.step()
		c.open = append(c.open, c.byStart[c.next])
		c.next++
	}
	var out map[string]Version
	open := c.open[:0]
	for _, r := range c.open {
		a.step()
		if i > r.to {
			continue // ended: later tokens are past it too
		}
		open = append(open, r)
		if out == nil {
			out = map[string]Version{}
		}
		for p, v := range r.floors {
			if cur, ok := out[p]; !ok || v.Compare(cur) > 0 {
				out[p] = v
			}
		}
	}
	c.open = open
	return out
}

// floorCursor is floorsAt's place in the regions, by start.
type floorCursor struct {
	byStart []floorRegion
	next    int           // the first region of byStart not yet open
	open    []floorRegion // regions begun at or before at, not known to have ended
	at      int
}
