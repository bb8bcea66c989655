package crawler

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// MetaDir is the directory, inside the output directory, that holds the
// crawler's own files. Its leading dot keeps it out of the save reader's walk
// and no page path can start with a dot (see PagePath).
const MetaDir = ".cupertino-fetch"

// saveEvery calls save (a checkpoint save) every period, in the background,
// until the first save fails or the returned stop is called. stop waits for
// the saver to end and returns the error that ended it, if any.
func saveEvery(period time.Duration, save func() error) (stop func() error) {
	done := make(chan struct{})
	errc := make(chan error, 1)
	go func() {
		t := time.NewTicker(period)
		defer t.Stop()
		for {
			select {
			case <-done:
				errc <- nil
				return
			case <-t.C:
				if err := save(); err != nil {
					errc <- err
					return
				}
			}
		}
	}()
	return func() error {
		close(done)
		return <-errc
	}
}

// Crawl status as recorded in the checkpoint.
const (
	statusRunning    = "running"    // in progress, or killed
	statusIncomplete = "incomplete" // ended with failures or a page limit
	statusComplete   = "complete"   // every page fetched
)

// checkpoint is the crawl's resumable state. It is rewritten atomically every
// few seconds. Pages finished after the last rewrite are in the journal past
// JournalSize, and resume replays them from there, so a killed crawl loses
// nothing and fetches nothing twice.
type checkpoint struct {
	Version    int       `json:"version"`
	Key        string    `json:"key"`
	Generation string    `json:"generation"` // journal lines of other generations are ignored
	StartURI   string    `json:"startURI"`
	Prefixes   []string  `json:"prefixes,omitempty"`
	Status     string    `json:"status"`
	UpdatedAt  time.Time `json:"updatedAt"`
	// JournalSize is how many bytes of the journal this state includes.
	JournalSize int64         `json:"journalSize"`
	Done        []string      `json:"done"`    // URIs fetched and stored
	Missing     []string      `json:"missing"` // URIs the site answered 404 for
	Failed      []failedEntry `json:"failed"`  // URIs given up on; a resumed crawl retries them
	Pending     []item        `json:"pending"` // queued or in flight, in queue order
}

type failedEntry struct {
	item
	Err      string `json:"err"`
	Attempts int    `json:"attempts"`
	Engine   string `json:"engine"`
}

// item is a page waiting to be fetched.
type item struct {
	URI   string `json:"uri"`
	Path  string `json:"path"` // as discovered, /documentation/...
	Depth int    `json:"depth"`
}

// journalRecord is one line of the journal: the per-page metadata of a crawl.
// A record is appended when a page is finished, before its links are queued.
type journalRecord struct {
	Gen       string    `json:"gen"`
	URI       string    `json:"uri"`
	URL       string    `json:"url"` // the path it was fetched under
	Depth     int       `json:"depth"`
	Status    string    `json:"status"` // "ok", "missing" (404) or "failed"
	Hash      string    `json:"hash,omitempty"`
	Written   bool      `json:"written,omitempty"` // false: unchanged, no write
	File      string    `json:"file,omitempty"`    // relative to the output directory
	Engine    string    `json:"engine,omitempty"`
	Attempts  int       `json:"attempts"`
	Err       string    `json:"err,omitempty"`
	CrawledAt time.Time `json:"crawledAt"`
}

// stored records the page as stored (written, or found unchanged) by put.
func (r *journalRecord) stored(put putResult) {
	r.Status, r.Hash, r.Written, r.File = "ok", put.Hash, put.Written, put.Path
}

// setErr records why the page was not stored: "missing" for a page the site
// does not have, "failed" for any other error; nil records nothing.
func (r *journalRecord) setErr(err error) {
	switch {
	case errors.Is(err, ErrNotFound):
		r.Status, r.Err = "missing", err.Error()
	case err != nil:
		r.Status, r.Err = "failed", err.Error()
	}
}

// crawlKey names a crawl by its start and its prefixes, so that different
// crawls into one output directory keep separate checkpoints.
func crawlKey(startURI string, prefixes []string) string {
	p := slices.Clone(prefixes)
	slices.Sort(p)
	sum := sha256.Sum256([]byte(startURI + "\n" + strings.Join(p, "\n")))
	return hex.EncodeToString(sum[:8])
}

// crawlFiles locates one crawl's metadata.
type crawlFiles struct {
	dir string
}

func newCrawlFiles(outDir, key string) crawlFiles {
	return crawlFiles{dir: filepath.Join(outDir, MetaDir, "crawls", key)}
}

func (c crawlFiles) checkpointPath() string { return filepath.Join(c.dir, "checkpoint.state") }
func (c crawlFiles) journalPath() string    { return filepath.Join(c.dir, "journal.jsonl") }

// loadCheckpoint returns the saved state, or nil when there is none.
func (c crawlFiles) loadCheckpoint() (*checkpoint, error) {
	b, err := os.ReadFile(c.checkpointPath())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read checkpoint: %w", err)
	}
	var cp checkpoint
	if err := json.Unmarshal(b, &cp); err != nil {
		return nil, fmt.Errorf("decode checkpoint %s: %w", c.checkpointPath(), err)
	}
	return &cp, nil
}

func (c crawlFiles) saveCheckpoint(cp *checkpoint) error {
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return fmt.Errorf("checkpoint dir: %w", err)
	}
	b, err := json.Marshal(cp)
	if err != nil {
		return fmt.Errorf("encode checkpoint: %w", err)
	}
	return writeFileAtomic(c.checkpointPath(), b, true)
}

// discard removes the crawl's checkpoint and journal (--start-clean).
func (c crawlFiles) discard() error {
	for _, p := range []string{c.checkpointPath(), c.journalPath()} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("discard checkpoint: %w", err)
		}
	}
	return nil
}

// journal appends records, one write per record: a killed process loses at
// most the line it was writing, which replay skips.
type journal struct {
	f    *os.File
	size int64
}

// openJournal opens the journal for appending. truncate starts it over.
func (c crawlFiles) openJournal(truncate bool) (*journal, error) {
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return nil, fmt.Errorf("journal dir: %w", err)
	}
	flags := os.O_CREATE | os.O_RDWR | os.O_APPEND
	if truncate {
		flags |= os.O_TRUNC
	}
	f, err := os.OpenFile(c.journalPath(), flags, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open journal: %w", err)
	}
	size, err := dropTornLine(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	return &journal{f: f, size: size}, nil
}

// dropTornLine cuts a last line that a killed process left without its
// newline; otherwise the next record would be glued to it and lost as well.
func dropTornLine(f *os.File) (int64, error) {
	st, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("stat journal: %w", err)
	}
	size := st.Size()
	if size == 0 {
		return 0, nil
	}
	const chunk = 64 << 10
	buf := make([]byte, chunk)
	end := size
	for end > 0 {
		start := max(end-chunk, 0)
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, fmt.Errorf("read journal: %w", err)
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			end = start + int64(i) + 1
			break
		}
		end = start
	}
	if end == size {
		return size, nil
	}
	if err := f.Truncate(end); err != nil {
		return 0, fmt.Errorf("truncate torn journal line: %w", err)
	}
	return end, nil
}

func (j *journal) append(r *journalRecord) error {
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encode journal record: %w", err)
	}
	b = append(b, '\n')
	n, err := j.f.Write(b)
	j.size += int64(n)
	if err != nil {
		return fmt.Errorf("append journal: %w", err)
	}
	return nil
}

func (j *journal) close() error { return j.f.Close() }

// readJournal returns the records of generation gen from byte offset on. A
// torn or foreign line is skipped: its page is simply fetched again.
func (c crawlFiles) readJournal(offset int64, gen string) ([]journalRecord, error) {
	f, err := os.Open(c.journalPath())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("open journal: %w", err)
	}
	defer f.Close()
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		return nil, fmt.Errorf("seek journal: %w", err)
	}
	var out []journalRecord
	r := bufio.NewReaderSize(f, 1<<20)
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 && line[len(line)-1] == '\n' {
			var rec journalRecord
			if json.Unmarshal(bytes.TrimSpace(line), &rec) == nil && rec.Gen == gen && rec.URI != "" {
				out = append(out, rec)
			}
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, fmt.Errorf("read journal: %w", err)
		}
	}
}
