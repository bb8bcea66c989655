// Command lexicongen compiles the task lexicon's data files,
// ranker/lexicon/*.tsv, into ranker/lexicon_compiled.go, lexicon_compiled_rest.go,
// lexicon_compiled_index.go and lexicon_compiled_spans.go. `go generate
// ./ranker` runs it in the ranker folder.
package main

import (
	"fmt"
	"os"

	"github.com/cupertino-go/cupertino/ranker"
)

func main() {
	files, err := ranker.GenerateLexicon(os.DirFS("."), ranker.LexiconDir)
	for name, src := range files {
		if err == nil {
			err = os.WriteFile(name, src, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "lexicongen:", err)
		os.Exit(1)
	}
}
