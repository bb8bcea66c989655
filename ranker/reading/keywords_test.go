package reading

import (
	"strings"
	"testing"
)

// TestClosureWordsBesideKeywords: closureWords once listed the keywords
// that open a block too; it is read only beside swiftKeywords, so those
// moved out of it only if swiftKeywords still holds every one.
func TestClosureWordsBesideKeywords(t *testing.T) {
	for _, w := range strings.Fields("else do catch in get set willSet didSet defer repeat then body") {
		if !swiftKeywords[w] && !closureWords[w] {
			t.Errorf("%q no longer opens a block of code for the reading", w)
		}
	}
}
