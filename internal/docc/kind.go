package docc

import "strings"

// Normalised kinds written to document.Document.Kind for Apple pages.
//
// Symbols (from metadata.symbolKind, which mixes DocC's Swift names and the
// older reference-library codes such as "instm" or "structp"):
//
//	class struct enum protocol actor union extension namespace
//	typealias associatedtype macro
//	func        functions and methods of every flavour (method, instm, clm, …)
//	init        initializers (init, instctr, structctr, …)
//	deinit
//	subscript
//	operator    operator functions (op, opfunc)
//	property    properties, variables, constants, ivars, global data
//	case        enumeration cases and enum constants (case, enumelt, econst)
//	dictionary  JSON objects of REST APIs and property lists (dictionary, dict)
//	endpoint    REST endpoints (httpRequest, httpget, httppost, …)
//	keyword     language keyword pages (kw)
//	framework   a framework's root page (module)
//
// Pages that are not symbols take their role: article, collection,
// collectionGroup (an API collection), sampleCode, overview, … and, when the
// role is missing too, the page kind (article, overview, technologies).
// A symbol kind this table does not know is kept, lowercased (the full corpus
// has a few: "pseudo" in kernel docs, "uid" in installer JS).
const (
	KindFunc       = "func"
	KindInit       = "init"
	KindProperty   = "property"
	KindCase       = "case"
	KindOperator   = "operator"
	KindDictionary = "dictionary"
	KindEndpoint   = "endpoint"
	KindFramework  = "framework"
)

var symbolKinds = map[string]string{
	// Types.
	"class": "class", "cl": "class",
	"struct": "struct", "tag": "struct",
	"enum":     "enum",
	"protocol": "protocol", "intf": "protocol",
	"actor":     "actor",
	"union":     "union",
	"extension": "extension",
	"namespace": "namespace",
	"typealias": "typealias", "tdef": "typealias", "intftdef": "typealias",
	"associatedtype": "associatedtype",
	"macro":          "macro",
	// Functions.
	"func": KindFunc, "function": KindFunc, "method": KindFunc,
	"instm": KindFunc, "clm": KindFunc, "intfm": KindFunc, "intfcm": KindFunc,
	"structm": KindFunc, "structcm": KindFunc, "enumm": KindFunc, "enumcm": KindFunc,
	"type.method": KindFunc, "instance.method": KindFunc,
	"init": KindInit, "instctr": KindInit, "structctr": KindInit, "intfctr": KindInit, "enumctr": KindInit,
	"deinit":    "deinit",
	"subscript": "subscript", "instsub": "subscript", "structsub": "subscript", "type.subscript": "subscript",
	"op": KindOperator, "opfunc": KindOperator, "func.op": KindOperator,
	// Values.
	"property": KindProperty, "var": KindProperty, "let": KindProperty, "data": KindProperty,
	"instp": KindProperty, "intfp": KindProperty, "structp": KindProperty, "enump": KindProperty,
	"unionp": KindProperty, "cldata": KindProperty, "structdata": KindProperty, "enumdata": KindProperty,
	"intfdata": KindProperty, "ivar": KindProperty, "clconst": KindProperty,
	"type.property": KindProperty, "instance.property": KindProperty,
	"case": KindCase, "enumelt": KindCase, "econst": KindCase, "enum.case": KindCase,
	// Data and web services.
	"dictionary": KindDictionary, "dict": KindDictionary,
	"httpRequest": KindEndpoint, "httpget": KindEndpoint, "httppost": KindEndpoint,
	"httpput": KindEndpoint, "httpdelete": KindEndpoint, "httppatch": KindEndpoint,
	// Language keywords (Swift's true and false pages).
	"kw": "keyword", "keyword": "keyword",
	// Roots.
	"module": KindFramework,
}

// NormalizeSymbolKind maps one of Apple's symbolKind values to the documented
// small set; unknown values come back lowercased, "" stays "".
func NormalizeSymbolKind(raw string) string {
	if raw == "" {
		return ""
	}
	if k, ok := symbolKinds[raw]; ok {
		return k
	}
	low := strings.ToLower(raw)
	if k, ok := symbolKinds[low]; ok {
		return k
	}
	return low
}

// pageKind decides Document.Kind: the normalised symbol kind when there is
// one, else the role, else the page kind.
func (p *Page) pageKind() string {
	if k := NormalizeSymbolKind(p.Metadata.SymbolKind); k != "" {
		return k
	}
	if p.Metadata.Role != "" {
		return p.Metadata.Role
	}
	return p.Kind
}

// languageName maps an interfaceLanguage (or declaration language) to the
// Document.Language vocabulary.
func languageName(lang string) string {
	switch strings.ToLower(lang) {
	case "":
		return ""
	case "swift":
		return "swift"
	case "occ", "objc", "objective-c", "c":
		return "objc"
	case "data":
		return "data"
	default:
		return strings.ToLower(lang)
	}
}

// codeLanguage normalises a codeListing syntax for fences and CodeExample.
func codeLanguage(syntax string) string {
	s := strings.ToLower(strings.TrimSpace(syntax))
	switch s {
	case "", "other", "not specified", "none", "text", "plain", "null":
		return ""
	case "occ", "objc", "objective-c", "obj-c":
		return "objective-c"
	case "c++", "cpp", "objective-c++", "objc++":
		return "cpp"
	case "sh", "bash", "zsh", "shell", "console", "terminal":
		return "shell"
	}
	return s
}
