package enrich

// curatedSynonyms maps a framework identifier (docs.framework) to the words
// people type when they mean it. It is data, reviewed like code: each entry
// is a term a developer actually uses for the framework (a short name, an
// older brand, the feature it implements), never a query written to pass a
// test. Multi-word terms join their words with '-'. A term may name several
// frameworks ("siri"); the ranker then weighs them together.
//
// The first block is the original tool's 22 mappings, kept verbatim; the rest
// are additions.
var curatedSynonyms = map[string][]string{
	// The original's table.
	"corenfc":                      {"nfc"},
	"journalingsuggestions":        {"journaling"},
	"corebluetooth":                {"bluetooth", "ble", "bluetooth-le", "bluetooth-low-energy"},
	"corelocation":                 {"location", "gps", "geolocation", "location-services"},
	"coredata":                     {"data", "persistence"},
	"coremotion":                   {"motion", "accelerometer", "gyroscope", "pedometer"},
	"coregraphics":                 {"graphics", "quartz-2d", "quartz2d"},
	"coreimage":                    {"imageprocessing", "image-processing", "image-filters"},
	"coremedia":                    {"media"},
	"coreaudio":                    {"audio"},
	"coreml":                       {"ml", "machinelearning", "machine-learning"},
	"corespotlight":                {"spotlight", "spotlight-search"},
	"coretext":                     {"text", "text-layout"},
	"corevideo":                    {"video"},
	"corehaptics":                  {"haptics", "haptic-feedback"},
	"corewlan":                     {"wifi", "wlan", "wi-fi"},
	"coretelephony":                {"telephony", "cellular", "carrier"},
	"metalperformanceshadersgraph": {"mpsgraph"},
	"avfoundation":                 {"av", "camera", "video-capture"},
	"scenekit":                     {"scene"},
	"spritekit":                    {"sprite"},
	"groupactivities":              {"shareplay", "share-play"},

	// Older and internal brand names.
	"quartzcore":     {"core-animation", "coreanimation", "layer-animation"},
	"appkit":         {"cocoa"},
	"objectivec":     {"objc", "objc-runtime", "objective-c-runtime"},
	"dispatch":       {"gcd", "grand-central-dispatch", "libdispatch"},
	"os":             {"os-log", "unified-logging", "signposts"},
	"oslog":          {"logging", "os-log", "unified-logging"},
	"passkit":        {"wallet", "apple-pay", "passbook"},
	"cryptokit":      {"crypto", "apple-cryptokit"},
	"metal":          {"gpu"},
	"accelerate":     {"vdsp", "blas", "lapack", "vimage", "bnns"},
	"xctest":         {"unit-tests", "ui-tests", "xctestcase"},
	"testing":        {"swift-testing"},
	"charts":         {"swift-charts"},
	"identitylookup": {"sms-filtering", "call-reporting"},

	// Features people name instead of the framework.
	"storekit":               {"iap", "in-app-purchase", "in-app-purchases", "subscriptions", "app-store-purchases"},
	"usernotifications":      {"push", "push-notifications", "notifications", "local-notifications", "remote-notifications", "apns"},
	"mapkit":                 {"maps", "map"},
	"healthkit":              {"health", "health-data"},
	"widgetkit":              {"widgets", "widget", "home-screen-widgets", "complications"},
	"sirikit":                {"siri"},
	"appintents":             {"siri", "shortcuts", "app-shortcuts"},
	"activitykit":            {"live-activities", "live-activity", "dynamic-island"},
	"arkit":                  {"ar", "augmented-reality"},
	"cloudkit":               {"icloud", "icloud-sync"},
	"localauthentication":    {"face-id", "faceid", "touch-id", "touchid", "biometrics", "biometric-authentication"},
	"authenticationservices": {"passkeys", "passkey", "webauthn", "password-autofill"},
	"security":               {"keychain", "certificates"},
	"networkextension":       {"vpn", "content-filter"},
	"backgroundtasks":        {"background-fetch", "background-refresh", "bgtaskscheduler"},
	"eventkit":               {"calendar-events", "reminders"},
	"gamekit":                {"game-center", "gamecenter", "leaderboards", "achievements"},
	"gamecontroller":         {"gamepad", "game-controllers"},
	"pushkit":                {"voip-push", "voip"},
	"callkit":                {"phone-calls", "voip-calls"},
	"webkit":                 {"webview", "web-view"},
	"safariservices":         {"safari", "safari-view-controller"},
	"pdfkit":                 {"pdf"},
	"pencilkit":              {"pencil", "apple-pencil"},
	"vision":                 {"ocr", "text-recognition", "face-detection", "barcode-detection"},
	"visionkit":              {"document-scanner", "live-text", "data-scanner"},
	"naturallanguage":        {"nlp", "tokenization", "language-identification"},
	"speech":                 {"speech-recognition", "speech-to-text", "dictation"},
	"screencapturekit":       {"screen-capture", "screen-recording"},
	"replaykit":              {"broadcast", "screen-broadcast"},
	"nearbyinteraction":      {"uwb", "ultra-wideband"},
	"uniformtypeidentifiers": {"uti", "utis", "file-types"},
	"musickit":               {"apple-music"},
	"shazamkit":              {"shazam"},
	"weatherkit":             {"weather"},
	"tipkit":                 {"tips"},
	"translation":            {"translate"},
	"photos":                 {"photo-library"},
	"photosui":               {"photo-picker", "photospicker"},
	"avkit":                  {"video-player", "picture-in-picture", "pip"},
	"mediaplayer":            {"now-playing", "remote-commands"},
	"homekit":                {"smart-home", "home-automation"},
	"multipeerconnectivity":  {"peer-to-peer", "multipeer"},
	"watchconnectivity":      {"watch-sync", "wcsession"},
	"carplay":                {"car-play"},
	"createml":               {"model-training"},
}

// importNames gives the module name for framework roots whose page title and
// file name do not spell it (the title is a brand, the file lowercased).
var importNames = map[string]string{
	"objectivec": "ObjectiveC",
	"quartzcore": "QuartzCore",
}

// derivedPrefixes are the module-name prefixes after which the rest of an
// identifier is usually the plain word people search for: CoreBluetooth ->
// bluetooth, AVRouting -> routing, UIKit has nothing after "ui" but "kit"
// (a stop word). "io" is left out: IOBluetooth and IOSurface are not what
// people mean by "bluetooth" or "surface".
var derivedPrefixes = []string{"core", "av", "ui", "ns", "ml"}

// derivedStopWords are remainders too generic to mean one framework.
var derivedStopWords = map[string]bool{
	"kit": true, "ui": true, "core": true, "services": true, "service": true, "types": true,
	"foundation": true, "framework": true, "support": true, "extension": true, "js": true,
}
