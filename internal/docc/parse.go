package docc

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
)

// Sentinel errors returned (wrapped) by Parse and Page.Document.
var (
	// ErrEmpty: the input is 0 bytes or only whitespace.
	ErrEmpty = errors.New("empty page")
	// ErrMalformed: the input is not valid JSON (the json error is wrapped too).
	ErrMalformed = errors.New("malformed JSON")
	// ErrNotDocC: valid JSON, but not a DocC render node.
	ErrNotDocC = errors.New("not a DocC render node")
	// ErrNoURI: the page names no address that docuri accepts.
	ErrNoURI = errors.New("page has no documentation URI")
)

// Parse decodes one DocC render-JSON page.
//
// A value of the wrong JSON type in some field (a number where a string is
// expected, say) does not fail the page: that value is skipped and the rest
// decoded, since one odd field must not lose a page.
func Parse(raw []byte) (*Page, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 {
		return nil, ErrEmpty
	}
	if trimmed[0] != '{' {
		if !jsontext.Value(trimmed).IsValid() {
			return nil, fmt.Errorf("%w: %w", ErrMalformed, syntaxError(trimmed))
		}
		return nil, fmt.Errorf("%w: top level is not an object", ErrNotDocC)
	}
	p := new(Page)
	if err := json.Unmarshal(trimmed, p, decodeOptions); err != nil {
		var semErr *json.SemanticError
		if !errors.As(err, &semErr) {
			return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
		}
		// The fast decoder stops at the first value of the wrong type. Check
		// the syntax of the rest, then decode again with v1 semantics, which
		// skip such values and keep going; its remaining error is that same
		// kind of mismatch, so it is dropped.
		if !jsontext.Value(trimmed).IsValid(decodeOptions) {
			return nil, fmt.Errorf("%w: %w", ErrMalformed, syntaxError(trimmed))
		}
		p = new(Page)
		_ = json.Unmarshal(trimmed, p, decodeOptions, jsonv1.ReportErrorsWithLegacySemantics(true))
	}
	if !p.isRenderNode() {
		return nil, fmt.Errorf("%w: no identifier, kind or metadata", ErrNotDocC)
	}
	return p, nil
}

// isRenderNode reports whether the decoded object looks like a render node:
// it has an identifier URL, or both a kind and some metadata.
func (p *Page) isRenderNode() bool {
	if p.Identifier.URL != "" {
		return true
	}
	m := &p.Metadata
	hasMeta := m.Title != "" || m.Role != "" || m.SymbolKind != "" || len(m.NavigatorTitle) > 0
	return p.Kind != "" && hasMeta
}

// decodeOptions accept what a browser would: duplicate names (last wins) and
// invalid UTF-8 (replaced), so no page is lost to either.
var decodeOptions = json.JoinOptions(
	jsontext.AllowDuplicateNames(true),
	jsontext.AllowInvalidUTF8(true),
)

// syntaxError returns the decoder's error for invalid JSON.
func syntaxError(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v, decodeOptions); err != nil {
		return err
	}
	return errors.New("invalid JSON")
}
