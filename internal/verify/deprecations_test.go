package verify

import (
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

func TestCuratedDeprecations(t *testing.T) {
	tests := []struct {
		name, family, target, code string
		want                       []string // matched entries
	}{
		{"type", "foundation", "ios17.0", "let c = NSURLConnection(request: r, delegate: nil)", []string{"NSURLConnection"}},
		{"own type of the same name is fine", "swiftui", "ios17.0", "struct NavigationView {}\nlet n = NavigationView()", nil},
		{"soft deprecation below its floor", "swiftui", "ios15.0", "NavigationView { Text(\"a\") }", nil},
		{"soft deprecation at its floor", "swiftui", "ios16.0", "NavigationView { Text(\"a\") }", []string{"NavigationView"}},
		{"modifier, not a property", "swiftui", "ios17.0", "Text(\"a\").foregroundColor(.red)\nlet foregroundColor = 1", []string{".foregroundColor("}},
		{"onChange with perform label", "swiftui", "ios17.0", "Text(\"a\").onChange(of: x, perform: { v in })", []string{".onChange("}},
		{"onChange one-value closure", "swiftui", "ios17.0", "Text(\"a\").onChange(of: x) { value in print(value) }", []string{".onChange("}},
		{"onChange two-value closure is current", "swiftui", "ios17.0", "Text(\"a\").onChange(of: x) { old, new in }", nil},
		{"animation without value", "swiftui", "ios17.0", "Text(\"a\").animation(.easeIn)", []string{".animation("}},
		{"animation with value", "swiftui", "ios17.0", "Text(\"a\").animation(.easeIn, value: x)", nil},
		{"ObservableObject only in observation tasks", "swiftui", "ios17.0", "final class M: ObservableObject { @Published var x = 0 }", nil},
		{"ObservableObject in observation tasks", familyObservation, "ios17.0", "final class M: ObservableObject { @Published var x = 0 }", []string{"ObservableObject", "@Published"}},
		{"main-queue hop only in concurrency tasks", "foundation", "ios17.0", "DispatchQueue.main.async { }", nil},
		{"main-queue hop in concurrency tasks", familyConcurrency, "ios17.0", "DispatchQueue.main.async { }\nDispatchQueue.main.asyncAfter(deadline: .now()) { }", []string{"DispatchQueue.main.async", "DispatchQueue.main.asyncAfter"}},
		{"member chain", "swiftui", "ios17.0", "let w = UIApplication.shared.windows.first", []string{"shared.windows"}},
		{"macOS entries", "foundation", "macos14.0", "let p = Process()\np.launchPath = \"/bin/ls\"", []string{".launchPath"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			target, err := ParseTarget(tt.target)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, h := range FindDeprecations(Analyze(tt.code), Deprecations, tt.family, target) {
				got = append(got, h.Entry.Match)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("got %v, want %v", got, tt.want)
				}
			}
		})
	}
}

func TestDeprecationEntriesAreWellFormed(t *testing.T) {
	for _, d := range Deprecations {
		if len(swiftlex.Lex(d.Match)) == 0 || d.Replacement == "" || d.Why == "" {
			t.Errorf("entry %q is incomplete", d.Match)
		}
		for _, f := range strings.Fields(d.Since) {
			if _, err := ParseTarget(f); err != nil {
				t.Errorf("entry %q: bad since %q", d.Match, f)
			}
		}
	}
	if len(Deprecations) < 24 {
		t.Errorf("the curated map has %d entries; the issue asks for a few dozen", len(Deprecations))
	}
}
