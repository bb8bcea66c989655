// Package document holds the source-neutral document that every corpus reader
// produces, the door judges and the index stores. It has no dependencies so that
// readers, door, index, enrich and ranker can all share it without cycles.
package document

// Sources, as they appear in URIs (scheme) and in the index's source column.
const (
	SourceAppleDocs      = "apple-docs"
	SourceSwiftEvolution = "swift-evolution"
	SourceSwiftBook      = "swift-book"
	SourceSwiftOrg       = "swift-org"
	SourceHIG            = "hig"
	SourceAppleArchive   = "apple-archive"
	SourceSamples        = "samples"
	SourceWWDC           = "wwdc"
	SourcePackages       = "packages"
)

// Kinds of the documents the sample-code, WWDC and package readers produce.
// Symbol pages of packages use the symbol's own kind (struct, func, …).
const (
	KindSampleProject = "sampleProject" // samples://<project-id>
	KindSourceFile    = "sourceFile"    // samples://<project-id>/<path>, packages://<owner>/<repo>/<path>
	KindSession       = "session"       // wwdc://<year>/<id>
	KindPackage       = "package"       // packages://<owner>/<repo>
)

// Reference is a use of a named API in a source file: a type written in a
// declaration or expression, a call, a conformance, a property wrapper.
type Reference struct {
	// Name is the API as written: "URLSession", or "URLSession.shared"
	// for a member reached through a type name.
	Name string `json:"name"`
	// Kind is how the file uses it: "call" (Name(…)), "conform"
	// (inheritance clause), "wrap" (@Name attribute), "member" (Type.member)
	// or "type" (any other mention).
	Kind string `json:"kind"`
	Line int    `json:"line"` // 1-based
}

// Ref is a link from one document to another, resolved to a URI where possible.
type Ref struct {
	URI   string `json:"uri,omitempty"`
	Title string `json:"title"`
	// Section names the topic or relationship group the link came from, e.g.
	// "Creating a View" for a topic section, "Inherits From" for a relationship.
	Section string `json:"section,omitempty"`
	// Declaration is a Topics entry's declaration as the listing page
	// shows it: labels and types, without parameter names or defaults
	// (`var alertStyle: NSAlert.Style`). Only Children carry one.
	Declaration string `json:"declaration,omitempty"`
}

// Platform is one availability entry, e.g. iOS 13.0 (deprecated 17.0).
type Platform struct {
	Name         string `json:"name"`                   // as Apple writes it: "iOS", "macOS", "Mac Catalyst", "visionOS"
	Introduced   string `json:"introduced,omitempty"`   // "13.0"
	Deprecated   bool   `json:"deprecated,omitempty"`   // deprecated on this platform
	DeprecatedAt string `json:"deprecatedAt,omitempty"` // "17.0" when known
	Beta         bool   `json:"beta,omitempty"`
	Unavailable  bool   `json:"unavailable,omitempty"`
}

// CodeExample is a code listing found in a page.
type CodeExample struct {
	Language string `json:"language,omitempty"` // "swift", "objective-c", "" when unknown
	Code     string `json:"code"`
	Caption  string `json:"caption,omitempty"`
}

// Document is one page of one source, ready for the door and the index.
//
// Readers fill what their source has and leave the rest zero. Text fields are
// plain text (no Markdown) except Markdown, which is the full rendering that
// `read` returns.
type Document struct {
	URI        string `json:"uri"`        // canonical, e.g. apple-docs://swift/error, swift-evolution://SE-0306
	Source     string `json:"source"`     // one of the Source* constants
	Framework  string `json:"framework"`  // lowercased identifier ("swiftui"); "" for sources without one
	SourceFile string `json:"sourceFile"` // the file it was read from, for the audit log

	Title       string `json:"title"`
	Kind        string `json:"kind"`                  // symbol kind or page role: protocol, struct, class, enum, func, property, article, collection, sampleCode, proposal, …
	RoleHeading string `json:"roleHeading,omitempty"` // Apple's heading, e.g. "Instance Method"
	Language    string `json:"language,omitempty"`    // swift, objc, data (REST/dictionary), "" for prose sources

	Abstract     string        `json:"abstract,omitempty"`    // one-paragraph summary
	Declaration  string        `json:"declaration,omitempty"` // the primary declaration as source text
	Content      string        `json:"content,omitempty"`     // body text for full-text search (overview, discussion, parameters, …)
	Markdown     string        `json:"markdown,omitempty"`    // full page rendered as Markdown
	CodeExamples []CodeExample `json:"codeExamples,omitempty"`

	Platforms       []Platform `json:"platforms,omitempty"`
	Deprecated      bool       `json:"deprecated,omitempty"` // deprecated on every platform it lists, or marked deprecated
	DeprecationNote string     `json:"deprecationNote,omitempty"`
	// AvailabilitySource says where Platforms came from: "docc" (metadata.platforms),
	// "processed" (the original tool's page JSON), "symbolgraph", or "" when none.
	AvailabilitySource string `json:"availabilitySource,omitempty"`

	// Swift Evolution only.
	Status       string `json:"status,omitempty"`       // "Implemented", "Accepted", …
	SwiftVersion string `json:"swiftVersion,omitempty"` // implementing Swift version, "5.9"

	Attributes      []string `json:"attributes,omitempty"` // declaration attributes without "@": MainActor, Sendable, …
	ConformsTo      []Ref    `json:"conformsTo,omitempty"`
	InheritsFrom    []Ref    `json:"inheritsFrom,omitempty"`
	InheritedBy     []Ref    `json:"inheritedBy,omitempty"`
	ConformingTypes []Ref    `json:"conformingTypes,omitempty"`
	Children        []Ref    `json:"children,omitempty"` // topic sections, in page order
	SeeAlso         []Ref    `json:"seeAlso,omitempty"`
	Parent          string   `json:"parent,omitempty"` // URI of the nearest parent in the hierarchy

	// AvailableWhen holds the requirements of the constrained extension a
	// member is declared in, which DocC prints beside the declaration
	// ("Available when Label conforms to View.") and never inside it,
	// normalised like Symbol.GenericConstraints: "Label: View",
	// "Element == Int", "Self: NSObject". DocC pages only; the save pipeline
	// appends them to the page's declaration symbols.
	AvailableWhen []string `json:"availableWhen,omitempty"`

	// Recovered marks a page the door rejected for a placeholder title
	// ("Error", "Documentation", none) that save kept all the same, titled
	// from its URL: the ranker puts such pages below normal ones.
	Recovered bool `json:"recovered,omitempty"`

	// ObjCName is a DocC symbol's Objective-C name where it is another
	// compound name than its Swift one ("addChildViewController:" for
	// addChild(_:), "drawRect:" for draw(_:)): old questions write it.
	// Indexed only (docs_fts.symbol_components), never stored or taken for
	// a Swift symbol: verify must not read it as one.
	ObjCName string `json:"objcName,omitempty"`

	// References are the APIs a source file uses (sample code and package
	// sources), with their lines; the index answers "used in samples" from
	// them.
	References []Reference `json:"references,omitempty"`

	// Derived are further documents read from the same file, stored and
	// judged like it: the public declarations of a package source file,
	// each as a symbol page.
	Derived []*Document `json:"-"`

	// Symbols are the declarations found in Declaration and CodeExamples
	// (tree-sitter), filled by the save pipeline, not by readers.
	Symbols []Symbol `json:"symbols,omitempty"`

	// ContentHash is the hex SHA-256 of the input with canonically ordered keys
	// (JSON inputs) or of the raw bytes (Markdown inputs).
	ContentHash string `json:"contentHash"`
	// Size is the input's size in bytes.
	Size int `json:"size"`
}

// Richness counts the non-empty fields that tier-B dedup compares: abstract,
// declaration, sections (content), code examples and Markdown.
func (d *Document) Richness() int {
	n := 0
	for _, ok := range []bool{d.Abstract != "", d.Declaration != "", d.Content != "", len(d.CodeExamples) > 0, d.Markdown != ""} {
		if ok {
			n++
		}
	}
	return n
}

// Symbol is one declaration extracted from a page's declaration or code.
type Symbol struct {
	Name      string `json:"name"`      // "dataTask", "NavigationLink"
	Kind      string `json:"kind"`      // struct, class, enum, protocol, actor, typealias, func, init, var, let, subscript, case, macro, associatedtype, extension, operator
	Signature string `json:"signature"` // the declaration text, one line
	IsAsync   bool   `json:"isAsync,omitempty"`
	IsThrows  bool   `json:"isThrows,omitempty"`
	IsStatic  bool   `json:"isStatic,omitempty"`
	// Attributes without the "@": MainActor, Sendable, available, State, …
	Attributes []string `json:"attributes,omitempty"`
	// Conformances and superclasses listed after ":" in a type declaration.
	Conformances []string `json:"conformances,omitempty"`
	// GenericParams are the names in <…>: ["Label", "Destination"].
	GenericParams []string `json:"genericParams,omitempty"`
	// GenericConstraints are the requirements from <T: P> and where clauses, one
	// per entry, normalised: "Label: View", "Element == Int".
	GenericConstraints []string `json:"genericConstraints,omitempty"`
	// Origin says where it came from: "declaration", "example" or "symbolgraph".
	Origin string `json:"origin"`
}
