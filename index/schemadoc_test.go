package index

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/golden"
)

// schemaMarkdown renders the package comment (the schema's documentation)
// and the DDL as docs/schema.md, so the document can never drift from code.
func schemaMarkdown(t *testing.T) string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "schema.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# Index schema\n\n")
	b.WriteString("<!-- Generated from index/schema.go by `go test ./index -run TestSchemaDoc -update`. Do not edit. -->\n\n")
	fmt.Fprintf(&b, "Schema version %d (`PRAGMA user_version`). Full-text ranking: `%s`.\n\n", SchemaVersion, BM25Expr)
	b.WriteString("```\n")
	b.WriteString(strings.TrimSpace(f.Doc.Text()))
	b.WriteString("\n```\n\n## DDL\n\n```sql\n")
	b.WriteString(strings.TrimSpace(schemaDDL))
	b.WriteString("\n```\n")
	return b.String()
}

func TestSchemaDocIsCurrent(t *testing.T) {
	golden.Check(t, "../docs/schema.md", []byte(schemaMarkdown(t)))
}
