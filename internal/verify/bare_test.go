package verify

import "testing"

// TestBareNameAConditionTests: a name with no receiver that a condition
// tests alone (`if !isPictureInPictureActive {`) in a subclass of an Apple
// class is self's property, judged on the ancestor, unless the file
// declares it; a managed object's subclass is left alone (Core Data
// generates its properties in another file).
func TestBareNameAConditionTests(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		addFilled(d, "apple-docs://coredata/nsmanagedobject", "NSManagedObject", "class", "coredata")
	})
	runTypedCases(t, g, []typedCase{
		{"a name the Apple ancestor lacks", "import UIKit\nfinal class D: UIDevice {\n  func f() {\n    if !hasNotch { print(1) }\n  }\n}\n", NotOnType, "hasNotch"},
		{"in a guard, beside another condition", "import UIKit\nfinal class D: UIDevice {\n  func f() {\n    guard hasNotch, true else { return }\n  }\n}\n", NotOnType, "hasNotch"},
		{"a name the file declares", "import UIKit\nfinal class D: UIDevice {\n  var hasNotch = false\n  func f() {\n    if !hasNotch { print(1) }\n  }\n}\n", "", ""},
		{"a managed object's subclass", "import CoreData\nfinal class Item: NSManagedObject {\n  func f() {\n    if hasNotch { print(1) }\n  }\n}\n", "", ""},
	})
}
