package ranker

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestFiltersNormalize(t *testing.T) {
	fw := NewFrameworks(testAliases)
	got, err := Filters{
		Sources:   []string{"se", "Apple-Docs", "swift-evolution", " "},
		Framework: "Core Data",
		Language:  "Objective-C",
		Kind:      " struct ",
		MinIOS:    " 13.0 ",
		Limit:     500,
	}.Normalize(fw)
	if err != nil {
		t.Fatal(err)
	}
	want := Filters{
		Sources:   []string{"apple-docs", "swift-evolution"},
		Framework: "coredata",
		Language:  "objc",
		Kind:      "struct",
		MinIOS:    "13.0",
		Limit:     MaxLimit,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Normalize\n got %+v\nwant %+v", got, want)
	}

	for _, tt := range []struct {
		f   Filters
		err error
	}{
		{Filters{Framework: "nope"}, ErrUnknownFramework},
		{Filters{Sources: []string{"stackoverflow"}}, ErrUnknownSource},
		{Filters{Language: "rust"}, ErrBadLanguage},
		{Filters{MinMacOS: "ten"}, ErrBadVersion},
		{Filters{Kind: "widget"}, ErrUnknownKind},
	} {
		if _, err := tt.f.Normalize(fw); !errors.Is(err, tt.err) {
			t.Errorf("Normalize(%+v) error = %v, want %v", tt.f, err, tt.err)
		}
	}
	for in, want := range map[int]int{0: DefaultLimit, -3: DefaultLimit, 1: 1, 100: 100, 101: 100} {
		if got := ClampLimit(in); got != want {
			t.Errorf("ClampLimit(%d) = %d, want %d", in, got, want)
		}
	}
}

func TestAvailableBy(t *testing.T) {
	f := Filters{MinIOS: "13.10"}
	for _, tt := range []struct {
		intro map[string]string
		want  bool
	}{
		{map[string]string{"iOS": "13.9"}, true},
		{map[string]string{"iOS": "13.10"}, true},
		{map[string]string{"iOS": "14.0"}, false},
		{map[string]string{"macOS": "10.15"}, false}, // lists platforms, not iOS
		{nil, true}, // lists none: an article, a guide, another source's page
		{map[string]string{"iOS": ""}, true},
	} {
		if got := f.AvailableBy(tt.intro); got != tt.want {
			t.Errorf("AvailableBy(%v) = %v, want %v", tt.intro, got, tt.want)
		}
	}
	if !(Filters{}).AvailableBy(nil) {
		t.Error("no version filter must keep every page")
	}
}

func TestSourceInScope(t *testing.T) {
	var f Filters
	if f.sourceInScope("apple-archive", false) || !f.sourceInScope("apple-archive", true) || !f.sourceInScope("hig", false) {
		t.Error("default scope: archive only for queries that are not identifier lookups")
	}
	f.IncludeArchive = true
	if !f.sourceInScope("apple-archive", false) {
		t.Error("IncludeArchive must admit the archive")
	}
	f = Filters{Sources: []string{"hig"}}
	if f.sourceInScope("apple-docs", true) || !f.sourceInScope("hig", false) {
		t.Error("explicit sources must be exclusive")
	}
}

// TestOnRequestSourcesScope pins what docs/search.md, the search tool's
// source and include_archive descriptions and search --include-archive say:
// the on-request sources join every query but a bare API name, a lone
// lower-case word included; include_archive admits them to API names; and
// it does not ask for the full text of a source searched apart, which only
// a filter, a prefix or a hint word does.
func TestOnRequestSourcesScope(t *testing.T) {
	e := openTestEngine(t)
	if rankOf(mustSearch(t, e, "bindings", Filters{}), "apple-archive://cocoa-bindings") == 0 {
		t.Error("a lone lower-case word did not reach the archive")
	}
	if rankOf(mustSearch(t, e, "Widgets", Filters{}), "packages://acme/swift-widgets") != 0 {
		t.Error("a bare API name reached packages without include_archive")
	}
	if rankOf(mustSearch(t, e, "Widgets", Filters{IncludeArchive: true}), "packages://acme/swift-widgets") == 0 {
		t.Error("include_archive did not admit packages to a bare API name")
	}
	const session = "wwdc://2023/10002" // its transcript alone says "timeline provider"
	if rankOf(mustSearch(t, e, "timeline provider", Filters{IncludeArchive: true}), session) != 0 {
		t.Error("include_archive searched WWDC transcripts unasked")
	}
	if rankOf(mustSearch(t, e, "timeline provider wwdc", Filters{}), session) == 0 {
		t.Error("the hint word wwdc did not search the transcripts")
	}
}

func TestYearFilter(t *testing.T) {
	f, err := Filters{Year: 2024}.Normalize(nil)
	if err != nil || !slices.Equal(f.Sources, []string{"wwdc"}) {
		t.Errorf("year 2024 = %+v, %v; want source wwdc", f, err)
	}
	if _, err := (Filters{Year: 2024, Sources: []string{"wwdc"}}).Normalize(nil); err != nil {
		t.Errorf("year with source wwdc: %v", err)
	}
	for _, bad := range []Filters{{Year: 24}, {Year: 99999}, {Year: 2024, Sources: []string{"apple-docs"}}} {
		if _, err := bad.Normalize(nil); !errors.Is(err, ErrBadYear) {
			t.Errorf("%+v: err = %v, want ErrBadYear", bad, err)
		}
	}
}

func TestResolveKind(t *testing.T) {
	for in, want := range map[string]string{
		"": "", " struct ": "struct", "Struct": "struct", "method": "func", "Instance Method": "func",
		"type method": "func", "initializer": "init", "Initializer": "init", "sample code": "sampleCode",
		"samplecode": "sampleCode", "Property List Key": KindPropertyListKey, "plist key": KindPropertyListKey,
		"property": "property", "var": "property", "let": "property", "Instance Property": "property",
		"enumeration case": "case", "type_alias": "typealias", "API Collection": "collectionGroup",
		"protocol": "protocol", "sampleProject": "sampleProject", "blog post": "blogPost",
	} {
		got, err := ResolveKind(in)
		if err != nil || got != want {
			t.Errorf("ResolveKind(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, k := range Kinds {
		if got, err := ResolveKind(k); err != nil || got != k {
			t.Errorf("ResolveKind(%q) = %q, %v: a listed kind must resolve to itself", k, got, err)
		}
	}
	_, err := ResolveKind("widget")
	if !errors.Is(err, ErrUnknownKind) {
		t.Fatalf("ResolveKind(widget) error = %v, want ErrUnknownKind", err)
	}
	for _, part := range []string{`"widget"`, "func", "init", "sampleCode", KindPropertyListKey} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("ResolveKind(widget) error %q lacks %q", err, part)
		}
	}
}

func TestKeepsKind(t *testing.T) {
	for _, tt := range []struct {
		filter, kind string
		plistKey     bool
		want         bool
	}{
		{"", "anything", false, true},
		{"func", "func", false, true},
		{"func", "init", false, false},
		{"property", "property", false, true},
		{"property", "var", false, true}, // a Swift package's var
		{"property", "let", false, true},
		{"property", "case", false, false},
		{"typealias", "typealias", false, true},
		{"typealias", "typealias", true, false}, // an Info.plist key filed as a typealias
		{KindPropertyListKey, "typealias", true, true},
		{KindPropertyListKey, "dictionary", true, true},
		{KindPropertyListKey, "typealias", false, false},
		{"dictionary", "dictionary", true, true},
	} {
		if got := (Filters{Kind: tt.filter}).KeepsKind(tt.kind, tt.plistKey); got != tt.want {
			t.Errorf("Filters{Kind: %q}.KeepsKind(%q, %v) = %v, want %v", tt.filter, tt.kind, tt.plistKey, got, tt.want)
		}
	}
}
