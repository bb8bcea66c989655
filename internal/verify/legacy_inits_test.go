package verify

import (
	"fmt"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// TestLegacyClassInitializers: an Objective-C era class (numeric member
// addresses) whose own Topics list its initializers is judged on them,
// unless its Topics list a group page that may hold initializers its list
// lacks: one the crawl lacks, or one that lists an initializer. A group
// page of constants hides none.
func TestLegacyClassInitializers(t *testing.T) {
	wantFindingEach(t, legacyGraph(), "no_such_initializer", statusIs(NoSuchInitializer), map[string]bool{
		"import Foundation\nlet t = Timer(interval: 1, repeats: true) { _ in }\n":     true,
		"import Foundation\nlet t = Timer(timeInterval: 1, repeats: true) { _ in }\n": false,
		"import Foundation\nlet s = NSAttributedString(string: \"x\", font: f)\n":     false,
		"import Foundation\nlet i = CIImage(uiImage: u)\n":                            true,
		"import Foundation\nlet i = CIImage(image: u)\n":                              false,
		"import Foundation\nlet l = NSLayoutManager(storage: s)\n":                    false,
	})
}

// legacyGraph is testGraph with two Objective-C era classes whose own
// Topics list their initializers, one of them also a group page.
func legacyGraph() graphTable {
	return graphWith(func(d *memGraph) {
		legacyClass := func(uri, title string, inits [][2]string, group string) {
			d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: "class", Framework: "foundation"})
			for i := range minOwnMembers {
				d.Pages = append(d.Pages, index.GraphPage{URI: fmt.Sprintf("%s/14%d-old%d", uri, i, i), Title: fmt.Sprintf("old%d", i), Kind: "property", ParentURI: uri})
			}
			for i, in := range inits {
				addr := fmt.Sprintf("%s/23%d-init", uri, i)
				d.Pages = append(d.Pages, index.GraphPage{URI: addr, Title: in[0], Kind: "init", ParentURI: uri, Declaration: in[1]})
				d.Children = append(d.Children, index.GraphChild{ParentURI: uri, URI: addr, Title: in[0]})
			}
			if group != "" {
				d.Children = append(d.Children, index.GraphChild{ParentURI: uri, URI: uri + "/creation_methods", Title: group})
			}
			d.Edges = append(d.Edges, index.GraphEdge{ChildURI: uri, ParentURI: "apple-docs://objectivec/nsobject", ParentTitle: "NSObject", Relation: "inheritsFrom"})
		}
		legacyClass("apple-docs://foundation/timer", "Timer", [][2]string{
			{"init(timeInterval:repeats:block:)", "init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void)"},
			{"init(fire:interval:repeats:block:)", "convenience init(fire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void)"},
		}, "")
		legacyClass("apple-docs://foundation/nsattributedstring", "NSAttributedString", [][2]string{{"init(attachment:)", "convenience init(attachment: NSTextAttachment)"}}, "Creation methods")
		// Group pages the crawl has, with their own Topics: constants only,
		// and one that lists an initializer.
		legacyClass("apple-docs://foundation/ciimage", "CIImage", [][2]string{{"init(image:)", "init(image: UIImage)"}}, "")
		legacyClass("apple-docs://foundation/nslayoutmanager", "NSLayoutManager", [][2]string{{"init()", "init()"}}, "")
		group := func(owner, uri, title string, entries ...string) {
			d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: "collectionGroup", Framework: "foundation"})
			d.Children = append(d.Children, index.GraphChild{ParentURI: owner, URI: uri, Title: title})
			for _, e := range entries {
				d.Children = append(d.Children, index.GraphChild{ParentURI: uri, URI: owner + "/" + e, Title: e})
			}
		}
		group("apple-docs://foundation/ciimage", "apple-docs://foundation/autoadjustment-keys", "Autoadjustment Keys", "kCIImageAutoAdjustCrop", "kCIImageAutoAdjustLevel")
		group("apple-docs://foundation/nslayoutmanager", "apple-docs://foundation/making-layout-managers", "Making layout managers", "init(storage:container:)")
	})
}
