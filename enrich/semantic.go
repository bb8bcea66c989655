package enrich

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/semantic"
	"github.com/cupertino-go/cupertino/internal/source"
)

// runSemantic trains the word vectors (internal/semantic) on the titles and
// abstracts of the pages searched in docs_fts, then stores every such page's
// vector (doc_vectors), the model and the matrix of pages searched by
// similarity (semantic). It replaces what an earlier run wrote.
func runSemantic(ctx context.Context, e *env) (int64, string, error) {
	type page struct {
		id        int64
		kind, src string
		words     []string
	}
	var pages []page
	var texts [][]string
	documentation := source.With(func(s source.Source) bool { return !s.Separate })
	err := e.w.EachPageText(ctx, documentation, func(id int64, kind, src, title, summary string) {
		p := page{id: id, kind: kind, src: src}
		// The title twice: it names what the page is, the abstract
		// describes it.
		t := semantic.Words(title)
		p.words = append(append(t, t...), semantic.Words(summary)...)
		pages = append(pages, p)
		texts = append(texts, p.words)
	})
	if err != nil {
		return 0, "", err
	}
	model, err := semantic.Train(texts)
	if errors.Is(err, semantic.ErrTooSmall) {
		return 0, "corpus too small for word vectors", nil
	}
	if err != nil {
		return 0, "", err
	}
	quantized := make([][]byte, len(pages))
	var matrix semantic.Matrix
	for i, p := range pages {
		v := model.Embed(p.words)
		if v == nil {
			continue
		}
		quantized[i] = semantic.Quantize(v)
		if src, _ := source.Lookup(p.src); similarityKinds[p.kind] && !src.OnRequest {
			matrix.IDs = append(matrix.IDs, p.id)
			matrix.Vectors = append(matrix.Vectors, quantized[i]...)
		}
	}
	stored := map[string][]byte{index.SemanticModel: model.Encode(), index.SemanticMatrix: matrix.Encode()}
	if unchanged, err := storedEqual(ctx, e, stored); err != nil || unchanged {
		// Training is deterministic: the same pages gave the same model
		// and vectors, which are already stored.
		return 0, fmt.Sprintf("%d words, unchanged", model.Len()), err
	}
	if err := e.w.ClearSemantic(ctx); err != nil {
		return 0, "", err
	}
	var vectors []index.PageVector
	for i, p := range pages {
		if quantized[i] != nil {
			vectors = append(vectors, index.PageVector{Doc: p.id, Vec: quantized[i]})
		}
	}
	if err := e.w.PutVectors(ctx, vectors); err != nil {
		return 0, "", err
	}
	n := int64(len(vectors))
	for _, key := range []string{index.SemanticModel, index.SemanticMatrix} {
		if err := e.w.PutSemantic(ctx, key, stored[key]); err != nil {
			return 0, "", err
		}
	}
	return n, fmt.Sprintf("%d words, %d page vectors, %d searched by similarity", model.Len(), n, len(matrix.IDs)), nil
}

// storedEqual reports whether the semantic table holds exactly values.
func storedEqual(ctx context.Context, e *env, values map[string][]byte) (bool, error) {
	for key, want := range values {
		got, found, err := e.w.SemanticValue(ctx, key)
		if err != nil || !found {
			return false, err
		}
		if !bytes.Equal(got, want) {
			return false, nil
		}
	}
	return true, nil
}

// similarityKinds are the pages a request is matched with by meaning: types,
// articles and guides, the answers to "how do I …". Members are reached
// through their words and re-ranked by meaning.
var similarityKinds = map[string]bool{
	"class": true, "struct": true, "enum": true, "protocol": true, "actor": true,
	"article": true, "sampleCode": true, "framework": true, "proposal": true,
	"guideline": true, "blogPost": true, "guide": true, "collection": true,
}
