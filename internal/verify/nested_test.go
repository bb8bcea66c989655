package verify

import (
	"context"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// TestExtendedTypesGenericParameter: in an extension of an Apple generic
// type, the type's generic parameters (Result's Success and Failure, from
// its declaration) are the file's to name, not unknown types; a file that
// extends no such type has no Success.
func TestExtendedTypesGenericParameter(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		for i, p := range d.Pages {
			if p.URI == "apple-docs://swift/result" {
				d.Pages[i].Declaration = "@frozen enum Result<Success, Failure> where Failure : Error"
			}
		}
	})
	unknown := func(code string) bool {
		for _, r := range checkCode(t, g, Options{}, File{Code: code}).References {
			if r.Symbol == "Success" && r.Status == Unknown {
				return true
			}
		}
		return false
	}
	if unknown("import Foundation\nextension Result {\n  var value: Success? { try? get() }\n}\n") {
		t.Errorf("Result's generic parameter reported unknown in its extension")
	}
	if !unknown("import Foundation\nstruct Box {\n  var value: Success?\n}\n") {
		t.Errorf("Success outside any extension of Result not reported")
	}
}

// TestGenericParametersOfATypeMadeAsAParent: a type the graph first made
// as a member's parent, from the member's row (no declaration), reads its
// generic parameters when its members are loaded.
func TestGenericParametersOfATypeMadeAsAParent(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		for i, p := range d.Pages {
			if p.URI == "apple-docs://swift/result" {
				d.Pages[i].Declaration = "@frozen enum Result<Success, Failure> where Failure : Error"
			}
		}
	})
	if _, err := g.g.typeAt(context.Background(), "apple-docs://swift/result", &index.GraphPage{URI: "apple-docs://swift/result", Title: "Result", Kind: "enum", Framework: "swift"}); err != nil {
		t.Fatal(err)
	}
	for _, r := range checkCode(t, g, Options{}, File{Code: "import Foundation\nextension Result {\n  var value: Success? { try? get() }\n}\n"}).References {
		if r.Symbol == "Success" && r.Status == Unknown {
			t.Errorf("a generic parameter of a type made as a parent reported unknown")
		}
	}
}
