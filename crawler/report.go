package crawler

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/internal/progress"
)

// progressLoop feeds the progress reporter from the frontier's counters:
// pages, rate, queue, failures and ETA (the queue over the current rate).
type progressLoop struct {
	done chan struct{}
	quit chan struct{}
}

func newProgressLoop(c *crawler) *progressLoop {
	p := &progressLoop{done: make(chan struct{}), quit: make(chan struct{})}
	var rep *progress.Reporter
	if c.cfg.Progress != nil {
		rep = progress.New(c.cfg.Progress, c.cfg.ProgressTTY, "fetch", 0)
	}
	go func() {
		defer close(p.done)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		last, ticks := 0, 0
		for {
			select {
			case <-p.quit:
				if rep != nil {
					update(rep, c, &last)
					rep.Done()
				}
				return
			case <-t.C:
				ticks++
				if ticks%8 == 0 {
					c.sampleChromeRSS()
				}
				if rep != nil {
					update(rep, c, &last)
				}
			}
		}
	}()
	return p
}

func update(rep *progress.Reporter, c *crawler, last *int) {
	n := c.front.counts()
	rep.SetTotal(n.Done + n.Queued)
	rep.Add(n.Done-*last, fmt.Sprintf("queue %d, failed %d, 404 %d, chrome %d", n.Queued, n.Failed, n.Missing, n.Browser))
	*last = n.Done
}

func (p *progressLoop) stop() {
	close(p.quit)
	<-p.done
}

// maxListedFailures bounds the failures printed in the summary; the journal
// has all of them.
const maxListedFailures = 20

// writeSummary prints the human summary of a run.
func writeSummary(w io.Writer, r *Result) {
	if w == nil {
		return
	}
	rate := 0.0
	if s := r.Elapsed.Seconds(); s > 0 {
		rate = float64(r.OK+len(r.Failures)+r.Missing) / s
	}
	var engines []string
	for _, k := range slices.Sorted(maps.Keys(r.ByEngine)) {
		engines = append(engines, fmt.Sprintf("%d via %s", r.ByEngine[k], k))
	}
	label := r.Status
	switch {
	case r.Status == statusRunning:
		label = "interrupted"
	case r.Status == statusIncomplete && len(r.Failures) == 0:
		label = "stopped"
	}
	unit := r.units()
	fmt.Fprintf(w, "fetch %s: %d %s in %s (%.1f/s)", label, r.OK, unit, r.Elapsed.Round(time.Millisecond), rate)
	if len(engines) > 0 {
		fmt.Fprintf(w, ", %s", strings.Join(engines, ", "))
	}
	fmt.Fprintf(w, "; %d written, %d unchanged; %d failed", r.Written, r.Unchanged, len(r.Failures))
	if r.Missing > 0 {
		fmt.Fprintf(w, "; %d dead links (404)", r.Missing)
	}
	fmt.Fprintln(w)
	if r.Resumed {
		fmt.Fprintf(w, "  resumed a crawl that had %d %s done\n", r.DoneBefore, unit)
	}
	if r.Indexed > 0 {
		fmt.Fprintf(w, "  all-videos.json lists %d sessions\n", r.Indexed)
	}
	if n := r.ByEngine[EngineChrome]; n > 0 && r.ChromeTime > 0 {
		fmt.Fprintf(w, "  browser: %d pages, %.1f pages/s per busy tab, peak RSS %d MB\n", n, float64(n)/r.ChromeTime.Seconds(), r.ChromeRSS>>20)
	}
	for i, f := range r.Failures {
		if i == maxListedFailures {
			fmt.Fprintf(w, "  … and %d more\n", len(r.Failures)-i)
			break
		}
		fmt.Fprintf(w, "  failed %s (%s, %d attempts): %s\n", f.URI, f.Engine, f.Attempts, f.Err)
	}
	switch r.Status {
	case statusRunning:
		fmt.Fprintf(w, "  interrupted with %d %s queued; run the same command to resume\n", r.Queued, unit)
	case statusIncomplete:
		if r.Queued > 0 {
			fmt.Fprintf(w, "  stopped at the page limit with %d %s queued; run again to continue\n", r.Queued, unit)
		}
		if len(r.Failures) > 0 {
			fmt.Fprintf(w, "  details in %s; running again retries them\n", r.Journal)
		}
	}
}
