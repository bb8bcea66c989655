package fakeapple

import (
	"encoding/json"
	"fmt"
	"html"
	"math"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

// jsonPrefix is where the section's page JSON is served, htmlPrefix its
// pages' HTML shells.
func (s *Server) jsonPrefix() string { return "/tutorials/data/" + s.opts.Section + "/" }
func (s *Server) htmlPrefix() string { return "/" + s.opts.Section + "/" }

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	jsonPrefix, htmlPrefix := s.jsonPrefix(), s.htmlPrefix()
	switch {
	case strings.HasPrefix(p, jsonPrefix) && strings.HasSuffix(strings.ToLower(p), ".json"):
		s.jsonReqs.Add(1)
		s.serveJSON(w, r, Key(p[len(jsonPrefix):len(p)-len(".json")]))
	case strings.HasPrefix(p, htmlPrefix):
		s.htmlReqs.Add(1)
		s.serveShell(w, Key(p[len(htmlPrefix):]))
	case p == "/":
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintf(w, "fakeapple: %d pages from %s\n", len(s.files), s.root)
	default:
		s.notFound.Add(1)
		http.NotFound(w, r)
	}
}

func (s *Server) serveJSON(w http.ResponseWriter, r *http.Request, key string) {
	file, ok := s.files[key]
	if !ok {
		s.notFound.Add(1)
		http.NotFound(w, r)
		return
	}
	if ph, ok := s.BrowserOnly(key); ok && !s.hasSession(r) {
		s.placeholders.Add(1)
		s.servePlaceholder(w, key, ph)
		return
	}
	fault := s.FaultOf(key)
	if isHostile(fault) {
		s.serveHostile(w, r, file, fault)
		return
	}
	switch fault {
	case FaultNotFound:
		s.countFault(fault)
		s.notFound.Add(1)
		http.NotFound(w, r)
		return
	case FaultSlow:
		s.countFault(fault)
		select {
		case <-time.After(s.opts.SlowDelay):
		case <-r.Context().Done():
			return
		}
	case FaultTooMany, FaultUnavailable, FaultMalformed:
		if s.hit(key) < s.opts.Burst {
			s.countFault(fault)
			s.serveFault(w, file, fault)
			return
		}
	}
	body, err := os.ReadFile(file)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	s.served.Add(1)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}

func (s *Server) serveFault(w http.ResponseWriter, file string, f Fault) {
	switch f {
	case FaultTooMany, FaultUnavailable:
		code := http.StatusTooManyRequests
		if f == FaultUnavailable {
			code = http.StatusServiceUnavailable
		}
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(s.opts.RetryAfter.Seconds()))))
		http.Error(w, http.StatusText(code), code)
	case FaultMalformed:
		body, err := os.ReadFile(file)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(body[:len(body)/2])
	}
}

func (s *Server) hasSession(r *http.Request) bool {
	c, err := r.Cookie(CookieName)
	return err == nil && s.validToken(c.Value)
}

func (s *Server) servePlaceholder(w http.ResponseWriter, key string, ph Placeholder) {
	switch ph {
	case PlaceholderForbidden:
		http.Error(w, "Forbidden", http.StatusForbidden)
	case PlaceholderHTML:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html><head><title>Apple Developer Documentation</title></head><body><noscript>Please turn on JavaScript in your browser and refresh the page to view its content.</noscript></body></html>`)
	default:
		w.Header().Set("Content-Type", "application/json")
		b, _ := json.Marshal(map[string]any{
			"metadata":   map[string]any{"title": nil},
			"identifier": map[string]any{"url": "doc://fakeapple/" + s.opts.Section + "/" + key, "interfaceLanguage": "swift"},
		})
		w.Write(b)
	}
}

// serveShell answers the HTML page of a document: an app shell whose script,
// like the real site's, sets a session cookie and loads the page's JSON.
func (s *Server) serveShell(w http.ResponseWriter, key string) {
	if _, ok := s.files[key]; !ok || s.FaultOf(key) == FaultNotFound {
		s.notFound.Add(1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `<!doctype html><html><head><title>Not Found</title></head><body>The page you're looking for can't be found.</body></html>`)
		return
	}
	token := s.issueToken()
	jsonURL := s.jsonPrefix() + escapePath(key) + ".json"
	// json.Marshal escapes <, > and &, so the strings are safe inside <script>.
	urlJS, _ := json.Marshal(jsonURL)
	cookieJS, _ := json.Marshal(CookieName + "=" + token + "; path=/; SameSite=Strict")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprintf(w, shellHTML, html.EscapeString(key), cookieJS, urlJS)
}

const shellHTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Documentation</title></head>
<body><div id="app" data-page="%s">Loading…</div>
<script>
(function () {
  document.cookie = %s;
  fetch(%s, {credentials: "same-origin", headers: {"Accept": "application/json"}})
    .then(function (r) { if (!r.ok) { throw new Error("HTTP " + r.status); } return r.json(); })
    .then(function (d) {
      var t = (d && d.metadata && d.metadata.title) || "";
      document.title = t;
      document.getElementById("app").textContent = t;
    })
    .catch(function (e) { document.getElementById("app").textContent = "error: " + e; });
})();
</script></body></html>
`

// escapePath escapes a page key for a URL path, keeping "/" and the
// sub-delimiters Apple's URLs use raw.
func escapePath(key string) string {
	var b strings.Builder
	for i := 0; i < len(key); i++ {
		c := key[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("/-._~!$&'()*+,;=:@", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}
