package mcp

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/mdbound"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// These run on a built full index (CUPERTINO_DB) with the sample-code
// corpus beside it (.cache/corpus/sample-code).

// connectFull connects to the built full index (CUPERTINO_DB) and opens it
// beside the session for the test to read; the store closes with the test.
func connectFull(t *testing.T) (*session, *index.Store) {
	t.Helper()
	db := testenv.FullIndexDB(t)
	return connect(t, Options{DBPath: db, CallTimeout: 30e9}), indextest.Open(t, db)
}

// TestFullReadSampleFileIsExact reads real sample files through
// read_sample_file, range after range, and compares every line with the file
// on disk.
func TestFullReadSampleFileIsExact(t *testing.T) {
	corpus := testenv.CorpusPath(t, "sample-code")
	s, st := connectFull(t)
	ctx := context.Background()
	projects, total, err := st.SampleProjects(ctx, "", 0, 5000)
	if err != nil || total == 0 {
		t.Fatalf("sample projects: %d, %v", total, err)
	}
	// The projects of the five largest files, so that files longer than one
	// response are read in several ranges, and every 30th project.
	picked := indextest.Column[string](t, indextest.DB(t, st), "SELECT parent_uri FROM docs WHERE source = 'samples' AND kind = 'sourceFile' ORDER BY size DESC LIMIT 5")
	for i := 0; i < len(projects); i += 30 {
		picked = append(picked, projects[i].URI)
	}
	checked, lines, ranged, declined := 0, 0, 0, 0
	// Every file but the Markdown ones, which are stored tidied.
	for _, uri := range slices.Compact(picked) {
		id := strings.TrimPrefix(uri, samplesScheme)
		project, err := st.Document(ctx, uri)
		if err != nil {
			t.Fatal(err)
		}
		_, files := splitProjectPage(project)
		for _, f := range files {
			if f.lang == "markdown" {
				continue
			}
			raw, err := os.ReadFile(filepath.Join(corpus, id, filepath.FromSlash(f.path)))
			if err != nil {
				t.Errorf("%s/%s: listed in the index, not on disk: %v", id, f.path, err)
				continue
			}
			want := mdbound.Lines(strings.ReplaceAll(strings.ReplaceAll(strings.TrimPrefix(string(raw), "\uFEFF"), "\r\n", "\n"), "\r", "\n"))
			res := s.call("read_sample_file", map[string]any{"project_id": id, "file_path": f.path, "end_line": 1})
			if res.IsError {
				if !strings.Contains(resultText(res), "but not indexed") {
					t.Errorf("%s/%s: %s", id, f.path, resultText(res))
				}
				declined++
				continue
			}
			got, cut, calls := readAllLines(t, s, id, f.path)
			if calls > 1 {
				ranged++
			}
			if len(got) != len(want) {
				t.Errorf("%s/%s: %d lines through read_sample_file, %d on disk", id, f.path, len(got), len(want))
				continue
			}
			for n := range want {
				// A line longer than one response comes cut, with "…".
				if got[n] != want[n] && !(cut[n+1] && strings.HasPrefix(want[n], strings.TrimSuffix(got[n], "…"))) {
					t.Errorf("%s/%s line %d:\n got %q\nwant %q", id, f.path, n+1, clip(got[n], 300), clip(want[n], 300))
					break
				}
			}
			checked++
			lines += len(want)
		}
	}
	if checked < 20 || ranged == 0 {
		t.Errorf("only %d files checked, %d of them longer than one response", checked, ranged)
	}
	t.Logf("%d sample files (%d read in several ranges), %d lines, identical through read_sample_file; %d listed files not indexed",
		checked, ranged, lines, declined)
}

var (
	numberedLineRE = regexp.MustCompile(`^ *([0-9]+)  (.*)$`)
	nextRangeRE    = regexp.MustCompile(`start_line=([0-9]+)`)
	cutLineRE      = regexp.MustCompile(`Line ([0-9]+) is longer than one response and was cut`)
)

// readAllLines reads a file through read_sample_file, following the next
// range the tool names until the end. It returns the lines, the numbers of
// those that came cut, and the number of calls it took.
func readAllLines(t *testing.T, s *session, id, rel string) ([]string, map[int]bool, int) {
	t.Helper()
	var out []string
	cut := map[int]bool{}
	start := 1
	for calls := 1; ; calls++ {
		text := s.ok("read_sample_file", map[string]any{"project_id": id, "file_path": rel, "start_line": start})
		if strings.HasSuffix(text, " is empty.\n") {
			return nil, cut, calls
		}
		// The block opens at the first line of backticks.
		at := strings.Index(text, "\n`")
		if at < 0 {
			t.Fatalf("%s/%s: no fenced block in %s", id, rel, clip(text, 300))
		}
		fenceLine, body, _ := strings.Cut(text[at+1:], "\n")
		end := strings.LastIndex(body, "\n"+fenceLine+"\n")
		if end < 0 {
			t.Fatalf("%s/%s: unclosed block in %s", id, rel, clip(text, 300))
		}
		for _, line := range strings.Split(body[:end], "\n") {
			m := numberedLineRE.FindStringSubmatch(line)
			if m == nil {
				// An empty file line renders as its number and two spaces.
				t.Fatalf("%s/%s: unnumbered line %q", id, rel, line)
			}
			if n, _ := strconv.Atoi(m[1]); n != len(out)+1 {
				t.Fatalf("%s/%s: line %d where %d was due", id, rel, n, len(out)+1)
			}
			out = append(out, m[2])
		}
		tail := body[end:]
		if m := cutLineRE.FindStringSubmatch(tail); m != nil {
			n, _ := strconv.Atoi(m[1])
			cut[n] = true
		}
		m := nextRangeRE.FindStringSubmatch(tail)
		if m == nil {
			return out, cut, calls
		}
		next, _ := strconv.Atoi(m[1])
		if next != len(out)+1 {
			t.Fatalf("%s/%s: next range starts at %d after %d lines", id, rel, next, len(out))
		}
		start = next
	}
}

// popularAPIs are common Apple APIs, types and members, that sample code
// and packages use.
var popularAPIs = []string{
	"NavigationSplitView", "NavigationStack", "URLSession", "URLSession.shared", "AVPlayer", "MKMapView", "CLLocationManager",
	"UIViewController", "UITableView", "UICollectionView", "NSPersistentContainer", "JSONDecoder", "DispatchQueue",
	"DispatchQueue.main", "NotificationCenter.default", "UserDefaults.standard", "FileManager.default", "AVAudioEngine",
	"ARView", "SCNView", "MTLDevice", "CIFilter", "Timer", "ObservableObject", "WKWebView", "HKHealthStore",
	"PHPickerViewController", "Color", "Image", "LazyVGrid", "AVCaptureSession", "UIHostingController", "URLSession/dataTask",
}

// TestFullSearchUsagesCitesRealLines asks search_usages for popular APIs and
// reads each cited line back from the index: it must name the API.
func TestFullSearchUsagesCitesRealLines(t *testing.T) {
	s, st := connectFull(t)
	ctx := context.Background()
	apisFound, cited, named := 0, 0, 0
	for _, api := range popularAPIs {
		res := s.call("search_usages", map[string]any{"api": api, "limit": 20})
		if res.IsError {
			t.Errorf("%s: %s", api, resultText(res))
			continue
		}
		var out struct {
			Total     int        `json:"total"`
			TextMatch bool       `json:"textMatch"`
			Uses      []usageRow `json:"uses"`
		}
		structured(t, res, &out)
		if out.Total == 0 {
			t.Errorf("%s: no file uses it", api)
			continue
		}
		apisFound++
		name, _ := parseAPIName(api)
		for _, u := range out.Uses {
			line := lineOf(ctx, t, s, st, u)
			cited++
			// A member found by its text is named without its type.
			if (out.TextMatch || strings.Contains(line, name.Type)) && (name.Member == "" || strings.Contains(line, lastPart(name.Member))) {
				named++
				continue
			}
			t.Errorf("%s: %s line %d (%s %s) reads %q", api, u.URI, u.Line, u.Kind, u.Name, clip(line, 200))
		}
	}
	t.Logf("search_usages: %d of %d APIs found in code; %d of %d cited lines name the API", apisFound, len(popularAPIs), named, cited)
	if apisFound < 25 {
		t.Errorf("only %d of %d popular APIs are used in any file", apisFound, len(popularAPIs))
	}
}

// lineOf reads a cited line back: a sample file through read_sample_file,
// a package file from its stored document.
func lineOf(ctx context.Context, t *testing.T, s *session, st *index.Store, u usageRow) string {
	t.Helper()
	if id, ok := strings.CutPrefix(u.Project, samplesScheme); ok {
		text := s.ok("read_sample_file", map[string]any{"project_id": id, "file_path": u.Path, "start_line": u.Line, "end_line": u.Line})
		for _, l := range strings.Split(text, "\n") {
			if m := numberedLineRE.FindStringSubmatch(l); m != nil && m[1] == strconv.Itoa(u.Line) {
				return m[2]
			}
		}
		t.Fatalf("%s line %d: not in %s", u.URI, u.Line, clip(text, 300))
	}
	doc, err := st.Document(ctx, u.URI)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := mdbound.CodeFileText(doc.Markdown)
	lines := mdbound.Lines(text)
	if u.Line < 1 || u.Line > len(lines) {
		return ""
	}
	return lines[u.Line-1]
}

// TestFullReadDocumentLinksSamples: on the full index, Apple API pages end
// with the sample files that use them (quickly, even for View), and
// sampleCode pages and their projects link each other.
func TestFullReadDocumentLinksSamples(t *testing.T) {
	db := testenv.FullIndexDB(t)
	s := connect(t, Options{DBPath: db})
	for _, c := range []struct{ uri, want string }{
		{"apple-docs://swiftui/view", "sample files use `View`"},
		{"apple-docs://foundation/urlsession", "sample files use `URLSession`"},
		{"apple-docs://avfoundation/avplayer", "sample files use `AVPlayer`"},
		{"apple-docs://accelerate/adding-a-bokeh-effect-to-images", "Sample project: samples://accelerate-adding-a-bokeh-effect-to-images"},
		{"samples://accelerate-adding-a-bokeh-effect-to-images", "Apple documentation page: apple-docs://accelerate/adding-a-bokeh-effect-to-images"},
	} {
		start := time.Now()
		mustContain(t, s.ok("read_document", map[string]any{"uri": c.uri, "max_tokens": 25000}), c.want)
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: read_document took %s", c.uri, d)
		}
	}
}
