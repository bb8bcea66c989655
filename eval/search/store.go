package search

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
)

// StoreSymbols is the SymbolSource of an index: the page's kind, its
// declaration's attributes and conformances (docs_structured) and the
// symbols it declares (doc_symbols). Symbols found only in code examples are
// left out: the battery asks what a page declares, and an example's
// "@MainActor class Model" is not API of the page.
type StoreSymbols struct{ Store *index.Store }

// PageSymbols reads one page's symbols; an unknown URI has none.
func (s StoreSymbols) PageSymbols(ctx context.Context, uri string) (PageSymbols, error) {
	db := s.Store.DB()
	var ps PageSymbols
	var id int64
	var attrs, conforms sql.NullString
	err := db.QueryRowContext(ctx, `SELECT d.id, d.kind, s.attributes, s.conforms_to
		FROM docs d LEFT JOIN docs_structured s ON s.doc_id = d.id WHERE d.uri = ?`, uri).Scan(&id, &ps.Kind, &attrs, &conforms)
	if errors.Is(err, sql.ErrNoRows) {
		return ps, nil
	}
	if err != nil {
		return ps, fmt.Errorf("page symbols: %w", err)
	}
	if attrs.Valid && attrs.String != "" {
		if err := json.Unmarshal([]byte(attrs.String), &ps.Attributes); err != nil {
			return ps, fmt.Errorf("page symbols %s: attributes: %w", uri, err)
		}
	}
	if conforms.Valid && conforms.String != "" {
		var refs []document.Ref
		if err := json.Unmarshal([]byte(conforms.String), &refs); err != nil {
			return ps, fmt.Errorf("page symbols %s: conforms_to: %w", uri, err)
		}
		for _, r := range refs {
			ps.ConformsTo = append(ps.ConformsTo, r.Title)
		}
	}
	rows, err := db.QueryContext(ctx, `SELECT name, kind, signature, is_async, is_throws, is_static, attributes,
		conformances, generic_params, generic_constraints, origin FROM doc_symbols WHERE doc_id = ? AND origin != 'example'`, id)
	if err != nil {
		return ps, fmt.Errorf("page symbols: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var sym document.Symbol
		var attrList, conformList, params, constraints string
		if err := rows.Scan(&sym.Name, &sym.Kind, &sym.Signature, &sym.IsAsync, &sym.IsThrows, &sym.IsStatic,
			&attrList, &conformList, &params, &constraints, &sym.Origin); err != nil {
			return ps, fmt.Errorf("page symbols: %w", err)
		}
		sym.Attributes, sym.Conformances = splitList(attrList), splitList(conformList)
		sym.GenericParams, sym.GenericConstraints = splitList(params), splitList(constraints)
		ps.Symbols = append(ps.Symbols, sym)
	}
	return ps, rows.Err()
}

// splitList reverses the index's "; "-joined lists.
func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "; ")
}
