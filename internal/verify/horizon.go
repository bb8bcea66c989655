package verify

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/termtext"
)

// NewerThanIndex is the status of a name the index lacks, used inside code
// marked available only from a platform version newer than any the
// index's documentation lists (`if #available(iOS 99, *)`,
// `@available(iOS 99, *)`): the API may be real and simply newer than the
// crawl, so it is not called unknown. It is not a finding.
const NewerThanIndex Status = "newer_than_index"

// Horizon is how far the index reaches: the newest version its
// documentation lists per platform, and when it was crawled.
type Horizon struct {
	// Newest maps a lowercase platform (Target.Platform: "ios") to the
	// newest introduced version the documentation lists.
	Newest map[string]Version
	// Crawled says when, for the reports: "crawled 2026-04-30 to 2026-05-01".
	Crawled string
	// Summary adds the newest versions: index.Freshness.CrawlDates.
	Summary string
}

// HorizonOf reads a Horizon from what the index records of its age.
func HorizonOf(f index.Freshness) Horizon {
	dates, _, _ := strings.Cut(f.CrawlDates(), ";")
	h := Horizon{Newest: map[string]Version{}, Crawled: dates, Summary: f.CrawlDates()}
	for plat, v := range f.NewestPlatforms {
		if t, err := ParseTarget(plat + v); err == nil {
			h.Newest[t.Platform] = t.Version
		}
	}
	return h
}

// Horizon reads the index's horizon.
func (t *IndexTable) Horizon(ctx context.Context) (Horizon, error) {
	f, err := t.lookup.Freshness(ctx)
	if err != nil {
		return Horizon{}, err
	}
	return HorizonOf(f), nil
}

// ApplyHorizon is a pass over a finished report: an unknown reference used
// where `#available` / `@available` guards a platform version newer than h
// knows becomes NewerThanIndex, with why, and leaves the findings. The
// guards are the floors the check already found for each use
// (Analysis.collectFloors); nothing is read again. An empty horizon (an
// index that recorded no versions) changes nothing.
func (r *Report) ApplyHorizon(h Horizon) {
	if len(h.Newest) == 0 {
		return
	}
	changed := false
	for i := range r.References {
		ref := &r.References[i]
		if ref.Status != Unknown {
			continue
		}
		guard, known, ok := pastHorizon(ref.floors, h)
		if !ok {
			continue
		}
		r.Counts[Unknown]--
		r.Counts[NewerThanIndex]++
		ref.Status = NewerThanIndex
		ref.Nearest = nil
		ref.Why = fmt.Sprintf("newer than the index (%s): the code is guarded for %s, and the documentation lists %s at most",
			h.Crawled, guard, known)
		changed = true
	}
	if !changed {
		return
	}
	if r.Counts[Unknown] <= 0 {
		delete(r.Counts, Unknown)
	}
	r.Findings = r.Findings[:0]
	for _, ref := range r.References {
		if ref.Status.IsFinding() {
			r.Findings = append(r.Findings, ref)
		}
	}
}

// pastHorizon names the first guard, in platform order, newer than the
// horizon knows for its platform ("iOS 99.0"), and that platform's newest
// known version ("iOS 26.0").
func pastHorizon(floors map[string]Version, h Horizon) (guard, known string, ok bool) {
	for _, plat := range slices.Sorted(maps.Keys(floors)) {
		newest, has := h.Newest[plat]
		if v := floors[plat]; has && v.Compare(newest) > 0 {
			name := Target{Platform: plat}.DisplayName()
			return name + " " + v.String(), name + " " + newest.String(), true
		}
	}
	return "", "", false
}

// writeNewer lists the references newer than the index, after the findings:
// not errors, but names the index cannot vouch for.
func (r *Report) writeNewer(w io.Writer) {
	for _, ref := range r.References {
		if ref.Status == NewerThanIndex {
			fmt.Fprintf(w, "%s: newer than the index %s: %s\n", termtext.Line(location(ref.File, ref.Line)),
				termtext.Line(ref.Symbol), termtext.Line(ref.Why))
		}
	}
}
