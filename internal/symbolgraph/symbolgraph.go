// Package symbolgraph is SymbolKit's symbol-graph format (*.symbols.json,
// versions 0.5 and 0.6) reduced to what cupertino reads, and the listing of
// a directory's graphs. enrich joins the graphs into the index; eval agent
// checks generated code against them. One model keeps the two readers from
// drifting apart.
package symbolgraph

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/internal/safefile"
)

// FileSuffix ends the name of every symbol-graph file.
const FileSuffix = ".symbols.json"

// Graph is one symbol-graph file: a module's symbols, or those a module adds
// to another (A@B.symbols.json), and the relationships between them.
type Graph struct {
	Module struct {
		Name string `json:"name"`
	} `json:"module"`
	Symbols       []Symbol       `json:"symbols"`
	Relationships []Relationship `json:"relationships"`
}

// Symbol is one declaration of the graph.
type Symbol struct {
	Kind struct {
		Identifier string `json:"identifier"` // swift.method, swift.struct, module, …
	} `json:"kind"`
	Identifier struct {
		Precise           string `json:"precise"`
		InterfaceLanguage string `json:"interfaceLanguage"`
	} `json:"identifier"`
	PathComponents []string `json:"pathComponents"`
	Names          struct {
		Title string `json:"title"`
	} `json:"names"`
	DeclarationFragments []Fragment `json:"declarationFragments"`
	SwiftGenerics        *struct {
		Parameters []struct {
			Name string `json:"name"`
		} `json:"parameters"`
		Constraints []Constraint `json:"constraints"`
	} `json:"swiftGenerics"`
	SwiftExtension *struct {
		ExtendedModule string       `json:"extendedModule"`
		Constraints    []Constraint `json:"constraints"`
	} `json:"swiftExtension"`
	Availability []Availability `json:"availability"`
}

// Fragment is one token of a declaration.
type Fragment struct {
	Kind     string `json:"kind"`
	Spelling string `json:"spelling"`
}

// Constraint is one generic requirement.
type Constraint struct {
	Kind string `json:"kind"` // conformance, sameType, superclass, sameShape
	LHS  string `json:"lhs"`
	RHS  string `json:"rhs"`
}

// Availability is a symbol's availability in one domain: a platform
// ("iOS", "macOS"), or the language ("Swift", "*").
type Availability struct {
	Domain                       string   `json:"domain"`
	Introduced                   *Version `json:"introduced"`
	Deprecated                   *Version `json:"deprecated"`
	Obsoleted                    *Version `json:"obsoleted"`
	IsUnconditionallyDeprecated  bool     `json:"isUnconditionallyDeprecated"`
	IsUnconditionallyUnavailable bool     `json:"isUnconditionallyUnavailable"`
}

// Version is a semantic version.
type Version struct {
	Major int `json:"major"`
	Minor int `json:"minor"`
	Patch int `json:"patch"`
}

// String writes "13.0" or "13.0.1"; "" for no version.
func (v *Version) String() string {
	if v == nil {
		return ""
	}
	s := fmt.Sprintf("%d.%d", v.Major, v.Minor)
	if v.Patch != 0 {
		s += fmt.Sprintf(".%d", v.Patch)
	}
	return s
}

// Relationship relates two symbols by their precise identifiers:
// conformsTo, inheritsFrom, memberOf, …
type Relationship struct {
	Kind           string `json:"kind"`
	Source         string `json:"source"`
	Target         string `json:"target"`
	TargetFallback string `json:"targetFallback"`
}

// ErrMalformed means a file does not decode as a symbol graph.
var ErrMalformed = errors.New("not a symbol graph")

// MaxFileBytes bounds one graph file. The largest of Apple's SDKs (UIKit,
// SwiftUI) are tens of megabytes.
const MaxFileBytes = 1 << 30

// Read reads and decodes the graph file at path. A file that does not decode
// gives an error wrapping ErrMalformed, and so does one that is no regular
// file (a FIFO, a link to /dev/zero: refused at once, not read) or is over
// MaxFileBytes; one that cannot be read, the read error. A link to a
// regular file is followed: the folder is the person's own tool output.
func Read(path string) (*Graph, error) {
	resolved, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, fmt.Errorf("read symbol graph: %w", err)
	}
	raw, err := safefile.ReadFile(resolved, MaxFileBytes)
	if reason := safefile.Refusal(err); reason != "" {
		return nil, fmt.Errorf("%w: %s: %s", ErrMalformed, filepath.Base(path), reason)
	}
	if err != nil {
		return nil, fmt.Errorf("read symbol graph: %w", err)
	}
	var g Graph
	if err := json.Unmarshal(raw, &g); err != nil {
		return nil, fmt.Errorf("%w: parse %s: %w", ErrMalformed, filepath.Base(path), err)
	}
	return &g, nil
}

// Files lists every symbol-graph file under dir, recursively, in sorted
// order. It stops with ctx's error when ctx is done.
func Files(ctx context.Context, dir string) ([]string, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), FileSuffix) {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	return paths, nil
}
