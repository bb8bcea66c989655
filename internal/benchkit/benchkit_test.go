package benchkit

import (
	"testing"
	"time"
)

func TestPercentileNearestRank(t *testing.T) {
	var l Latencies
	for i := 1; i <= 100; i++ {
		l.Add(time.Duration(i) * time.Millisecond)
	}
	for p, want := range map[float64]time.Duration{50: 50 * time.Millisecond, 99: 99 * time.Millisecond, 100: 100 * time.Millisecond, 1: time.Millisecond} {
		if got := l.Percentile(p); got != want {
			t.Errorf("p%v = %v, want %v", p, got, want)
		}
	}
	var empty Latencies
	if empty.Percentile(50) != 0 {
		t.Error("empty percentile should be 0")
	}
}

func TestPeakRSSReadsProc(t *testing.T) {
	if PeakRSS(0) <= 0 || RSS(0) <= 0 {
		t.Skip("no /proc on this system")
	}
	// Read the current size first: the peak read after it can only be larger.
	cur := RSS(0)
	if peak := PeakRSS(0); peak < cur {
		t.Errorf("peak %d below current %d", peak, cur)
	}
}
