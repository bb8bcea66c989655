package swiftsym

import (
	"regexp"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// maxCFamilyDecl bounds the lines one Objective-C declaration may span.
const maxCFamilyDecl = 8

// metalEntry matches a Metal shader's entry point: "kernel void
// grayscale(texture2d<half> in [[texture(0)]], …)".
var metalEntry = regexp.MustCompile(`^\s*(?:\[\[[^\]]*\]\]\s*)?(kernel|vertex|fragment|\[\[\s*(?:kernel|vertex|fragment|visible)\s*\]\])\s+[\w:<>, ]+?\s+(\w+)\s*\(`)

// ExtractCFamily returns the declarations an Objective-C or Metal source
// file makes where their shape is cheap to read line by line: Objective-C
// @interface, @protocol, @property and method declarations (with the same
// reader as the documentation's Objective-C declarations), and Metal
// kernel, vertex and fragment functions. Function bodies, C prototypes and
// macros give nothing: a wrong declaration is worse than none.
func ExtractCFamily(code string, metal bool) []document.Symbol {
	if len(code) > MaxFileLen {
		return nil
	}
	lines := strings.Split(stripComments(code), "\n")
	var out []document.Symbol
	for i := 0; i < len(lines) && len(out) < maxCodeSymbols; i++ {
		line := strings.TrimSpace(lines[i])
		if metal {
			if m := metalEntry.FindStringSubmatch(line); m != nil {
				out = append(out, document.Symbol{Name: m[2], Kind: "func", Signature: strings.TrimRight(line, " {"), Origin: OriginSource})
			}
			continue
		}
		if !startsObjCDeclaration(line) {
			continue
		}
		decl := line
		// A method declaration may wrap; an @interface line stands alone.
		for j := i + 1; !strings.HasPrefix(line, "@interface") && !strings.HasPrefix(line, "@protocol") &&
			!strings.ContainsAny(decl, ";{") && j < len(lines) && j-i < maxCFamilyDecl; j++ {
			decl += " " + strings.TrimSpace(lines[j])
		}
		if k := strings.IndexByte(decl, '{'); k >= 0 {
			decl = decl[:k] // an implementation's method: its header is the declaration
		}
		for _, sym := range extractObjC(normalizeSpace(decl)) {
			sym.Origin = OriginSource
			out = append(out, sym)
		}
	}
	return out
}

func startsObjCDeclaration(line string) bool {
	for _, lead := range []string{"- (", "-(", "+ (", "+(", "@interface ", "@protocol ", "@property"} {
		if strings.HasPrefix(line, lead) {
			return !strings.HasSuffix(line, ";") || !strings.HasPrefix(line, "@protocol ") // "@protocol X;" is a forward declaration
		}
	}
	return false
}
