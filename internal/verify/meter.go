package verify

import (
	"context"
	"errors"
	"fmt"
)

// What one check may cost. The analysis walks tokens; every walk counts its
// steps on the Analysis, which stops the check when its context ends (a
// timed-out verify_swift call frees its worker at once) or when the steps
// pass a budget proportional to the code's length (no input, however
// nested, costs more than a few times a real file of its size).

// ErrTooComplex means the code costs more to check than one check allows:
// too many distinct APIs, or nesting and chains far past any real file. The
// message says what to shorten.
var ErrTooComplex = errors.New("code too complex to check")

// Budget of one file's analysis: stepsPerToken steps a token plus
// baseSteps. Apple's sample code and the indexed Swift packages (4.5 million
// tokens) take 9 steps a token on average and 11 at most, so a real file of
// any size is far inside it; a hostile one stops within milliseconds.
const (
	stepsPerToken = 64
	baseSteps     = 1 << 20
)

// MaxReferences bounds the distinct API references one file may ask the
// index about: each is a lookup, an unknown one a near-name search. Apple's
// largest sample file uses 257.
const MaxReferences = 2_000

// maxSuggested bounds the unknown names of one check that get near names
// (the costliest lookup); the rest are reported without suggestions. Real
// code has a handful.
const maxSuggested = 100

// maxSuggestedNameLen: no Apple API name is this long (the longest in the
// sample code is 69 characters); near names of a longer one would be
// millions of candidate spellings.
const maxSuggestedNameLen = 128

// pollEvery is how many steps pass between looks at the context.
const pollEvery = 1024

// meter counts an analysis's steps and stops it.
type meter struct {
	ctx   context.Context // nil: never cancelled
	steps int
	limit int // 0: unlimited
}

// stopped is what a stopped analysis panics with; run recovers it. A panic
// unwinds the nested walks at once, where returning an error would thread
// through every one of them.
type stopped struct{ err error }

// step counts one step of a walk over the tokens.
func (a *Analysis) step() {
	a.m.steps++
	if a.m.steps%pollEvery == 0 {
		a.poll()
	}
}

func (a *Analysis) poll() {
	if a.m.limit > 0 && a.m.steps > a.m.limit {
		panic(stopped{fmt.Errorf("%w: its %d tokens took over %d steps of analysis, far past any real file (deeply nested "+
			"brackets, strings or declarations, or very long member chains); check it in smaller parts, a type or a function at a time",
			ErrTooComplex, len(a.toks), a.m.limit)})
	}
	if a.m.ctx != nil {
		if err := context.Cause(a.m.ctx); err != nil {
			panic(stopped{err})
		}
	}
}

// run runs fn, returning the error that stopped the analysis, if one did.
func (a *Analysis) run(fn func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			s, ok := r.(stopped)
			if !ok {
				panic(r)
			}
			err = s.err
		}
	}()
	fn()
	return nil
}

// Steps is how many steps the analysis has taken: its cost, independent of
// the machine's speed.
func (a *Analysis) Steps() int { return a.m.steps }
