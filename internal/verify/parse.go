package verify

const (
	// maxParseDepth stops the walk on absurdly nested input.
	maxParseDepth = 400
	// maxSyntaxErrors keeps the first few: past them the file is broken,
	// and listing more says nothing new.
	maxSyntaxErrors = 5
)

// SyntaxError is one ERROR or MISSING node of the parse.
type SyntaxError struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// Parsed is what the tree-sitter parse of one file gives the checks.
type Parsed struct {
	// Declared holds every name the file declares: types, members, enum
	// cases, functions, parameters, closure parameters and bindings. Uses
	// of these, in this file or another of the project, are the project's
	// own and never unknown.
	Declared map[string]bool
	// Syntax lists the first syntax errors.
	Syntax []SyntaxError
	// Bytes is the file's length, ErrorBytes how much of it sits in ERROR
	// nodes: a file mostly in ERROR is not Swift.
	Bytes, ErrorBytes int
}

// NotSwift reports a text the Swift grammar could mostly not place: prose,
// JSON, Objective-C or another language, rather than Swift with a typo.
func (p *Parsed) NotSwift() bool {
	return p.Bytes > 0 && p.ErrorBytes*2 > p.Bytes
}
