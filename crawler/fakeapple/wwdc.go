package fakeapple

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cupertino-go/cupertino/internal/ondisk"
)

// WWDC is a fake of Apple's video site (developer.apple.com/videos), made
// from sessions in the WWDC corpus's JSON shape. It renders them in the
// markup the live pages use:
//
//   - GET /videos/all-videos/ and /videos/wwdc<year>/: a card per session
//     (a.vc-card with .vc-card__title, .vc-card__duration and
//     .vc-card__keywords data-filter-topics), plus a card not yet released
//     and a tech talk, which a fetch must pass over.
//   - GET /videos/play/wwdc<year>/<id>/: the session page: the details
//     supplement (h1, abstract, ul.links with resources and the download
//     options, Related Videos), the transcript supplement
//     (section#transcript-content, p > span.sentence > span[data-start]) and
//     the sample-code supplement (li.sample-code-main-container with
//     "m:ss - " and a.jump-to-time-sample above pre.code-source), with
//     navigation links and a script outside them as noise.
//
// Faults are given per session ("<year>-<id>"): FaultUnavailable (503, the
// first Burst requests), FaultMalformed (a page cut before its title, the
// first Burst requests), FaultNotFound, FaultWithdrawn (a redirect to
// /videos/, as Apple answers removed sessions), FaultOffOrigin (a redirect
// to RedirectTo) and FaultHuge (the page padded to BombBytes, unannounced).
type WWDC struct {
	opts  WWDCOptions
	byKey map[string]ondisk.WWDCSession

	mu   sync.Mutex
	hits map[string]int
}

// FaultWithdrawn redirects a session page to /videos/ on the same site.
const FaultWithdrawn Fault = "withdrawn"

// WWDCOptions configure a WWDC site.
type WWDCOptions struct {
	Sessions   []ondisk.WWDCSession
	Faults     map[string]Fault // by "<year>-<id>"
	Burst      int              // default 2
	RedirectTo string           // scheme://host[:port] for FaultOffOrigin
	BombBytes  int64            // size of a FaultHuge page; default 64 MiB
	// Delay holds every session page this long (a kill mid-fetch).
	Delay time.Duration
}

// LoadWWDCSessions reads session files (videos/<year>-<id>.json).
func LoadWWDCSessions(paths ...string) ([]ondisk.WWDCSession, error) {
	var out []ondisk.WWDCSession
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		var s ondisk.WWDCSession
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		out = append(out, s)
	}
	return out, nil
}

// NewWWDC serves the sessions.
func NewWWDC(o WWDCOptions) *WWDC {
	if o.Burst <= 0 {
		o.Burst = 2
	}
	if o.BombBytes <= 0 {
		o.BombBytes = 64 << 20
	}
	w := &WWDC{opts: o, byKey: map[string]ondisk.WWDCSession{}, hits: map[string]int{}}
	for _, s := range o.Sessions {
		w.byKey[s.Key()] = s
	}
	return w
}

// Hits is how many requests a session page (or "list") got.
func (w *WWDC) Hits(key string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.hits[key]
}

func (w *WWDC) hit(key string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.hits[key]++
	return w.hits[key]
}

var (
	playRoute = regexp.MustCompile(`^/videos/play/wwdc(\d{4})/(\d+)/?$`)
	yearRoute = regexp.MustCompile(`^/videos/wwdc(\d{4})/?$`)
)

func (w *WWDC) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	switch {
	case p == "/videos/all-videos/" || p == "/videos/all-videos":
		w.hit("list")
		w.serveList(rw, "")
	case yearRoute.MatchString(p):
		w.hit("list")
		w.serveList(rw, yearRoute.FindStringSubmatch(p)[1])
	case p == "/videos/" || p == "/videos":
		writeHTML(rw, "<html><head><title>Videos - Apple Developer</title></head><body><h2>Featured</h2></body></html>")
	case playRoute.MatchString(p):
		m := playRoute.FindStringSubmatch(p)
		w.serveSession(rw, r, m[1]+"-"+m[2])
	default:
		http.NotFound(rw, r)
	}
}

func writeHTML(rw http.ResponseWriter, body string) {
	rw.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(rw, body)
}

func (w *WWDC) serveList(rw http.ResponseWriter, year string) {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang="en"><head><title>All Videos - Videos - Apple Developer</title></head><body>`)
	b.WriteString(`<nav><a href="/videos/">Videos</a> <a href="/videos/play/wwdc2025/101/?time=5">Keynote at 0:05</a></nav><section class="all-videos">`)
	card := func(href, title, dur, topics, released string) {
		fmt.Fprintf(&b, `<a href="%s" class="vc-card tile tile-rounded" data-released="%s"><img class="vc-card__image" src="x.jpg" alt="%s">`+
			`<span class="vc-card__duration">%s</span><h5 class="vc-card__title">%s</h5>`+
			`<span class="vc-card__keywords hidden" data-filter-title="%s" data-filter-topics="%s"></span></a>`+"\n",
			href, released, html.EscapeString(title), html.EscapeString(dur), html.EscapeString(title), html.EscapeString(strings.ToLower(title)), html.EscapeString(topics))
	}
	for _, s := range w.opts.Sessions {
		if year == "" || s.Year == year {
			card("/videos/play/wwdc"+s.Year+"/"+s.ID+"/", s.Title, s.Duration, strings.Join(s.Topics, "|"), "true")
		}
	}
	card("/videos/play/wwdc2023/9999/", "Q&A: Metal", "", "Graphics & Games", "false")
	card("/videos/play/tech-talks/111374/", "Metal profiling", "31:02", "Graphics & Games", "true")
	b.WriteString(`</section></body></html>`)
	writeHTML(rw, b.String())
}

func (w *WWDC) serveSession(rw http.ResponseWriter, r *http.Request, key string) {
	n := w.hit(key)
	s, ok := w.byKey[key]
	if !ok {
		http.NotFound(rw, r)
		return
	}
	if !wait(r, w.opts.Delay) {
		return
	}
	switch f := w.opts.Faults[key]; {
	case f == FaultUnavailable && n <= w.opts.Burst:
		serveBusy(rw)
		return
	case f == FaultMalformed && n <= w.opts.Burst:
		writeHTML(rw, "<html><head><title>Apple Developer</title></head><body><p>Something went wrong")
		return
	case f == FaultNotFound:
		http.NotFound(rw, r)
		return
	case f == FaultWithdrawn:
		http.Redirect(rw, r, "/videos/", http.StatusFound)
		return
	case f == FaultOffOrigin:
		redirectOffOrigin(rw, r, w.opts.RedirectTo)
		return
	case f == FaultHuge:
		serveHugePage(rw, "text/html; charset=utf-8", []byte(RenderWWDCSession(s)), w.opts.BombBytes)
		return
	}
	writeHTML(rw, RenderWWDCSession(s))
}

// RenderWWDCSession renders a session page in the markup of the live site.
func RenderWWDCSession(s ondisk.WWDCSession) string {
	esc := html.EscapeString
	var b strings.Builder
	yy := s.Year
	if len(yy) == 4 {
		yy = yy[2:]
	}
	self := "/videos/play/wwdc" + s.Year + "/" + s.ID + "/"
	fmt.Fprintf(&b, `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>%s - WWDC%s - Videos - Apple Developer</title>`, esc(s.Title), yy)
	b.WriteString(`<script>var banner = "<h1>Not the title</h1>"; if (a < b) {}</script></head><body>` + "\n")
	b.WriteString(`<nav class="globalnav"><a href="/documentation/">Documentation</a> <a href="/videos/play/wwdc2025/101/">Keynote</a></nav>` + "\n")
	fmt.Fprintf(&b, `<main><input id="analytics-meta" type="hidden" data-event-name="WWDC%s" data-session-id="%s"><ul class="supplements">`+"\n", yy, s.ID)
	b.WriteString(`<li class="supplement details" data-supplement-id="details">` + "\n")
	fmt.Fprintf(&b, "<h1>%s</h1>\n", esc(s.Title))
	if s.Description != "" {
		fmt.Fprintf(&b, "<p>%s</p>\n", esc(s.Description))
	}
	b.WriteString(`<ul class="no-bullet chapter-list"><li class="chapter-item" data-start-time="0"><a href="` + self + `?time=0">0:00 - Introduction</a></li></ul>` + "\n")
	b.WriteString("<h2>Resources</h2>\n<ul class=\"links small\">\n")
	for _, l := range s.Resources.ResourceLinks {
		fmt.Fprintf(&b, `  <li class="document"><a href="%s" target="_blank">%s</a></li>`+"\n", esc(sitePath(l.URL)), esc(l.Title))
	}
	if s.Resources.SampleProject != "" {
		fmt.Fprintf(&b, `  <li class="download"><a href="%s">Download the sample project</a></li>`+"\n", esc(sitePath(s.Resources.SampleProject)))
	}
	if s.Resources.HDVideo != "" || s.Resources.SDVideo != "" {
		b.WriteString(`  <li class="download"><ul class="options">`)
		if s.Resources.HDVideo != "" {
			fmt.Fprintf(&b, `<li><a href="%s">HD Video</a></li>`, esc(s.Resources.HDVideo))
		}
		if s.Resources.SDVideo != "" {
			fmt.Fprintf(&b, `<li><a href="%s">SD Video</a></li>`, esc(s.Resources.SDVideo))
		}
		b.WriteString("</ul></li>\n")
	}
	b.WriteString("</ul>\n")
	if len(s.RelatedVideos) > 0 {
		b.WriteString("<h2>Related Videos</h2>\n")
		last := ""
		for _, v := range s.RelatedVideos {
			if v.Year != last {
				if last != "" {
					b.WriteString("</ul>\n")
				}
				fmt.Fprintf(&b, "<h4>WWDC%s</h4>\n<ul class=\"links small\">\n", strings.TrimPrefix(v.Year, "20"))
				last = v.Year
			}
			fmt.Fprintf(&b, `  <li class="video"><a href="%s">%s</a></li>`+"\n", esc(sitePath(v.URL)), esc(v.Title))
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("</li>\n")
	if s.Transcript.FullText != "" {
		b.WriteString(`<li class="supplement transcript" data-supplement-id="transcript"><section id="transcript-content">` + "\n")
		at := 0.0
		for _, para := range strings.Split(s.Transcript.FullText, "\n\n") {
			b.WriteString("<p>")
			for _, sent := range sentences(para) {
				fmt.Fprintf(&b, `<span class="sentence"><span data-start="%.1f">%s </span></span>`, at, esc(sent))
				at += 2.5
			}
			b.WriteString("</p>\n")
		}
		b.WriteString("</section></li>\n")
	}
	if len(s.CodeExamples) > 0 {
		b.WriteString(`<li class="supplement sample-code" data-supplement-id="sample-code"><section><ul class="no-bullet">` + "\n")
		for _, c := range s.CodeExamples {
			b.WriteString(`<li class="sample-code-main-container"><button class="btn-copy-code">Copy Code</button>`)
			secs := seconds(c.Timestamp)
			if c.Timestamp != "" {
				fmt.Fprintf(&b, `<p>%s - <a class="jump-to-time-sample" href="%s?time=%d" data-start-time="%d">%s</a></p>`, c.Timestamp, self, secs, secs, esc(c.Title))
			} else {
				fmt.Fprintf(&b, `<p><a class="jump-to-time-sample" href="%s">%s</a></p>`, self, esc(c.Title))
			}
			class := "code-source"
			if c.Language != "" && c.Language != "swift" {
				class += " language-" + c.Language
			}
			fmt.Fprintf(&b, `<pre class="%s"><code>%s</code></pre></li>`+"\n", class, highlight(c.Code))
		}
		b.WriteString("</ul></section></li>\n")
	}
	b.WriteString("</ul></main></body></html>\n")
	return b.String()
}

// sitePath writes a link on developer.apple.com as the site does: a path.
func sitePath(u string) string {
	if p, ok := strings.CutPrefix(u, "https://developer.apple.com/"); ok {
		return "/" + p
	}
	return u
}

var sentenceEnd = regexp.MustCompile(`[.?!]\s+`)

// sentences cuts a paragraph where the site cuts its caption lines, at
// sentence ends.
func sentences(para string) []string {
	var out []string
	last := 0
	for _, m := range sentenceEnd.FindAllStringIndex(para, -1) {
		out = append(out, strings.TrimSpace(para[last:m[1]]))
		last = m[1]
	}
	if rest := strings.TrimSpace(para[last:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

var keyword = regexp.MustCompile(`\b(import|let|var|func|struct|class|return|some)\b`)

// highlight escapes code and wraps keywords in the site's syntax spans.
func highlight(code string) string {
	return keyword.ReplaceAllString(html.EscapeString(code), `<span class="syntax-keyword">$1</span>`)
}

// seconds reads "m:ss" or "h:mm:ss".
func seconds(ts string) int {
	n := 0
	for _, part := range strings.Split(ts, ":") {
		v, _ := strconv.Atoi(part)
		n = n*60 + v
	}
	return n
}
