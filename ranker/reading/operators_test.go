package reading

import (
	"strings"
	"testing"
)

// TestNameOperators pins the operator reading: an operator standing alone
// in words gets its name; code keeps its text; prose's punctuation ("...",
// "!") is named only when quoted, beside another operator, or where the
// query speaks of operators or meaning.
func TestNameOperators(t *testing.T) {
	for _, c := range []struct{ query, want string }{
		{"Difference between == and ===", "== as equal to comparison operators Equatable | === as identity operators identical to"},
		{"What is the ?? operator", "?? as nil-coalescing operator"},
		{"What does `!` do", "! as forced unwrapping"},
		{"What does ! mean", "! as forced unwrapping"},
		{"Swift ..< vs ...", "..< as half-open range operator | ... as closed range operator"},
		{"What does $0 mean in a closure", "$0 as shorthand argument names closures"},
		{"as? vs as!", "as? as type casting downcasting conditional form | as! as type casting downcasting forced form"},
		{"Loading ... takes forever", ""},    // an ellipsis
		{"Help ! app crashes", ""},           // an exclamation
		{"let x = a ?? b", ""},               // code keeps its text
		{"if a == b { print(a) }", ""},       // code keeps its text
		{"NavigationStack path binding", ""}, // no operator
		// Spelled in words.
		{"What does an exclamation mark mean in the Swift language?", "exclamation mark as forced unwrapping"},
		{"double question mark in Swift", "double question mark as nil-coalescing operator"},
		{"question mark after a type", ""},
		// Marks that are not operators, written or spelled.
		{"What is the `@` used for", "@ as attributes"},
		{"What does the # symbol mean in Swift", "# as compiler control statements macro expansion"},
		{"Tom & Jerry", ""}, // prose's ampersand
		{"What does the dollar sign mean in SwiftUI", "dollar sign as projected value property wrapper"},
		{`What is the backslash(\) used for in SwiftUI?`, `backslash as key path expression string interpolation`},
		{"What does the underscore before a parameter mean", "underscore as wildcard pattern omit argument labels"},
		{"convert underscore keys to camel case", ""}, // no question about the mark
		{"price label with a pound sign", ""},
		{"Why does my app crash at sign in with Apple", ""},
		{"What is the at sign-in flow", ""},
		{"how to expand tilde in file path swift", ""},
		{"What does tilde equals do in a switch", "tilde equals as pattern-matching operator expression pattern"},
	} {
		_, named := nameOperators(c.query)
		if got := strings.Join(named, " | "); got != c.want {
			t.Errorf("nameOperators(%q) named %q, want %q", c.query, got, c.want)
		}
	}
	// The words as typed stay, each operator's name after it.
	if got, _ := nameOperators("What is the ?? operator"); got != "What is the ?? nil-coalescing operator operator" {
		t.Errorf("named query %q", got)
	}
}

// TestOperatorQuestionsSearch: a question made of operators and scaffolding
// was "empty query"; it now searches the operators' names.
func TestOperatorQuestionsSearch(t *testing.T) {
	form := ReadQuestionForm("Difference between == and ===", nil)
	if !strings.Contains(form.Core, "identity operators") || !strings.Contains(form.Core, "comparison operators") {
		t.Errorf("core %q lacks the operators' names", form.Core)
	}
	if line := QuestionFormLine(form); !strings.Contains(line, "named == as") {
		t.Errorf("--explain line %q does not name the operators", line)
	}
}
