package crawler

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/docuri"
)

func TestPagePathExamples(t *testing.T) {
	long := "init(" + strings.Repeat("argumentlabel:", 30) + ")" // 425 bytes
	cases := []struct{ uri, want string }{
		{"apple-docs://swiftui/view", "swiftui/view.json"},
		{"apple-docs://technologies", "technologies.json"},
		{"apple-docs://swift/task/!=(_:_:)-754t2", "swift/task/!=(_:_:)-754t2.json"},
		{"apple-docs://swift/int/_=(_:_:)-1hzxz", "swift/int/_=(_:_:)-1hzxz.json"},
		{"apple-docs://security/constraining-a-tool's-launch-environment", "security/constraining-a-tool's-launch-environment.json"},
		// "/" inside a segment (the "/=" operator) and "%" are escaped.
		{"apple-docs://swift/int/%2F=(_:_:)", "swift/int/%2F=(_:_:).json"},
		{"apple-docs://kit/100%25", "kit/100%25.json"},
		// Shell and Windows metacharacters, and non-ASCII (NFD-normalising
		// file systems), are escaped.
		{"apple-docs://swift/int/<(_:_:)", "swift/int/%3C(_:_:).json"},
		{"apple-docs://swift/int/|=(_:_:)", "swift/int/%7C=(_:_:).json"},
		{"apple-docs://kit/café", "kit/caf%C3%A9.json"},
		// Hidden names and names that look like page files are escaped.
		{"apple-docs://kit/.hidden", "kit/%2Ehidden.json"},
		{"apple-docs://kit/data.json/child", "kit/data%2Ejson/child.json"},
		{"apple-docs://kit/data.json", "kit/data%2Ejson.json"},
	}
	for _, c := range cases {
		got, err := PagePath(c.uri)
		if err != nil {
			t.Fatalf("PagePath(%q): %v", c.uri, err)
		}
		if filepath.ToSlash(got) != c.want {
			t.Errorf("PagePath(%q) = %q, want %q", c.uri, got, c.want)
		}
		back, err := URIFromPagePath(got)
		if err != nil || back != c.uri {
			t.Errorf("URIFromPagePath(%q) = %q, %v; want %q", got, back, err, c.uri)
		}
	}
	got, err := PagePath("apple-docs://swift/array/" + long)
	if err != nil {
		t.Fatal(err)
	}
	comps := strings.Split(filepath.ToSlash(got), "/")
	if len(comps) != 5 || !strings.HasSuffix(comps[2], "%") || !strings.HasSuffix(comps[3], "%") {
		t.Fatalf("long name not split into continued components: %q", got)
	}
}

// TestPagePathProperties checks the guarantees on a spread of awkward URIs:
// reversible, every component within NAME_MAX, none hidden, and a page's file
// never equal to another page's directory.
func TestPagePathProperties(t *testing.T) {
	segs := []string{
		"view", "!=(_:_:)", "%2F", "%2F%2F", "..a", ".", "a.json", ".json", "json",
		"é", "日本語", strings.Repeat("x", 199), strings.Repeat("x", 200), strings.Repeat("x", 201),
		strings.Repeat(".", 250), strings.Repeat("é", 150), strings.Repeat("a%2F", 120),
		strings.Repeat("y", 999) + ".json", "sp%20ace", "q%3Fmark", "h%23ash", "~tilde", "[x]^y",
	}
	files := map[string]string{}
	dirs := map[string]string{}
	for _, a := range segs {
		for _, b := range segs {
			uri, err := docuri.FromURL("apple-docs://kit/" + a + "/" + b)
			if err != nil {
				continue // not a valid URI ("." segments)
			}
			p := checkPagePath(t, uri)
			if other, ok := files[p]; ok && other != uri {
				t.Fatalf("%q and %q share file %q", uri, other, p)
			}
			files[p] = uri
			dirs[strings.TrimSuffix(filepath.ToSlash(filepath.Dir(p)), "/")] = uri
		}
	}
	for d := range dirs {
		if u, ok := files[d]; ok {
			t.Fatalf("directory %q is also the file of %q", d, u)
		}
	}
}

func TestURIFromPagePathRejects(t *testing.T) {
	for _, p := range []string{"kit/view", "kit/View.json", "kit//a.json", "kit/%zz.json", "kit/a b.json", ".cupertino-fetch/x.json"} {
		if _, err := URIFromPagePath(p); !errors.Is(err, ErrBadPath) {
			t.Errorf("URIFromPagePath(%q) = %v, want ErrBadPath", p, err)
		}
	}
}

func FuzzPagePath(f *testing.F) {
	for _, s := range []string{"swiftui/view", "swift/task/!=(_:_:)-754t2", "kit/%2F=", "a/.b", "x/y.json"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		uri, err := docuri.FromURL("apple-docs://" + s)
		if err != nil {
			return
		}
		checkPagePath(t, uri)
	})
}

// checkPagePath returns uri's page path after checking that it maps back to
// uri and that every component is a name any file system takes: at most
// 255 bytes, not empty, not hidden.
func checkPagePath(t *testing.T, uri string) string {
	t.Helper()
	p, err := PagePath(uri)
	if err != nil {
		t.Fatalf("PagePath(%q): %v", uri, err)
	}
	back, err := URIFromPagePath(p)
	if err != nil || back != uri {
		t.Fatalf("round trip %q -> %q -> %q, %v", uri, p, back, err)
	}
	for _, c := range strings.Split(filepath.ToSlash(p), "/") {
		if len(c) > 255 || c == "" || c[0] == '.' {
			t.Fatalf("bad component %q in %q", c, p)
		}
	}
	return p
}
