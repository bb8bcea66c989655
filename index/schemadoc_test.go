package index

import (
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update", false, "rewrite docs/schema.md")

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
	got := schemaMarkdown(t)
	const path = "../docs/schema.md"
	if *updateDocs {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v (run `go test ./index -run TestSchemaDoc -update`)", path, err)
	}
	if string(want) != got {
		t.Fatal("docs/schema.md is stale: run `go test ./index -run TestSchemaDoc -update`")
	}
}
