package filelock

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestSecondLockerIsRefusedWithTheHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	l, err := TryLock(path)
	if err != nil {
		t.Fatal(err)
	}
	// flock is per open file description: a second open in this process
	// conflicts like another process would.
	_, err = TryLock(path)
	if !errors.Is(err, ErrHeld) || !strings.Contains(err.Error(), fmt.Sprintf("pid %d", os.Getpid())) {
		t.Fatalf("second lock = %v, want ErrHeld naming pid %d", err, os.Getpid())
	}
	l.Release()
	l.Release() // twice is fine
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("lock file left after release: %v", err)
	}
	again, err := TryLock(path)
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	again.Release()
}

// A holder killed with SIGKILL leaves its file, but not its lock.
func TestKilledHolderLeavesNoLock(t *testing.T) {
	if os.Getenv("FILELOCK_HOLD") != "" {
		if _, err := TryLock(os.Getenv("FILELOCK_HOLD")); err != nil {
			os.Exit(3)
		}
		os.Stdout.WriteString("held\n")
		select {}
	}
	path := filepath.Join(t.TempDir(), "x.lock")
	cmd := exec.Command(os.Args[0], "-test.run=TestKilledHolderLeavesNoLock")
	cmd.Env = append(os.Environ(), "FILELOCK_HOLD="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 5)
	if _, err := out.Read(buf); err != nil {
		t.Fatal(err)
	}
	if _, err := TryLock(path); !errors.Is(err, ErrHeld) {
		t.Errorf("lock while the holder lives = %v, want ErrHeld", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	l, err := TryLock(path)
	if err != nil {
		t.Fatalf("lock after the holder was killed: %v", err)
	}
	l.Release()
}

// A link planted where the lock goes is refused; its target is neither
// truncated nor written, and the link stays.
func TestALinkWhereTheLockGoesIsRefused(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, []byte("victim"), 0o644)
	path := filepath.Join(dir, "x.lock")
	if err := os.Symlink(victim, path); err != nil {
		t.Fatal(err)
	}
	l, err := TryLock(path)
	if !errors.Is(err, ErrNotAFile) || !strings.Contains(err.Error(), "symbolic link") {
		l.Release()
		t.Errorf("lock through a link: %v, want ErrNotAFile naming the link", err)
	}
	if got, _ := os.ReadFile(victim); string(got) != "victim" {
		t.Errorf("the link's target became %q", got)
	}
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was removed or replaced: %v", err)
	}
}
