package ranker

import (
	"errors"
	"strings"
	"testing"
)

func TestResolveSource(t *testing.T) {
	for in, want := range map[string]string{
		"apple-docs": "apple-docs", "docs": "apple-docs", "Apple": "apple-docs",
		"SE": "swift-evolution", "evolution": "swift-evolution",
		"book": "swift-book", "swift-org": "swift-org", "hig": "hig",
		"archive": "apple-archive", "sample-code": "samples", "samples": "samples", "packages": "packages",
	} {
		got, err := ResolveSource(in)
		if err != nil || got != want {
			t.Errorf("ResolveSource(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	_, err := ResolveSource("stackoverflow")
	if !errors.Is(err, ErrUnknownSource) || !strings.Contains(err.Error(), "swift-evolution") {
		t.Errorf("ResolveSource(stackoverflow) error = %v, want ErrUnknownSource listing sources", err)
	}
	table := SourceAliasTable()
	for _, s := range AllSources {
		if table[s] != s {
			t.Errorf("source %s is not an alias of itself", s)
		}
	}
}
