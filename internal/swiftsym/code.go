package swiftsym

import (
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

const (
	// MaxCodeLen bounds the examples ExtractCode parses; longer text is a
	// whole file pasted into a page, not an example worth its parse time.
	MaxCodeLen = 64 << 10
	// maxCodeSymbols caps the symbols one example can contribute.
	maxCodeSymbols = 256
	// maxInlineValue is the longest one-line initialiser kept in a property's
	// signature ("@State private var count = 0"); longer ones are cut.
	maxInlineValue = 60
	// maxNesting stops the descent on absurdly nested input.
	maxNesting = 64
)

// stripComments removes // and /* */ comments from a declaration header,
// leaving string literals alone.
func stripComments(s string) string {
	if !strings.Contains(s, "//") && !strings.Contains(s, "/*") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '"':
			j := skipString(s, i)
			b.WriteString(s[i:min(j+1, len(s))])
			i = j
		case strings.HasPrefix(s[i:], "//"):
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return b.String()
			}
			b.WriteByte(' ')
			i += j
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return b.String()
			}
			b.WriteByte(' ')
			i += j + 3
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// looksLikeObjCCode spots Objective-C and C examples handed in without a
// language: parsing them as Swift yields nonsense declarations.
func looksLikeObjCCode(code string) bool {
	for _, marker := range []string{"@interface", "@implementation", "#import", "#include", "\n- (", "\n+ (", "\n@end"} {
		if strings.Contains(code, marker) {
			return true
		}
	}
	return strings.HasPrefix(code, "- (") || strings.HasPrefix(code, "+ (")
}

// mayDeclare reports whether code contains a declaration keyword at all; a
// quarter of the listings in Apple's pages are expressions only, and this
// scan saves their parse.
func mayDeclare(code string) bool {
	for i := 0; i < len(code); {
		end := identEnd(code, i)
		if end == i {
			i++
			continue
		}
		if swiftlex.DeclarationKeywords[code[i:end]] {
			return true
		}
		i = end
	}
	return false
}
