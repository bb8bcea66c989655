package bundle

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// rangeLog records the Range header of every request a server answers,
// by path ("" for none).
type rangeLog struct {
	mu     sync.Mutex
	ranges map[string][]string
}

func (l *rangeLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		if l.ranges == nil {
			l.ranges = map[string][]string{}
		}
		l.ranges[r.URL.Path] = append(l.ranges[r.URL.Path], r.Header.Get("Range"))
		l.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

func (l *rangeLog) of(path string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.ranges[path]
}

// mirror serves a bundle's manifest itself and redirects every part to
// target, the way a release host sends downloads to a storage host.
func mirror(t *testing.T, dir, target string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/"+ManifestFile) {
			http.ServeFile(w, r, filepath.Join(dir, ManifestFile))
			return
		}
		http.Redirect(w, r, target+"/"+filepath.Base(r.URL.Path), http.StatusFound)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// mirroredBundle serves the test bundle from a storage host started by start
// (httptest.NewServer or NewTLSServer) that logs the Range headers it gets,
// behind a mirror that serves the manifest and redirects every part there.
func mirroredBundle(t *testing.T, start func(http.Handler) *httptest.Server) (dir string, storage *httptest.Server, log *rangeLog, srv *httptest.Server) {
	dir = testBundle(t)
	log = &rangeLog{}
	storage = start(log.wrap(http.FileServer(http.Dir(dir))))
	t.Cleanup(storage.Close)
	return dir, storage, log, mirror(t, dir, storage.URL)
}

// A redirect to another host over plain http was followed; only the same
// origin or https is now.
func TestRedirectOffOriginOverHTTPIsRefused(t *testing.T) {
	_, other, foreign, srv := mirroredBundle(t, httptest.NewServer)
	opts := installOpts(t)
	_, err := open(t, srv.URL+"/b/"+ManifestFile).Install(context.Background(), opts)
	if !errors.Is(err, ErrRedirect) || !strings.Contains(err.Error(), other.URL) {
		t.Errorf("a redirect to plain http elsewhere: %v, want ErrRedirect naming it", err)
	}
	if len(foreign.ranges) > 0 {
		t.Errorf("the foreign host was asked for %v", foreign.ranges)
	}
	if _, err := os.Stat(opts.DBPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("installed from a foreign host")
	}
}

// A redirect to https is followed, and a partial download from there is
// resumed there.
func TestRedirectToHTTPSIsFollowedAndResumed(t *testing.T) {
	dir, tlsSrv, storage, srv := mirroredBundle(t, httptest.NewTLSServer)
	r, err := Open(context.Background(), srv.URL+"/b/"+ManifestFile, tlsSrv.Client())
	if err != nil {
		t.Fatal(err)
	}
	r.Backoff = 0
	opts := installOpts(t)
	// What a run killed after 10 000 bytes of the apple-docs part from the
	// storage host leaves.
	p, partial := killedDownload(t, r, dir, opts, 10000)
	os.WriteFile(partial+".origin", []byte(tlsSrv.URL+"\n"), 0o644)
	if _, err := r.Install(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if got := storage.of("/" + p.File); !reflect.DeepEqual(got, []string{"bytes=10000-"}) {
		t.Errorf("the storage host was asked with Range %q, want bytes=10000-", got)
	}
}

// A partial download whose bytes came from another origin is not resumed:
// the part is fetched whole, with no Range, and replaces it.
func TestResumeNeverCrossesOrigins(t *testing.T) {
	dir := testBundle(t)
	srv := serve(t, dir)
	r := open(t, manifestURL(srv))
	opts := installOpts(t)
	for name, origin := range map[string]string{"another origin": "https://elsewhere.example:443\n", "no origin recorded": ""} {
		p, partial := killedDownload(t, r, dir, opts, 10000)
		os.Remove(partial + ".origin")
		if origin != "" {
			os.WriteFile(partial+".origin", []byte(origin), 0o644)
		}
		before := len(srv.Ranges(p.File))
		if _, err := r.Install(context.Background(), opts); err != nil {
			t.Fatal(err)
		}
		if got := srv.Ranges(p.File)[before:]; !reflect.DeepEqual(got, []string{""}) {
			t.Errorf("%s: Range headers %q, want one request for the whole part", name, got)
		}
		os.Remove(filepath.Join(opts.DownloadDir, downloadName(p)))
	}
}
