package crawler

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// writeCrawl leaves a crawl's checkpoint and journal under out.
func writeCrawl(t *testing.T, out, key string, cp *checkpoint) crawlFiles {
	t.Helper()
	c := newCrawlFiles(out, key)
	if cp != nil {
		if err := c.saveCheckpoint(cp); err != nil {
			t.Fatal(err)
		}
	} else if err := os.MkdirAll(c.dir, 0o755); err != nil {
		t.Fatal(err)
	} else if err := os.WriteFile(c.checkpointPath(), []byte("{torn"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(c.journalPath(), []byte(`{"gen":"g","uri":"apple-docs://x"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return c
}

func crawlKeys(files []File) string {
	var keys []string
	for _, f := range files {
		keys = append(keys, filepath.Base(filepath.Dir(f.Path))+"/"+filepath.Base(f.Path))
	}
	sort.Strings(keys)
	return strings.Join(keys, " ")
}

func TestOnlyFinishedCrawlsAreCleaned(t *testing.T) {
	out := t.TempDir()
	writeCrawl(t, out, "complete", &checkpoint{Status: statusComplete})
	writeCrawl(t, out, "failures", &checkpoint{Status: statusIncomplete, Failed: []failedEntry{{Err: "503"}}})
	writeCrawl(t, out, "running", &checkpoint{Status: statusRunning})
	writeCrawl(t, out, "page-limit", &checkpoint{Status: statusIncomplete, Pending: []item{{URI: "apple-docs://y"}}})
	writeCrawl(t, out, "unreadable", nil)
	files, err := FinishedCrawlFiles(out)
	if err != nil {
		t.Fatal(err)
	}
	want := "complete/checkpoint.state complete/journal.jsonl failures/checkpoint.state failures/journal.jsonl"
	if got := crawlKeys(files); got != want {
		t.Fatalf("finished crawl files: %s\nwant %s", got, want)
	}
	for _, f := range files {
		if f.Size == 0 {
			t.Errorf("%s listed with no size", f.Path)
		}
	}

	// A fetch holding one finished crawl's lock keeps it.
	unlock, err := lockCrawl(newCrawlFiles(out, "failures").dir)
	if err != nil {
		t.Fatal(err)
	}
	removed, err := RemoveFinishedCrawlFiles(out)
	unlock()
	if err != nil {
		t.Fatal(err)
	}
	if got := crawlKeys(removed); got != "complete/checkpoint.state complete/journal.jsonl" {
		t.Errorf("removed %s", got)
	}
	if _, err := os.Stat(newCrawlFiles(out, "complete").dir); !os.IsNotExist(err) {
		t.Errorf("the emptied crawl folder stays: %v", err)
	}
	for _, key := range []string{"failures", "running", "page-limit", "unreadable"} {
		if _, err := os.Stat(newCrawlFiles(out, key).journalPath()); err != nil {
			t.Errorf("crawl %s lost its journal: %v", key, err)
		}
	}
	if files, _ := FinishedCrawlFiles(filepath.Join(out, "nothing")); len(files) != 0 {
		t.Errorf("a missing folder lists %v", files)
	}
}
