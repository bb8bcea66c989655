package index

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestCodeUsesOfATypeAreTheUsesPickedWhenAsked: the uses of a type, read
// from code_use_files as Commit numbered them, are the uses picking each
// file's best use from code_refs gives (codeUsesPicked, as a member's are
// read): the same files, uses, order and count, for every source filter and
// page, over files of two sources that use types in every way, several
// times each.
func TestCodeUsesOfATypeAreTheUsesPickedWhenAsked(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 29))
	kinds := []string{"call", "conform", "wrap", "member", "type"}
	types := []string{"URLSession", "View", "Task"}
	var docs []*document.Document
	for i := range 60 {
		src, project := document.SourceSamples, fmt.Sprintf("samples://project-%d", i%7)
		if i%3 == 0 {
			src, project = document.SourcePackages, fmt.Sprintf("packages://owner/pkg-%d", i%4)
		}
		var refs []document.Reference
		for range 1 + rng.IntN(6) {
			name := types[rng.IntN(len(types))]
			if rng.IntN(3) == 0 {
				name += ".shared"
			}
			refs = append(refs, document.Reference{Name: name, Kind: kinds[rng.IntN(len(kinds))], Line: 1 + rng.IntN(40)})
		}
		uri := fmt.Sprintf("%s/Sources/File%02d.swift", project, 59-i)
		docs = append(docs, &document.Document{URI: uri, Source: src, Parent: project, Title: uri[len(project)+1:],
			Kind: "file", Content: "import Foundation", References: refs, ContentHash: uri})
	}
	s := storeOf(t, docs...)
	ctx := context.Background()
	compared := 0
	for _, typ := range types {
		for _, src := range []string{"", document.SourceSamples, document.SourcePackages} {
			for _, page := range [][2]int{{3, 0}, {4, 2}, {100, 0}, {5, 100}} {
				q := CodeUseQuery{Type: typ, Source: src, Limit: page[0], Offset: page[1]}
				got, gotTotal, err := s.CodeUses(ctx, q)
				mustNoErr(t, err)
				want, wantTotal, err := s.codeUsesPicked(ctx, "type_lower = ?", strings.ToLower(typ), q)
				mustNoErr(t, err)
				if gotTotal != wantTotal || !reflect.DeepEqual(got, want) {
					t.Errorf("CodeUses(%+v) = %d %v\npicked when asked: %d %v", q, gotTotal, got, wantTotal, want)
				}
				if gotTotal == 0 {
					t.Errorf("CodeUses(%+v) found no file: the fixture should use every type in both sources", q)
				}
				compared += len(got)
			}
		}
	}
	if compared < 100 {
		t.Errorf("compared only %d uses", compared)
	}
}
