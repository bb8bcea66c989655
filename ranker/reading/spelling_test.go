package reading

import "testing"

func TestAmericanSpelling(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Change List row Highlight colour when tapped", "Change List row Highlight color when tapped"},
		{"Unable to add a convenience initialiser to a subclass", "Unable to add a convenience initializer to a subclass"},
		{"Why isn't a Task automatically cancelled", "Why isn't a Task automatically canceled"},
		{"tap gesture not recognised", "tap gesture not recognized"},
		{"Serialisation of a Colour", "Serialization of a Color"},
		{"optimise the behaviour", "optimize the behavior"},
		// Words that only end like British spellings stay.
		{"a promise otherwise an hour of noise", "a promise otherwise an hour of noise"},
		{"UIColor colorScheme", "UIColor colorScheme"},
	} {
		if got := AmericanSpelling(c.in); got != c.want {
			t.Errorf("AmericanSpelling(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}
