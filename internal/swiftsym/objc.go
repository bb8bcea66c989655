package swiftsym

import (
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// Kinds of Objective-C symbols. Only the four shapes whose meaning is
// unambiguous are extracted; C prototypes, macros, typedefs and enum
// constants give no symbol rather than a wrong one.
const (
	KindObjCMethod   = "objc-method"
	KindObjCClass    = "objc-class"
	KindObjCCategory = "objc-category"
	KindObjCProtocol = "objc-protocol"
	KindObjCProperty = "objc-property"
)

// looksLikeObjC reports whether a normalised declaration is C-family text:
// Swift declarations never end in ";" or start with these.
func looksLikeObjC(sig string) bool {
	if strings.HasSuffix(sig, ";") {
		return true
	}
	for _, lead := range []string{"- (", "-(", "+ (", "+(", "@interface ", "@protocol ", "@property", "@implementation", "@class ", "#", "typedef ", "extern "} {
		if strings.HasPrefix(sig, lead) {
			return true
		}
	}
	return false
}

func extractObjC(sig string) []document.Symbol {
	body := trimObjCTail(sig)
	sym := document.Symbol{Signature: sig, Origin: OriginDeclaration}
	sc := scanner{s: body}
	switch {
	case strings.HasPrefix(body, "-") || strings.HasPrefix(body, "+"):
		sym.Kind = KindObjCMethod
		sym.IsStatic = body[0] == '+'
		sc.i = 1
		sym.Name = objcSelector(&sc)
	case strings.HasPrefix(body, "@interface ") || strings.HasPrefix(body, "@protocol "):
		sym.Kind = KindObjCClass
		if strings.HasPrefix(body, "@protocol ") {
			sym.Kind = KindObjCProtocol
		}
		sc.i = strings.IndexByte(body, ' ')
		sym.Name = sc.ident()
		if sc.peek() == '(' {
			sc.group('(')
			if sym.Kind == KindObjCClass {
				sym.Kind = KindObjCCategory
			}
		}
		if sc.peek() == ':' {
			sc.i++
			if super := sc.ident(); super != "" {
				sym.Conformances = append(sym.Conformances, super)
			}
		}
		if sc.peek() == '<' {
			sym.Conformances = append(sym.Conformances, splitTopLevel(sc.group('<'))...)
		}
	case strings.HasPrefix(body, "@property"):
		sym.Kind = KindObjCProperty
		sc.i = len("@property")
		if sc.peek() == '(' {
			for _, attr := range splitTopLevel(sc.group('(')) {
				if attr == "class" {
					sym.IsStatic = true
				}
			}
		}
		sym.Name = objcPropertyName(sc.rest())
	default:
		return nil
	}
	if sym.Name == "" {
		return nil
	}
	return []document.Symbol{sym}
}

// trimObjCTail drops the ";" and trailing availability macros such as
// API_AVAILABLE(ios(13.0)) or NS_DESIGNATED_INITIALIZER.
func trimObjCTail(sig string) string {
	s := strings.TrimSpace(strings.TrimSuffix(sig, ";"))
	for {
		trimmed := s
		if strings.HasSuffix(trimmed, ")") {
			if open := strings.LastIndex(trimmed, " "); open > 0 {
				word := trimmed[open+1:]
				if p := strings.IndexByte(word, '('); p > 0 && isMacroName(word[:p]) {
					trimmed = strings.TrimSpace(trimmed[:open])
				}
			}
		} else if open := strings.LastIndexByte(trimmed, ' '); open > 0 && isMacroName(trimmed[open+1:]) {
			trimmed = strings.TrimSpace(trimmed[:open])
		}
		if trimmed == s {
			return s
		}
		s = trimmed
	}
}

// isMacroName reports an all-capitals name with an underscore, the shape of
// Apple's annotation macros (NS_SWIFT_NAME, API_DEPRECATED).
func isMacroName(w string) bool {
	if !strings.Contains(w, "_") {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !isUpperRune(c) && !isDigitByte(c) && c != '_' {
			return false
		}
	}
	return true
}

// objcSelector reads "(void) foo:(id) bar baz:(int) q" into "foo:baz:".
func objcSelector(sc *scanner) string {
	if sc.peek() == '(' {
		sc.group('(')
	}
	var sel strings.Builder
	for {
		part := sc.ident()
		if part == "" && sc.peek() != ':' {
			break
		}
		if sc.peek() != ':' {
			if sel.Len() == 0 {
				return part
			}
			break
		}
		sc.i++
		sel.WriteString(part)
		sel.WriteByte(':')
		if sc.peek() == '(' {
			sc.group('(')
		}
		sc.ident() // the parameter name
	}
	return sel.String()
}

// objcPropertyName finds the declared name: "(^name)" for block properties
// written that way, else the last identifier.
func objcPropertyName(decl string) string {
	if i := strings.Index(decl, "(^"); i >= 0 {
		sc := scanner{s: decl, i: i + 2}
		if name := sc.ident(); name != "" {
			return name
		}
	}
	end := len(decl)
	for end > 0 && !isIdentByte(decl[end-1]) {
		end--
	}
	start := end
	for start > 0 && isIdentByte(decl[start-1]) {
		start--
	}
	name := decl[start:end]
	if name == "" || isDigitByte(name[0]) {
		return ""
	}
	return name
}
