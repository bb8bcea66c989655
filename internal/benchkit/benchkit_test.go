package benchkit

import (
	"os"
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

func TestProcessCPUCountsWork(t *testing.T) {
	if ProcessCPU(0) == 0 {
		t.Skip("no CPU accounting on this system")
	}
	before, beforeProc := ProcessCPU(0), ProcessCPU(os.Getpid())
	// Work until getrusage has counted 50 ms, however long the machine
	// takes to give them, bounded at 20 s.
	x := 0
	for start := time.Now(); ProcessCPU(0)-before < 50*time.Millisecond; x++ {
		if time.Since(start) > 20*time.Second {
			t.Fatalf("getrusage counted %v in 20 s of spinning", ProcessCPU(0)-before)
		}
	}
	// /proc counts the same time in 10 ms ticks.
	if _, err := os.Stat("/proc/self/stat"); err == nil {
		if got := ProcessCPU(os.Getpid()) - beforeProc; got < 30*time.Millisecond {
			t.Errorf("/proc/<pid>/stat CPU grew by %v over 50 ms of work", got)
		}
	}
}
