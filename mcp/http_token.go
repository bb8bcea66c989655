package mcp

import (
	"fmt"
	"math"
)

// Token rules. A token is the whole of the HTTP server's access control, so
// it must resist guessing: long enough, and random rather than a run, a
// sequence, a word or a word repeated. The server cannot see how a token was
// made, so it estimates the bits a guesser must find, conservatively, and
// asks for MinTokenBits.
const (
	// MinTokenLength: below it no token is considered.
	MinTokenLength = 16
	// MinTokenBits is the least estimated entropy (tokenBits) a token may
	// have: `openssl rand -hex 16` and longer always pass, as do the base64
	// and base32 outputs of 16 random bytes or more.
	MinTokenBits = 64
	// maxTokenLength: a token travels in a header, and 1024 characters are
	// far more than any generator gives.
	maxTokenLength = 1024
)

// howToMakeAToken ends every refusal of a token.
const howToMakeAToken = "make one with openssl rand -hex 32"

// checkToken refuses a token too short or too regular to resist guessing, or
// one that cannot travel in an Authorization header.
func checkToken(token string) error {
	if len(token) < MinTokenLength {
		return fmt.Errorf("%w: the token must be at least %d characters and carry at least %d bits; %s",
			ErrHTTPConfig, MinTokenLength, MinTokenBits, howToMakeAToken)
	}
	if len(token) > maxTokenLength {
		return fmt.Errorf("%w: the token must be at most %d characters; %s", ErrHTTPConfig, maxTokenLength, howToMakeAToken)
	}
	for _, r := range token {
		if r <= ' ' || r >= 0x7f {
			return fmt.Errorf("%w: the token must be printable ASCII without spaces; %s", ErrHTTPConfig, howToMakeAToken)
		}
	}
	if bits := tokenBits(token); bits < MinTokenBits {
		return fmt.Errorf("%w: the token is too easy to guess: about %.0f bits by this server's estimate, and it needs %d bits "+
			"(no runs, repeats, sequences or repeated words); %s", ErrHTTPConfig, bits, MinTokenBits, howToMakeAToken)
	}
	return nil
}

// tokenBits estimates the entropy of a printable ASCII token from below, as
// the least of two views of its shortest repeating unit (the whole token
// unless it is a word said again, "passwordpassword"):
//   - its characters' frequencies (Shannon entropy times length), which
//     gives nothing for a run or a small alphabet;
//   - its character classes' alphabet for each character that neither
//     repeats the previous one nor steps from it by one ("abcd", "4321"),
//     which gives little for a sequence.
//
// A random token scores about its real entropy or more on both views; a
// made-up one is caught by one of them, though a passphrase of words is not.
func tokenBits(token string) float64 {
	unit := token[:repeatingUnit(token)]
	n := len(unit)
	var counts [128]int
	var lower, upper, digit, other bool
	fresh := 0
	for i := range n {
		c := unit[i]
		counts[c]++
		switch {
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= '0' && c <= '9':
			digit = true
		default:
			other = true
		}
		if i == 0 || math.Abs(float64(c)-float64(unit[i-1])) > 1 {
			fresh++
		}
	}
	var shannon float64
	for _, k := range counts {
		if k > 0 {
			p := float64(k) / float64(n)
			shannon -= p * math.Log2(p)
		}
	}
	alphabet := 0
	for _, class := range []struct {
		used bool
		size int
	}{{lower, 26}, {upper, 26}, {digit, 10}, {other, 32}} {
		if class.used {
			alphabet += class.size
		}
	}
	return min(shannon*float64(n), float64(fresh)*math.Log2(float64(alphabet)))
}

// repeatingUnit is the length of the shortest prefix that token repeats to
// its end ("abcabcab" → 3); len(token) when there is none.
func repeatingUnit(token string) int {
	for p := 1; p <= len(token)/2; p++ {
		if token[p:] == token[:len(token)-p] {
			return p
		}
	}
	return len(token)
}
