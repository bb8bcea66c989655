package indextest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
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
	path := Build(t)
	var st *index.Store
	t.Run("open", func(t *testing.T) { st = Open(t, path) })
	if _, err := st.Sources(t.Context()); err == nil {
		t.Error("the store still answers after its test ended: Open's cleanup did not close it")
	}
}

func TestBuildCommitsTheDocumentsAndRunsBefore(t *testing.T) {
	path := Build(t, &document.Document{URI: "hig://a", Source: document.SourceHIG, Title: "A", Markdown: "# A\n"},
		&document.Document{URI: "hig://b", Source: document.SourceHIG, Title: "B", Markdown: "# B\n"})
	if got := Documents(t, path); got[document.SourceHIG] != 2 || len(got) != 1 {
		t.Errorf("Documents = %v, want 2 hig pages", got)
	}
	ran := false
	Write(t, filepath.Join(t.TempDir(), "search.db"), nil, func(*index.Builder) error { ran = true; return nil })
	if !ran {
		t.Error("Write did not run its before function")
	}
}
