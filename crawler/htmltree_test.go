package crawler

import "testing"

func TestParseHTML(t *testing.T) {
	doc := parseHTML(`<!DOCTYPE html><html><head><script>if (a < b) { x = "</p><h1>no</h1>" }</script>
<style>p > a {}</style></head><body><!-- <h1>comment</h1> -->
<ul class="links  small"><li class=video><a href='/videos/play/wwdc2024/1'>One &amp; only</a><li>Two<br>lines
<li data-x="a &quot;b&quot;" disabled>Three</ul><p>para one<p>para two</p> stray </div> <img src=x.png/> tail < end`)
	if h := doc.find(byTag("h1")); h != nil {
		t.Errorf("found an h1 in a script or a comment: %q", h.text())
	}
	ul := doc.find(byClass("ul", "small"))
	if ul == nil {
		t.Fatal("no ul.small")
	}
	lis := ul.findAll(byTag("li"))
	if len(lis) != 3 || lis[0].text() != "One & only" || lis[1].rawText() != "Two\nlines\n" || lis[2].attrs["data-x"] != `a "b"` {
		for _, li := range lis {
			t.Logf("li %q %v", li.rawText(), li.attrs)
		}
		t.Fatalf("%d items", len(lis))
	}
	if !lis[0].hasClass("video") || lis[0].find(byTag("a")).attrs["href"] != "/videos/play/wwdc2024/1" {
		t.Errorf("unquoted class or single-quoted href: %v", lis[0].attrs)
	}
	ps := doc.findAll(byTag("p"))
	if len(ps) != 2 || ps[0].text() != "para one" || ps[1].text() != "para two" {
		t.Errorf("implied </p>: %d", len(ps))
	}
	if got := doc.text(); got[len(got)-10:] != "tail < end" {
		t.Errorf("text ends %q", got)
	}
}

func TestSessionOf(t *testing.T) {
	for href, want := range map[string]string{
		"/videos/play/wwdc2024/10102":                           "2024/10102",
		"/videos/play/wwdc2025/274/":                            "2025/274",
		"https://developer.apple.com/videos/play/wwdc2019/415/": "2019/415",
		"http://127.0.0.1:9/videos/play/wwdc2019/415/":          "2019/415",
		"/videos/play/wwdc2025/274/?time=12":                    "",
		"/videos/play/tech-talks/111374/":                       "",
		"https://example.com/videos/play/wwdc2019/415/":         "",
		"/videos/wwdc2025/":                                     "",
	} {
		y, id, ok := sessionOf(href, "http://127.0.0.1:9")
		got := ""
		if ok {
			got = y + "/" + id
		}
		if got != want {
			t.Errorf("sessionOf(%q) = %q, want %q", href, got, want)
		}
	}
	if u := absURL("/documentation/swiftui", "http://127.0.0.1:9"); u != "https://developer.apple.com/documentation/swiftui" {
		t.Errorf("absURL: %s", u)
	}
	if u := absURL("http://127.0.0.1:9/design/", "http://127.0.0.1:9"); u != "https://developer.apple.com/design/" {
		t.Errorf("absURL on the origin: %s", u)
	}
	if clock("3723.5") != "1:02:03" || clock("65") != "1:05" || clock("x") != "" {
		t.Error("clock")
	}
}
