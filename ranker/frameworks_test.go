package ranker

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestFrameworksResolve(t *testing.T) {
	fw, err := LoadFrameworks(context.Background(), testAliases)
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		"SwiftUI": "swiftui", "swiftui": "swiftui", "SWIFTUI": "swiftui",
		"Core Data": "coredata", "coredata": "coredata", "CoreData": "coredata", "core-data": "coredata",
		"installer_js": "installer_js", "Installer JS": "installer_js", "installerjs": "installer_js",
		" Foundation ": "foundation",
	} {
		got, err := fw.Resolve(in)
		if err != nil || got != want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	_, err = fw.Resolve("SwiftIU")
	if !errors.Is(err, ErrUnknownFramework) {
		t.Fatalf("Resolve(SwiftIU) error = %v, want ErrUnknownFramework", err)
	}
	for _, part := range []string{"cupertino list-frameworks", "did you mean swiftui"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("error %q lacks %q", err, part)
		}
	}
	if _, err := fw.Resolve("banana"); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("Resolve(banana) error = %v, want no suggestion", err)
	}
	// A synonym that stands for one framework resolves to it, for search
	// and the symbol tools alike.
	if got, err := fw.Resolve("wifi"); err != nil || got != "corewlan" {
		t.Errorf("Resolve(wifi) = %q, %v; want corewlan", got, err)
	}
}

func TestFrameworksSynonyms(t *testing.T) {
	fw := NewFrameworks(testAliases)
	for word, want := range map[string][]string{
		"wifi":       {"corewlan"},
		"WLAN":       {"corewlan"}, // implicit: Core prefix dropped
		"nfc":        {"corenfc"},
		"sprite":     {"spritekit"}, // Kit suffix dropped
		"mpsgraph":   {"metalperformanceshadersgraph"},
		"data":       {"coredata"},
		"foundation": nil, // a real name wins over CoreFoundation's implicit synonym
		"av":         {"avfoundation"},
		"core":       nil, // CoreFoundation's family prefix is too generic
		"banana":     nil,
	} {
		if got := fw.Synonym(word); !reflect.DeepEqual(got, want) {
			t.Errorf("Synonym(%q) = %v, want %v", word, got, want)
		}
	}
}
