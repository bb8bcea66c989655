package crawler

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/cupertino-go/cupertino/internal/ondisk"
)

// wwdcEntry is a session as the listing page (/videos/all-videos/) shows it.
type wwdcEntry struct {
	ID       string   `json:"id"`
	Year     string   `json:"year"`
	Title    string   `json:"title,omitempty"`
	Duration string   `json:"duration,omitempty"`
	Topics   []string `json:"topics,omitempty"`
}

func (e wwdcEntry) uri() string  { return "wwdc://" + e.Year + "/" + e.ID }
func (e wwdcEntry) path() string { return "/videos/play/wwdc" + e.Year + "/" + e.ID + "/" }
func (e wwdcEntry) file() string { return "videos/" + e.Year + "-" + e.ID + ".json" }

// playPath matches a session page's path: /videos/play/wwdc2025/274/.
var playPath = regexp.MustCompile(`^/videos/play/wwdc(\d{4})/(\d+)/?$`)

// sessionOf reads the year and id from a link to a session page on the
// origin (relative, or absolute on the origin or developer.apple.com). A
// link with a query (?time=…, a chapter) or a fragment is not one.
func sessionOf(href, origin string) (year, id string, ok bool) {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", "", false
	}
	if u.Host != "" && !isAppleHost(u, origin) {
		return "", "", false
	}
	m := playPath.FindStringSubmatch(u.Path)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

func isAppleHost(u *url.URL, origin string) bool {
	if strings.EqualFold(u.Host, "developer.apple.com") {
		return true
	}
	o, err := url.Parse(origin)
	return err == nil && sameOrigin(u, o)
}

// absURL makes a page's link absolute, on developer.apple.com for links on
// the origin: the files name Apple's site whatever host served them.
func absURL(href, origin string) string {
	href = strings.TrimSpace(href)
	u, err := url.Parse(href)
	if err != nil {
		return href
	}
	if u.Host == "" {
		if !strings.HasPrefix(u.Path, "/") {
			return href
		}
		return DefaultOrigin + href
	}
	if o, err := url.Parse(origin); err == nil && sameOrigin(u, o) {
		return DefaultOrigin + strings.TrimPrefix(href, u.Scheme+"://"+u.Host)
	}
	return href
}

// parseWWDCListing reads the sessions of a listing page: the vc-card links
// of /videos/all-videos/ (or a year's page), with title, duration and topics,
// and any other link to a session page. Sessions not yet released (their
// card says data-released="false": placeholders without video or
// transcript) and other collections than WWDC (tech talks) are left out.
func parseWWDCListing(body, origin string) []wwdcEntry {
	doc := parseHTML(body)
	var out []wwdcEntry
	at := map[string]int{}
	for _, a := range doc.findAll(byTag("a")) {
		year, id, ok := sessionOf(a.attrs["href"], origin)
		if !ok || a.attrs["data-released"] == "false" {
			continue
		}
		e := wwdcEntry{ID: id, Year: year}
		if a.hasClass("vc-card") {
			e.Title = a.find(byClass("", "vc-card__title")).text()
			e.Duration = a.find(byClass("", "vc-card__duration")).text()
			if kw := a.find(byClass("", "vc-card__keywords")); kw != nil {
				for _, t := range strings.Split(kw.attrs["data-filter-topics"], "|") {
					if t = strings.TrimSpace(t); t != "" {
						e.Topics = append(e.Topics, t)
					}
				}
			}
		}
		key := year + "/" + id
		if i, seen := at[key]; seen {
			if out[i].Title == "" {
				out[i] = e
			}
			continue
		}
		at[key] = len(out)
		out = append(out, e)
	}
	return out
}

// parseWWDCSession reads a session page: title and abstract from the details
// supplement, resources and related sessions from its link lists, the
// transcript from #transcript-content (one paragraph per <p>), and the Code
// tab's listings (li.sample-code-main-container). e supplies what only the
// listing knows (topics, duration).
func parseWWDCSession(body, origin string, e wwdcEntry) (*ondisk.WWDCSession, error) {
	doc := parseHTML(body)
	details := doc.find(func(n *hnode) bool {
		return n.attrs["data-supplement-id"] == "details" || n.tag == "li" && n.hasClass("supplement") && n.hasClass("details")
	})
	transcript := doc.find(func(n *hnode) bool { return n.attrs["id"] == "transcript-content" })
	if details == nil {
		// Neither supplement: an error page or one cut short.
		if transcript == nil {
			return nil, errors.New("neither the details supplement nor a transcript")
		}
		details = doc
	}
	s := &ondisk.WWDCSession{
		ID: e.ID, Year: e.Year, URL: DefaultOrigin + e.path(),
		Speakers: []string{}, Duration: e.Duration, Topics: e.Topics,
		Transcript: ondisk.WWDCTranscript{Segments: []any{}},
		Resources:  ondisk.WWDCResources{ResourceLinks: []ondisk.WWDCLink{}},
	}
	if s.Topics == nil {
		s.Topics = []string{}
	}
	s.Title = details.find(byTag("h1")).text()
	if s.Title == "" {
		s.Title = doc.find(byTag("h1")).text()
	}
	if s.Title == "" {
		t, _, _ := strings.Cut(doc.find(byTag("title")).text(), " - ")
		s.Title = strings.TrimSpace(t)
	}
	if s.Title == "" {
		s.Title = e.Title
	}
	if s.Title == "" {
		return nil, errors.New("no session title")
	}
	if p := details.find(byTag("p")); p != nil && details != doc {
		s.Description = p.text()
	}
	readLinks(s, details, origin)
	if tr := transcript; tr != nil {
		var paras []string
		for _, p := range tr.findAll(byTag("p")) {
			if t := p.text(); t != "" {
				paras = append(paras, t)
			}
		}
		if len(paras) == 0 {
			if t := tr.text(); t != "" {
				paras = append(paras, t)
			}
		}
		s.Transcript.FullText = strings.Join(paras, "\n\n")
	}
	for _, li := range doc.findAll(byClass("li", "sample-code-main-container")) {
		if c, ok := readCode(li); ok {
			s.CodeExamples = append(s.CodeExamples, c)
		}
	}
	s.HasTranscript, s.HasCode = s.Transcript.FullText != "", len(s.CodeExamples) > 0
	return s, nil
}

// readLinks sorts the links of the details supplement's lists: the video
// downloads, a sample project (.zip), related sessions, and the rest as
// resource links. Chapter links (?time=) and the page itself are not
// related sessions.
func readLinks(s *ondisk.WWDCSession, details *hnode, origin string) {
	seenRel := map[string]bool{s.Year + "/" + s.ID: true}
	seenRes := map[string]bool{}
	for _, a := range details.findAll(byTag("a")) {
		href := a.attrs["href"]
		title := a.text()
		if href == "" || strings.HasPrefix(href, "#") || strings.HasPrefix(href, "?") {
			continue
		}
		if year, id, ok := sessionOf(href, origin); ok {
			if !seenRel[year+"/"+id] && title != "" {
				seenRel[year+"/"+id] = true
				s.RelatedVideos = append(s.RelatedVideos, ondisk.WWDCRelated{ID: id, Year: year, Title: title, URL: absURL(href, origin)})
			}
			continue
		}
		if !inLinkList(a, details) {
			continue
		}
		abs := absURL(href, origin)
		low := strings.ToLower(abs)
		lt := strings.ToLower(title)
		switch {
		case strings.Contains(low, "_hd") && strings.Contains(low, ".mp4") || strings.HasPrefix(lt, "hd video"):
			s.Resources.HDVideo = abs
		case strings.Contains(low, "_sd") && strings.Contains(low, ".mp4") || strings.HasPrefix(lt, "sd video"):
			s.Resources.SDVideo = abs
		case strings.Contains(strings.SplitN(low, "?", 2)[0], ".zip"):
			s.Resources.SampleProject = abs
		case title != "" && !seenRes[abs]:
			seenRes[abs] = true
			s.Resources.ResourceLinks = append(s.Resources.ResourceLinks, ondisk.WWDCLink{Title: title, URL: abs})
		}
	}
}

// inLinkList reports whether a sits in one of the details' link lists
// (ul.links), where Apple puts a session's resources and downloads.
func inLinkList(a, details *hnode) bool {
	for n := a.parent; n != nil && n != details; n = n.parent {
		if n.tag == "ul" && (n.hasClass("links") || n.hasClass("options")) {
			return true
		}
	}
	return false
}

// codeStamp reads "5:21 - Title" above a listing.
var codeStamp = regexp.MustCompile(`^(\d+(?::\d{2}){1,2})\s*[-–]\s*`)

func readCode(li *hnode) (ondisk.WWDCCode, bool) {
	pre := li.find(byClass("pre", "code-source"))
	if pre == nil {
		pre = li.find(byTag("pre"))
	}
	if pre == nil {
		return ondisk.WWDCCode{}, false
	}
	src := pre
	if c := pre.find(byTag("code")); c != nil {
		src = c
	}
	code := strings.TrimRight(strings.Trim(src.rawText(), "\n"), " \t\n")
	if strings.TrimSpace(code) == "" {
		return ondisk.WWDCCode{}, false
	}
	c := ondisk.WWDCCode{Code: code, Language: "swift"}
	for _, n := range []*hnode{src, pre} {
		for _, cl := range strings.Fields(n.attrs["class"]) {
			if l, ok := strings.CutPrefix(cl, "language-"); ok && l != "" {
				c.Language = l
			}
		}
		if l := n.attrs["data-language"]; l != "" {
			c.Language = strings.ToLower(l)
		}
	}
	if a := li.find(byClass("a", "jump-to-time-sample")); a != nil {
		c.Title = a.text()
		if p := a.parent; p != nil {
			if m := codeStamp.FindStringSubmatch(p.text()); m != nil {
				c.Timestamp = m[1]
			}
		}
		if c.Timestamp == "" {
			c.Timestamp = clock(a.attrs["data-start-time"])
		}
	} else if p := li.find(byTag("p")); p != nil {
		t := p.text()
		if m := codeStamp.FindStringSubmatch(t); m != nil {
			c.Timestamp, c.Title = m[1], strings.TrimSpace(t[len(m[0]):])
		} else {
			c.Title = t
		}
	}
	return c, true
}

// clock spells seconds as m:ss (h:mm:ss past an hour); "" when not a number.
func clock(secs string) string {
	f, err := strconv.ParseFloat(strings.TrimSpace(secs), 64)
	if err != nil || f < 0 {
		return ""
	}
	n := int(f)
	if n >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", n/3600, n%3600/60, n%60)
	}
	return fmt.Sprintf("%d:%02d", n/60, n%60)
}
