package verify

import "testing"

// TestDeclaredTypeOfAProperty: a property's type is read after its own
// name's colon, past an attribute's colons, and Void is no type to follow.
func TestDeclaredTypeOfAProperty(t *testing.T) {
	for decl, want := range map[string]string{
		"class var current: UIDevice { get }": "UIDevice",
		"@backDeployed(before: macOS 14.0, tvOS 17.0)\nvar horizontalSizeClass: UserInterfaceSizeClass? { get set }": "UserInterfaceSizeClass",
		"@MainActor let shared: WidgetCenter":                                                "WidgetCenter",
		"func url(for directory: FileManager.SearchPathDirectory) throws -> URL":             "URL",
		"func start(completionHandler: @escaping (MKLocalSearch.Response?, Error?) -> Void)": "",
	} {
		if got := declaredType(decl); got != want {
			t.Errorf("declaredType(%q) = %q, want %q", decl, got, want)
		}
	}
}
