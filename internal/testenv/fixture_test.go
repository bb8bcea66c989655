package testenv

import (
	"errors"
	"fmt"
	"runtime"
	"testing"
)

// fatalRecorder is a test whose Fatal and Fatalf record the message and
// return.
type fatalRecorder struct {
	testing.TB
	fatal string
}

func (r *fatalRecorder) Helper()           {}
func (r *fatalRecorder) Fatal(args ...any) { r.fatal = fmt.Sprint(args...) }
func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
}

func TestFixtureBuildsOnce(t *testing.T) {
	var f Fixture[int]
	builds := 0
	for range 3 {
		if got := f.Get(t, func() (int, error) { builds++; return 7, nil }); got != 7 {
			t.Errorf("Get = %d, want 7", got)
		}
	}
	if builds != 1 {
		t.Errorf("built %d times, want once", builds)
	}
}

func TestFixtureFailsEveryTestWhenItsBuildFailed(t *testing.T) {
	var broken Fixture[int]
	for i := range 2 {
		r := &fatalRecorder{TB: t}
		broken.Get(r, func() (int, error) { return 0, errors.New("no fixture") })
		if r.fatal != "no fixture" {
			t.Errorf("call %d: Fatal(%q), want the build's error", i+1, r.fatal)
		}
	}

	// A build that calls t.Fatal ends its goroutine, as Fatal does.
	var stopped Fixture[int]
	done := make(chan struct{})
	go func() {
		defer close(done)
		stopped.Get(&fatalRecorder{TB: t}, func() (int, error) { runtime.Goexit(); return 1, nil })
	}()
	<-done
	r := &fatalRecorder{TB: t}
	stopped.Get(r, func() (int, error) { return 1, nil })
	if r.fatal != errBuildStopped.Error() {
		t.Errorf("after a build that stopped: Fatal(%q), want %q", r.fatal, errBuildStopped)
	}
}
