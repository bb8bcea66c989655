package index

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Freshness meta keys. Both are JSON; an index saved before they existed has
// neither, and every reader then says the dates are not recorded.
const (
	// MetaSourceFreshness maps each source to when its pages were fetched
	// (SourceFreshness), written by save before the commit from what fetch
	// left in the source's folder.
	MetaSourceFreshness = "source_freshness"
	// MetaNewestPlatforms maps a platform ("iOS") to the newest introduced
	// version the documentation's pages list for it ("26.0"), written by
	// Commit and by part imports from the docs rows of apple-docs.
	MetaNewestPlatforms = "newest_platforms"
)

// How a source's fetch date was found, newest evidence first.
const (
	// FetchedByCrawl: the newest page's fetch time in the crawl's journal
	// or checkpoint.
	FetchedByCrawl = "crawl"
	// FetchedByGit: the date of the commit fetched.
	FetchedByGit = "git commit"
	// FetchedByFileTime: no fetch record (a shared corpus copied in), so
	// the newest modification time of its files, which only bounds it.
	FetchedByFileTime = "newest file"
)

// SourceFreshness is when one source's content was fetched and how that is
// known (FetchedBy*).
type SourceFreshness struct {
	FetchedAt time.Time `json:"fetchedAt"`
	Basis     string    `json:"basis"`
}

// Freshness is what an index knows of its own age: each source's fetch
// date and the newest platform versions its documentation mentions.
type Freshness struct {
	Sources map[string]SourceFreshness
	// NewestPlatforms maps a platform as PlatformColumns spell it ("iOS") to
	// the newest introduced version a page lists ("26.0").
	NewestPlatforms map[string]string
}

// Known says whether the index recorded any fetch date.
func (f Freshness) Known() bool { return len(f.Sources) > 0 }

// Newest is the latest fetch date of any source (zero when none is known).
func (f Freshness) Newest() time.Time {
	var t time.Time
	for _, s := range f.Sources {
		if s.FetchedAt.After(t) {
			t = s.FetchedAt
		}
	}
	return t
}

// Day formats a fetch date as the CLI and the tools show it.
func Day(t time.Time) string { return t.UTC().Format("2006-01-02") }

// Describe says when one source was fetched, in a few words: "2026-05-01
// (crawl)", "2026-04-30 (git commit)", "2026-04-02 (newest file; no fetch
// record)", or "" when the index did not record it.
func (f Freshness) Describe(src string) string {
	s, ok := f.Sources[src]
	if !ok || s.FetchedAt.IsZero() {
		return ""
	}
	basis := s.Basis
	if basis == FetchedByFileTime {
		basis += "; no fetch record"
	}
	return Day(s.FetchedAt) + " (" + basis + ")"
}

// PlatformsLine lists the newest platform versions, in PlatformColumns
// order: "iOS 26.0, macOS 26.0, …", or "" when none is recorded.
func (f Freshness) PlatformsLine() string {
	var parts []string
	for _, p := range PlatformColumns {
		if v := f.NewestPlatforms[p.Platform]; v != "" {
			parts = append(parts, p.Platform+" "+v)
		}
	}
	return strings.Join(parts, ", ")
}

// CrawlDates is one line for the index as a whole: "crawled 2026-04-30 to
// 2026-05-01; newest versions iOS 26.0, macOS 26.0", or "crawl dates not
// recorded" for an index saved before they were.
func (f Freshness) CrawlDates() string {
	if !f.Known() {
		return "crawl dates not recorded (saved by an older cupertino)"
	}
	var oldest, newest time.Time
	for _, s := range f.Sources {
		if oldest.IsZero() || s.FetchedAt.Before(oldest) {
			oldest = s.FetchedAt
		}
		if s.FetchedAt.After(newest) {
			newest = s.FetchedAt
		}
	}
	line := "crawled " + Day(newest)
	if Day(oldest) != Day(newest) {
		line = "crawled " + Day(oldest) + " to " + Day(newest)
	}
	if p := f.PlatformsLine(); p != "" {
		line += "; newest versions " + p
	}
	return line
}

// SourceIDs lists the sources with a fetch date, sorted.
func (f Freshness) SourceIDs() []string {
	out := make([]string, 0, len(f.Sources))
	for id := range f.Sources {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// EncodeSourceFreshness is the MetaSourceFreshness value for m.
func EncodeSourceFreshness(m map[string]SourceFreshness) (string, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("encode source freshness: %w", err)
	}
	return string(b), nil
}

// DecodeSourceFreshness reads a MetaSourceFreshness value; "" is an empty map.
func DecodeSourceFreshness(v string) (map[string]SourceFreshness, error) {
	m := map[string]SourceFreshness{}
	if v == "" {
		return m, nil
	}
	if err := json.Unmarshal([]byte(v), &m); err != nil {
		return nil, fmt.Errorf("%w: meta %s: %v", ErrCorrupt, MetaSourceFreshness, err)
	}
	return m, nil
}

// FreshnessFromMeta reads the freshness out of the meta rows (Store.Meta).
func FreshnessFromMeta(meta map[string]string) Freshness {
	return freshnessFromMeta(meta[MetaSourceFreshness], meta[MetaNewestPlatforms])
}

// freshnessFromMeta decodes the two meta values. A damaged value reads as
// not recorded: freshness is advice, never a reason to refuse an index.
func freshnessFromMeta(sources, platforms string) Freshness {
	f := Freshness{NewestPlatforms: map[string]string{}}
	f.Sources, _ = DecodeSourceFreshness(sources)
	if f.Sources == nil {
		f.Sources = map[string]SourceFreshness{}
	}
	var packed map[string]int
	if platforms != "" && json.Unmarshal([]byte(platforms), &packed) == nil {
		for p, v := range packed {
			if s := UnpackVersion(v); s != "" {
				f.NewestPlatforms[p] = s
			}
		}
	}
	return f
}

// readFreshness reads both meta keys from db.
func readFreshness(ctx context.Context, db *sql.DB) (Freshness, error) {
	var sources, platforms sql.NullString
	err := db.QueryRowContext(ctx, "SELECT (SELECT value FROM meta WHERE key = ?), (SELECT value FROM meta WHERE key = ?)",
		MetaSourceFreshness, MetaNewestPlatforms).Scan(&sources, &platforms)
	if err != nil {
		return Freshness{}, fmt.Errorf("read freshness: %w", err)
	}
	return freshnessFromMeta(sources.String, platforms.String), nil
}

// Freshness reads what the index recorded of its age.
func (s *Store) Freshness(ctx context.Context) (Freshness, error) { return readFreshness(ctx, s.db) }

// Freshness reads what the index recorded of its age.
func (l *NameLookup) Freshness(ctx context.Context) (Freshness, error) {
	return readFreshness(ctx, l.db)
}

// newestPlatformsSQL records, for each platform with a column, the newest
// introduced version the documentation lists, packed (see PackVersion).
var newestPlatformsSQL = func() string {
	var args []string
	for _, p := range PlatformColumns {
		args = append(args, "'"+p.Platform+"', max("+p.Column+")")
	}
	return "INSERT OR REPLACE INTO meta(key, value) SELECT '" + MetaNewestPlatforms + "', json_object(" +
		strings.Join(args, ", ") + ") FROM docs WHERE source = 'apple-docs'"
}()

// writeNewestPlatforms records MetaNewestPlatforms from the rows.
func writeNewestPlatforms(ctx context.Context, db interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}) error {
	_, err := db.ExecContext(ctx, newestPlatformsSQL)
	return err
}

// RewriteMeta installs a copy of the index at dbPath with the meta rows kv
// set, and nothing else changed: a save that found no file changed but newer
// fetch dates records them this way. The copy is renamed over the index, so
// a reader sees the old file or the new one, never a mix. lock must be the
// save lock of dbPath, held by the caller, who still releases it.
func RewriteMeta(ctx context.Context, dbPath string, lock *SaveLock, kv map[string]string) (err error) {
	if lock == nil || lock.lock == nil || lock.dbPath != dbPath {
		return errors.New("rewrite meta: the caller must hold the save lock of the index")
	}
	inFlight := dbPath + ".in-flight"
	removeDBFiles(inFlight)
	defer func() {
		if err != nil {
			removeDBFiles(inFlight)
		}
	}()
	if err := copyFile(dbPath, inFlight); err != nil {
		return fmt.Errorf("copy index: %w", err)
	}
	db, err := openBuildDB(inFlight, 16)
	if err != nil {
		return err
	}
	if err := checkSchemaVersion(ctx, db); err != nil {
		db.Close()
		return err
	}
	keys := make([]string, 0, len(kv))
	for k := range kv {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, err := db.ExecContext(ctx, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", k, kv[k]); err != nil {
			db.Close()
			return fmt.Errorf("set meta %s: %w", k, err)
		}
	}
	if _, err := db.ExecContext(ctx, "PRAGMA journal_mode=DELETE"); err != nil {
		db.Close()
		return fmt.Errorf("set journal mode: %w", err)
	}
	if err := db.Close(); err != nil {
		return fmt.Errorf("close in-flight index: %w", err)
	}
	if err := syncFile(inFlight); err != nil {
		return err
	}
	if err := os.Rename(inFlight, dbPath); err != nil {
		return fmt.Errorf("install index: %w", err)
	}
	return syncFile(filepath.Dir(dbPath))
}
