package index

import (
	"cmp"
	"context"
	"regexp"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// genericDeclsRead bounds the declarations GenericArguments reads for one
// type: the full-text search finds every declaration that names it.
const genericDeclsRead = 400

// GenericArguments returns the types the documentation's declarations
// write as the one argument of the generic type named name
// (`-> VerificationResult<Transaction>?`, `VerificationResult<AppTransaction>`),
// distinct, the most written first, among the first genericDeclsRead declarations that
// name it. A pattern that binds the value of a generic enumeration's case
// (`case .verified(let transaction)`) is a value of one of them.
func (l *NameLookup) GenericArguments(ctx context.Context, name string) ([]string, error) {
	if !isWord(name) || !l.hasTable("doc_symbols_fts") {
		return nil, nil
	}
	written := regexp.MustCompile(`\b` + name + `<([A-Z][A-Za-z0-9_.]*)>`)
	var out []string
	sigs, err := sqlrows.Column[string](ctx, l.fixed(), "declarations of "+name+"<…>",
		`SELECT s.signature FROM doc_symbols s WHERE s.id IN (SELECT rowid FROM doc_symbols_fts WHERE doc_symbols_fts MATCH ? LIMIT ?)`,
		[]any{`signature:"` + name + `"`, genericDeclsRead})
	if err != nil {
		return nil, err
	}
	count := map[string]int{}
	for _, sig := range sigs {
		for _, m := range written.FindAllStringSubmatch(sig, -1) {
			if count[m[1]]++; count[m[1]] == 1 {
				out = append(out, m[1])
			}
		}
	}
	// The most written first (Transaction before AppTransaction): a
	// finding names the first.
	slices.SortFunc(out, func(a, b string) int { return cmp.Or(count[b]-count[a], strings.Compare(a, b)) })
	return out, nil
}
