package docc

import (
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Page is one DocC render node: the JSON developer.apple.com serves under
// /tutorials/data/documentation/<path>.json.
//
// The model covers what the real corpus contains (surveyed over a sample of the
// 183k pages) and what swift-docc can emit. Blocks, inlines and content
// sections are single "union" structs switched on their type or kind rather
// than interfaces: decoding stays one reflection pass with no per-node
// allocation of a map, which is what keeps the save path fast.
type Page struct {
	Identifier             Identifier             `json:"identifier"`
	Kind                   string                 `json:"kind"` // symbol, article, overview, technologies, …
	Metadata               Metadata               `json:"metadata"`
	Abstract               []Inline               `json:"abstract"`
	PrimaryContentSections []ContentSection       `json:"primaryContentSections"`
	TopicSections          []TaskGroup            `json:"topicSections"`
	SeeAlsoSections        []TaskGroup            `json:"seeAlsoSections"`
	RelationshipsSections  []RelationshipsSection `json:"relationshipsSections"`
	// DefaultImplementationsSections lists a protocol requirement's default
	// implementations, in the same shape as topic sections.
	DefaultImplementationsSections []TaskGroup `json:"defaultImplementationsSections"`
	Hierarchy                      Hierarchy   `json:"hierarchy"`
	References                     References  `json:"references"`
	DeprecationSummary             []Block     `json:"deprecationSummary"`
	Variants                       []Variant   `json:"variants"`
	// VariantOverrides patch the page into its other-language rendering
	// (the Objective-C title of a Swift page, say); only string values are
	// kept, which is all the renderer reads (see PatchOp).
	VariantOverrides []VariantOverride `json:"variantOverrides"`
	// Sections holds landing-page sections (hero, technology groups of
	// technologies.json, tutorial volumes). Reference pages leave it empty and
	// nothing here needs it, so it stays raw.
	Sections           jsontext.Value      `json:"sections"`
	SampleCodeDownload *SampleCodeDownload `json:"sampleCodeDownload"`
	SchemaVersion      *SchemaVersion      `json:"schemaVersion"`
}

// Identifier names the page: a doc://<bundle id>/documentation/... URL and the
// language the page is written for ("swift", "occ" for C and Objective-C,
// "data" for REST and dictionary pages).
type Identifier struct {
	URL               FlexString `json:"url"`
	InterfaceLanguage string     `json:"interfaceLanguage"`
}

// SchemaVersion is the render-JSON schema version.
type SchemaVersion struct {
	Major int `json:"major"`
	Minor int `json:"minor"`
	Patch int `json:"patch"`
}

// Metadata is the page's title block and availability.
type Metadata struct {
	Title          string     `json:"title"`
	Role           string     `json:"role"`        // symbol, article, collection, collectionGroup, sampleCode, …
	RoleHeading    string     `json:"roleHeading"` // "Instance Method", "Protocol", …
	SymbolKind     string     `json:"symbolKind"`  // Apple's raw value: struct, method, instm, …
	Modules        []Module   `json:"modules"`
	ExtendedModule string     `json:"extendedModule"`
	Platforms      []Platform `json:"platforms"`
	Fragments      []Token    `json:"fragments"`
	NavigatorTitle []Token    `json:"navigatorTitle"`
	ExternalID     string     `json:"externalID"`
	Required       bool       `json:"required"` // a protocol requirement
	// Conformance is the "Available when …" clause of a member declared in
	// a constrained extension; nil for most pages.
	Conformance *Conformance `json:"conformance"`
	Parent      *struct {
		Title string `json:"title"`
	} `json:"parent"`
}

// Module is an entry of metadata.modules.
type Module struct {
	Name           string   `json:"name"`
	RelatedModules []string `json:"relatedModules"`
}

// Platform is one availability entry of metadata.platforms.
type Platform struct {
	Name         string `json:"name"`
	IntroducedAt string `json:"introducedAt"`
	DeprecatedAt string `json:"deprecatedAt"`
	Deprecated   bool   `json:"deprecated"`
	Beta         bool   `json:"beta"`
	Unavailable  bool   `json:"unavailable"`
	Message      string `json:"message"` // deprecation message, e.g. "Use X instead."
	Renamed      string `json:"renamed"`
	Current      string `json:"current"` // legacy pages: the current OS version
}

// Token is one piece of a declaration or title fragment.
type Token struct {
	Kind              string `json:"kind"` // keyword, identifier, typeIdentifier, attribute, text, externalParam, …
	Text              string `json:"text"`
	Identifier        string `json:"identifier"`
	PreciseIdentifier string `json:"preciseIdentifier"`
}

// Inline is inline content. Type selects which fields are set:
//
//	text            Text
//	codeVoice       Code
//	emphasis, strong, newTerm, inlineHead, subscript, superscript,
//	strikethrough   InlineContent
//	reference       Identifier, IsActive, OverridingTitle(InlineContent)
//	link            Destination, Title
//	image           Identifier
type Inline struct {
	Type                         string   `json:"type"`
	Text                         string   `json:"text"`
	Code                         string   `json:"code"`
	InlineContent                []Inline `json:"inlineContent"`
	Identifier                   string   `json:"identifier"`
	IsActive                     *bool    `json:"isActive"`
	OverridingTitle              string   `json:"overridingTitle"`
	OverridingTitleInlineContent []Inline `json:"overridingTitleInlineContent"`
	Destination                  string   `json:"destination"`
	Title                        string   `json:"title"`
}

// Block is block content. Type selects which fields are set:
//
//	paragraph, small        InlineContent
//	heading                 Level, Text, Anchor
//	codeListing             Syntax, Code, Metadata
//	unorderedList           Items[].Content
//	orderedList             Items[].Content, Start
//	termList                Items[].Term, Items[].Definition
//	table                   Header, Rows, Alignments, Metadata
//	aside                   Style, Name, Content
//	links                   Style, Items[].Identifier
//	row                     NumberOfColumns, Columns
//	tabNavigator            Tabs
//	dictionaryExample       Summary, Example
//	endpointExample         Summary, Request, Response (untyped blocks whose
//	                        Content lists untyped {"code": [...]} items)
//	video, image            Identifier, Metadata
//	thematicBreak           (nothing)
type Block struct {
	Type            string      `json:"type"`
	InlineContent   []Inline    `json:"inlineContent"`
	Level           int         `json:"level"`
	Text            string      `json:"text"`
	Anchor          string      `json:"anchor"`
	Syntax          string      `json:"syntax"`
	Code            CodeLines   `json:"code"`
	Items           []ListItem  `json:"items"`
	Start           int         `json:"start"`
	Header          string      `json:"header"` // table: row, column, both, none
	Rows            [][][]Block `json:"rows"`
	Alignments      []string    `json:"alignments"`
	Style           string      `json:"style"`
	Name            string      `json:"name"`
	Content         []Block     `json:"content"`
	NumberOfColumns int         `json:"numberOfColumns"`
	Columns         []Column    `json:"columns"`
	Tabs            []Tab       `json:"tabs"`
	Identifier      string      `json:"identifier"`
	Metadata        *BlockMeta  `json:"metadata"`
	Summary         []Block     `json:"summary"`
	Example         *Block      `json:"example"`
	Request         *Block      `json:"request"`
	Response        *Block      `json:"response"`
}

// BlockMeta is the optional caption of a code listing, table, image or video.
type BlockMeta struct {
	Anchor   string   `json:"anchor"`
	Title    string   `json:"title"`
	Abstract []Inline `json:"abstract"`
}

// ListItem is an item of unorderedList/orderedList (Content), termList (Term,
// Definition) or links (Identifier: the JSON item is a bare string).
type ListItem struct {
	Content    []Block   `json:"content"`
	Term       *TermBody `json:"term"`
	Definition *DefBody  `json:"definition"`
	Identifier string    `json:"-"`
}

// TermBody is a termList term.
type TermBody struct {
	InlineContent []Inline `json:"inlineContent"`
}

// DefBody is a termList definition.
type DefBody struct {
	Content []Block `json:"content"`
}

// Column is one column of a row block.
type Column struct {
	Size    int     `json:"size"`
	Content []Block `json:"content"`
}

// Tab is one tab of a tabNavigator block.
type Tab struct {
	Title   string  `json:"title"`
	Content []Block `json:"content"`
}

// ContentSection is an entry of primaryContentSections. Kind selects the fields:
//
//	declarations     Declarations
//	parameters       Parameters (Languages)
//	content          Content
//	properties       Title, Items
//	restParameters   Title, Source, Items
//	restResponses    Title, Items (Status, Reason, MimeType)
//	restBody         Title, MimeType, BodyContentType, Content, Parameters
//	restEndpoint     Title, Tokens
//	possibleValues   Title, Values
//	attributes       Title, Attributes
//	details          Title, Details
//	mentions         Mentions
type ContentSection struct {
	Kind            string        `json:"kind"`
	Title           string        `json:"title"`
	Declarations    []Declaration `json:"declarations"`
	Parameters      []Property    `json:"parameters"`
	Languages       []string      `json:"languages"`
	Content         []Block       `json:"content"`
	Items           []Property    `json:"items"`
	Source          string        `json:"source"`
	Tokens          []Token       `json:"tokens"`
	MimeType        string        `json:"mimeType"`
	BodyContentType []Token       `json:"bodyContentType"`
	Values          []Property    `json:"values"`
	Attributes      []Attribute   `json:"attributes"`
	Details         *Details      `json:"details"`
	Mentions        []string      `json:"mentions"`
}

// Declaration is one declaration of a symbol, for some languages and platforms.
type Declaration struct {
	Languages         []string `json:"languages"`
	Platforms         []string `json:"platforms"`
	Tokens            []Token  `json:"tokens"`
	OtherDeclarations *struct {
		Declarations []struct {
			Identifier string  `json:"identifier"`
			Tokens     []Token `json:"tokens"`
		} `json:"declarations"`
		DisplayIndex int `json:"displayIndex"`
	} `json:"otherDeclarations"`
}

// Property is a named, described item: a parameter, a property of a
// dictionary, a REST parameter or response, or a possible value.
type Property struct {
	Name              string      `json:"name"`
	Type              []Token     `json:"type"`
	Content           []Block     `json:"content"`
	Required          bool        `json:"required"`
	Deprecated        bool        `json:"deprecated"`
	ReadOnly          bool        `json:"readOnly"`
	IntroducedVersion string      `json:"introducedVersion"`
	Attributes        []Attribute `json:"attributes"`
	Status            int         `json:"status"`   // restResponses
	Reason            string      `json:"reason"`   // restResponses
	MimeType          string      `json:"mimeType"` // restResponses
}

// Attribute is a constraint on a value: default, minimum, maximum,
// minimumLength, maximumLength (Value) or allowedValues, allowedTypes (Values:
// strings, or token lists for allowedTypes).
type Attribute struct {
	Kind   string         `json:"kind"`
	Title  string         `json:"title"`
	Value  FlexString     `json:"value"`
	Values jsontext.Value `json:"values"`
}

// Details describes a property-list key.
type Details struct {
	Name       string `json:"name"`
	IDETitle   string `json:"ideTitle"`
	TitleStyle string `json:"titleStyle"`
	Value      []struct {
		BaseType  string `json:"baseType"`
		ArrayMode bool   `json:"arrayMode"`
	} `json:"value"`
}

// TaskGroup is a topic, see-also or default-implementations section.
type TaskGroup struct {
	Title       string          `json:"title"`
	Anchor      string          `json:"anchor"`
	Identifiers []string        `json:"identifiers"`
	Generated   bool            `json:"generated"`
	Abstract    []Inline        `json:"abstract"`
	Discussion  *ContentSection `json:"discussion"`
}

// RelationshipsSection lists related types: Type is inheritsFrom,
// inheritedBy, conformsTo, conformingTypes (and occasionally others).
type RelationshipsSection struct {
	Type        string   `json:"type"`
	Title       string   `json:"title"`
	Identifiers []string `json:"identifiers"`
}

// Hierarchy gives the breadcrumbs: each path lists ancestor identifiers from
// the root (usually the technologies page) down to the parent.
type Hierarchy struct {
	Paths [][]string `json:"paths"`
}

// Variant names another rendering of the page, e.g. its Objective-C twin.
type Variant struct {
	Paths  []string `json:"paths"`
	Traits []struct {
		InterfaceLanguage string `json:"interfaceLanguage"`
	} `json:"traits"`
}

// VariantOverride is a JSON patch that turns the page into the rendering
// for Traits (another interface language).
type VariantOverride struct {
	Traits []struct {
		InterfaceLanguage string `json:"interfaceLanguage"`
	} `json:"traits"`
	Patch []PatchOp `json:"patch"`
}

// PatchOp is one operation of a variant override. Value is kept only when
// it is a JSON string: the other values (whole topic sections, platforms)
// are large and unread, so decoding skips them instead of copying them.
type PatchOp struct {
	Op    string
	Path  string
	Value string
}

// UnmarshalJSONFrom implements json.UnmarshalerFrom.
func (o *PatchOp) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if dec.PeekKind() != '{' {
		return dec.SkipValue()
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return err
		}
		var dst *string
		switch name.String() {
		case "op":
			dst = &o.Op
		case "path":
			dst = &o.Path
		case "value":
			dst = &o.Value
		}
		if dst == nil || dec.PeekKind() != '"' {
			if err := dec.SkipValue(); err != nil {
				return err
			}
			continue
		}
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		*dst = tok.String()
	}
	_, err := dec.ReadToken() // the closing brace
	return err
}

// SampleCodeDownload is the download button of a sample-code page.
type SampleCodeDownload struct {
	Kind   string `json:"kind"`
	Action Inline `json:"action"`
}

// References maps identifiers used anywhere in the page to what they point at.
type References map[string]*Reference

// Reference is an entry of the references map. Type is topic (another page),
// link (external URL), image, video, download, section, xcodeRequirement or
// file/codeListing.
type Reference struct {
	Type           string   `json:"type"`
	Identifier     string   `json:"identifier"`
	Title          string   `json:"title"`
	URL            string   `json:"url"`
	Abstract       []Inline `json:"abstract"`
	Fragments      []Token  `json:"fragments"`
	NavigatorTitle []Token  `json:"navigatorTitle"`
	Kind           string   `json:"kind"` // symbol, article, overview, section
	Role           string   `json:"role"`
	Deprecated     bool     `json:"deprecated"`
	Beta           bool     `json:"beta"`
	Required       bool     `json:"required"` // a protocol requirement
	// DefaultImplementations counts a requirement's default
	// implementations: a conforming type need not write it.
	DefaultImplementations int `json:"defaultImplementations"`
	// Alt and Variants describe image and video references.
	Alt      string `json:"alt"`
	Variants []struct {
		URL    string   `json:"url"`
		Traits []string `json:"traits"`
	} `json:"variants"`
	// Syntax and Content describe codeListing/file references.
	Syntax   string   `json:"syntax"`
	Content  []string `json:"content"`
	FileName string   `json:"fileName"`
}

// FlexString decodes a JSON string, or the "content" member of an object
// (one real page wraps identifier.url so), keeps the literal text of numbers
// and booleans, and ignores any other shape rather than failing the page.
type FlexString string

// UnmarshalJSONFrom implements json.UnmarshalerFrom.
func (f *FlexString) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	switch dec.PeekKind() {
	case '"':
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		*f = FlexString(tok.String())
		return nil
	case '0', 't', 'f':
		val, err := dec.ReadValue()
		if err != nil {
			return err
		}
		*f = FlexString(val)
		return nil
	case '{':
		val, err := dec.ReadValue()
		if err != nil {
			return err
		}
		var o struct {
			Content string `json:"content"`
		}
		if json.Unmarshal(val, &o) == nil {
			*f = FlexString(o.Content)
		}
		return nil
	}
	return dec.SkipValue()
}

// CodeLines is a code listing's lines. DocC writes an array of lines; a bare
// string is accepted as one listing, anything else as no code.
type CodeLines []string

// UnmarshalJSONFrom implements json.UnmarshalerFrom.
func (c *CodeLines) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	switch dec.PeekKind() {
	case '[':
		val, err := dec.ReadValue()
		if err != nil {
			return err
		}
		var lines []string
		if json.Unmarshal(val, &lines) == nil {
			*c = lines
		}
		return nil
	case '"':
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		*c = CodeLines{tok.String()}
		return nil
	}
	return dec.SkipValue()
}

// UnmarshalJSONFrom implements json.UnmarshalerFrom: links blocks list bare
// identifier strings as items.
func (li *ListItem) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	switch dec.PeekKind() {
	case '"':
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		li.Identifier = tok.String()
		return nil
	case '{':
		type plain ListItem // no methods: avoids recursion
		return json.UnmarshalDecode(dec, (*plain)(li))
	}
	return dec.SkipValue()
}
