package verify

import (
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/index"
)

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestApplyHorizonTurnsUnknownInsideNewerCode(t *testing.T) {
	// Line 2 is guarded for iOS 99, line 4 for iOS 26.0 (known), line 6 not
	// at all: the floors the check found at each use.
	floors := func(spec string) map[string]Version {
		target, err := ParseTarget(spec)
		if err != nil {
			t.Fatal(err)
		}
		return map[string]Version{target.Platform: target.Version}
	}
	rep := &Report{
		Counts: map[Status]int{Unknown: 3},
		References: []Reference{
			{File: "a.swift", Line: 2, Symbol: ".shiny", Status: Unknown, Nearest: []Candidate{{Name: "shine"}}, floors: floors("iOS99")},
			{File: "a.swift", Line: 4, Symbol: ".shiny", Status: Unknown, floors: floors("iOS26.0")},
			{File: "a.swift", Line: 6, Symbol: ".shiny", Status: Unknown},
		},
	}
	rep.Findings = append([]Reference(nil), rep.References...)
	f := index.Freshness{
		Sources:         map[string]index.SourceFreshness{"apple-docs": {FetchedAt: mustTime(t, "2026-05-01T10:00:00Z"), Basis: index.FetchedByCrawl}},
		NewestPlatforms: map[string]string{"iOS": "26.0"},
	}
	rep.ApplyHorizon(HorizonOf(f))
	if rep.References[0].Status != NewerThanIndex || rep.References[1].Status != Unknown || rep.References[2].Status != Unknown {
		t.Fatalf("statuses %s, %s, %s", rep.References[0].Status, rep.References[1].Status, rep.References[2].Status)
	}
	if why := rep.References[0].Why; !strings.Contains(why, "newer than the index (crawled 2026-05-01)") || !strings.Contains(why, "iOS 99") {
		t.Errorf("why = %q", why)
	}
	if len(rep.Findings) != 2 || rep.Findings[0].Line != 4 || rep.Counts[Unknown] != 2 || rep.Counts[NewerThanIndex] != 1 {
		t.Errorf("findings %v, counts %v", rep.Findings, rep.Counts)
	}
	// An index that recorded no versions changes nothing.
	rep2 := &Report{Counts: map[Status]int{Unknown: 1}, References: []Reference{{File: "a.swift", Line: 2, Status: Unknown, floors: floors("iOS99")}}}
	rep2.ApplyHorizon(HorizonOf(index.Freshness{}))
	if rep2.References[0].Status != Unknown {
		t.Error("no horizon, yet the status changed")
	}
}
