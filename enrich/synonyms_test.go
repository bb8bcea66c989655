package enrich

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

func TestSynonymsUpsert(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	// A stale row for a framework without documents, and a wrong one.
	if _, err := rawDB(t, x).Exec(`INSERT OR REPLACE INTO framework_aliases(identifier, import_name, display_name, synonyms, doc_count) VALUES
		('oldkit', 'OldKit', 'OldKit', 'old', 3), ('swiftui', 'Wrong', 'Wrong', '', 0)`); err != nil {
		t.Fatal(err)
	}
	res := runPasses(t, x, Options{}, "synonyms")
	if res[len(res)-1].Rows == 0 {
		t.Fatal("synonyms changed nothing")
	}
	type row struct{ importName, display, synonyms string }
	got := map[string]row{}
	rows, err := rawDB(t, x).Query("SELECT identifier, import_name, display_name, synonyms FROM framework_aliases")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		var r row
		if err := rows.Scan(&id, &r.importName, &r.display, &r.synonyms); err != nil {
			t.Fatal(err)
		}
		got[id] = r
	}
	rows.Close()
	want := map[string]row{
		"corebluetooth":         {"CoreBluetooth", "Core Bluetooth", "bluetooth ble bluetooth-le bluetooth-low-energy"},
		"coregraphics":          {"CoreGraphics", "Core Graphics", "graphics quartz-2d quartz2d"},
		"quartzcore":            {"QuartzCore", "Core Animation", "core-animation coreanimation layer-animation"},
		"swiftui":               {"SwiftUI", "SwiftUI", ""},
		"uikit":                 {"UIKit", "UIKit", ""},
		"minikit":               {"MiniKit", "MiniKit", ""},
		"app-store-connect-api": {"", "App Store Connect API", ""},
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s = %+v, want %+v", id, got[id], w)
		}
	}
	if _, ok := got["oldkit"]; ok {
		t.Error("alias of a framework without documents was kept")
	}
	if n, want := queryInt(t, rawDB(t, x), "SELECT doc_count FROM framework_aliases WHERE identifier = 'swiftui'"),
		queryInt(t, rawDB(t, x), "SELECT count(*) FROM docs WHERE framework = 'swiftui'"); n != want || n < 6 {
		t.Errorf("swiftui doc_count = %d, want %d (the fixture's SwiftUI pages)", n, want)
	}
	// What the ranker does at query time, in SQL: a word -> framework.
	if id := queryString(t, rawDB(t, x), `SELECT identifier FROM framework_aliases WHERE ' ' || synonyms || ' ' LIKE '% bluetooth %'`); id != "corebluetooth" {
		t.Errorf(`"bluetooth" maps to %q, want corebluetooth`, id)
	}
}

func TestCuratedTableKeepsTheOriginal22(t *testing.T) {
	original := map[string][]string{
		"corenfc": {"nfc"}, "journalingsuggestions": {"journaling"}, "corebluetooth": {"bluetooth"},
		"corelocation": {"location"}, "coredata": {"data"}, "coremotion": {"motion"}, "coregraphics": {"graphics"},
		"coreimage": {"imageprocessing"}, "coremedia": {"media"}, "coreaudio": {"audio"},
		"coreml": {"ml", "machinelearning"}, "corespotlight": {"spotlight"}, "coretext": {"text"},
		"corevideo": {"video"}, "corehaptics": {"haptics"}, "corewlan": {"wifi", "wlan"},
		"coretelephony": {"telephony"}, "metalperformanceshadersgraph": {"mpsgraph"}, "avfoundation": {"av"},
		"scenekit": {"scene"}, "spritekit": {"sprite"}, "groupactivities": {"shareplay"},
	}
	if len(original) != 22 {
		t.Fatalf("the original table has 22 entries, this test lists %d", len(original))
	}
	for id, syns := range original {
		for _, s := range syns {
			if !slices.Contains(curatedSynonyms[id], s) {
				t.Errorf("curated %s lacks %q", id, s)
			}
		}
	}
	for id, syns := range curatedSynonyms {
		for _, s := range syns {
			if s != synonymForm(s) {
				t.Errorf("curated %s: %q is not in stored form %q", id, s, synonymForm(s))
			}
		}
	}
}

func TestDerivedSynonyms(t *testing.T) {
	cases := []struct {
		id, importName, display string
		want                    []string
	}{
		{"corebluetooth", "CoreBluetooth", "Core Bluetooth", []string{"bluetooth"}},
		{"corehid", "CoreHID", "Core HID", []string{"hid"}},
		{"avrouting", "AVRouting", "AVRouting", []string{"routing"}},
		{"healthkit", "HealthKit", "HealthKit", nil},       // no suffix stripping
		{"iobluetooth", "IOBluetooth", "IOBluetooth", nil}, // "io" is no prefix
		{"coreimage", "CoreImage", "Core Image", []string{"image"}},
		{"avfaudio", "AVFAudio", "AVFAudio", nil},             // "faudio" is no word of the name
		{"coreaudiokit", "CoreAudioKit", "CoreAudioKit", nil}, // "audiokit" neither
		{"uikit", "UIKit", "UIKit", nil},                      // "kit" and "ui" are stop words
		{"avfoundation", "AVFoundation", "AVFoundation", nil}, // "foundation" is a stop word
	}
	for _, c := range cases {
		if got := derivedSynonyms(c.id, c.importName, c.display); !slices.Equal(got, c.want) {
			t.Errorf("derivedSynonyms(%s) = %q, want %q", c.id, got, c.want)
		}
	}
}

// TestAcronymBatteryThroughSynonyms checks the synonyms side of the acronym
// battery (../shared/quality/acronym.tsv, read-only): for every row, the
// query word, normalised as the ranker normalises names, is a synonym of the
// expected framework and of no other. Ranking them first is the ranker's
// part; this proves the table gives it what it needs.
func TestAcronymBatteryThroughSynonyms(t *testing.T) {
	path := os.Getenv("CUPERTINO_ACRONYM_BATTERY")
	if path == "" {
		path = filepath.Join(testenv.QualityDir(t), "acronym.tsv")
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("acronym battery not found at %s (set CUPERTINO_ACRONYM_BATTERY)", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type row struct{ query, framework string }
	var battery []row
	idRe := regexp.MustCompile(`^apple-docs://([a-z0-9_-]+)\(`)
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 2 {
			continue
		}
		m := idRe.FindStringSubmatch(cols[1])
		if m == nil {
			t.Fatalf("unexpected regex %q", cols[1])
		}
		battery = append(battery, row{cols[0], m[1]})
	}
	if len(battery) < 18 {
		t.Fatalf("battery has %d rows", len(battery))
	}
	var docs []*document.Document
	seen := map[string]bool{}
	for _, r := range battery {
		if !seen[r.framework] {
			seen[r.framework] = true
			docs = append(docs, fixtureDoc("apple-docs://"+r.framework, r.framework, "framework", ""))
		}
	}
	x := openIndex(t, buildIndex(t, docs...))
	runPasses(t, x, Options{}, "synonyms")
	bySynonym := map[string][]string{}
	rows, err := rawDB(t, x).Query("SELECT identifier, synonyms FROM framework_aliases")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, syns string
		if err := rows.Scan(&id, &syns); err != nil {
			t.Fatal(err)
		}
		for _, s := range strings.Fields(syns) {
			key := strings.NewReplacer("-", "", "_", "").Replace(s)
			if !slices.Contains(bySynonym[key], id) {
				bySynonym[key] = append(bySynonym[key], id)
			}
		}
	}
	rows.Close()
	hits := 0
	for _, r := range battery {
		got := bySynonym[strings.ToLower(r.query)]
		if len(got) == 1 && got[0] == r.framework {
			hits++
			continue
		}
		t.Errorf("%q -> %v, want only %s", r.query, got, r.framework)
	}
	t.Logf("acronym battery: %d/%d queries map to exactly their framework through synonyms", hits, len(battery))
}

func TestSynonymsNeverShadowAnotherFramework(t *testing.T) {
	taken := map[string]string{"coredata": "coredata", "data": "data", "coreaudio": "coreaudio", "nsaudio": "nsaudio"}
	owners := map[string][]string{"audio": {"coreaudio"}}
	alias, _, _ := aliasFor(frameworkRow{id: "coredata", rootTitle: "Core Data", rootKind: "framework"}, taken, owners)
	if slices.Contains(alias.Synonyms, "data") {
		t.Errorf("coredata synonyms %q contain another framework's name", alias.Synonyms)
	}
	if !slices.Contains(alias.Synonyms, "persistence") {
		t.Errorf("coredata synonyms %q lost its other curated terms", alias.Synonyms)
	}
	alias, _, derived := aliasFor(frameworkRow{id: "nsaudio", rootTitle: "NS Audio", rootKind: "framework"}, taken, owners)
	if derived != 0 || slices.Contains(alias.Synonyms, "audio") {
		t.Errorf("nsaudio derived %q, a word the curated table gives Core Audio", alias.Synonyms)
	}
	alias, _, derived = aliasFor(frameworkRow{id: "corehid", rootTitle: "Core HID", rootKind: "framework"}, taken, owners)
	if derived != 1 || !slices.Equal(alias.Synonyms, []string{"hid"}) || alias.ImportName != "CoreHID" {
		t.Errorf("corehid = %+v, derived %d", alias, derived)
	}
}
