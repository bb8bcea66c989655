package verify

import "github.com/cupertino-go/cupertino/internal/swiftlex"

// The checks read tokens in hundreds of places; these short names are
// swiftlex's lexer under the names the checks were written with.
type token = swiftlex.Token

const (
	tokIdent   = swiftlex.Ident
	tokKeyword = swiftlex.Keyword
	tokAttr    = swiftlex.Attr
	tokPound   = swiftlex.Pound
	tokPunct   = swiftlex.Punct
	tokNumber  = swiftlex.Number
	tokString  = swiftlex.String
)
