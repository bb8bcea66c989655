package search

import (
	"context"
	"errors"

	"github.com/cupertino-go/cupertino/index"
)

// StoreSymbols is the SymbolSource of an index: the page's kind, its
// declaration's attributes and conformances and the symbols it declares
// (index.Store.PageDeclarations). Symbols found only in code examples are
// left out: the battery asks what a page declares, and an example's
// "@MainActor class Model" is not API of the page.
type StoreSymbols struct{ Store *index.Store }

// PageSymbols reads one page's symbols; an unknown URI has none.
func (s StoreSymbols) PageSymbols(ctx context.Context, uri string) (PageSymbols, error) {
	pd, err := s.Store.PageDeclarations(ctx, uri)
	if errors.Is(err, index.ErrDocumentNotFound) {
		return PageSymbols{}, nil
	}
	if err != nil {
		return PageSymbols{}, err
	}
	ps := PageSymbols{Kind: pd.Kind, Attributes: pd.Attributes, Symbols: pd.Symbols}
	for _, r := range pd.ConformsTo {
		ps.ConformsTo = append(ps.ConformsTo, r.Title)
	}
	return ps, nil
}
