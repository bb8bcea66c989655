package verify

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/index"
)

func TestNewerRegionsFromTokens(t *testing.T) {
	h := HorizonOf(index.Freshness{NewestPlatforms: map[string]string{"iOS": "26.0", "macOS": "26.0"}})
	code := `func f() {
    if #available(iOS 99, *) {
        a()
    }
    b()
    guard #available(macOS 27.1, *) else {
        return
    }
    c()
}
@available(iOS, introduced: 30.0)
var x: Int = 1
let y = 2
@available(iOS 26.0, *)
struct Known { func d() {} }
@available(iOS 31, *)
@MainActor
struct Later {
    func e() {}
}
`
	var got []string
	for _, r := range newerRegions(code, h) {
		got = append(got, strings.Join([]string{itoa(r.from), itoa(r.to), r.guard, r.newest}, " "))
	}
	want := []string{
		"2 4 iOS 99 iOS 26.0",        // the if block
		"9 10 macOS 27.1 macOS 26.0", // after the guard, to the enclosing "}"
		"11 12 iOS 30.0 iOS 26.0",    // a stored property: to the end of its line
		"16 20 iOS 31 iOS 26.0",      // a type, past a second attribute
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("regions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestApplyHorizonTurnsUnknownInsideNewerCode(t *testing.T) {
	code := "if #available(iOS 99, *) {\n    x.shiny()\n}\ny.shiny()\n"
	rep := &Report{
		Counts: map[Status]int{Unknown: 2},
		References: []Reference{
			{File: "a.swift", Line: 2, Symbol: ".shiny", Status: Unknown, Nearest: []Candidate{{Name: "shine"}}},
			{File: "a.swift", Line: 4, Symbol: ".shiny", Status: Unknown},
		},
	}
	rep.Findings = append([]Reference(nil), rep.References...)
	f := index.Freshness{
		Sources:         map[string]index.SourceFreshness{"apple-docs": {FetchedAt: mustTime(t, "2026-05-01T10:00:00Z"), Basis: index.FetchedByCrawl}},
		NewestPlatforms: map[string]string{"iOS": "26.0"},
	}
	rep.ApplyHorizon([]File{{Path: "a.swift", Code: code}}, HorizonOf(f))
	if rep.References[0].Status != NewerThanIndex || rep.References[1].Status != Unknown {
		t.Fatalf("statuses %s, %s", rep.References[0].Status, rep.References[1].Status)
	}
	if why := rep.References[0].Why; !strings.Contains(why, "newer than the index (crawled 2026-05-01)") || !strings.Contains(why, "iOS 99") {
		t.Errorf("why = %q", why)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].Line != 4 || rep.Counts[Unknown] != 1 || rep.Counts[NewerThanIndex] != 1 {
		t.Errorf("findings %v, counts %v", rep.Findings, rep.Counts)
	}
	// An index that recorded no versions changes nothing.
	rep2 := &Report{Counts: map[Status]int{Unknown: 1}, References: []Reference{{File: "a.swift", Line: 2, Status: Unknown}}}
	rep2.ApplyHorizon([]File{{Path: "a.swift", Code: code}}, HorizonOf(index.Freshness{}))
	if rep2.References[0].Status != Unknown {
		t.Error("no horizon, yet the status changed")
	}
}
