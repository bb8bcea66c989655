package mcp

import (
	"slices"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/ranker"
)

// The plain search asks ranker.Filters.MinVersion for each of the index's
// platform columns by name: a name the ranker spells otherwise would drop
// that filter without a word.
func TestPlatformNamesAgree(t *testing.T) {
	var names []string
	for _, p := range index.PlatformColumns {
		names = append(names, p.Platform)
	}
	if !slices.Equal(names, ranker.Platforms) {
		t.Errorf("index platforms %q, ranker platforms %q", names, ranker.Platforms)
	}
}
