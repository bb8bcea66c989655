package verify

import "testing"

// TestDeclaredTypeOfAProperty: a property's type is read after its own
// name's colon, past an attribute's colons; Void is no type to follow, and
// a completion handler's form gives what its awaited call returns.
func TestDeclaredTypeOfAProperty(t *testing.T) {
	wantEach(t, "declaredType", declaredType, map[string]string{
		"class var current: UIDevice { get }": "UIDevice",
		"@backDeployed(before: macOS 14.0, tvOS 17.0)\nvar horizontalSizeClass: UserInterfaceSizeClass? { get set }": "UserInterfaceSizeClass",
		"@MainActor let shared: WidgetCenter":                                                "WidgetCenter",
		"func url(for directory: FileManager.SearchPathDirectory) throws -> URL":             "URL",
		"func start(completionHandler: @escaping (MKLocalSearch.Response?, Error?) -> Void)": "MKLocalSearch.Response",
		"func stop() -> Void": "",
	})
}

// TestAwaitedValueOfACompletionHandler: a function of the
// completion-handler form returns, when awaited, the handler's value
// (Swift's import of it as async); a function returning a value itself,
// a handler of two values or one with no error case gives none of its own.
func TestAwaitedValueOfACompletionHandler(t *testing.T) {
	// awaited is awaitedValueText's two results, to compare as one.
	type awaited struct {
		text string
		ok   bool
	}
	wantEach(t, "awaitedValueText", func(decl string) awaited {
		text, ok := awaitedValueText(decl)
		return awaited{text, ok}
	}, map[string]awaited{
		"class func loadAchievements(completionHandler: (([GKAchievement]?, (any Error)?) -> Void)? = nil)":                          {"[GKAchievement]", true},
		"func requestAuthorization(options: UNAuthorizationOptions = [], completionHandler: @escaping (Bool, (any Error)?) -> Void)": {"Bool", true},
		"func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void)":                      {"UNNotificationSettings", true},
		// A closure parameter before the handler: its arrow closes no bracket.
		"func perform(_ body: @escaping (Int) -> Bool, completion: @escaping (String?, (any Error)?) -> Void)":                         {"String", true},
		"func dataTask(with url: URL, completionHandler: @escaping (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask": {"", false},
		"func enumerate(_ block: (String, Int) -> Void)":                                                                               {"", false},
		"var delegate: (any Delegate)? { get set }":                                                                                    {"", false},
	})
	if got := declaredElementType("class func loadAchievements(completionHandler: (([GKAchievement]?, (any Error)?) -> Void)? = nil)"); got != "GKAchievement" {
		t.Errorf("the awaited array's element: %q, want GKAchievement", got)
	}
}
