package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/corpus"
	"github.com/cupertino-go/cupertino/internal/source"
)

// demoFolder is where the demo corpus lives in the repository: the index
// `make demo` builds was saved from files under it and nowhere else.
const demoFolder = "testdata/demo/"

// printIfDemo says, when st is the demo index, what it is, what it leaves
// out and how to get the real one, and reports whether it is. Right after
// `make demo` that is the one thing a newcomer needs to read in doctor's
// report.
func printIfDemo(ctx context.Context, w io.Writer, st *index.Store) bool {
	demo, err := st.SavedOnlyFrom(ctx, demoFolder)
	if err != nil || !demo {
		return false
	}
	fmt.Fprintf(w, "       the demo index (`make demo`): a few pages of each source, from the repository's %s\n", strings.TrimSuffix(demoFolder, "/"))
	fmt.Fprintf(w, "       not included: the rest of Apple's documentation and of every other source\n")
	fmt.Fprintf(w, "       `cupertino setup` downloads the real index and replaces the demo\n")
	return true
}

// printSourceFolders lists the source folders save reads. They are what a
// rebuild needs, not what search and serve need, so a folder that is not
// there is stated, never flagged: setup and make demo install an index
// without any.
func printSourceFolders(w io.Writer, baseDir string, isDemo bool) {
	fmt.Fprintf(w, "Source folders under %s (what `cupertino save` reads; search and serve need only the index)\n", baseDir)
	var absent []string
	for _, id := range source.Saved() {
		dir, err := corpus.Locate(baseDir, id)
		if err != nil {
			absent = append(absent, id)
			continue
		}
		fmt.Fprintf(w, "       %-16s %s\n", id, dir)
	}
	switch {
	case len(absent) == 0:
	case len(absent) == len(source.Saved()) && isDemo:
		fmt.Fprintf(w, "       none: the demo was saved from %s; `cupertino fetch` downloads sources for a save of your own\n", strings.TrimSuffix(demoFolder, "/"))
	case len(absent) == len(source.Saved()):
		fmt.Fprintf(w, "       none: `cupertino fetch` downloads them for a save of your own\n")
	default:
		fmt.Fprintf(w, "       no folder for %s: save keeps what the index holds of them\n", strings.Join(absent, ", "))
	}
}
