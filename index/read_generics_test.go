package index

import (
	"context"
	"slices"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestGenericArguments: the types the declarations write as a generic
// type's one argument, the most written first, each once; a name written
// inside another (`MyVerificationResult<X>`) or with two arguments is none
// of its.
func TestGenericArguments(t *testing.T) {
	page := func(uri string, sigs ...string) *document.Document {
		d := &document.Document{URI: uri, Source: document.SourceAppleDocs, Framework: "storekit", Title: uri, Kind: "method", Markdown: "# x\n"}
		for _, s := range sigs {
			d.Symbols = append(d.Symbols, document.Symbol{Name: "f", Kind: "func", Signature: s})
		}
		return d
	}
	l := openLookup(t, storeOf(t,
		page("apple-docs://storekit/a", "static var latest: VerificationResult<Transaction>?", "func f(_ r: VerificationResult<AppTransaction>)"),
		page("apple-docs://storekit/b", "var updates: AsyncStream<VerificationResult<Transaction>>"),
		page("apple-docs://storekit/c", "func g() -> MyVerificationResult<Other>", "func h() -> VerificationResult<Transaction, Never>"),
	).Path())
	got, err := l.GenericArguments(context.Background(), "VerificationResult")
	mustNoErr(t, err)
	if want := []string{"Transaction", "AppTransaction"}; !slices.Equal(got, want) {
		t.Errorf("GenericArguments = %v, want %v", got, want)
	}
	if got, err := l.GenericArguments(context.Background(), "Verification Result"); err != nil || got != nil {
		t.Errorf("a name that is no word: %v, %v", got, err)
	}
}
