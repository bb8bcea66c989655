package index

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// addressDocs are Apple pages under legacy numeric paths beside modern ones:
// two overloads of dataTask, a unique method, a legacy enum with a legacy
// parent segment, a modern page, its Objective-C variant, and a few prose
// pages.
func addressDocs() []*document.Document {
	page := func(uri, title, lang, decl string) *document.Document {
		return &document.Document{URI: uri, Source: document.SourceAppleDocs, Framework: strings.Split(strings.TrimPrefix(uri, "apple-docs://"), "/")[0],
			Title: title, Kind: "func", Language: lang, Declaration: decl, Markdown: "# " + title + "\n", ContentHash: "h-" + uri}
	}
	other := func(source, uri, title string) *document.Document {
		return &document.Document{URI: uri, Source: source, Title: title, Markdown: "# " + title + "\n", ContentHash: "h-" + uri}
	}
	return []*document.Document{
		page("apple-docs://foundation/urlsession", "URLSession", "swift", "class URLSession"),
		page("apple-docs://foundation/nsurlsession", "NSURLSession", "objc", "@interface NSURLSession"),
		page("apple-docs://foundation/urlsession/1407613-datatask", "dataTask(with:completionHandler:)", "swift",
			"func dataTask(with request: URLRequest, completionHandler: …) -> URLSessionDataTask"),
		page("apple-docs://foundation/urlsession/1410330-datatask", "dataTask(with:completionHandler:)", "swift",
			"func dataTask(with url: URL, completionHandler: …) -> URLSessionDataTask"),
		page("apple-docs://foundation/nsurlsession/1407613-datataskwithrequest", "dataTaskWithRequest:completionHandler:", "objc",
			"- (NSURLSessionDataTask *)dataTaskWithRequest:(NSURLRequest *)request …"),
		page("apple-docs://foundation/urlsession/1411622-invalidateandcancel", "invalidateAndCancel()", "swift", "func invalidateAndCancel()"),
		page("apple-docs://foundation/urlsession/finishtasksandinvalidate()", "finishTasksAndInvalidate()", "swift", "func finishTasksAndInvalidate()"),
		page("apple-docs://appkit/1579352-mode_masks", "Mode Masks", "objc", ""),
		page("apple-docs://appkit/1579352-mode_masks/nsfontpanelfacemodemask", "NSFontPanelFaceModeMask", "objc", ""),
		page("apple-docs://healthkit/setting-up-healthkit", "Setting up HealthKit", "swift", ""),
		other(document.SourceHIG, "hig://general/darkmode", "Dark Mode"),
		other(document.SourceHIG, "hig://general/in-apppurchase", "In-app purchase"),
		other(document.SourceSwiftBook, "swift-book://languageguide/closures", "Closures"),
		other(document.SourceSwiftEvolution, "swift-evolution://SE-0306", "Actors"),
	}
}

func openAddressFixture(t testing.TB) *Store {
	t.Helper()
	return storeOf(t, addressDocs()...)
}

func TestCommitStoresTheModernAddressOfLegacyPages(t *testing.T) {
	s := openAddressFixture(t)
	got := queryStrings(t, s.db, "SELECT a.key || ' ' || d.uri FROM address_keys a JOIN docs d ON d.id = a.doc_id ORDER BY 1")
	want := []string{
		"apple-docs://appkit/mode-masks apple-docs://appkit/1579352-mode_masks",
		"apple-docs://appkit/mode-masks/nsfontpanelfacemodemask apple-docs://appkit/1579352-mode_masks/nsfontpanelfacemodemask",
		"apple-docs://foundation/nsurlsession/datataskwithrequest:completionhandler: apple-docs://foundation/nsurlsession/1407613-datataskwithrequest",
		"apple-docs://foundation/urlsession/datatask(with:completionhandler:) apple-docs://foundation/urlsession/1407613-datatask",
		"apple-docs://foundation/urlsession/datatask(with:completionhandler:) apple-docs://foundation/urlsession/1410330-datatask",
		"apple-docs://foundation/urlsession/invalidateandcancel() apple-docs://foundation/urlsession/1411622-invalidateandcancel",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("address_keys:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestDocumentFallsBackToTheModernAddress(t *testing.T) {
	s := openAddressFixture(t)
	ctx := context.Background()
	wantLookups(t, "Document", uriFrom(s.Document), map[string]string{
		"apple-docs://foundation/urlsession/invalidateandcancel()":                    "apple-docs://foundation/urlsession/1411622-invalidateandcancel",
		"apple-docs://appkit/mode-masks/nsfontpanelfacemodemask":                      "apple-docs://appkit/1579352-mode_masks/nsfontpanelfacemodemask",
		"apple-docs://appkit/mode_masks":                                              "apple-docs://appkit/1579352-mode_masks",
		"apple-docs://foundation/urlsession/1411622-invalidateandcancel":              "apple-docs://foundation/urlsession/1411622-invalidateandcancel",
		"apple-docs://foundation/nsurlsession/datataskwithrequest:completionhandler:": "apple-docs://foundation/nsurlsession/1407613-datataskwithrequest",
	})
	// Overloads: an AddressError listing both with their declarations.
	_, err := s.Document(ctx, "apple-docs://foundation/urlsession/datatask(with:completionhandler:)")
	var aerr *AddressError
	if !errors.As(err, &aerr) || !aerr.Ambiguous || len(aerr.Candidates) != 2 || !errors.Is(err, ErrDocumentNotFound) {
		t.Fatalf("overloads: err = %v", err)
	}
	for _, want := range []string{"1407613-datatask", "1410330-datatask", "with request: URLRequest", "with url: URL"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("overload error lacks %q:\n%s", want, err)
		}
	}
	// Children resolve the same way.
	if _, err := s.Children(ctx, "apple-docs://appkit/mode-masks"); err != nil {
		t.Errorf("Children by modern address: %v", err)
	}
}

// wantLookups checks that lookup maps each address to its wanted answer.
func wantLookups(t *testing.T, name string, lookup func(context.Context, string) (string, error), want map[string]string) {
	t.Helper()
	for addr, w := range want {
		if got, err := lookup(context.Background(), addr); err != nil || got != w {
			t.Errorf("%s(%s) = %q, %v; want %q", name, addr, got, err, w)
		}
	}
}

// uriFrom turns a document lookup into one that answers the document's URI.
func uriFrom(find func(context.Context, string) (*StoredDocument, error)) func(context.Context, string) (string, error) {
	return func(ctx context.Context, addr string) (string, error) {
		d, err := find(ctx, addr)
		if d == nil {
			return "<nil>", err
		}
		return d.URI, err
	}
}

func TestSuggestNamesTheClosestPages(t *testing.T) {
	s := openAddressFixture(t)
	got, err := s.Suggest(context.Background(), "apple-docs://foundation/urlsession/invalidateandcancl()", 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || got[0].URI != "apple-docs://foundation/urlsession/1411622-invalidateandcancel" {
		t.Errorf("Suggest = %+v", got)
	}
	if len(got) > 3 {
		t.Errorf("Suggest returned %d, want at most 3", len(got))
	}
	// An unindexed parent: the nearest indexed ancestor's children.
	got, err = s.Suggest(context.Background(), "apple-docs://foundation/urlsesion/datatask", 3)
	if err != nil || len(got) == 0 {
		t.Errorf("Suggest under a missing parent = %+v, %v", got, err)
	}
	got, err = s.Suggest(context.Background(), "swift-evolution://SE-0360", 3)
	if err != nil || len(got) != 1 || got[0].URI != "swift-evolution://SE-0306" {
		t.Errorf("Suggest in a prose source = %+v, %v", got, err)
	}
}

func TestResolveLinks(t *testing.T) {
	s := openAddressFixture(t)
	links := []LinkQuery{
		{URI: "apple-docs://foundation/urlsession"},                                                                        // exact
		{URI: "apple-docs://healthkit/setting_up_healthkit"},                                                               // slug variant
		{URI: "apple-docs://foundation/urlsession/invalidateandcancel()"},                                                  // modern address of a legacy page
		{URI: "apple-docs://foundation/urlsession/datatask(with:completionhandler:)"},                                      // overloads: kept
		{URI: "apple-docs://foundation/urlsession/9999999-finishtasksandinvalidate", Text: "`finishTasksAndInvalidate()`"}, // legacy target of a modern page
		{URI: "apple-docs://foundation/urlsession/nosuchpage"},                                                             // dangling
		{URI: "swift-evolution://SE-0306"},
		{URI: "swift-evolution://SE-9999"},
	}
	got, err := s.ResolveLinks(context.Background(), links)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"apple-docs://foundation/urlsession",
		"apple-docs://healthkit/setting-up-healthkit",
		"apple-docs://foundation/urlsession/1411622-invalidateandcancel",
		"apple-docs://foundation/urlsession/datatask(with:completionhandler:)",
		"apple-docs://foundation/urlsession/finishtasksandinvalidate()",
		"",
		"swift-evolution://SE-0306",
		"",
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("ResolveLinks[%d] %s = %q, want %q", i, links[i].URI, got[i], want[i])
		}
	}
	// The answers are kept per Store: asked again in the other order,
	// the kept answers are the index's.
	if s.links.Len() != len(links) {
		t.Errorf("%d answers kept, want %d", s.links.Len(), len(links))
	}
	back := slices.Clone(links)
	slices.Reverse(back)
	again, err := s.ResolveLinks(context.Background(), back)
	if err != nil {
		t.Fatal(err)
	}
	for i, uri := range again {
		if w := want[len(want)-1-i]; uri != w {
			t.Errorf("kept answer for %s = %q, want %q", back[i].URI, uri, w)
		}
	}
}

func TestAnyCaseMatchesHIGAndBookPagesByTheirLastSegment(t *testing.T) {
	s := openAddressFixture(t)
	wantLookups(t, "DocumentAnyCase", uriFrom(s.DocumentAnyCase), map[string]string{
		"hig://general/inapppurchase": "hig://general/in-apppurchase",
		"hig://general/dark-mode":     "hig://general/darkmode",
		"swift-book://closures":       "swift-book://languageguide/closures",
	})
}

func TestObjCVariant(t *testing.T) {
	s := openAddressFixture(t)
	wantLookups(t, "ObjCVariant", s.ObjCVariant, map[string]string{
		"apple-docs://foundation/urlsession":                  "apple-docs://foundation/nsurlsession",
		"apple-docs://foundation/urlsession/1407613-datatask": "apple-docs://foundation/nsurlsession/1407613-datataskwithrequest",
		"apple-docs://foundation/urlsession/1410330-datatask": "",
	})
}

// TestResolveLinksByRangeAgreesWithProbes resolves the many links of one
// page under one parent, which ResolveLinks answers by scanning the
// parent's ranges, and checks every answer against resolving that link
// alone, which probes: exact pages, slug variants, modern addresses of
// legacy pages (one and several), legacy targets found by their text and
// missing pages, under a parent small enough to scan and one too large.
func TestResolveLinksByRangeAgreesWithProbes(t *testing.T) {
	docs := addressDocs()
	page := func(uri, title string) *document.Document {
		return &document.Document{URI: uri, Source: document.SourceAppleDocs, Framework: "kit", Title: title, Kind: "func",
			Language: "swift", Markdown: "# " + title + "\n", ContentHash: "h-" + uri}
	}
	for i := range 10 {
		docs = append(docs, page(fmt.Sprintf("apple-docs://kit/small/member%d", i), fmt.Sprintf("member%d()", i)))
		docs = append(docs, page(fmt.Sprintf("apple-docs://kit/small/%d-legacy", 1000000+i), fmt.Sprintf("legacy%d()", i)))
	}
	docs = append(docs, page("apple-docs://kit/small/under_score", "under_score"),
		page("apple-docs://kit/small/2000000-twin", "twin()"), page("apple-docs://kit/small/2000001-twin", "twin()"))
	for i := range 200 { // more pages than the cap on a scan for 16 links
		docs = append(docs, page(fmt.Sprintf("apple-docs://kit/large/page%03d", i), fmt.Sprintf("page%03d", i)))
	}
	s := storeOf(t, docs...)

	var links []LinkQuery
	for i := range 12 {
		links = append(links,
			LinkQuery{URI: fmt.Sprintf("apple-docs://kit/small/member%d", i)},                                          // exact, or missing past 9
			LinkQuery{URI: fmt.Sprintf("apple-docs://kit/small/legacy%d()", i)},                                        // modern address of a legacy page
			LinkQuery{URI: fmt.Sprintf("apple-docs://kit/small/9000%03d-gone", i), Text: fmt.Sprintf("`member%d`", i)}, // legacy target, modern page by its text
			LinkQuery{URI: fmt.Sprintf("apple-docs://kit/large/page%03d", i*7)},
			LinkQuery{URI: fmt.Sprintf("apple-docs://kit/large/missing%d", i)})
	}
	links = append(links, LinkQuery{URI: "apple-docs://kit/small/under-score"}, LinkQuery{URI: "apple-docs://kit/small/twin()"},
		LinkQuery{URI: "apple-docs://kit/small/nosuchpage"})
	ctx := context.Background()
	got, err := s.ResolveLinks(ctx, links)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range links {
		alone, err := s.ResolveLinks(ctx, []LinkQuery{l})
		if err != nil {
			t.Fatal(err)
		}
		if got[i] != alone[0] {
			t.Errorf("%s (%q) resolves to %q among %d links, %q alone", l.URI, l.Text, got[i], len(links), alone[0])
		}
	}
	// The answers themselves, for a few of each kind.
	for i, want := range map[int]string{
		0:              "apple-docs://kit/small/member0",
		1:              "apple-docs://kit/small/1000000-legacy",
		2:              "apple-docs://kit/small/member0",
		5 * 11:         "",
		len(links) - 3: "apple-docs://kit/small/under_score",
		len(links) - 2: "apple-docs://kit/small/twin()",
		len(links) - 1: "",
	} {
		if got[i] != want {
			t.Errorf("%s (%q) resolves to %q, want %q", links[i].URI, links[i].Text, got[i], want)
		}
	}
}
