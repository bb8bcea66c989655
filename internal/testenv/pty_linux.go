package testenv

import (
	"fmt"
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// OpenPTY opens a pseudo-terminal and returns its two sides: the terminal
// a command writes to, as it would to a person's, and the controller a test
// reads what was shown from. cols > 0 sets the terminal's width (24 rows);
// 0 leaves the size unset. (/dev/null is a character device but no
// terminal, so it cannot stand in.) Both close when the test ends; the test
// is skipped where there are no pseudo-terminals.
func OpenPTY(t testing.TB, cols int) (terminal, controller *os.File) {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	ioctl := func(req uintptr, arg unsafe.Pointer) syscall.Errno {
		_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), req, uintptr(arg))
		return errno
	}
	var unlock int32
	if errno := ioctl(syscall.TIOCSPTLCK, unsafe.Pointer(&unlock)); errno != 0 {
		t.Skipf("unlock pseudo-terminal: %v", errno)
	}
	var n uint32
	if errno := ioctl(syscall.TIOCGPTN, unsafe.Pointer(&n)); errno != 0 {
		t.Skipf("pseudo-terminal number: %v", errno)
	}
	if cols > 0 {
		size := struct{ rows, cols, x, y uint16 }{rows: 24, cols: uint16(cols)}
		if errno := ioctl(syscall.TIOCSWINSZ, unsafe.Pointer(&size)); errno != 0 {
			t.Fatalf("set the terminal's size: %v", errno)
		}
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty, ptmx
}
