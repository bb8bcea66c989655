package crawler

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/crawler/fakeapple"
	"github.com/cupertino-go/cupertino/internal/ondisk"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// fixtureSessions loads the synthetic sessions of testdata/wwdc.
func fixtureSessions(t *testing.T) ([]ondisk.WWDCSession, []string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("testdata", "wwdc", "*.json"))
	sort.Strings(files)
	sessions, err := fakeapple.LoadWWDCSessions(files...)
	if err != nil || len(sessions) == 0 {
		t.Fatalf("fixtures: %v", err)
	}
	return sessions, files
}

func startWWDC(t *testing.T, o fakeapple.WWDCOptions) (*fakeapple.WWDC, string) {
	t.Helper()
	fake := fakeapple.NewWWDC(o)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	return fake, srv.URL
}

func wwdcConfig(origin, out string) Config {
	return Config{
		Origin: origin, OutputDir: out, Concurrency: 3, Timeout: 5 * time.Second,
		Retry:  RetryPolicy{MaxAttempts: 3, BaseDelay: time.Millisecond, MaxDelay: time.Millisecond},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), CheckpointEvery: 20 * time.Millisecond,
	}
}

func readSession(t *testing.T, p string) ondisk.WWDCSession {
	t.Helper()
	var s ondisk.WWDCSession
	if err := json.Unmarshal(testenv.ReadFile(t, p), &s); err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	return s
}

// sameSession compares a fetched session with the file its page was made
// from: every field the page shows, white space in the transcript aside.
func sameSession(t *testing.T, want, got ondisk.WWDCSession) {
	t.Helper()
	name := want.Year + "-" + want.ID
	norm := func(s string) string {
		var paras []string
		for _, p := range strings.Split(s, "\n\n") {
			if p = strings.Join(strings.Fields(p), " "); p != "" {
				paras = append(paras, p)
			}
		}
		return strings.Join(paras, "\n\n")
	}
	str := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	for i := range want.CodeExamples {
		want.CodeExamples[i].Code = strings.TrimRight(strings.Trim(want.CodeExamples[i].Code, "\n"), " \t\n")
	}
	if want.Resources.ResourceLinks == nil {
		want.Resources.ResourceLinks = []ondisk.WWDCLink{}
	}
	if want.Topics == nil {
		want.Topics = []string{}
	}
	checks := []struct {
		what      string
		want, got any
	}{
		{"id", want.ID, got.ID}, {"year", want.Year, got.Year}, {"url", want.URL, got.URL},
		{"title", want.Title, got.Title}, {"description", want.Description, got.Description},
		{"duration", want.Duration, got.Duration}, {"topics", str(want.Topics), str(got.Topics)},
		{"hasTranscript", want.HasTranscript, got.HasTranscript}, {"hasCode", want.HasCode, got.HasCode},
		{"transcript", norm(want.Transcript.FullText), got.Transcript.FullText},
		{"codeExamples", str(want.CodeExamples), str(got.CodeExamples)},
		{"resources", str(want.Resources), str(got.Resources)},
		{"relatedVideos", str(want.RelatedVideos), str(got.RelatedVideos)},
		{"speakers", "[]", str(got.Speakers)},
	}
	for _, c := range checks {
		if c.want != c.got {
			t.Errorf("%s %s:\n got %v\nwant %v", name, c.what, c.got, c.want)
		}
	}
	if _, err := time.Parse(time.RFC3339, got.ExtractedAt); err != nil {
		t.Errorf("%s extractedAt %q: %v", name, got.ExtractedAt, err)
	}
}

func checkFetched(t *testing.T, out string, files []string) {
	t.Helper()
	for _, f := range files {
		want := readSession(t, f)
		sameSession(t, want, readSession(t, filepath.Join(out, "videos", want.Year+"-"+want.ID+".json")))
	}
}

func TestFetchWWDCFixtures(t *testing.T) {
	sessions, files := fixtureSessions(t)
	fake, origin := startWWDC(t, fakeapple.WWDCOptions{Sessions: sessions})
	out := filepath.Join(t.TempDir(), "wwdc")
	var progress strings.Builder
	cfg := wwdcConfig(origin, out)
	cfg.Progress = &progress
	res, err := FetchWWDC(context.Background(), cfg)
	if err != nil {
		t.Fatalf("%v\n%s", err, progress.String())
	}
	if res.Status != statusComplete || res.OK != len(files) || res.Written != len(files) || res.Indexed != len(files) {
		t.Fatalf("result: %+v", res)
	}
	checkFetched(t, out, files)
	// The unreleased card and the tech talk are not sessions to fetch.
	if fake.Hits("2023-9999") != 0 {
		t.Error("fetched a session the listing marks unreleased")
	}
	var index struct {
		Videos []wwdcIndexEntry `json:"videos"`
	}
	if err := json.Unmarshal(testenv.ReadFile(t, filepath.Join(out, "all-videos.json")), &index); err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, v := range index.Videos {
		order = append(order, v.Year+"-"+v.ID+":"+v.DataFile)
	}
	if got := strings.Join(order, " "); got != "2024-10101:videos/2024-10101.json 2023-10034:videos/2023-10034.json 2019-415:videos/2019-415.json" {
		t.Errorf("all-videos order: %s", got)
	}
	if !strings.Contains(progress.String(), "fetch complete: 3 sessions") || !strings.Contains(progress.String(), "all-videos.json lists 3 sessions") {
		t.Errorf("summary:\n%s", progress.String())
	}

	// A finished fetch is followed by a refresh that rewrites nothing that
	// did not change, extractedAt included.
	before := string(testenv.ReadFile(t, filepath.Join(out, "videos", "2024-10101.json")))
	res, err = FetchWWDC(context.Background(), cfg)
	if err != nil || res.Resumed || res.OK != 3 || res.Written != 0 || res.Unchanged != 3 {
		t.Fatalf("refresh: %+v, %v", res, err)
	}
	if after := string(testenv.ReadFile(t, filepath.Join(out, "videos", "2024-10101.json"))); after != before {
		t.Error("an unchanged session was rewritten")
	}
	if fake.Hits("list") != 2 || fake.Hits("2024-10101") != 2 {
		t.Errorf("hits: list %d, session %d", fake.Hits("list"), fake.Hits("2024-10101"))
	}

	// A year's page fetches that year.
	yearOut := filepath.Join(t.TempDir(), "wwdc")
	ycfg := wwdcConfig(origin, yearOut)
	ycfg.StartURL = origin + "/videos/wwdc2019/"
	if res, err := FetchWWDC(context.Background(), ycfg); err != nil || res.OK != 1 {
		t.Fatalf("one year: %+v, %v", res, err)
	}
}

// Sessions made from real corpus files come back as they were.
func TestFetchWWDCCorpus(t *testing.T) {
	dir := testenv.CorpusDir(t, "wwdc/videos")
	all, _ := filepath.Glob(filepath.Join(dir, "wwdc", "videos", "*.json"))
	sort.Strings(all)
	pick := map[string]bool{}
	for _, name := range []string{"2025-274", "2017-246", "2014-223"} { // code and related; a sample project; the oldest
		pick[filepath.Join(dir, "wwdc", "videos", name+".json")] = true
	}
	for i := 0; i < len(all); i += 211 {
		pick[all[i]] = true
	}
	var files []string
	for f := range pick {
		if _, err := os.Stat(f); err == nil {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	sessions, err := fakeapple.LoadWWDCSessions(files...)
	if err != nil {
		t.Fatal(err)
	}
	_, origin := startWWDC(t, fakeapple.WWDCOptions{Sessions: sessions})
	out := filepath.Join(t.TempDir(), "wwdc")
	res, err := FetchWWDC(context.Background(), wwdcConfig(origin, out))
	if err != nil || res.OK != len(files) {
		t.Fatalf("%+v, %v", res, err)
	}
	checkFetched(t, out, files)
}

// withFaults returns copies of the fixtures under new ids, one per fault.
func withFaults(t *testing.T, faults []fakeapple.Fault) ([]ondisk.WWDCSession, map[string]fakeapple.Fault) {
	base, _ := fixtureSessions(t)
	var sessions []ondisk.WWDCSession
	m := map[string]fakeapple.Fault{}
	for i, f := range faults {
		s := base[i%len(base)]
		s.ID = s.ID + strings.Repeat("0", i+1)
		sessions = append(sessions, s)
		m[s.Key()] = f
	}
	return sessions, m
}

func TestFetchWWDCFaults(t *testing.T) {
	var elsewhere atomic.Int64
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { elsewhere.Add(1) }))
	defer other.Close()
	sessions, faults := withFaults(t, []fakeapple.Fault{
		fakeapple.FaultUnavailable, fakeapple.FaultMalformed, fakeapple.FaultOffOrigin,
		fakeapple.FaultHuge, fakeapple.FaultWithdrawn, fakeapple.FaultNotFound, fakeapple.FaultNone,
	})
	fake, origin := startWWDC(t, fakeapple.WWDCOptions{Sessions: sessions, Faults: faults, RedirectTo: other.URL, BombBytes: 1 << 20})
	out := filepath.Join(t.TempDir(), "wwdc")
	cfg := wwdcConfig(origin, out)
	cfg.MaxPageBytes = 256 << 10
	var progress strings.Builder
	cfg.Progress = &progress
	res, err := FetchWWDC(context.Background(), cfg)
	if !errors.Is(err, ErrIncomplete) {
		t.Fatalf("want ErrIncomplete, got %v", err)
	}
	if res.OK != 3 || res.Missing != 2 || len(res.Failures) != 2 {
		t.Fatalf("result: %+v\n%s", res, progress.String())
	}
	why := map[string]string{}
	for _, f := range res.Failures {
		why[f.URI] = f.Err
	}
	for i, want := range []string{"", "", "redirect to another host", "page too large"} {
		if want == "" {
			continue
		}
		uri := "wwdc://" + sessions[i].Year + "/" + sessions[i].ID
		if !strings.Contains(why[uri], want) {
			t.Errorf("%s: %q, want %q", uri, why[uri], want)
		}
	}
	if elsewhere.Load() != 0 {
		t.Errorf("the other host got %d requests", elsewhere.Load())
	}
	// 503 and a cut page are retried until they pass.
	if n := fake.Hits(sessions[0].Key()); n != 3 {
		t.Errorf("503 session: %d requests", n)
	}
	if n := fake.Hits(sessions[1].Key()); n != 3 {
		t.Errorf("malformed session: %d requests", n)
	}
	for _, i := range []int{2, 3, 4, 5} { // refused, too large, gone: not retried
		if n := fake.Hits(sessions[i].Key()); n != 1 {
			t.Errorf("session %s (%s): %d requests", sessions[i].Key(), faults[sessions[i].Key()], n)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "videos", sessions[3].Key()+".json")); !os.IsNotExist(err) {
		t.Errorf("an oversized page was stored: %v", err)
	}
	if !strings.Contains(progress.String(), "2 dead links") || !strings.Contains(progress.String(), "failed wwdc://") {
		t.Errorf("summary:\n%s", progress.String())
	}
}

// A fetch killed mid-way resumes where it stopped: no stored session is
// fetched again. A --max-pages stop continues the same way.
func TestFetchWWDCKillAndResume(t *testing.T) {
	faults := make([]fakeapple.Fault, 12)
	sessions, _ := withFaults(t, faults)
	fake, origin := startWWDC(t, fakeapple.WWDCOptions{Sessions: sessions, Delay: 30 * time.Millisecond})
	out := filepath.Join(t.TempDir(), "wwdc")
	cfg := wwdcConfig(origin, out)
	cfg.Concurrency = 2

	// Stopped by the page limit first.
	cfg.MaxPages = 2
	res, err := FetchWWDC(context.Background(), cfg)
	if err != nil || res.Status != statusIncomplete || res.OK != 2 || res.Queued != 10 {
		t.Fatalf("max pages: %+v, %v", res, err)
	}
	cfg.MaxPages = 0

	// Then killed once a few more are stored.
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for ctx.Err() == nil {
			if n, _ := filepath.Glob(filepath.Join(out, "videos", "*.json")); len(n) >= 6 {
				cancel()
				return
			}
			time.Sleep(2 * time.Millisecond)
		}
	}()
	res, err = FetchWWDC(ctx, cfg)
	cancel()
	if !errors.Is(err, context.Canceled) || res.Status != statusRunning || !res.Resumed || res.DoneBefore != 2 {
		t.Fatalf("killed: %+v, %v", res, err)
	}
	stored, _ := filepath.Glob(filepath.Join(out, "videos", "*.json"))
	if len(stored) == len(sessions) {
		t.Fatal("the kill came too late to test anything")
	}

	res, err = FetchWWDC(context.Background(), cfg)
	if err != nil || res.Status != statusComplete || !res.Resumed || res.OK+res.DoneBefore != len(sessions) {
		t.Fatalf("resumed: %+v, %v", res, err)
	}
	for _, p := range stored {
		key := strings.TrimSuffix(filepath.Base(p), ".json")
		if n := fake.Hits(key); n != 1 {
			t.Errorf("%s was stored before the kill and fetched %d times", key, n)
		}
	}
	if fake.Hits("list") != 1 {
		t.Errorf("the list was fetched %d times; a resumed fetch keeps it", fake.Hits("list"))
	}
	var index struct{ Videos []wwdcIndexEntry }
	if err := json.Unmarshal(testenv.ReadFile(t, filepath.Join(out, "all-videos.json")), &index); err != nil || len(index.Videos) != len(sessions) {
		t.Errorf("all-videos: %d, %v", len(index.Videos), err)
	}
}

func TestWWDCConfigErrors(t *testing.T) {
	out := t.TempDir()
	for _, start := range []string{"https://example.com/videos/all-videos/", "http://127.0.0.1:1/documentation/swiftui"} {
		cfg := wwdcConfig("http://127.0.0.1:1", out)
		cfg.StartURL = start
		if _, err := FetchWWDC(context.Background(), cfg); !errors.Is(err, ErrConfig) {
			t.Errorf("%s: %v", start, err)
		}
	}
	// A list that cannot be had leaves nothing behind but the error.
	_, origin := startWWDC(t, fakeapple.WWDCOptions{})
	cfg := wwdcConfig(origin, out)
	cfg.StartURL = origin + "/videos/nothing/"
	if _, err := FetchWWDC(context.Background(), cfg); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing list: %v", err)
	}
}

// L9 (issue 25): a resumed WWDC fetch reads its session list back from
// disk; an entry whose year or id is no session's (a "..", U+202E) must not
// become a URI or a path. The list is then fetched afresh.
func TestFetchWWDCResumeRefusesABadSessionList(t *testing.T) {
	sessions, _ := withFaults(t, make([]fakeapple.Fault, 4))
	fake, origin := startWWDC(t, fakeapple.WWDCOptions{Sessions: sessions})
	out := filepath.Join(t.TempDir(), "wwdc")
	cfg := wwdcConfig(origin, out)
	cfg.MaxPages = 1
	if res, err := FetchWWDC(context.Background(), cfg); err != nil || res.Status != statusIncomplete {
		t.Fatalf("max pages: %+v, %v", res, err)
	}
	lists, _ := filepath.Glob(filepath.Join(out, MetaDir, "crawls", "*", "sessions.json"))
	if len(lists) != 1 {
		t.Fatalf("session lists: %v", lists)
	}
	var entries []wwdcEntry
	if err := json.Unmarshal(testenv.ReadFile(t, lists[0]), &entries); err != nil {
		t.Fatal(err)
	}
	entries = append(entries, wwdcEntry{ID: "..\u202e/../../escaped", Year: "2024"})
	b, _ := json.Marshal(entries)
	if err := os.WriteFile(lists[0], b, 0o644); err != nil {
		t.Fatal(err)
	}

	cfg.MaxPages = 0
	res, err := FetchWWDC(context.Background(), cfg)
	if err != nil || res.Status != statusComplete {
		t.Fatalf("after the bad list: %+v, %v", res, err)
	}
	if res.Resumed || fake.Hits("list") != 2 {
		t.Errorf("resumed %v with the list fetched %d times: the bad list was trusted", res.Resumed, fake.Hits("list"))
	}
	if res.OK != len(sessions) || len(res.Failures) != 0 {
		t.Errorf("stored %d sessions with failures %v, want all %d and none", res.OK, res.Failures, len(sessions))
	}
}
