package mcp

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/ranker"
)

// preloadCounter is a Searcher whose semantic model records its loads.
type preloadCounter struct{ loads atomic.Int32 }

func (p *preloadCounter) Search(context.Context, string, ranker.Filters) ([]ranker.Result, error) {
	return nil, nil
}

func (p *preloadCounter) Preload(context.Context) error {
	p.loads.Add(1)
	return nil
}

// TestSemanticModelLoadsAfterTheFirstCall: a fresh server does not load
// the semantic model before its first call is answered (a name needs none,
// and a client may make that one call only); after it, the model loads
// once, in the background.
func TestSemanticModelLoadsAfterTheFirstCall(t *testing.T) {
	searcher := &preloadCounter{}
	s := connect(t, Options{DBPath: fixtureDB(t), Searcher: searcher})
	time.Sleep(100 * time.Millisecond) // what start-up does in the background has had its time
	if n := searcher.loads.Load(); n != 0 {
		t.Fatalf("%d loads before any call, want none", n)
	}
	s.call("list_sources", nil)
	s.call("search", map[string]any{"query": "View"})
	deadline := time.Now().Add(5 * time.Second)
	for searcher.loads.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	if n := searcher.loads.Load(); n != 1 {
		t.Errorf("%d loads after two calls, want one", n)
	}
}
