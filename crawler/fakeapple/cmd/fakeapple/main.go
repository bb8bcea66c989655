// Command fakeapple serves a corpus directory as a fake developer.apple.com,
// for trying `cupertino fetch --origin http://127.0.0.1:8090` by hand and for
// benchmarks run outside `go test`. It is a test tool, not part of cupertino.
//
//	go run ./crawler/fakeapple/cmd/fakeapple -dir .cache/corpus -addr 127.0.0.1:8090 -browser-only 1 -faults 1
//
// -hig and -archive serve the Human Interface Guidelines (DocC JSON) and the
// documentation archive (static books) from directories on the same
// address, without faults; -wwdc the WWDC session pages:
//
//	go run ./crawler/fakeapple/cmd/fakeapple -dir crawler/testdata/docs -hig crawler/testdata/hig -archive crawler/testdata/archive
package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/crawler/fakeapple"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "fakeapple:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("fakeapple", flag.ContinueOnError)
	dir := fs.String("dir", ".cache/corpus", "corpus directory (tutorials/data/documentation inside, or the documentation directory)")
	addr := fs.String("addr", "127.0.0.1:8090", "listen address (keep it on loopback)")
	browserOnly := fs.Float64("browser-only", 0, "percent of pages that answer JSON only to browsers")
	faults := fs.Float64("faults", 0, "percent of pages with faults")
	kinds := fs.String("fault-kinds", "", "comma-separated faults to draw from: 429,503,malformed,slow,404, or the hostile off-origin,gzip-bomb,huge,trickle,stall (default: 429,503,malformed,slow)")
	seed := fs.Uint64("seed", 1, "seed that picks the affected pages")
	burst := fs.Int("burst", 2, "requests a transient fault answers before the page is served")
	retryAfter := fs.Duration("retry-after", time.Second, "Retry-After sent with 429 and 503")
	slow := fs.Duration("slow", time.Second, "delay of slow pages")
	redirectTo := fs.String("redirect-to", "", "other site (scheme://host:port) that off-origin pages redirect to")
	higDir := fs.String("hig", "", "directory of Human Interface Guidelines pages (human-interface-guidelines.json and its folder) to serve under /design/")
	archiveDir := fs.String("archive", "", "directory of archived guides (<Area>/Conceptual/<Book>/book.json and pages) to serve under "+fakeapple.ArchivePrefix)
	wwdcDir := fs.String("wwdc", "", "directory of WWDC sessions (<year>-<id>.json, as fetch stores them) to serve under /videos/")
	if err := fs.Parse(args); err != nil {
		return err
	}
	opts := fakeapple.Options{
		Dir: *dir, BrowserOnlyPercent: *browserOnly, FaultPercent: *faults, Seed: *seed,
		Burst: *burst, RetryAfter: *retryAfter, SlowDelay: *slow, RedirectTo: *redirectTo,
	}
	for _, k := range strings.Split(*kinds, ",") {
		if k = strings.TrimSpace(k); k != "" {
			opts.Faults = append(opts.Faults, fakeapple.Fault(k))
		}
	}
	srv, err := fakeapple.New(opts)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/", srv)
	if *higDir != "" {
		hig, err := fakeapple.New(fakeapple.Options{Dir: *higDir, Section: fakeapple.SectionDesign})
		if err != nil {
			return err
		}
		mux.Handle("/tutorials/data/design/", hig)
		mux.Handle("/design/", hig)
	}
	if *archiveDir != "" {
		mux.Handle(fakeapple.ArchivePrefix, fakeapple.NewArchive(fakeapple.ArchiveOptions{Dir: *archiveDir}))
	}
	if *wwdcDir != "" {
		paths, err := filepath.Glob(filepath.Join(*wwdcDir, "*.json"))
		if err != nil {
			return err
		}
		sessions, err := fakeapple.LoadWWDCSessions(paths...)
		if err != nil {
			return err
		}
		mux.Handle("/videos/", fakeapple.NewWWDC(fakeapple.WWDCOptions{Sessions: sessions}))
	}
	slog.Info("fakeapple serving", "pages", len(srv.Keys()), "root", srv.Root(), "hig", *higDir, "archive", *archiveDir, "url", "http://"+ln.Addr().String())
	return http.Serve(ln, mux)
}
