package crawler

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/url"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/crawler/fakeapple"
)

// failingReader fails the test if it is read: the size alone must decide.
type failingReader struct{ t *testing.T }

func (r failingReader) Read([]byte) (int, error) {
	r.t.Error("body read although its announced size is past the cap")
	return 0, io.EOF
}

func TestPageBudgetCaps(t *testing.T) {
	const limit = 3 << 20
	b := newPageBudget(limit)
	ctx := context.Background()
	for _, c := range []struct {
		name string
		size int
		ok   bool
	}{
		{"small", 100, true},
		{"big", 2 << 20, true},
		{"at the cap", limit, true},
		{"one byte over", limit + 1, false},
		{"far over", 4 * limit, false},
	} {
		body := bytes.Repeat([]byte{' '}, c.size)
		for _, declared := range []int64{-1, int64(c.size)} {
			got, release, err := b.read(ctx, bytes.NewReader(body), declared)
			release()
			switch {
			case c.ok && (err != nil || len(got) != c.size):
				t.Errorf("%s (declared %d): %d bytes, %v", c.name, declared, len(got), err)
			case !c.ok && (!errors.Is(err, ErrPageTooLarge) || err.Error() != "page too large (> 3 MiB)" || got != nil):
				t.Errorf("%s (declared %d): %d bytes, %v; want page too large (> 3 MiB)", c.name, declared, len(got), err)
			}
		}
		if len(b.slots) != 0 {
			t.Fatalf("%s: %d slots still held after release", c.name, len(b.slots))
		}
	}
	if _, _, err := b.read(ctx, failingReader{t}, limit+1); !errors.Is(err, ErrPageTooLarge) {
		t.Errorf("announced past the cap: %v", err)
	}
}

// TestPageBudgetBoundsBigBodies holds big bodies without releasing them: the
// next big one waits for a slot (here: gives up with its context), small ones
// never wait.
func TestPageBudgetBoundsBigBodies(t *testing.T) {
	b := newPageBudget(DefaultMaxPageBytes)
	big := strings.Repeat(" ", chunkBytes+1)
	var releases []func()
	for range bigPageSlots {
		_, release, err := b.read(context.Background(), strings.NewReader(big), -1)
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, release)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := b.read(done, strings.NewReader(big), -1); !errors.Is(err, context.Canceled) {
		t.Fatalf("big body with every slot taken: %v, want it to wait for a slot", err)
	}
	if _, release, err := b.read(done, strings.NewReader("{}"), -1); err != nil {
		t.Fatalf("small body with every slot taken: %v", err)
	} else {
		release()
	}
	releases[0]()
	releases[0]() // releasing twice frees one slot, not two
	_, release, err := b.read(context.Background(), strings.NewReader(big), -1)
	if err != nil {
		t.Fatalf("after a release: %v", err)
	}
	release()
	if got := len(b.slots); got != bigPageSlots-1 {
		t.Fatalf("%d slots held, want %d", got, bigPageSlots-1)
	}
}

func TestSameOrigin(t *testing.T) {
	origin, _ := url.Parse("https://developer.apple.com")
	for raw, want := range map[string]bool{
		"https://developer.apple.com/x":     true,
		"https://Developer.Apple.com:443/x": true,
		"HTTPS://developer.apple.com/x":     true,
		"http://developer.apple.com/x":      false,
		"https://developer.apple.com:8443/": false,
		"https://evil.example/x":            false,
		"https://developer.apple.com.evil/": false,
	} {
		u, _ := url.Parse(raw)
		if got := sameOrigin(u, origin); got != want {
			t.Errorf("%s: %v, want %v", raw, got, want)
		}
	}
}

func TestCrawlMaxPageBytes(t *testing.T) {
	hs, _, _ := startFake(t, fakeapple.Options{Dir: "testdata/docs"})
	out := t.TempDir()
	cfg := testConfig(hs.URL, out)
	// Kit/Widget.json (3.6 KB) is the fixture's only page past 3 KiB.
	cfg.MaxPageBytes = 3 << 10
	res, err := Crawl(context.Background(), cfg)
	if !errors.Is(err, ErrIncomplete) || len(res.Failures) != 1 || res.Failures[0].URI != "apple-docs://kit/widget" ||
		!strings.Contains(res.Failures[0].Err, "page too large (> 3 KiB)") {
		t.Fatalf("%v: %+v", err, res.Failures)
	}
	if _, ok := storedPages(t, out)["apple-docs://kit"]; !ok {
		t.Fatal("pages under the cap were not stored")
	}
	cfg.MaxPageBytes = -1
	if _, err := Crawl(context.Background(), cfg); !errors.Is(err, ErrConfig) {
		t.Fatalf("negative cap: %v, want ErrConfig", err)
	}
}
