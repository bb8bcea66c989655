// Package docc reads Apple's DocC render JSON (the pages developer.apple.com
// serves under /tutorials/data/documentation/<path>.json), converts a page into
// a document.Document and renders it as compact Markdown for AI agents.
//
// # Reading
//
// Parse decodes one page into Page. Failures are sentinels: ErrEmpty (0 bytes
// or whitespace: the corpus has one such file), ErrMalformed (invalid JSON, the
// decoder error wrapped too) and ErrNotDocC (valid JSON that is not a render
// node). The model was written from a survey of the real corpus: every block,
// inline, content-section, reference and relationship type found there is
// handled, and unknown ones degrade to whatever text they carry. A value of
// the wrong JSON type loses only that value, not the page.
//
// Decoding uses github.com/go-json-experiment/json (the encoding/json/v2
// prototype, already in the build through chromedp): it decodes these pages
// about three times faster than encoding/json, which has to validate every
// page in a separate pass first. See BenchmarkParse.
//
// # Converting
//
// Page.Document fills every Document field DocC has. Decisions worth knowing:
//
//   - URI: docuri.FromURL(identifier.url) (the bundle id of doc:// URLs is
//     ignored), else the page's own references entry, else the source file's
//     path below a "documentation" directory. A page whose identifier is not a
//     documentation address (a tutorial, doc://…/tutorials/…) is refused with
//     ErrNoURI wrapping docuri.ErrNotDocumentation: tutorials are not API
//     reference and are deliberately not rescued from their file path.
//   - Kind: the normalised symbol kind, else the page role, else the page
//     kind; the vocabulary is documented on NormalizeSymbolKind's constants.
//     A framework root (symbolKind "module") is "framework".
//   - Language: "swift", "objc" (interfaceLanguage "occ", C included), "data"
//     (REST and dictionary pages).
//   - Declaration: the first Swift declaration, else the first one; its
//     attribute tokens ("@" + "MainActor" arrive as two tokens) become
//     Attributes without "@" or arguments.
//   - AvailableWhen: metadata.conformance, the "Available when Label
//     conforms to View." clause of a member declared in a constrained
//     extension, as normalised constraints ("Label: View", "Element == Int",
//     "Self: NSObject"; see Page.AvailableWhen). The save pipeline appends
//     them to the page's declaration symbols, so the index has them without
//     re-reading the page.
//   - Content: plain text of the overview and discussion, parameters, return
//     value, properties, REST parameters, body and responses, possible values.
//     Declarations, topic lists and code listings are left out: they have
//     fields of their own (Declaration, Children, CodeExamples).
//   - Deprecated: a deprecation summary, or every available listed platform
//     deprecated. DeprecationNote is the summary's text, else the first
//     platform message or rename.
//   - Parent: the last element of the first hierarchy path, resolved through
//     references; the technologies page is never a parent, so framework roots
//     have none. Without a hierarchy, docuri.Parent.
//   - Relationships, Children (topic sections) and SeeAlso are resolved to
//     title + canonical URI through references; identifiers that resolve to no
//     documentation page keep their title with an empty URI.
//
// # Rendering
//
// RenderMarkdown writes "# Title", a breadcrumb for member and nested pages
// ("[SwiftUI](…) › [`EnvironmentValues`](…) › `dismiss`", from the first
// hierarchy path), a "Role Heading · Module" line, "**Required.** A protocol
// requirement of [`P`](…)." on a requirement's page (metadata.required; it
// adds when a default implementation is provided), the page in its other
// language ("Objective-C: [`Name`](apple-docs://…?language=objc)" when Apple
// serves both from one path, the variant's own URI otherwise), an
// availability line ("iOS 13.0+, macOS 10.15–14.0 (Deprecated)"), a
// "> Deprecated:" aside, the abstract, a sample-code page's download link,
// "## Declaration" (fenced by language) followed by the "Available when …" line (after the abstract when there is
// no declaration), "## Parameters", the discussion with its own headings
// (clamped to ## and below), REST and dictionary sections, "## Mentioned In",
// "## Topics", "## Relationships", "## Default Implementations" and
// "## See Also". Links to other pages use apple-docs:// URIs, keeping Apple's
// "#anchor" when they point into a page (a heading, a topic group, a
// captioned "Listing 1"); symbol names are in code voice; tables are GFM;
// asides are "> Note: …" block quotes. Topic entries are marked "(Required)"
// or "(Required, default implementation provided)" for protocol
// requirements, "(Deprecated)" and "(Beta)". REST and dictionary types link
// each schema type they name. The breadcrumb, requirement, language and
// download lines belong to the "header" section.
// RenderOptions.Omit drops sections by name (ParseSections parses
// "topics,seeAlso"; the names are on the Section constants).
package docc
