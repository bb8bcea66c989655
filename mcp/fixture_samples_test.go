package mcp

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/mdbound"
)

// The fixture's sample code: two projects as the samples reader writes them
// (a project page with its README and file list, each file's exact text in
// mdbound.CodeFile's block, the APIs a Swift file uses as References), and
// the Apple sampleCode page of the first.

const (
	sampleProjectID = "swiftui-fetching-data"
	sampleTitle     = "Fetching Data"
	// sampleDataLines is the length of the file too long for one response.
	sampleDataLines = 3000
)

// sampleContentView is a file with a space in its path, URLSession.shared,
// an instance dataTask call and a View conformance.
const sampleContentView = `import SwiftUI

struct ContentView: View {
    @State private var items: [String] = []

    var body: some View {
        List(items, id: \.self) { Text($0) }
            .task { await load() }
    }

    func load() async {
        let session = URLSession.shared
        let task = session.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in }
        task.resume()
    }
}
`

// sampleLoader holds a backtick run that a three-backtick fence would end.
const sampleLoader = "import Foundation\n\n/// Use it like this:\n/// ```swift\n/// let loader = Loader()\n/// ```\nfinal class Loader {\n" +
	"    let session = URLSession(configuration: .default)\n\n    func fetch(_ url: URL) async throws -> Data {\n" +
	"        try await session.data(from: url).0\n    }\n}\n"

func fixtureSampleFile(project, rel, lang, text string, refs ...document.Reference) *document.Document {
	uri := "samples://" + project + "/" + docuri.EscapePath(rel)
	context := fmt.Sprintf("From the sample project [%s](samples://%s).", sampleTitle, project)
	return &document.Document{URI: uri, Source: document.SourceSamples, Framework: strings.Split(project, "-")[0], Title: rel,
		Kind: document.KindSourceFile, Language: lang, Abstract: "From the sample project " + sampleTitle + ".", Content: text,
		Markdown: mdbound.CodeFile(rel, context, lang, text), ContentHash: "hash-" + uri, Size: len(text),
		Parent: "samples://" + project, References: refs}
}

func sampleProjectPage(project, readme string, files ...*document.Document) *document.Document {
	var list strings.Builder
	list.WriteString("\n\n## Project files\n\n")
	var children []document.Ref
	for _, f := range files {
		rel, _ := url.PathUnescape(strings.TrimPrefix(f.URI, "samples://"+project+"/"))
		fmt.Fprintf(&list, "- [%s](%s) (%s)\n", rel, f.URI, f.Language)
		children = append(children, document.Ref{URI: f.URI, Title: rel, Section: "Project files"})
	}
	title, _, _ := strings.Cut(strings.TrimPrefix(readme, "# "), "\n")
	return &document.Document{URI: "samples://" + project, Source: document.SourceSamples, Framework: strings.Split(project, "-")[0],
		Title: title, Kind: document.KindSampleProject, Abstract: "Fetch data over the network and show it in a list.",
		Markdown: readme + list.String(), ContentHash: "hash-" + project, Children: children}
}

func fixtureSampleDocs() []*document.Document {
	ref := func(name, kind string, line int) document.Reference {
		return document.Reference{Name: name, Kind: kind, Line: line}
	}
	contentView := fixtureSampleFile(sampleProjectID, "Fetching Data/ContentView.swift", "swift", sampleContentView,
		ref("View", "conform", 3), ref("State", "wrap", 4), ref("List", "call", 7), ref("Text", "call", 7),
		ref("URLSession.shared", "member", 12), ref("URLSession", "type", 12), ref("URL", "call", 13))
	loader := fixtureSampleFile(sampleProjectID, "Fetching Data/Loader.swift", "swift", sampleLoader, ref("URLSession", "call", 8))
	notes := &document.Document{URI: "samples://" + sampleProjectID + "/Fetching%20Data/Notes.md", Source: document.SourceSamples,
		Framework: "swiftui", Title: "Notes", Kind: "article", Language: "markdown", Parent: "samples://" + sampleProjectID,
		Markdown:    "# Notes\n\nThe list refreshes on appear.\n\nFrom the sample project [Fetching Data](samples://" + sampleProjectID + ").\n",
		ContentHash: "hash-notes"}
	var data strings.Builder
	data.WriteString("[\n")
	for i := 2; i < sampleDataLines; i++ {
		fmt.Fprintf(&data, "  {\"id\": %d, \"name\": \"item number %d\"},\n", i, i)
	}
	data.WriteString("]\n")
	big := fixtureSampleFile(sampleProjectID, "Fetching Data/Data.json", "json", data.String())
	project := sampleProjectPage(sampleProjectID,
		"# "+sampleTitle+"\n\nFetch data over the network and show it in a list.\n\n## Overview\n\nThe app loads items with URLSession and lists them.\n",
		contentView, loader, notes, big)

	button := fixtureSampleFile("uikit-buttons-demo", "Buttons/ViewController.swift", "swift",
		"import UIKit\n\nclass ViewController: UIViewController {\n    let button = UIButton(type: .system)\n}\n",
		ref("UIViewController", "conform", 3), ref("UIButton", "call", 4))
	buttons := sampleProjectPage("uikit-buttons-demo", "# Buttons demo\n\nShows buttons.\n", button)
	buttons.Abstract = "Shows buttons."

	page := apple("swiftui", "fetching-data", sampleTitle, "sampleCode")
	page.Language = ""
	page.Abstract = "Fetch data over the network and show it in a list."
	page.Markdown = md(sampleTitle, "Sample Code · SwiftUI", page.Abstract, "", "Download the project to see URLSession at work.")
	shared := apple("foundation", "urlsession/shared", "shared", "property")
	shared.Abstract = "The shared singleton session object."
	shared.Declaration = "class var shared: URLSession { get }"
	shared.Markdown = md("shared", "Type Property · Foundation", shared.Abstract, shared.Declaration, "")
	shared.Parent = "apple-docs://foundation/urlsession"
	return []*document.Document{project, contentView, loader, notes, big, buttons, button, page, shared}
}
