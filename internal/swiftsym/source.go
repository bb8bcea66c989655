package swiftsym

import (
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

const (
	// MaxFileLen bounds the source files AnalyzeFile reads. Hand-written
	// Swift files in the samples and packages stay well under it; longer
	// ones are generated.
	MaxFileLen = 192 << 10
	// maxReferences and maxPublicDecls cap what one file contributes.
	maxReferences  = 2000
	maxPublicDecls = 2000
	// maxRefDepth stops the reference walk on absurdly nested input.
	maxRefDepth = 400
	// OriginSource marks a symbol declared in a source file (a package's
	// public API, a sample's own types).
	OriginSource = "source"
)

// FileAnalysis is what AnalyzeFile finds in one Swift source file.
type FileAnalysis struct {
	// References are the APIs the file uses, first use of each name and
	// kind, in file order. Names the file declares itself are left out.
	References []document.Reference
	// Public are its public and open declarations.
	Public []PublicDecl
}

// PublicDecl is one public declaration of a source file.
type PublicDecl struct {
	Symbol document.Symbol
	// Container is the dotted path of the types it is declared in
	// ("OrderedDictionary.Values"), empty at top level.
	Container string
	// Doc is its documentation comment without the comment markers.
	Doc  string
	Line int
}

// QualifiedName is Container.Name, or Name at top level.
func (d PublicDecl) QualifiedName() string {
	if d.Container == "" {
		return d.Symbol.Name
	}
	return d.Container + "." + d.Symbol.Name
}

// cleanDocComment strips /// and /** */ markers and the leading " * " of
// block comment lines.
func cleanDocComment(text string) string {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "/**") {
		text = strings.TrimSuffix(strings.TrimPrefix(text, "/**"), "*/")
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			l = strings.TrimSpace(l)
			lines[i] = strings.TrimSpace(strings.TrimPrefix(l, "*"))
		}
		return strings.TrimSpace(strings.Join(lines, "\n"))
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "///"))
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}
