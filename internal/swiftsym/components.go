package swiftsym

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Components splits a symbol name (or a query word) into its CamelCase parts
// for the symbol_components FTS column. The ranker runs the same function on
// queries, so both sides agree on the splitting.
//
// The rule, in order:
//   - An argument list is dropped: "dataTask(with:completionHandler:)" is read
//     as "dataTask". Any other non-letter, non-digit (".", "_", "<", " ")
//     separates words.
//   - Inside a run of letters and digits a word starts at a lower-to-upper
//     change ("dataTask" → data, Task) and before the last capital of a capital
//     run that is followed by a lower-case letter ("URLSession" → URL, Session).
//   - Platform names stay whole: iOS, iPadOS, macOS, tvOS, watchOS, visionOS.
//     A single lower-case letter joins the word after it ("iPhone", "iCloud").
//   - A single capital joins the capitalised word after it and that word is
//     also given alone, because both spellings are searched for:
//     "LazyVGrid" → Lazy, VGrid, Grid; "UInt8" → UInt, Int, 8.
//   - Digits form their own word, keeping a following lone capital or an
//     "x<digits>" tail: "MTLTexture2D" → MTL, Texture, 2D; "float4x4" →
//     float, 4x4.
//   - A capital run made only of known framework prefixes and acronyms is
//     split into them: "NSURLSession" → NS, URL, Session; "NSHTTPURLResponse"
//     → NS, HTTP, URL, Response. Unknown runs stay whole ("XCTest" → XC, Test).
//   - No adjacent-pair compounds are added ("URLSessionDataTask" gives no
//     "DataTask"): a query for DataTask is split the same way and matches
//     Data and Task.
//
// Parts are substrings of name (no copying), in order, without duplicates.
// A name with no letters or digits (an operator such as "!=") gives nil.
func Components(name string) []string {
	if i := strings.IndexByte(name, '('); i >= 0 {
		name = name[:i]
	}
	var parts []string
	add := func(w string) {
		if w == "" {
			return
		}
		for _, p := range parts {
			if p == w {
				return
			}
		}
		if parts == nil {
			parts = make([]string, 0, 6)
		}
		parts = append(parts, w)
	}
	for i := 0; i < len(name); {
		r, size := decodeRune(name, i)
		if !isWordRune(r) {
			i += size
			continue
		}
		end := i
		for end < len(name) {
			r2, s2 := decodeRune(name, end)
			if !isWordRune(r2) {
				break
			}
			end += s2
		}
		splitSegment(name[i:end], add)
		i = end
	}
	return parts
}

// platformNames keep their internal capitals: splitting "macOS" into mac and
// OS would match every "OS" in the corpus.
var platformNames = [...]string{"visionOS", "watchOS", "iPadOS", "macOS", "tvOS", "iOS"}

// splitSegment splits one run of letters and digits and hands the words to add.
func splitSegment(seg string, add func(string)) {
	pendingStart := -1 // start of a lone capital or lone lower-case letter waiting to join the next word
	emit := func(start, end int) {
		if pendingStart >= 0 {
			word := seg[start:end]
			first, _ := utf8.DecodeRuneInString(word)
			if unicode.IsUpper(first) {
				add(seg[pendingStart:end])
				if isUpperRune(seg[pendingStart]) {
					add(word)
				}
				pendingStart = -1
				return
			}
			add(seg[pendingStart:start])
			pendingStart = -1
		}
		splitAcronyms(seg[start:end], add)
	}
	i := 0
	for i < len(seg) {
		if p := platformAt(seg, i); p != "" {
			if pendingStart >= 0 {
				add(seg[pendingStart:i])
				pendingStart = -1
			}
			add(p)
			i += len(p)
			continue
		}
		start := i
		r, size := decodeRune(seg, i)
		switch {
		case isDigitRune(r):
			i = digitWordEnd(seg, i)
		case unicode.IsUpper(r):
			i += size
			runEnd := i
			for runEnd < len(seg) {
				r2, s2 := decodeRune(seg, runEnd)
				if !unicode.IsUpper(r2) {
					break
				}
				runEnd += s2
			}
			if runEnd > i {
				// A capital run: the last capital starts the next word when a
				// lower-case letter follows it.
				if runEnd < len(seg) {
					if r2, _ := decodeRune(seg, runEnd); unicode.IsLower(r2) {
						_, lastSize := utf8.DecodeLastRuneInString(seg[:runEnd])
						runEnd -= lastSize
					}
				}
				i = runEnd
			} else {
				i = lowerRunEnd(seg, i)
			}
		default:
			i = lowerRunEnd(seg, i+size)
		}
		if i-start == 1 && pendingStart < 0 && i < len(seg) && !isDigitByte(seg[start]) {
			if next, _ := decodeRune(seg, i); unicode.IsUpper(next) {
				pendingStart = start
				continue
			}
		}
		emit(start, i)
	}
	if pendingStart >= 0 {
		add(seg[pendingStart:])
	}
}

// platformAt returns the platform name that starts at i and ends a word there.
func platformAt(seg string, i int) string {
	c := seg[i]
	if c != 'i' && c != 'm' && c != 't' && c != 'w' && c != 'v' {
		return ""
	}
	for _, p := range platformNames {
		if strings.HasPrefix(seg[i:], p) {
			end := i + len(p)
			if end == len(seg) {
				return p
			}
			if r, _ := decodeRune(seg, end); !unicode.IsLower(r) {
				return p
			}
		}
	}
	return ""
}

func lowerRunEnd(seg string, i int) int {
	for i < len(seg) {
		r, size := decodeRune(seg, i)
		if !unicode.IsLower(r) && !(unicode.IsLetter(r) && !unicode.IsUpper(r)) {
			break
		}
		i += size
	}
	return i
}

// digitWordEnd ends a digit run, keeping "2D"-style and "4x4"-style tails.
func digitWordEnd(seg string, i int) int {
	for i < len(seg) && isDigitByte(seg[i]) {
		i++
	}
	if i < len(seg) && isUpperRune(seg[i]) && (i+1 == len(seg) || !isLowerByte(seg[i+1])) {
		return i + 1
	}
	if i+1 < len(seg) && seg[i] == 'x' && isDigitByte(seg[i+1]) {
		i++
		for i < len(seg) && isDigitByte(seg[i]) {
			i++
		}
	}
	return i
}

// acronymPrefixes are framework prefixes that open capital runs in Apple
// names; knownAcronyms are what may follow them.
var (
	acronymPrefixes = []string{"NS", "UI", "CG", "CF", "CA", "AV", "MK", "SK", "CI", "CL", "CK", "CM", "CT", "CV", "GK", "HK", "MP", "PH", "UN", "WK", "MTL", "MPS", "MDL", "SCN", "VN", "AR", "ML", "NW", "IO", "SF", "AU", "EK", "MC", "LA", "AS", "CB", "QL", "PK", "IN", "GC", "CP"}
	knownAcronyms   = []string{"HTTPS", "HTTP", "URL", "URI", "UUID", "JSON", "XML", "HTML", "PDF", "API", "GPU", "CPU", "RGBA", "RGB", "USB", "MIDI", "HDR", "HID", "DNS", "TCP", "UDP", "IP", "ID", "UTF", "ASCII", "SQL", "CSS", "TLS", "SSL", "AR", "VR", "GL", "OS", "UI", "NFC", "SIM", "BLE", "PCI", "DMA", "QR", "NL", "ML"}
)

// splitAcronyms adds word, split into prefix and acronyms when it is a capital
// run that those tables cover completely.
func splitAcronyms(word string, add func(string)) {
	if len(word) < 4 || !allUpperASCII(word) {
		add(word)
		return
	}
	for _, prefix := range acronymPrefixes {
		if strings.HasPrefix(word, prefix) && coveredByAcronyms(word[len(prefix):]) {
			add(prefix)
			addAcronyms(word[len(prefix):], add)
			return
		}
	}
	if coveredByAcronyms(word) {
		addAcronyms(word, add)
		return
	}
	add(word)
}

func coveredByAcronyms(s string) bool {
	if s == "" {
		return false
	}
	for s != "" {
		a := acronymAt(s)
		if a == "" {
			return false
		}
		s = s[len(a):]
	}
	return true
}

func addAcronyms(s string, add func(string)) {
	for s != "" {
		a := acronymAt(s)
		add(a)
		s = s[len(a):]
	}
}

// acronymAt returns the longest known acronym at the start of s.
func acronymAt(s string) string {
	best := ""
	for _, a := range knownAcronyms {
		if len(a) > len(best) && strings.HasPrefix(s, a) {
			best = a
		}
	}
	return best
}

func allUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isUpperRune(s[i]) {
			return false
		}
	}
	return true
}

func decodeRune(s string, i int) (rune, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s[i:])
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return isLowerByte(byte(r)) || isUpperRune(byte(r)) || isDigitByte(byte(r))
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func isDigitRune(r rune) bool { return r >= '0' && r <= '9' }
func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }
func isLowerByte(c byte) bool { return c >= 'a' && c <= 'z' }
func isUpperRune(c byte) bool { return c >= 'A' && c <= 'Z' }

// CamelWords splits an UpperCamelCase name into its plain words at
// lower-to-upper boundaries and before the last capital of an acronym run:
// "AVFoundation" -> AV Foundation, "CoreMLTools" -> Core ML Tools. Unlike
// Components it adds no overlapping parts; framework names are split with it
// to derive short aliases ("cbt" style initials, "bluetooth" from
// CoreBluetooth).
func CamelWords(s string) []string {
	rs := []rune(s)
	var words []string
	start := 0
	for i := 1; i < len(rs); i++ {
		prev, cur := rs[i-1], rs[i]
		nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
		if unicode.IsUpper(cur) && (unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower)) {
			words = append(words, string(rs[start:i]))
			start = i
		}
	}
	if start < len(rs) {
		words = append(words, string(rs[start:]))
	}
	return words
}
