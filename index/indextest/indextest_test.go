package indextest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// fatalTB records Fatalf and stops there, as testing.T does.
type fatalTB struct {
	testing.TB
	msg string
}

type stopped struct{}

func (f *fatalTB) Helper() {}
func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	panic(stopped{})
}

func TestOpenFailsTheTestOnAFileThatIsNoIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "search.db")
	if err := os.WriteFile(path, []byte("not a database, just text long enough to be read as one"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := &fatalTB{}
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(stopped); !ok {
					panic(r)
				}
			}
		}()
		Open(tb, path)
	}()
	if tb.msg == "" {
		t.Fatal("Open accepted a file that is no index")
	}
}

func TestOpenClosesWhenTheTestEnds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "search.db")
	b, err := index.Create(path, index.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(t.Context()); err != nil {
		t.Fatal(err)
	}
	var st *index.Store
	t.Run("open", func(t *testing.T) { st = Open(t, path) })
	if _, err := st.Sources(t.Context()); err == nil {
		t.Error("the store still answers after its test ended: Open's cleanup did not close it")
	}
}
