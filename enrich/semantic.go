package enrich

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

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
		id    int64
		kind  string
		src   string
		words []string
	}
	var pages []page
	var texts [][]string
	documentation := source.With(func(s source.Source) bool { return !s.Separate })
	args := make([]any, len(documentation))
	for i, s := range documentation {
		args[i] = s
	}
	rows, err := e.tx.QueryContext(ctx, `SELECT id, kind, source, title, summary FROM docs
		WHERE source IN (?`+strings.Repeat(",?", len(args)-1)+`) ORDER BY id`, args...)
	if err != nil {
		return 0, "", fmt.Errorf("read pages: %w", err)
	}
	for rows.Next() {
		var p page
		var title, summary string
		if err := rows.Scan(&p.id, &p.kind, &p.src, &title, &summary); err != nil {
			rows.Close()
			return 0, "", fmt.Errorf("read pages: %w", err)
		}
		// The title twice: it names what the page is, the abstract
		// describes it.
		t := semantic.Words(title)
		p.words = append(append(t, t...), semantic.Words(summary)...)
		pages = append(pages, p)
		texts = append(texts, p.words)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, "", fmt.Errorf("read pages: %w", err)
	}
	model, err := semantic.Train(texts)
	if errors.Is(err, semantic.ErrTooSmall) {
		return 0, "corpus too small for word vectors", nil
	}
	if err != nil {
		return 0, "", err
	}
	encoded := model.Encode()
	var stored []byte
	err = e.tx.QueryRowContext(ctx, "SELECT value FROM semantic WHERE key = ?", index.SemanticModel).Scan(&stored)
	if err == nil && bytes.Equal(stored, encoded) {
		// Training is deterministic: the same pages gave the same model,
		// and the vectors stored with it are current.
		return 0, fmt.Sprintf("%d words, unchanged", model.Len()), nil
	}
	for _, stmt := range []string{"DELETE FROM doc_vectors", "DELETE FROM semantic"} {
		if _, err := e.tx.ExecContext(ctx, stmt); err != nil {
			return 0, "", fmt.Errorf("clear vectors: %w", err)
		}
	}
	insert, err := e.tx.PrepareContext(ctx, "INSERT INTO doc_vectors(doc_id, vec) VALUES (?, ?)")
	if err != nil {
		return 0, "", fmt.Errorf("store vectors: %w", err)
	}
	defer insert.Close()
	var matrix semantic.Matrix
	var n int64
	for _, p := range pages {
		v := model.Embed(p.words)
		if v == nil {
			continue
		}
		q := semantic.Quantize(v)
		if _, err := insert.ExecContext(ctx, p.id, q); err != nil {
			return 0, "", fmt.Errorf("store vectors: %w", err)
		}
		n++
		if src, _ := source.Lookup(p.src); similarityKinds[p.kind] && !src.OnRequest {
			matrix.IDs = append(matrix.IDs, p.id)
			matrix.Vectors = append(matrix.Vectors, q...)
		}
	}
	for key, value := range map[string][]byte{index.SemanticModel: encoded, index.SemanticMatrix: matrix.Encode()} {
		if _, err := e.tx.ExecContext(ctx, "INSERT INTO semantic(key, value) VALUES (?, ?)", key, value); err != nil {
			return 0, "", fmt.Errorf("store model: %w", err)
		}
	}
	return n, fmt.Sprintf("%d words, %d page vectors, %d searched by similarity", model.Len(), n, len(matrix.IDs)), nil
}

// similarityKinds are the pages a request is matched with by meaning: types,
// articles and guides, the answers to "how do I …". Members are reached
// through their words and re-ranked by meaning.
var similarityKinds = map[string]bool{
	"class": true, "struct": true, "enum": true, "protocol": true, "actor": true, "typealias": true, "macro": true,
	"article": true, "sampleCode": true, "framework": true, "collectionGroup": true, "proposal": true,
	"guideline": true, "blogPost": true, "guide": true, "collection": true,
}
