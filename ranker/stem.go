package ranker

// stem reduces a lower-case ASCII word to its Porter stem (M. F. Porter, "An
// algorithm for suffix stripping", 1980), the stemmer of the index's FTS5
// tokenizer ('porter unicode61'). Comparing stems in Go therefore matches
// what FTS5 matched: "scheduling" and "schedule" are one term, as are
// "locally" and "local", so a page titled "Scheduling a notification
// locally" covers every word of "schedule a local notification". Words of
// one or two letters, words over fts5PorterMaxToken bytes and words with
// anything but a-z are returned as they are, as FTS5 does.
func stem(w string) string {
	if len(w) <= 2 || len(w) > fts5PorterMaxToken {
		return w
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return w
		}
	}
	b := []byte(w)
	b = step1a(b)
	b = step1b(b)
	b = step1c(b)
	b = step2(b)
	b = step3(b)
	b = step4(b)
	b = step5(b)
	return string(b)
}

// fts5PorterMaxToken is FTS5_PORTER_MAX_TOKEN: FTS5's porter tokenizer
// passes longer tokens through unstemmed. Long run-together identifiers
// (avsamplebufferdisplaylayer…didchangenotification) are common in Apple's
// C APIs, and stemming them here would never match the index.
const fts5PorterMaxToken = 64

// stems returns the stem of each word.
func stems(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = stem(w)
	}
	return out
}

// isConsonant implements Porter's definition: a letter other than a, e, i,
// o, u, and other than y preceded by a consonant.
func isConsonant(b []byte, i int) bool {
	switch b[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !isConsonant(b, i-1)
	}
	return true
}

// measure is m in [C](VC)^m[V] for b.
func measure(b []byte) int {
	n, i := 0, 0
	for i < len(b) && isConsonant(b, i) {
		i++
	}
	for i < len(b) {
		for i < len(b) && !isConsonant(b, i) {
			i++
		}
		if i >= len(b) {
			break
		}
		for i < len(b) && isConsonant(b, i) {
			i++
		}
		n++
	}
	return n
}

func hasVowel(b []byte) bool {
	for i := range b {
		if !isConsonant(b, i) {
			return true
		}
	}
	return false
}

func endsDoubleConsonant(b []byte) bool {
	n := len(b)
	return n >= 2 && b[n-1] == b[n-2] && isConsonant(b, n-1)
}

// endsCVC: consonant-vowel-consonant, the last not w, x or y (hop, not how).
func endsCVC(b []byte) bool {
	n := len(b)
	if n < 3 || !isConsonant(b, n-1) || isConsonant(b, n-2) || !isConsonant(b, n-3) {
		return false
	}
	switch b[n-1] {
	case 'w', 'x', 'y':
		return false
	}
	return true
}

// hasSuffix compares without converting b, which would allocate: stem runs
// over every summary word of every prose candidate.
func hasSuffix(b []byte, s string) bool {
	if len(b) < len(s) {
		return false
	}
	b = b[len(b)-len(s):]
	for i := 0; i < len(s); i++ {
		if b[i] != s[i] {
			return false
		}
	}
	return true
}

// replaceIf swaps suffix for repl when the stem before it has measure > m.
// It reports whether the suffix matched (whether or not it was replaced), so
// a rule list stops at the first matching suffix as the algorithm requires.
func replaceIf(b *[]byte, suffix, repl string, m int) bool {
	if !hasSuffix(*b, suffix) {
		return false
	}
	base := (*b)[:len(*b)-len(suffix)]
	if measure(base) > m {
		*b = append(base, repl...)
	}
	return true
}

func step1a(b []byte) []byte {
	switch {
	case hasSuffix(b, "sses"), hasSuffix(b, "ies"):
		return b[:len(b)-2]
	case hasSuffix(b, "ss"):
		return b
	case hasSuffix(b, "s"):
		return b[:len(b)-1]
	}
	return b
}

func step1b(b []byte) []byte {
	if hasSuffix(b, "eed") {
		if measure(b[:len(b)-3]) > 0 {
			return b[:len(b)-1]
		}
		return b
	}
	var base []byte
	switch {
	case hasSuffix(b, "ed") && hasVowel(b[:len(b)-2]):
		base = b[:len(b)-2]
	case hasSuffix(b, "ing") && hasVowel(b[:len(b)-3]):
		base = b[:len(b)-3]
	default:
		return b
	}
	switch {
	case hasSuffix(base, "at"), hasSuffix(base, "bl"), hasSuffix(base, "iz"):
		return append(base, 'e')
	case endsDoubleConsonant(base):
		switch base[len(base)-1] {
		case 'l', 's', 'z':
			return base
		}
		return base[:len(base)-1]
	case measure(base) == 1 && endsCVC(base):
		return append(base, 'e')
	}
	return base
}

func step1c(b []byte) []byte {
	if hasSuffix(b, "y") && hasVowel(b[:len(b)-1]) {
		b[len(b)-1] = 'i'
	}
	return b
}

var step2Rules = [][2]string{
	{"ational", "ate"}, {"tional", "tion"}, {"enci", "ence"}, {"anci", "ance"}, {"izer", "ize"},
	{"bli", "ble"}, {"alli", "al"}, {"entli", "ent"}, {"eli", "e"}, {"ousli", "ous"},
	{"ization", "ize"}, {"ation", "ate"}, {"ator", "ate"}, {"alism", "al"}, {"iveness", "ive"},
	{"fulness", "ful"}, {"ousness", "ous"}, {"aliti", "al"}, {"iviti", "ive"}, {"biliti", "ble"},
	{"logi", "log"},
}

func step2(b []byte) []byte {
	for _, r := range step2Rules {
		if replaceIf(&b, r[0], r[1], 0) {
			break
		}
	}
	return b
}

var step3Rules = [][2]string{
	{"icate", "ic"}, {"ative", ""}, {"alize", "al"}, {"iciti", "ic"}, {"ical", "ic"}, {"ful", ""}, {"ness", ""},
}

func step3(b []byte) []byte {
	for _, r := range step3Rules {
		if replaceIf(&b, r[0], r[1], 0) {
			break
		}
	}
	return b
}

var step4Suffixes = []string{
	"al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent",
	"ion", "ou", "ism", "ate", "iti", "ous", "ive", "ize",
}

func step4(b []byte) []byte {
	// Longest suffix first within each ending, as in the original's switch
	// on the penultimate letter.
	best := ""
	for _, s := range step4Suffixes {
		if hasSuffix(b, s) && len(s) > len(best) {
			best = s
		}
	}
	if best == "" {
		return b
	}
	base := b[:len(b)-len(best)]
	if measure(base) <= 1 {
		return b
	}
	if best == "ion" && (len(base) == 0 || (base[len(base)-1] != 's' && base[len(base)-1] != 't')) {
		return b
	}
	return base
}

func step5(b []byte) []byte {
	if hasSuffix(b, "e") {
		base := b[:len(b)-1]
		if m := measure(base); m > 1 || (m == 1 && !endsCVC(base)) {
			b = base
		}
	}
	if measure(b) > 1 && endsDoubleConsonant(b) && b[len(b)-1] == 'l' {
		b = b[:len(b)-1]
	}
	return b
}
