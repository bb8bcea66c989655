package ranker

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/semantic"
)

// The semantic layer (internal/semantic): a request's words rarely name the
// API that does the job ("spinner" and ProgressView), so prose queries also
// get the type and article pages nearest in meaning, and every candidate's
// relevance gains its similarity to the request. Names, members, code and
// messages are left to the lexical stages, which answer them exactly.

// SemanticMode selects the ablations of the semantic layer.
type SemanticMode int

const (
	// SemanticFused adds the semantic candidates and similarity to the
	// lexical ranking of prose queries (the default).
	SemanticFused SemanticMode = iota
	// SemanticOff ranks lexically only.
	SemanticOff
	// SemanticOnly ranks prose queries by similarity alone.
	SemanticOnly
)

// semanticData is the model and matrix, loaded on the first prose query.
type semanticData struct {
	once   sync.Once
	model  *semantic.Model
	matrix *semantic.Matrix
	err    error
}

func (e *Engine) loadSemantic(ctx context.Context) (*semantic.Model, *semantic.Matrix, error) {
	d := &e.sem
	d.once.Do(func() {
		// The matrix is read while the model decodes: both are on the
		// path of a server's first request in words.
		type matrixRead struct {
			m   *semantic.Matrix
			err error
		}
		matrix := make(chan matrixRead, 1)
		go func() {
			b, err := e.store.Semantic(ctx, index.SemanticMatrix)
			if err != nil || b == nil {
				matrix <- matrixRead{err: err}
				return
			}
			m, err := semantic.DecodeMatrix(b)
			matrix <- matrixRead{m, err}
		}()
		b, err := e.store.Semantic(ctx, index.SemanticModel)
		if err == nil && b != nil {
			d.model, err = semantic.Decode(b)
		}
		got := <-matrix
		if d.err = errors.Join(err, got.err); d.err != nil || d.model == nil {
			d.model = nil
			return
		}
		d.matrix = got.m
	})
	if d.err != nil {
		return nil, nil, fmt.Errorf("ranker semantic: %w", d.err)
	}
	return d.model, d.matrix, nil
}

// Preload loads what the first prose query would (the semantic model and
// matrix, a few milliseconds of reading and decoding; the section index,
// about 2 ms, and the keyword topics a question about a keyword reads,
// about 3 ms), so that a server can do it while it waits for a request.
func (e *Engine) Preload(ctx context.Context) error {
	if _, _, err := e.loadSemantic(ctx); err != nil {
		return err
	}
	x, err := e.sectionIndexOf(ctx)
	if err != nil {
		return err
	}
	_, _, err = x.keywordTopicsOf(ctx)
	return err
}

// nearestPages computes a prose query's vector and finds the type and
// article pages nearest to it. It reads no candidate, so gather runs it
// beside the lexical stages (a scan of the whole matrix, about a
// millisecond); addNeighbours then adds what it found.
func (s *search) nearestPages(ctx context.Context) (vector []byte, ids []int64) {
	if !s.q.Prose || s.e.Semantic == SemanticOff {
		return nil, nil
	}
	model, matrix, err := s.e.loadSemantic(ctx)
	if err != nil {
		// A damaged model costs the request its meaning, not its answer.
		s.e.log.Warn("semantic layer unavailable; ranking by words", "err", err)
		return nil, nil
	}
	if model == nil {
		return nil, nil
	}
	qv := model.Embed(semantic.Words(strings.Join(s.q.Keywords, " ")))
	if qv == nil {
		return nil, nil
	}
	vector = semantic.Quantize(qv)
	if matrix != nil {
		idx, _ := matrix.Nearest(vector, semanticNeighbours)
		for _, i := range idx {
			ids = append(ids, matrix.IDs[i])
		}
	}
	return vector, ids
}

// addNeighbours records the query's vector and adds the pages nearest to
// it; it runs after the lexical stages, which semantic-only ranking
// discards.
func (s *search) addNeighbours(vector []byte, ids []int64) {
	if vector == nil {
		return
	}
	s.queryVector = vector
	if s.e.Semantic == SemanticOnly {
		clear(s.cands)
	}
	for _, id := range ids {
		s.add(id, viaSemantic)
	}
}

// semanticSimilarity records the similarity to the request of the
// candidates it can lift: Apple's pages the lexical stages found (see
// semanticRelevance), or every page when ranking by meaning alone.
func (s *search) semanticSimilarity(ctx context.Context) error {
	if s.queryVector == nil {
		return nil
	}
	ids := make([]int64, 0, len(s.cands))
	for id, c := range s.cands {
		if s.e.Semantic == SemanticOnly || c.source == document.SourceAppleDocs && c.via != viaSemantic {
			ids = append(ids, id)
		}
	}
	vectors, err := s.e.store.DocVectors(ctx, ids)
	if err != nil {
		return fmt.Errorf("ranker semantic: %w", err)
	}
	s.similarity = make(map[int64]float32, len(vectors))
	for id, v := range vectors {
		s.similarity[id] = semantic.Dot(s.queryVector, v)
	}
	return nil
}

// semanticRelevance is what a candidate's similarity adds to its base: for
// Apple's pages only, where a task's words and the API's name differ; the
// proposals, the book and the guides are written in the words requests use,
// and their own ranking is already the better one (measured: the boost
// moved a proposal out of the top three of a request naming its subject).
func (s *search) semanticRelevance(c *candidate) float64 {
	sim, ok := s.similarity[c.id]
	if !ok || sim <= semanticFloor || c.source != document.SourceAppleDocs {
		return 0
	}
	if c.via == viaSemantic && s.e.Semantic != SemanticOnly {
		// A page only the similarity search found competes on its words:
		// boosting it too let a neighbour outrank the lexical answer of
		// requests that name their subject (the dev batteries' prose).
		return 0
	}
	return semanticBase * float64(sim-semanticFloor) / (1 - semanticFloor)
}
