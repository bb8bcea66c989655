// Package benchkit holds the small measuring tools the benchmarks share:
// latency percentiles and the process's peak resident memory.
package benchkit

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Latencies collects durations and reports percentiles.
type Latencies struct{ d []time.Duration }

// Add records one duration.
func (l *Latencies) Add(d time.Duration) { l.d = append(l.d, d) }

// Len is the number of recorded durations.
func (l *Latencies) Len() int { return len(l.d) }

// Percentile returns the p-th percentile (0 < p <= 100) by the nearest-rank
// method, or 0 when empty.
func (l *Latencies) Percentile(p float64) time.Duration {
	if len(l.d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), l.d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	rank := int(float64(len(s))*p/100+0.999999) - 1
	if rank < 0 {
		rank = 0
	}
	if rank >= len(s) {
		rank = len(s) - 1
	}
	return s[rank]
}

// Summary is "p50 1.2ms p95 … p99 … max …".
func (l *Latencies) Summary() string {
	return fmt.Sprintf("p50 %s  p95 %s  p99 %s  max %s  (n=%d)",
		Round(l.Percentile(50)), Round(l.Percentile(95)), Round(l.Percentile(99)), Round(l.Percentile(100)), len(l.d))
}

// Round keeps three significant figures of a duration for reports.
func Round(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(10 * time.Millisecond)
	case d >= 10*time.Millisecond:
		return d.Round(100 * time.Microsecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}

// PeakRSS returns VmHWM (peak resident set) of a process in bytes, read from
// /proc/<pid>/status (pid 0 means this process); 0 when unavailable.
func PeakRSS(pid int) int64 { return procStatusKB(pid, "VmHWM:") * 1024 }

// RSS returns VmRSS (current resident set) in bytes; 0 when unavailable.
func RSS(pid int) int64 { return procStatusKB(pid, "VmRSS:") * 1024 }

func procStatusKB(pid int, field string) int64 {
	path := "/proc/self/status"
	if pid > 0 {
		path = fmt.Sprintf("/proc/%d/status", pid)
	}
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, field) {
			fields := strings.Fields(line)
			if len(fields) >= 2 {
				n, _ := strconv.ParseInt(fields[1], 10, 64)
				return n
			}
		}
	}
	return 0
}
