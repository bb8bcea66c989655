//go:build race

package mcp

// raceDetector: this test binary runs under the race detector, which makes
// Go code several times slower; latency bounds do not hold there.
const raceDetector = true
