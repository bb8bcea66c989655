package verify

import (
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

func checkTyped(t *testing.T, code string) []Reference {
	t.Helper()
	return checkTypedOn(t, testGraph(), code)
}

// checkTypedOn is checkTyped over another table.
func checkTypedOn(t *testing.T, table SymbolTable, code string) []Reference {
	t.Helper()
	rep := checkCode(t, table, Options{}, File{Code: code})
	var out []Reference
	for _, f := range rep.Findings {
		if f.Status != Unknown || strings.Contains(f.Why, "on ") {
			out = append(out, f)
		}
	}
	return out
}

// typedCase is a snippet and the typed finding it should give: want is
// "" for none, symbol the member or case the finding names.
type typedCase struct {
	name, code string
	want       Status
	symbol     string
}

func TestTypedChecks(t *testing.T) {
	runTypedCases(t, testGraph(), []typedCase{
		{"labels fit no overload", "import Dispatch\nDispatchQueue.main.asyncAfter(seconds: 2) { }\n", WrongLabels, "asyncAfter"},
		{"defaulted parameters left out", "import Dispatch\nDispatchQueue.main.asyncAfter(deadline: .now() + 1) { }\n", "", ""},
		{"trailing closure takes the last parameter", "import Dispatch\nDispatchQueue.main.asyncAfter(deadline: t, qos: .utility) { }\n", "", ""},
		{"required label left out", "import Dispatch\nDispatchQueue.main.asyncAfter(execute: w)\n", WrongLabels, "asyncAfter"},
		{"member through a singleton's declared type", "import UIKit\nif UIDevice.current.hasNotch { }\n", NotOnType, "hasNotch"},
		{"member that is there", "import UIKit\nlet n = UIDevice.current.name\n", "", ""},
		{"a link named like a local of the file", "import UIKit\nlet current = 1\nif UIDevice.current.hasNotch { }\n", NotOnType, "hasNotch"},
		{"a link named like the file's own member", "import UIKit\nstruct S { var current = 1 }\nif UIDevice.current.hasNotch { }\n", "", ""},
		{"member of a local of written type", "import UIKit\nlet d = UIDevice()\nprint(d.hasNotch)\n", NotOnType, "hasNotch"},
		{"a local a call of the file's function binds", "import UIKit\nfunc makeDevice() async -> UIDevice { UIDevice() }\nfunc f() async {\n  let d = await makeDevice()\n  print(d.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"the file's function of two return types", "import UIKit\nstruct A { func make() -> UIDevice { UIDevice() } }\nstruct B { func make() -> UIScreen { UIScreen() } }\nlet d = make()\nprint(d.hasNotch)\n", "", ""},
		{"the file's function of an optional", "import UIKit\nfunc makeDevice() -> UIDevice? { nil }\nlet d = makeDevice()\nprint(d?.name)\n", "", ""},
		{"a name an optional property unwraps into", "import UIKit\nfinal class M {\n  private var device: UIDevice?\n  func f() {\n    guard let d = device else { return }\n    print(d.hasNotch)\n  }\n}\n", NotOnType, "hasNotch"},
		{"a name an optional property unwraps into, in an if", "import UIKit\nfinal class M {\n  private var device: UIDevice?\n  func f() {\n    if let d = device {\n      print(d.name)\n    }\n  }\n}\n", "", ""},
		{"member of self in a subclass", "import UIKit\nclass D: UIDevice {\n  func f() { print(self.hasNotch) }\n}\n", NotOnType, "hasNotch"},
		{"a static through Self in a subclass", "import UIKit\nclass D: UIDevice {\n  static func f() -> Bool { Self.hasNotch }\n}\n", NotOnType, "hasNotch"},
		{"the subclass's own static through Self", "import UIKit\nclass D: UIDevice {\n  static let hasNotch = false\n  func f() { print(Self.hasNotch) }\n}\n", "", ""},
		{"member of self in a subclass of the file's own subclass", "import UIKit\nclass Base: UIDevice {}\nclass D: Base {\n  func f() { print(self.hasNotch) }\n}\n", NotOnType, "hasNotch"},
		{"member of a value of the file's own subclass", "import UIKit\nfinal class D: UIDevice {}\nlet d = D()\nprint(d.hasNotch)\n", NotOnType, "hasNotch"},
		{"member of a value of a subclass of the file's own subclass", "import UIKit\nclass Base: UIDevice {}\nfinal class D: Base {}\nlet d = D()\nprint(d.hasNotch)\n", NotOnType, "hasNotch"},
		{"a member the file's own subclass declares", "import UIKit\nfinal class D: UIDevice {\n  var hasNotch = false\n}\nlet d = D()\nprint(d.hasNotch)\n", "", ""},
		{"a real member of a value of the file's own subclass", "import UIKit\nfinal class D: UIDevice {}\nlet d = D()\nprint(d.name)\n", "", ""},
		{"a value of the file's own class of no Apple superclass", "import UIKit\nfinal class D {}\nlet d = D()\nprint(d.hasNotch)\n", "", ""},
		{"member through self of a stored property of a written type", "import UIKit\nfinal class Model {\n  private let device = UIDevice()\n  func f() -> Bool { self.device.hasNotch }\n}\n", NotOnType, "hasNotch"},
		{"member through self of a stored property in a subclass of an Apple class", "import UIKit\nfinal class Model: NSObject {\n  private let device = UIDevice()\n  func f() -> Bool { self.device.hasNotch }\n}\n", NotOnType, "hasNotch"},
		{"member through self of a stored property an initializer's parameter of the same type sets", "import UIKit\nfinal class Model {\n  private let device: UIDevice\n  init(device: UIDevice) { self.device = device }\n  func f() -> Bool { self.device.hasNotch }\n}\n", NotOnType, "hasNotch"},
		{"a stored property, not the initializer's parameter of its name and another type", "import UIKit\nfinal class Model {\n  private let device: UIDevice\n  init(device: UIScreen) { self.device = UIDevice() }\n  func f() -> Bool { self.device.hasNotch }\n}\n", NotOnType, "hasNotch"},
		{"an optional property a method's local of the same type shadows", "import UIKit\nfinal class Model {\n  private var device: UIDevice?\n  func a() {\n    let device = UIDevice()\n    print(device)\n  }\n  func b() { print(device?.hasNotch) }\n}\n", NotOnType, "hasNotch"},
		{"an optional property, not another method's local of its name and another type", "import UIKit\nfinal class Model {\n  private var device: UIDevice?\n  func a() {\n    let device = UIScreen()\n    print(device)\n  }\n  func b() { print(device?.hasNotch) }\n}\n", NotOnType, "hasNotch"},
		{"a method's local of another type, not the optional property of its name", "import UIKit\nfinal class Model {\n  private var device: UIScreen?\n  func a() {\n    let device = UIDevice()\n    print(device.hasNotch)\n  }\n  func b() { print(device?.hasNotch) }\n}\n", NotOnType, "hasNotch"},
		{"an element of the collection a ForEach is given", "import SwiftUI\nimport UIKit\nstruct V: View {\n  let devices: [UIDevice]\n  var body: some View {\n    ForEach(devices, id: \\.self) { device in\n      Text(device.hasNotch ? \"a\" : \"b\")\n    }\n  }\n}\n", NotOnType, "hasNotch"},
		{"a ForEach over a range", "import SwiftUI\nimport UIKit\nstruct V: View {\n  let devices: [UIDevice]\n  var body: some View {\n    ForEach(0..<3) { device in\n      Text(device.hasNotch ? \"a\" : \"b\")\n    }\n  }\n}\n", "", ""},
		{"the new value onChange(of:) gives", "import SwiftUI\nimport UIKit\nstruct V: View {\n  @State private var device: UIDevice?\n  var body: some View {\n    Text(\"a\")\n      .onChange(of: device) { _, newDevice in\n        guard let newDevice else { return }\n        print(newDevice.hasNotch)\n      }\n  }\n}\n", NotOnType, "hasNotch"},
		{"a value onChange(of:) gives of a type not written", "import SwiftUI\nimport UIKit\nstruct V: View {\n  @State private var device = make()\n  var body: some View {\n    Text(\"a\")\n      .onChange(of: device) { _, newDevice in\n        print(newDevice.hasNotch)\n      }\n  }\n}\n", "", ""},
		{"member of a call's result cast to a type", "import UIKit\nlet d = make(1) as! UIDevice\nprint(d.hasNotch)\n", NotOnType, "hasNotch"},
		{"member of a conditional cast or a new value of the type", "import UIKit\nlet d = x as? UIDevice ?? UIDevice()\nprint(d.hasNotch)\n", NotOnType, "hasNotch"},
		{"a conditional cast or another value is not typed", "import UIKit\nlet d = x as? UIDevice ?? other\nprint(d.hasNotch)\n", "", ""},
		{"member through a static property of the file's own type", "import UIKit\nenum Devices {\n  static let main = UIDevice()\n}\nprint(Devices.main.hasNotch)\n", NotOnType, "hasNotch"},
		{"real member through a static property of the file's own type", "import UIKit\nenum Devices {\n  static let main = UIDevice()\n}\nprint(Devices.main.name)\n", "", ""},
		{"member through Self's static property", "import UIKit\nstruct Devices {\n  private static let main: UIDevice = UIDevice()\n  func f() -> Bool { Self.main.hasNotch }\n}\n", NotOnType, "hasNotch"},
		{"real member through Self's static property", "import UIKit\nstruct Devices {\n  private static let main: UIDevice = UIDevice()\n  func f() -> String { Self.main.name }\n}\n", "", ""},
		{"real member through self of a stored property", "import UIKit\nfinal class Model {\n  private let device = UIDevice()\n  func f() -> String { self.device.name }\n}\n", "", ""},
		{"a name a declaration binds after its first is a local", "import UIKit\nclass D: UIDevice {\n  func f() {\n    var count = 0, hasNotch = 0\n    hasNotch = max(count, hasNotch)\n  }\n}\n", "", ""},
		{"inherited property written bare", "import UIKit\nclass D: UIDevice {\n  func f() { print(name.count) }\n}\n", "", ""},
		{"a local bound to an inherited method's value", "import UIKit\nclass D: UIDevice {\n  func f() {\n    let s = mainScreen()\n    print(s.name)\n  }\n}\n", NotOnType, "name"},
		{"a local bound to an element of an inherited method's array", "import UIKit\nclass D: UIDevice {\n  func f() {\n    guard let s = screens(for: 1).first(where: { $0.hasNotch }) else { return }\n    print(s.name)\n  }\n}\n", NotOnType, "name"},
		{"a local bound through self", "import UIKit\nclass D: UIDevice {\n  func f() {\n    let s = self.mainScreen()\n    print(s.name)\n  }\n}\n", NotOnType, "name"},
		{"a local bound to a method the class declares after it", "import UIKit\nclass D: UIDevice {\n  func f() {\n    let s = mainScreen()\n    print(s.name)\n  }\n  func mainScreen() -> Model { Model() }\n}\n", "", ""},
		{"a call's label `in` on a body's first line declares no closure parameters", "import UIKit\nfinal class M {\n  let device = UIDevice()\n  func f() { device.hasNotch = true }\n  func g(device: UIDevice) {\n    print(device.name.trimmingCharacters(in: .whitespaces))\n  }\n}\n", NotOnType, "hasNotch"},
		{"a local bound to a call outside a class", "import UIKit\nfunc f() {\n  let s = mainScreen()\n  print(s.name)\n}\n", "", ""},
		{"a value a closure's capture list captures keeps its type", "import UIKit\nfunc f(q: DispatchQueue) {\n  let d = UIDevice()\n  q.async { [weak d] in print(d?.hasNotch) }\n}\n", NotOnType, "hasNotch"},
		{"a capture list's named value is a local of its own", "import UIKit\nclass D: UIDevice {\n  func f(q: DispatchQueue) {\n    q.async { [current = self.mainScreen()] in print(current.hasNotch) }\n  }\n}\n", "", ""},
		{"a parameter narrowed by a cast under its own name", "import UIKit\nfunc f(d: Any) {\n  guard let d = d as? UIDevice else { return }\n  print(d.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"an array parameter narrowed by a cast under its own name", "import UIKit\nfunc f(ds: [Any]?) {\n  guard let ds = ds as? [UIDevice] else { return }\n  print(ds.map { $0.hasNotch })\n}\n", NotOnType, "hasNotch"},
		{"local bound to a method's value on a new instance", "import UIKit\nlet s = UIDevice().mainScreen()\nprint(s.name)\n", NotOnType, "name"},
		{"local bound through a chain", "import UIKit\nlet d = UIDevice.current\nprint(d.hasNotch)\n", NotOnType, "hasNotch"},
		{"leading dot assigned to a property", "import UIKit\nlet v = UIImageView()\nv.contentMode = .aspectFit\n", NoSuchCase, "aspectFit"},
		{"leading dot that is a case", "import UIKit\nlet v = UIImageView()\nv.contentMode = .scaleAspectFit\n", "", ""},
		{"leading dot named like the file's own case", "import UIKit\nenum Fit { case aspectFit, fill }\nlet v = UIImageView()\nv.contentMode = .aspectFit\nlet f: Fit = .aspectFit\n", NoSuchCase, "aspectFit"},
		{"an instance member of a one-line class is no static member", "import UIKit\nclass Box { var aspectFit = 1 }\nlet v = UIImageView()\nv.contentMode = .aspectFit\n", NoSuchCase, "aspectFit"},
		{"the file's own case in its own context", "import UIKit\nenum Fit { case aspectFit, fill }\nfunc f() -> Fit { .aspectFit }\n", "", ""},
		{"leading dot the file declares static on the type", "import UIKit\nenum Fit { case aspectFit }\nextension UIView.ContentMode { static let aspectFit = UIView.ContentMode.scaleAspectFit }\nlet v = UIImageView()\nv.contentMode = .aspectFit\n", "", ""},
		{"leading dot argument", "import UIKit\nlet v = UIImageView()\nv.setMode(.aspectFit, animated: true)\n", NoSuchCase, "aspectFit"},
		{"a case named on its type that it has", "import UIKit\nlet m = UIStackView.Alignment.center\n", "", ""},
		{"a case another type has, named on its type", "import UIKit\nlet m = UIImage.RenderingMode.leading\n", NotOnType, "leading"},
		{"a member of a value of the type is no static one", "import UIKit\nlet m = UIStackView.Alignment(rawValue: 1)?.centerY\n", "", ""},
		{"a case named on the file's own type", "import UIKit\nenum Alignment { case centerY }\nlet m = Alignment.centerY\n", "", ""},
		{"a stored property named like the member of an Apple type written as the receiver", "import UIKit\nfinal class Model {\n  var hasNotch = false\n  func f() { hasNotch = UIDevice.current.hasNotch }\n}\n", NotOnType, "hasNotch"},
		{"a stored property named like the member of a typed parameter", "import UIKit\nfinal class Model {\n  var hasNotch = false\n  func f(d: UIDevice) { hasNotch = d.hasNotch }\n}\n", NotOnType, "hasNotch"},
		{"an extension's property on the Apple type", "import UIKit\nextension UIDevice {\n  var hasNotch: Bool { false }\n}\nlet x = UIDevice.current.hasNotch\n", "", ""},
		{"a local bound to a singleton named by a keyword", "import CloudKit\nlet container = CKContainer.default()\nlet db = container.database(with: .personal)\n", NoSuchCase, "personal"},
		{"a local named like the member it is bound from", "import CloudKit\nlet c = CKContainer()\nlet database = c.database(with: .personal)\n", NoSuchCase, "personal"},
		{"a local named like the member, real case", "import CloudKit\nlet c = CKContainer()\nlet database = c.database(with: .private)\n", "", ""},
		{"leading dot in a set literal", "import UIKit\nlet v = UIImageView()\nv.setModes([.scaleToFill, .aspectFit])\n", NoSuchCase, "aspectFit"},
		{"leading dot in an array literal", "import UIKit\nlet v = UIImageView()\nv.setModeList([.aspectFill])\n", NoSuchCase, "aspectFill"},
		{"real leading dots in a collection literal", "import UIKit\nlet v = UIImageView()\nv.setModes([.scaleToFill, .scaleAspectFit])\n", "", ""},
		{"Optional's none", "import UIKit\nlet v = UIImageView()\nv.setMode(.none, animated: true)\n", "", ""},
		{"labels on a type of Objective-C era pages", "import Foundation\nlet fm = FileManager()\nprint(fm.fileExists(at: u))\n", WrongLabels, "fileExists"},
		{"real labels there", "import Foundation\nlet fm = FileManager()\nprint(fm.fileExists(atPath: p))\n", "", ""},
		{"a required label of a Foundation class's method known by its title left out", "import Foundation\nlet fm = FileManager()\ntry fm.createDirectory(at: u)\n", WrongLabels, "createDirectory"},
		{"an importer default of a Foundation class's method left out", "import Foundation\nlet fm = FileManager()\ntry fm.createDirectory(at: u, withIntermediateDirectories: true)\n", "", ""},
		{"an Objective-C variadic's arguments left out", "import Foundation\nlet fm = FileManager()\nfm.logFormat(with: \"done\")\n", "", ""},
		{"no member judged there", "import Foundation\nlet fm = FileManager()\nprint(fm.documentsDirectory)\n", "", ""},
		{"no such initializer", "import UIKit\nlet c = UIColor(hex: \"#fff\")\n", NoSuchInitializer, "UIColor"},
		{"a real initializer", "import UIKit\nlet c = UIColor(red: 1, green: 0, blue: 0, alpha: 1)\n", "", ""},
		{"the file's own initializer", "import UIKit\nextension UIColor {\n  convenience init(hex: String) { self.init(white: 1, alpha: 1) }\n}\nlet c = UIColor(hex: \"#fff\")\n", "", ""},
		{"labels on an opaque some View", "import SwiftUI\nlet v = Text(\"a\").bold().padding(4).shadow(radius: 2, color: .black)\n", WrongLabels, "shadow"},
		{"labels at the end of a chain of seven modifiers", "import SwiftUI\nlet v = Text(\"a\").bold().padding(4).padding(2).padding(1).padding(3).padding(5).padding(6).shadow(radius: 2, color: .black)\n", WrongLabels, "shadow"},
		{"member an opaque some View lacks", "import SwiftUI\nlet v = Text(\"a\").padding(4).separatorStyle(.none)\n", NotOnType, "separatorStyle"},
		{"labels an opaque some View takes", "import SwiftUI\nlet v = Text(\"a\").padding(4).shadow(radius: 2)\n", "", ""},
		{"overloads that return different opaque types", "import SwiftUI\nlet v = Text(\"a\").mask(1).separatorStyle(.none)\n", "", ""},
		{"a member a view of the file's own lacks", "import SwiftUI\nstruct Row: View {\n  var body: some View { Text(\"a\") }\n}\nlet v = Row().separatorStyle(.none)\n", NotOnType, "separatorStyle"},
		{"labels on a view of the file's own", "import SwiftUI\nstruct Row: View {\n  var body: some View { Text(\"a\") }\n}\nlet v = Row().shadow(radius: 2, color: .black)\n", WrongLabels, "shadow"},
		{"View's member on a view of the file's own", "import SwiftUI\nstruct Row: View {\n  var body: some View { Text(\"a\") }\n}\nlet v = Row().padding(4).shadow(radius: 2)\n", "", ""},
		{"a member a view of the file's own declares", "import SwiftUI\nstruct Row: View {\n  var body: some View { Text(\"a\") }\n  func separatorStyle(_ s: Int) -> some View { self }\n}\nlet v = Row().separatorStyle(1)\n", "", ""},
		{"a view of the file's own that the file extends is not judged", "import SwiftUI\nstruct Row: View {\n  var body: some View { Text(\"a\") }\n}\nextension Row: Sendable {}\nlet v = Row().separatorStyle(.none)\n", "", ""},
		{"a type of the file's own with another conformance is not judged", "import SwiftUI\nstruct Row: View, Identifiable {\n  var body: some View { Text(\"a\") }\n}\nlet v = Row().separatorStyle(.none)\n", "", ""},
		{"a macro attribute's leading dot its parameter's type lacks", "import SwiftData\nfinal class Song {\n  @Attribute(.unique, .indexed) var title: String\n}\n", NoSuchCase, "indexed"},
		{"a macro attribute's real leading dots", "import SwiftData\nfinal class Song {\n  @Attribute(.unique, .externalStorage, originalName: \"t\") var title: String\n}\n", "", ""},
		{"a macro attribute's labels that fit no declaration", "import SwiftData\nfinal class Song {\n  @Attribute(.unique, renamed: \"t\") var title: String\n}\n", WrongLabels, "Attribute"},
		{"a macro of a framework the file does not import is not judged", "import Foundation\nfinal class Song {\n  @Attribute(.indexed) var title: String\n}\n", "", ""},
		{"a member a short SwiftUI list lacks", "import SwiftUI\nlet path = NavigationPath()\npath.removeAll()\n", NotOnType, "removeAll"},
		{"a member a short SwiftUI list has", "import SwiftUI\nlet path = NavigationPath()\npath.removeLast(1)\n", "", ""},
		{"member through a force-unwrapped initializer's chain", "import UIKit\nlet s = UIDevice(coder: c)!.mainScreen()\nprint(s.name)\n", NotOnType, "name"},
		{"member through a local's optional chain", "import UIKit\nlet d = UIDevice()\nguard let s = d?.mainScreen() else { return }\nprint(s.removeAll())\nprint(s.name)\n", NotOnType, "name"},
		{"member through a guard's chain", "import UIKit\nlet d = UIDevice()\nguard let s = d.mainScreen() else { return }\nprint(s.name)\n", NotOnType, "name"},
		{"a chain's call is read as the overload its labels fit", "import UIKit\nlet d = UIDevice()\nguard let s = d.current(for: 0) else { return }\nprint(s.hasNotch)\n", "", ""},
		{"a chain's call is read as the overload its labels fit, not the property", "import UIKit\nlet d = UIDevice()\nguard let s = d.current(for: 0) else { return }\nprint(s.name)\n", NotOnType, "name"},
		{"a local bound to a chain keeps its links' labels", "import UIKit\nlet dev = UIDevice.current\nlet scr = dev.current(for: 0)\nprint(scr.name)\n", NotOnType, "name"},
		{"an inherited property a guard unwraps under its own name", "import UIKit\nclass V: UIImageView {\n  func f() {\n    guard let contentMode = contentMode else { return }\n    print(contentMode.hasNotch)\n  }\n}\n", NotOnType, "hasNotch"},
		{"an initializer called with a trailing closure alone", "import UIKit\nlet d = UIDevice { _ in }\nprint(d.hasNotch)\n", NotOnType, "hasNotch"},
		{"a binding a closure's parameter shadows, outside the closure", "import UIKit\nlet d = UIDevice { d, _ in\n  print(d)\n}\nprint(d.hasNotch)\n", NotOnType, "hasNotch"},
		{"a member through self of an optional stored property", "import UIKit\nfinal class M {\n  var device: UIDevice?\n  func f() { print(self.device?.hasNotch) }\n}\n", NotOnType, "hasNotch"},
		{"an optional a closure's parameter shadows, unwrapped outside the closure", "import UIKit\nfinal class M {\n  var d: UIDevice?\n  func a() { _ = UIDevice { d, _ in print(d) } }\n  func b() { print(d?.hasNotch) }\n}\n", NotOnType, "hasNotch"},
		{"self's property inside the closure whose parameter shadows it", "import UIKit\nfinal class M {\n  let d = UIDevice()\n  func a() { _ = UIDevice { d, _ in print(self.d.hasNotch, d) } }\n}\n", NotOnType, "hasNotch"},
		{"self's optional property inside the closure whose parameter shadows it", "import UIKit\nfinal class M {\n  var d: UIDevice?\n  func a() { _ = UIDevice { d, _ in print(self.d?.hasNotch, d) } }\n}\n", NotOnType, "hasNotch"},
		{"a closure's parameter inside the closure is not the binding it shadows", "import UIKit\nlet d = UIDevice { d, _ in\n  print(d.hasNotch)\n}\n", "", ""},
		{"a loop over a dictionary's pairs takes its values", "import UIKit\nfunc f(ds: [String: UIDevice]) {\n  for (name, d) in ds {\n    print(name.hasNotch, d.hasNotch)\n  }\n}\n", NotOnType, "hasNotch"},
		{"a dictionary's key is not its value", "import UIKit\nfunc f(ds: [String: UIDevice]) {\n  for (key, d) in ds {\n    print(key.hasNotch, d.name)\n  }\n}\n", "", ""},
		{"a loop over a dictionary's values", "import UIKit\nfunc f(ds: [String: UIDevice]) {\n  for d in ds.values where d.hasNotch {\n    print(d)\n  }\n}\n", NotOnType, "hasNotch"},
		{"a dictionary's value by its key", "import UIKit\nfunc f(ds: [String: UIDevice], key: String) {\n  print(ds[key]?.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"a dictionary's value by a written key", "import UIKit\nfunc f(ds: [String: UIDevice]) {\n  print(ds[\"main\"]?.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"a dictionary's value bound", "import UIKit\nfunc f(ds: [String: UIDevice], key: String) {\n  if let d = ds[key] {\n    print(d.hasNotch)\n  }\n}\n", NotOnType, "hasNotch"},
		{"a dictionary's value, a real member", "import UIKit\nfunc f(ds: [String: UIDevice], key: String) {\n  print(ds[key]?.name)\n}\n", "", ""},
		{"a loop over a parameter's call takes the elements it returns", "import UIKit\nfunc f(d: UIDevice) {\n  for s in d.screens(for: 1) where s.name == \"x\" {\n    print(s)\n  }\n}\n", NotOnType, "name"},
		{"a loop with a where clause takes the elements", "import UIKit\nfunc f() async throws {\n  let devs = try await UIDevice.all(for: ids)\n  for d in devs where d.hasNotch {\n    print(d)\n  }\n}\n", NotOnType, "hasNotch"},
		{"an Objective-C initializer's parameter left out", "import AppKit\nlet b = NSButton(title: \"Go\", action: #selector(go))\n", NoSuchInitializer, "NSButton"},
		{"an Objective-C initializer's parameters all written", "import AppKit\nlet b = NSButton(title: \"Go\", target: self, action: #selector(go))\n", "", ""},
		{"an initializer's last parameter may be a refinement's default", "import UIKit\nlet b = UIButton(configuration: c)\n", "", ""},
		{"a long initializer known by its title may default any parameter", "import UIKit\nlet b = UIButton(title: t, handler: h)\n", "", ""},
		{"a Swift framework's completion of a named type is taken", "import Network\nfunc f(c: NWConnection) {\n  c.send(content: d)\n}\n", WrongLabels, "send"},
		{"a Swift framework's completion written", "import Network\nfunc f(c: NWConnection) {\n  c.send(content: d, completion: .idempotent)\n}\n", "", ""},
		{"an Objective-C method's named handler type may be left out (its async form)", "import UIKit\nlet d = UIDevice()\ntry await d.query(from: start)\n", "", ""},
		{"an initializer a SwiftUI shape lacks", "import SwiftUI\nlet r = RoundedRectangle(radius: 8)\n", NoSuchInitializer, "RoundedRectangle"},
		{"a SwiftUI shape's initializer, a default left out", "import SwiftUI\nlet r = RoundedRectangle(cornerRadius: 8)\n", "", ""},
		{"a member a three-member SwiftUI list lacks", "import SwiftUI\nlet action = OpenURLAction(handler: h)\naction.append(u)\n", NotOnType, "append"},
		{"a short SwiftUI list judges its initializers too", "import SwiftUI\nlet path = NavigationPath(elements: [1])\n", NoSuchInitializer, "NavigationPath"},
		{"an initializer a SwiftUI view's list lacks", "import SwiftUI\nlet l = Label(title: \"a\", systemImage: \"b\")\n", NoSuchInitializer, "Label"},
		{"a SwiftUI view's initializer of view-builder closures", "import SwiftUI\nlet l = Label(title: { Text(\"a\") }, icon: { Image(systemName: \"b\") })\n", "", ""},
		{"an initializer a SwiftUI view's two-entry list lacks", "import SwiftUI\nlet l = Link(\"a\", url: u)\n", NoSuchInitializer, "Link"},
		{"a SwiftUI view whose Topics list a group page is not judged", "import SwiftUI\nlet l = NavigationLink(destination: v, isActive: $shown) { Text(\"a\") }\n", "", ""},
		{"a property wrapper's attribute on a property with a value", "import SwiftUI\nstruct V {\n  @ScaledMetric(relativeTo: .caption) var scale = 1.0\n}\n", "", ""},
		{"a @Published property's publisher takes Publisher's labels", "import Combine\nfinal class M {\n  @Published var name = \"\"\n  func f() { _ = $name.debounce(for: 0.4) }\n}\n", WrongLabels, "debounce"},
		{"a @Published property's publisher, real labels", "import Combine\nfinal class M {\n  @Published var name = \"\"\n  func f() { _ = $name.debounce(for: 0.4, scheduler: q) }\n}\n", "", ""},
		{"a projected value of another wrapper is no publisher", "import Combine\nfinal class M {\n  @Wrapped var name = \"\"\n  func f() { _ = $name.debounce(for: 0.4) }\n}\n", "", ""},
		{"a trailing comma in the arguments", "import SwiftUI\nlet v = Text(\"a\").padding(4).shadow(\n  radius: 2,\n)\n", "", ""},
		{"an initializer page titled init alone", "import Dispatch\nlet q = DispatchQueue(name: \"q\")\n", NoSuchInitializer, "DispatchQueue"},
		{"an initializer with a defaulted label left out", "import Dispatch\nlet q = DispatchQueue(label: \"q\")\n", "", ""},
		{"a small type whose page lists its initializers", "import UserNotifications\nlet t = UNTimeIntervalNotificationTrigger(seconds: 5, repeats: false)\n", NoSuchInitializer, "UNTimeIntervalNotificationTrigger"},
		{"a small type's real initializer", "import UserNotifications\nlet t = UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false)\n", "", ""},
		{"an initializer with two trailing closures", "import WidgetKit\nlet c = ActivityConfiguration(for: A.self) { c in\n  v\n} dynamicIsland: { c in\n  d\n}\n", "", ""},
		{"AVKit brings AVFoundation", "import AVKit\nlet p = AVPlayer(urlString: s)\n", NoSuchInitializer, "AVPlayer"},
		{"Objective-C method known from its Topics", "import UIKit\nlet n = UINavigationController()\nn.pushViewController(vc)\n", WrongLabels, "pushViewController"},
		{"an Objective-C framework's method known from its Topics, a label left out", "import MapKit\nlet m = MKMapView()\nm.setRegion(r)\n", WrongLabels, "setRegion"},
		{"an Objective-C framework's method known from its Topics, all its labels", "import MapKit\nlet m = MKMapView()\nm.setRegion(r, animated: true)\n", "", ""},
		{"Objective-C method, all its labels", "import UIKit\nlet n = UINavigationController()\nn.pushViewController(vc, animated: true)\n", "", ""},
		{"Objective-C method, the completion left out", "import UIKit\nlet n = UINavigationController()\nn.setViewControllers([vc], animated: true)\n", "", ""},
		{"a member only types of frameworks the file does not import have", "import Foundation\nlet fm = FileManager()\nprint(fm.hasNotch)\n", NotOnType, "hasNotch"},
		{"a member a type of an imported framework has may be missing from a partial list", "import UIKit\nlet fm = FileManager()\nprint(fm.hasNotch)\n", "", ""},
		{"a member neither the class nor its superclass of a short own list has", "import CoreData\nlet r = NSFetchRequest()\nr.limit = 1\n", NotOnType, "limit"},
		{"a member the superclass of a short own list has", "import CoreData\nlet r = NSFetchRequest()\nr.affectedStores = []\n", "", ""},
		{"a member a Swift class of Objective-C era addresses lacks", "import Foundation\nlet d = JSONDecoder()\nd.dateFormat = \"y\"\n", NotOnType, "dateFormat"},
		{"a member a Swift class of Objective-C era addresses has", "import Foundation\nlet d = JSONDecoder()\nd.decodingSetting3 = 1\n", "", ""},
		{"an Objective-C class of Objective-C era addresses lacks a member another type in scope has", "import Foundation\nlet f = NumberFormatter()\nf.dateFormat = \"y\"\n", NotOnType, "dateFormat"},
		{"a name no type in scope has may be its Swift overlay's", "import Foundation\nlet f = NumberFormatter()\nf.roundingDigits = 2\n", "", ""},
		{"an option set assigned as a literal", "import QuartzCore\nlet l = CALayer()\nl.maskedCorners = [.topLeft, .layerMinXMinYCorner]\n", NoSuchCase, "topLeft"},
		{"an option set's real members assigned as a literal", "import QuartzCore\nlet l = CALayer()\nl.maskedCorners = [.layerMaxXMinYCorner, .layerMinXMinYCorner]\n", "", ""},
		{"a set assigned as a literal takes its element type", "import UIKit\nlet v = UIImageView()\nv.modes = [.aspectFit]\n", NoSuchCase, "aspectFit"},
		{"a set's real elements assigned as a literal", "import UIKit\nlet v = UIImageView()\nv.modes = [.scaleToFill, .scaleAspectFit]\n", "", ""},
		{"an environment key EnvironmentValues lacks", "import SwiftUI\nstruct V: View {\n  @Environment(\\.hasNotch) private var hasNotch\n}\n", NotOnType, "hasNotch"},
		{"an environment key the file's extension of EnvironmentValues declares", "import SwiftUI\nextension EnvironmentValues {\n  @Entry var hasNotch = false\n}\nstruct V: View {\n  @Environment(\\.hasNotch) private var hasNotch\n}\n", "", ""},
		{"an environment key EnvironmentValues has", "import SwiftUI\nstruct V: View {\n  @Environment(\\.contentMode) private var mode\n}\n", "", ""},
		{"a case of a switch over a member", "import UIKit\nlet v = UIImageView()\nswitch v.contentMode {\ncase .aspectFit: break\ndefault: break\n}\n", NoSuchCase, "aspectFit"},
		{"a case of a switch over a local bound through a chain", "import UIKit\nfunc f(view: UIImageView) {\n  let mode = view.contentMode\n  switch mode {\n  case .aspectFit: break\n  default: break\n  }\n}\n", NoSuchCase, "aspectFit"},
		{"a real case of a switch over a local bound through a chain", "import UIKit\nfunc f(view: UIImageView) {\n  let mode = view.contentMode\n  switch mode {\n  case .scaleAspectFit: break\n  default: break\n  }\n}\n", "", ""},
		{"a real case of a switch over a member", "import UIKit\nlet v = UIImageView()\nswitch v.contentMode {\ncase .scaleAspectFit, .scaleToFill: break\ndefault: break\n}\n", "", ""},
		{"a member of a chain from a type the crawl lacks gives no type by its name", "import UIKit\nlet v = NewerModel.shared\nif v.contentMode == .aspectFit { }\n", "", ""},
		{"an assignment with no receiver in a subclass is to self's property", "import UIKit\nclass D: UIDevice {\n  func f() {\n    hasNotch = true\n  }\n}\n", NotOnType, "hasNotch"},
		{"the leading dot assigned to self's property", "import UIKit\nclass D: UIImageView {\n  func f() {\n    contentMode = .aspectFit\n  }\n}\n", NoSuchCase, "aspectFit"},
		{"an assignment to a property the file declares", "import UIKit\nclass D: UIDevice {\n  var hasNotch = false\n  func f() {\n    hasNotch = true\n  }\n}\n", "", ""},
		{"a chain's root with no receiver in a subclass is self's property", "import UIKit\nclass D: UIDevice {\n  func f() { print(hasNotch.description) }\n}\n", NotOnType, "hasNotch"},
		{"a chain's root the file declares", "import UIKit\nclass D: UIDevice {\n  var hasNotch = false\n  func f() { print(hasNotch.description) }\n}\n", "", ""},
		{"a chain's root that is a local", "import UIKit\nclass D: UIDevice {\n  func f() {\n    let hasNotch = true\n    print(hasNotch.description)\n  }\n}\n", "", ""},
		{"a call with no receiver in a subclass is self's method", "import UIKit\nclass D: UIDevice {\n  func f() { let v = pick(index: 1) }\n}\n", WrongLabels, "pick"},
		{"self's method with real labels", "import UIKit\nclass D: UIDevice {\n  func f() { let v = pick(1) }\n}\n", "", ""},
		{"a call with no receiver that self's type lacks may be a global function", "import WidgetKit\nclass W: WidgetCenter {\n  func f() { separatorStyle(1) }\n}\n", "", ""},
		{"a call with no receiver the file declares", "import UIKit\nclass D: UIDevice {\n  func pick(index: Int) {}\n  func f() { pick(index: 1) }\n}\n", "", ""},
		{"a method named by a keyword, labels that fit no overload", "import AVFoundation\nlet c = AVCaptureDevice.default(for: .video, position: .back)\n", WrongLabels, "default"},
		{"a method named by a keyword, real labels", "import AVFoundation\nlet c = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back)\n", "", ""},
		{"a comparison in a closure argument closes no group", "import Dispatch\nDispatchQueue.main.asyncAfter(deadline: times.filter { $0 > now }.first!, execute: work)\n", "", ""},
		{"labels after a closure argument holding a comparison", "import Dispatch\nDispatchQueue.main.asyncAfter(deadline: times.filter { $0 < now }.first!, run: work)\n", WrongLabels, "asyncAfter"},
		{"a trailing closure on the line after the call", "import Dispatch\nDispatchQueue.main.asyncAfter(deadline: t)\n{\n  work()\n}\n", "", ""},
		{"a body on the line after a call in an if head is no trailing closure", "import Dispatch\nfunc f() {\n  if DispatchQueue.main.asyncAfter(deadline: t)\n  {\n    work()\n  }\n}\n", WrongLabels, "asyncAfter"},
		{"labels on a small class of Objective-C era pages whose Topics list the name's overloads", "import Foundation\nNotificationCenter.default.post(name: .changed, userInfo: u)\n", WrongLabels, "post"},
		{"real labels on a small class of Objective-C era pages", "import Foundation\nNotificationCenter.default.post(name: .changed, object: nil, userInfo: u)\n", "", ""},
		{"a class method that hides the superclass's property gives the chain its type", "import Foundation\nDistributedNotificationCenter.default().addObserver(self, selector: s, name: n, object: nil, suspensionBehavior: .deliverImmediately)\n", "", ""},
		{"a member found only on the superclass of a small list is not judged for labels", "import Foundation\nlet d = DistributedNotificationCenter()\nd.removeObserver(self, name: n)\n", "", ""},
		{"a label no title-only overload of a short list holds", "import WidgetKit\nWidgetCenter.shared.invalidateRelevance(kind: \"s\")\n", WrongLabels, "invalidateRelevance"},
		{"a title-only overload of a short list awaited", "import WidgetKit\nfunc f() async {\n  await WidgetCenter.shared.invalidateRelevance(for: \"s\")\n}\n", "", ""},
		{"a type nested in a generic instance is no type of the chain", "import Combine\nlet p = Just(1).setFailureType(to: E.self).eraseToAnyPublisher()\n", "", ""},
		{"labels on a small type whose Topics list its members", "import WidgetKit\nWidgetCenter.shared.reloadTimelines(kind: \"s\")\n", WrongLabels, "reloadTimelines"},
		{"member a small type whose Topics list its members lacks", "import WidgetKit\nlet n = WidgetCenter.shared.separatorStyle\n", NotOnType, "separatorStyle"},
		{"real labels on a small type whose Topics list its members", "import WidgetKit\nWidgetCenter.shared.reloadTimelines(ofKind: \"s\")\n", "", ""},
		{"member of a parameter after a for label", "import UIKit\nfunc f(for d: UIDevice) { print(d.hasNotch) }\n", NotOnType, "hasNotch"},
		{"a for loop still binds its pattern", "import UIKit\nfunc f(for d: UIDevice) {\n  for d in list { print(d.hasNotch) }\n}\n", "", ""},
		{"leading dot of the type an unlabelled parameter is named after", "import UIKit\nlet i = UIImage()\nlet t = i.withRenderingMode(.template)\n", NoSuchCase, "template"},
		{"a case of the type an unlabelled parameter is named after", "import UIKit\nlet i = UIImage()\nlet t = i.withRenderingMode(.alwaysTemplate)\n", "", ""},
		{"leading dot of the type a property is named after", "import UIKit\nlet s = UIStackView()\ns.alignment = .centerY\n", NoSuchCase, "centerY"},
		{"a case of the type a property is named after", "import UIKit\nlet s = UIStackView()\ns.alignment = .center\n", "", ""},
		{"member through an optional chain on an annotated optional", "import UIKit\nvar d: UIDevice?\nprint(d?.hasNotch)\n", NotOnType, "hasNotch"},
		{"member of an optional unwrapped under its own name", "import UIKit\nvar d: UIDevice?\nif let d, d.hasNotch { }\n", NotOnType, "hasNotch"},
		{"member of an optional unwrapped by guard", "import UIKit\nvar d: UIDevice?\nfunc f() {\n  guard let d else { return }\n  print(d.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"a real member after the unwrapping", "import UIKit\nvar d: UIDevice?\nif let d { print(d.name) }\n", "", ""},
		{"a real member through an optional chain", "import UIKit\nvar d: UIDevice?\nprint(d?.name)\n", "", ""},
		{"member named like the file's own class's", "import UIKit\nfinal class C {\n  var d: UIDevice?\n  func hasNotch() -> Bool { d?.hasNotch ?? false }\n}\n", NotOnType, "hasNotch"},
		{"member named like an extension's", "import UIKit\nextension UIDevice {\n  var hasNotch: Bool { false }\n}\nvar d: UIDevice?\nprint(d?.hasNotch)\n", "", ""},
		{"an enum case's unlabelled associated value", "import Foundation\nlet e = DecodingError.dataCorrupted(context)\n", "", ""},
		{"an enum case's associated value labelled wrong", "import Foundation\nlet e = DecodingError.dataCorrupted(context: c)\n", WrongLabels, "dataCorrupted"},
		{"a small type whose Topics list a group page is not judged", "import SpriteKit\nlet a = SKAction()\nlet s = a.separatorStyle\n", "", ""},
		{"element of an array parameter in a for loop", "import UIKit\nfunc f(_ ds: [UIDevice]) {\n  for d in ds {\n    print(d.hasNotch)\n  }\n}\n", NotOnType, "hasNotch"},
		{"element taken by last", "import UIKit\nfunc f(_ ds: [UIDevice]) {\n  guard let d = ds.last else { return }\n  print(d.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"element in a map closure", "import UIKit\nfunc f(_ ds: [UIDevice]) -> [Bool] {\n  ds.map { d in\n    d.hasNotch\n  }\n}\n", NotOnType, "hasNotch"},
		{"member of $0 in a filter closure", "import UIKit\nfunc f(_ ds: [UIDevice]) -> [UIDevice] {\n  ds.filter { $0.hasNotch }\n}\n", NotOnType, "hasNotch"},
		{"member of $1 in a sorted closure", "import UIKit\nfunc f(_ ds: [UIDevice]) -> [UIDevice] {\n  ds.sorted { $0.name < $1.hasNotch }\n}\n", NotOnType, "hasNotch"},
		{"leading dot compared with a property of $0", "import UIKit\nfunc f(_ vs: [UIImageView]) -> [UIImageView] {\n  vs.filter { $0.contentMode == .aspectFit }\n}\n", NoSuchCase, "aspectFit"},
		{"a real member of $0", "import UIKit\nfunc f(_ ds: [UIDevice]) -> [String] {\n  ds.map { $0.name }\n}\n", "", ""},
		{"$0 of a closure over an untyped collection", "import UIKit\nfunc f(_ ds: [UIDevice], xs: [Any]) {\n  ds.forEach { d in print(d.name) }\n  xs.forEach { print($0.hasNotch) }\n}\n", "", ""},
		{"$0 in a class with an Apple superclass", "import UIKit\nclass D: UIDevice {\n  func f(xs: [Any]) { xs.forEach { print($0.hasNotch) } }\n}\n", "", ""},
		{"leading dot of a typealias in an unjudged type's initializer", "import Foundation\nlet r = URLRequest(url: u, cachePolicy: .ignoreCache, timeoutInterval: 5)\n", NoSuchCase, "ignoreCache"},
		{"a case of the aliased type in an unjudged type's initializer", "import Foundation\nlet r = URLRequest(url: u, cachePolicy: .reloadIgnoringLocalCacheData)\n", "", ""},
		{"an unjudged type's initializer that fits none is no finding", "import Foundation\nlet r = URLRequest(string: s, cachePolicy: .ignoreCache)\n", "", ""},
		{"member of an environment value", "import SwiftUI\nimport SwiftData\nstruct V: View {\n  @Environment(\\.modelContext) private var modelContext\n  func f() { print(modelContext.hasNotch) }\n}\n", NotOnType, "hasNotch"},
		{"a real member of an environment value", "import SwiftUI\nimport SwiftData\nstruct V: View {\n  @Environment(\\.modelContext) private var modelContext\n  func f(t: T) { modelContext.delete(t) }\n}\n", "", ""},
		{"leading dot compared with an environment value", "import SwiftUI\nstruct V: View {\n  @Environment(\\.contentMode) var mode\n  func f() -> Bool { mode == .aspectFit }\n}\n", NoSuchCase, "aspectFit"},
		{"an environment value's name bound again", "import SwiftUI\nimport SwiftData\nstruct V: View {\n  @Environment(\\.modelContext) private var modelContext\n  func f(modelContext: Store) { print(modelContext.hasNotch) }\n}\n", "", ""},
		{"a constant an Objective-C era list lacks", "import HealthKit\nlet t = HKQuantityType(.steps)\n", NoSuchCase, "steps"},
		{"a constant of an Objective-C era list", "import HealthKit\nlet t = HKQuantityType(.stepCount)\n", "", ""},
		{"a constant an Objective-C era list lacks that a page in scope declares of another type", "import HealthKit\nimport UIKit\nlet t = HKQuantityType(.hasNotch)\n", NoSuchCase, "hasNotch"},
		{"another typed constant set's constant", "import HealthKit\nlet t = HKQuantityType(.sleepAnalysis)\n", NoSuchCase, "sleepAnalysis"},
		{"a constant of the set a collection page lists", "import HealthKit\nlet t = HKQuantityType(.bloodGlucose)\n", "", ""},
		{"a constant an Objective-C era list lacks that a page in scope has by title alone", "import HealthKit\nimport UIKit\nlet t = HKQuantityType(.brightness)\n", "", ""},
		{"a static a Swift structure of numeric addresses lacks, though a page in scope has it", "import UIKit\nlet v = UIImageView()\nv.setTimeStyle(.hasNotch)\n", NoSuchCase, "hasNotch"},
		{"a static of a Swift structure of numeric addresses", "import UIKit\nlet v = UIImageView()\nv.setTimeStyle(.shortened)\n", "", ""},
		{"a constant a Swift-named RawRepresentable lacks that a page in scope has", "import UIKit\nlet v = UIImageView()\nv.setFeedback(.brightness)\n", "", ""},
		{"a C structure's overlay static a page in scope has", "import UIKit\nimport CoreGraphics\nlet v = UIImageView()\nv.setTransform(.hasNotch)\n", "", ""},
		{"member of an element picked from a cast collection", "import UIKit\nfunc f(xs: [Any]) {\n  print(xs.compactMap { $0 as? UIDevice }.first?.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"member of an element a closure picks from a force-cast collection", "import UIKit\nfunc f(xs: [Any]) {\n  print(xs.map { $0 as! UIDevice }.last { $0.name == \"a\" }?.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"a chain on from a cast collection's element", "import UIKit\nfunc f(xs: [Any]) {\n  print(xs.compactMap { $0 as? UIImageView }.first?.contentMode.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"a real member of a cast collection's element", "import UIKit\nfunc f(xs: [Any]) {\n  print(xs.compactMap { $0 as? UIDevice }.first?.name)\n}\n", "", ""},
		{"a conditional cast in map is no element of the type", "import UIKit\nfunc f(xs: [Any]) {\n  print(xs.map { $0 as? UIDevice }.first?.hasNotch)\n}\n", "", ""},
		{"a cast collection's own member is no element's", "import UIKit\nfunc f(xs: [Any]) {\n  print(xs.compactMap { $0 as? UIDevice }.count.hasNotch)\n}\n", "", ""},
		{"member of a local bound to an element of a cast collection", "import UIKit\nfunc f(xs: [Any]) {\n  let d = xs.compactMap { $0 as? UIDevice }.first\n  print(d?.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"member of an element of a cast collection a guard unwraps", "import UIKit\nfunc f(xs: [Any]) {\n  guard let d = xs.compactMap({ $0 as? UIDevice }).last else { return }\n  print(d.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"a local bound to a chain on from a cast collection's element", "import UIKit\nfunc f(xs: [Any]) {\n  let d = xs.compactMap { $0 as? UIDevice }.first?.name\n  print(d?.hasNotch)\n}\n", "", ""},
		{"member of an own model's property of an Apple type", "import UIKit\nstruct Phone { var device: UIDevice }\nfunc f(p: Phone) { print(p.device.hasNotch) }\n", NotOnType, "hasNotch"},
		{"member of an own model's property through $0", "import UIKit\nstruct Phone { var device: UIDevice }\nfunc f(ps: [Phone]) -> [Phone] { ps.filter { $0.device.hasNotch } }\n", NotOnType, "hasNotch"},
		{"member of an own model's property in a loop", "import UIKit\nstruct Phone { var device: UIDevice }\nfunc f(ps: [Phone]) {\n  for p in ps {\n    print(p.device.hasNotch)\n  }\n}\n", NotOnType, "hasNotch"},
		{"a real member of an own model's property", "import UIKit\nstruct Phone { var device: UIDevice }\nfunc f(p: Phone) { print(p.device.name) }\n", "", ""},
		{"member of an own model's property through a named closure parameter", "import UIKit\nstruct Phone { var device: UIDevice }\nfunc f(ps: [Phone]) -> [Bool] { ps.map { phone in phone.device.hasNotch } }\n", NotOnType, "hasNotch"},
		{"a named closure parameter bound twice to other collections is not judged", "import UIKit\nstruct Phone { var device: UIDevice }\nstruct Case { var device: UIScreen }\nfunc f(ps: [Phone], cs: [Case]) {\n  _ = ps.map { p in p.device.name }\n  _ = cs.map { p in p.device.hasNotch }\n}\n", "", ""},
		{"member of an own model a decoder's metatype argument gives", "import UIKit\nstruct Phone: Decodable { var device: UIDevice }\nfunc f(d: Data) throws {\n  let phone = try JSONDecoder().decode(Phone.self, from: d)\n  print(phone.device.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"member of an element of own models a decoder's array metatype gives", "import UIKit\nstruct Phone: Decodable { var device: UIDevice }\nfunc f(d: Data) throws {\n  let phones = try JSONDecoder().decode([Phone].self, from: d)\n  for p in phones { print(p.device.hasNotch) }\n}\n", NotOnType, "hasNotch"},
		{"member of an own model a decoder gives in an if's condition", "import UIKit\nstruct Phone: Decodable { var device: UIDevice }\nfunc f(d: Data) {\n  if let phone = try? JSONDecoder().decode(Phone.self, from: d) {\n    print(phone.device.hasNotch)\n  }\n}\n", NotOnType, "hasNotch"},
		{"member of an Apple value a metatype argument gives", "import UIKit\nfunc f(c: Coder) throws {\n  let device = try c.decode(UIDevice.self, from: x)\n  print(device.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"a labelled metatype argument gives no value of it", "import UIKit\nfunc f(c: Coder) throws {\n  let device = try c.register(type: UIDevice.self, from: x)\n  print(device.hasNotch)\n}\n", "", ""},
		{"member of a chain from a type an if unwraps", "import UIKit\nif let s = UIDevice.current.mainScreen() {\n  print(s.name)\n}\n", NotOnType, "name"},
		{"member of a local's chain a while unwraps", "import UIKit\nlet d = UIDevice()\nwhile let s = d.mainScreen() {\n  print(s.name)\n}\n", NotOnType, "name"},
		{"member of an inherited chain an if unwraps", "import UIKit\nclass D: UIDevice {\n  func f() {\n    if let s = mainScreen() {\n      print(s.name)\n    }\n  }\n}\n", NotOnType, "name"},
		{"a trailing closure after a binding's chain is not its end", "import UIKit\nlet d = UIDevice()\nlet s = d.mainScreen() { }\nprint(s.name)\n", "", ""},
		{"member of a failable initializer's value an if unwraps", "import UIKit\nif let d = UIDevicePro(name: \"x\") {\n  print(d.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"member of a forced failable initializer's value", "import UIKit\nlet d = UIDevicePro(name: \"x\")!\nprint(d.hasNotch)\n", NotOnType, "hasNotch"},
		{"member of an element an enumerated loop gives", "import UIKit\nfunc f(ds: [UIDevice]) {\n  for (i, d) in ds.enumerated() {\n    print(i, d.hasNotch)\n  }\n}\n", NotOnType, "hasNotch"},
		{"an enumerated loop's offset is no element", "import UIKit\nfunc f(ds: [UIDevice]) {\n  for (d, e) in ds.enumerated() {\n    print(d.hasNotch, e.name)\n  }\n}\n", "", ""},
		{"member of a tuple's element a chain returns", "import UIKit\nfunc f() async throws {\n  let (screen, view) = try await UIDevice.current.pair(for: 1)\n  print(screen.main, view.contentMode)\n}\n", NotOnType, "main"},
		{"real members of a tuple's elements", "import UIKit\nfunc f() async throws {\n  let (screen, view) = try await UIDevice.current.pair(for: 1)\n  print(screen.hasNotch, view.contentMode)\n}\n", "", ""},
		{"member of a labelled tuple's element", "import UIKit\nfunc f() {\n  let (_, view) = UIDevice.current.labelledPair(for: 1)\n  print(view.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"an optional tuple element is not judged", "import UIKit\nfunc f() {\n  let (screen, _) = UIDevice.current.maybePair()\n  print(screen.main)\n}\n", "", ""},
		{"member of an error a catch pattern casts", "import UIKit\nfunc f() {\n  do { try g() } catch let d as UIDevice {\n    print(d.hasNotch)\n  } catch {}\n}\n", NotOnType, "hasNotch"},
		{"member of a value a switch case's pattern casts", "import UIKit\nfunc f(x: Any) {\n  switch x {\n  case let d as UIDevice:\n    print(d.hasNotch)\n  default: break\n  }\n}\n", NotOnType, "hasNotch"},
		{"a catch pattern's own type is not judged", "import UIKit\nstruct Failure: Error { var code = 1 }\nfunc f() {\n  do { try g() } catch let d as Failure {\n    print(d.hasNotch)\n  } catch {}\n}\n", "", ""},
		{"leading dot passed to a function parameter of a written function type", "import UIKit\nfunc f(done: @escaping (UIView.ContentMode) -> Void) {\n  done(.aspectFitX)\n}\n", NoSuchCase, "aspectFitX"},
		{"a literal of leading dots passed to a function parameter", "import UIKit\nfunc f(done: (UIView.ContentMode, Int) -> Void) {\n  done([.aspectFitX], 1)\n}\n", NoSuchCase, "aspectFitX"},
		{"a real case passed to a function parameter", "import UIKit\nfunc f(done: @escaping (UIView.ContentMode) -> Void) {\n  done(.scaleAspectFit)\n}\n", "", ""},
		{"an optional parameter of a function type takes no judged dot", "import UIKit\nfunc f(done: @escaping (UIView.ContentMode?) -> Void) {\n  done(.none)\n}\n", "", ""},
		{"a function parameter another function binds to another type", "import UIKit\nfunc f(done: @escaping (UIView.ContentMode) -> Void) {\n  done(.aspectFitX)\n}\nfunc g(done: @escaping (Int) -> Void) {\n  done(1)\n}\n", NoSuchCase, "aspectFitX"},
		{"a leading dot named as parameters of two functions are", "import UIKit\nfunc f(done: @escaping (UIView.ContentMode) -> Void, aspectFitX: Int) {\n  done(.aspectFitX)\n}\nfunc g(aspectFitX: Int) {}\n", NoSuchCase, "aspectFitX"},
		{"a link named as locals of two functions are", "import UIKit\nfunc a() {\n  let current = 1\n  print(current)\n}\nfunc b() {\n  let current = 2\n  print(current)\n}\nfunc f() { print(UIDevice.current.hasNotch) }\n", NotOnType, "hasNotch"},
		{"a stored property unwrapped through self", "import UIKit\nfinal class M {\n  var device: UIDevice?\n  func f() {\n    guard let device = self?.device else { return }\n    print(device.hasNotch)\n  }\n}\n", NotOnType, "hasNotch"},
		{"a name two functions bind by two paths to one type", "import UIKit\nfunc a() {\n  let d = UIDevice.current\n  print(d.name)\n}\nfunc b() {\n  let d = UIDevice()\n  print(d.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"a name two functions bind to two types is not judged", "import UIKit\nfunc a() {\n  let d = UIDevice.current\n  print(d.name)\n}\nfunc b() {\n  let d = UIScreen()\n  print(d.hasNotch)\n}\n", "", ""},
		{"a name bound once with no written type is not judged", "import UIKit\nfunc a() {\n  let d = UIDevice.current\n  print(d.name)\n}\nfunc b() {\n  let d = make()\n  print(d.hasNotch)\n}\n", "", ""},
		{"member of an element an array local's subscript gives", "import UIKit\nfunc f(ds: [UIDevice], i: Int) {\n  let d = ds[i]\n  print(d.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"a subscript by a range gives no element", "import UIKit\nfunc f(ds: [UIDevice]) {\n  let d = ds[1...]\n  print(d.hasNotch)\n}\n", "", ""},
		{"a property another own type's body declares", "import UIKit\nstruct Phone { var label: String }\nstruct Case { var device: UIDevice }\nfunc f(p: Phone) { print(p.device.hasNotch) }\n", "", ""},
		{"a generic closure input bound by the argument its parameter takes", "import SwiftUI\nimport SwiftData\nstruct V: View {\n  @Environment(\\.modelContext) private var modelContext\n  var body: some View {\n    VStack { }\n    .onChange(of: modelContext) { _, context in\n      print(context.hasNotch)\n    }\n  }\n}\n", NotOnType, "hasNotch"},
		{"a generic closure input's real member", "import SwiftUI\nimport SwiftData\nstruct V: View {\n  @Environment(\\.modelContext) private var modelContext\n  var body: some View {\n    VStack { }\n    .onChange(of: modelContext) { _, context in\n      context.delete(x)\n    }\n  }\n}\n", "", ""},
		{"a generic closure input given no name", "import SwiftUI\nimport SwiftData\nstruct V: View {\n  @Environment(\\.modelContext) private var modelContext\n  var body: some View {\n    VStack { }\n    .onChange(of: count + 1) { _, context in\n      print(context.hasNotch)\n    }\n  }\n}\n", "", ""},
		{"a member a Swift enumeration's whole list lacks", "import SwiftUI\nfunc f(p: ScenePhase) { print(p.hasNotch) }\n", NotOnType, "hasNotch"},
		{"a member of a prefixed enumeration's list is not judged", "import UIKit\nfunc f(s: UIBarStyle) { print(s.hasNotch) }\n", "", ""},
		{"a Swift enumeration's standard library member", "import SwiftUI\nfunc f(p: ScenePhase) { print(p.hashValue) }\n", "", ""},
		{"a member a Swift structure's whole list lacks", "import os\nimport UIKit\nfunc f(l: Logger) { print(l.hasNotch) }\n", NotOnType, "hasNotch"},
		{"a member of a Swift structure's whole list", "import os\nfunc f(l: Logger) { l.debug(m) }\n", "", ""},
		{"a member of a string literal", "import UIKit\nlet s = \"welcome.title\".hasNotch\n", NotOnType, "hasNotch"},
		{"a member of a string literal after its interpolation", "import UIKit\nlet s = \"a \\(n) b\".hasNotch\n", NotOnType, "hasNotch"},
		{"a real member of a string literal", "import UIKit\nlet s = \"a \\(n)\".uppercased()\n", "", ""},
		{"an element of a chain's array in a named closure parameter", "import UIKit\nfunc f(d: UIDevice) {\n  print(d.screens(for: 1).prefix(2).map { s in s.name })\n}\n", NotOnType, "name"},
		{"$0 over a chain's array", "import UIKit\nfunc f(d: UIDevice) {\n  print(d.screens(for: 1).filter { $0.name == \"\" })\n}\n", NotOnType, "name"},
		{"a real member of an element of a chain's array", "import UIKit\nfunc f(d: UIDevice) {\n  print(d.screens(for: 1).map { $0.hasNotch })\n}\n", "", ""},
		{"a chain's root bound twice, of one type", "import UIKit\nfinal class C {\n  let d = UIDevice()\n  func f(_ d: UIDevice) { print(d.screens(for: 1).map { $0.name }) }\n}\n", NotOnType, "name"},
		{"a case a Swift enumeration of two cases lacks", "import SwiftUI\nlet v = Text(\"a\").textCase(.capitalized)\n", NoSuchCase, "capitalized"},
		{"a case of a Swift enumeration of two cases", "import SwiftUI\nlet v = Text(\"a\").textCase(.uppercase)\n", "", ""},
		{"a log message interpolation's privacy", "import os\nfunc f(e: String) { logger.notice(\"a \\(e, privacy: .redacted)\") }\n", NoSuchCase, "redacted"},
		{"a log message interpolation's real privacy", "import os\nfunc f(e: String) { logger.notice(\"a \\(e, privacy: .private(mask: .hash)) \\(e, privacy: .public)\") }\n", "", ""},
		{"a call's privacy label is no interpolation's", "import os\nfunc f(e: String) { mask(e, privacy: .redacted) }\n", "", ""},
		{"a returned closure's privacy label is no interpolation's", "import os\nfunc f(e: String) { masker(e)(e, privacy: .redacted) }\n", "", ""},
		{"a leading dot inside a leading-dot call's argument", "import UIKit\nlet v = UIImageView()\nv.setFrameStyle(.framed(mode: .aspectFit))\n", NoSuchCase, "aspectFit"},
		{"a real case inside a leading-dot call's argument", "import UIKit\nlet v = UIImageView()\nv.setFrameStyle(.framed(mode: .scaleAspectFit))\n", "", ""},
		{"a constant an extensible list lacks", "import Foundation\nlet n = Notification(name: .fileProviderDidChange)\n", "", ""},
		{"element of an array a static method returns", "import UIKit\nfunc f(ids: [String]) async throws {\n  let ds = try await UIDevice.all(for: ids)\n  guard let d = ds.first else { return }\n  print(d.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"element of an array a static method returns, in a loop over a local named like it", "import UIKit\nfunc f(ids: [String]) async throws {\n  let all = try await UIDevice.all(for: ids)\n  for d in all {\n    print(d.hasNotch)\n  }\n}\n", NotOnType, "hasNotch"},
		{"a real member of an element of an array a static method returns", "import UIKit\nfunc f(ids: [String]) async throws {\n  let all = try await UIDevice.all(for: ids)\n  print(all.map { $0.name })\n}\n", "", ""},
		{"overloads that return different types give none", "import UIKit\nlet x = UIDevice.current.pick(1)\nprint(x.separatorStyle)\n", "", ""},
		{"a member none of the types disagreeing overloads return has", "import UIKit\nlet x = UIDevice.current.pick(1)\nprint(x.main)\n", NotOnType, "main"},
		{"a member none of the types a written chain's disagreeing overloads return has", "import UIKit\nprint(UIDevice.current.pick(1).main)\n", NotOnType, "main"},
		{"a member one of the types a written chain's disagreeing overloads return has", "import UIKit\nprint(UIDevice.current.pick(1).contentMode)\n", "", ""},
		{"a written link's labels pick the overload titled with them", "import UIKit\nprint(UIDevice.current.glance(1).contentMode)\n", NotOnType, "contentMode"},
		{"a written link's labels of the other overload", "import UIKit\nprint(UIDevice.current.glance(1, 2).contentMode)\n", "", ""},
		{"an initializer a Foundation structure of Objective-C era pages lacks", "import Foundation\nlet d = Date(year: 2024, month: 1, day: 1)\n", NoSuchInitializer, "Date"},
		{"a Foundation structure's listed initializer", "import Foundation\nlet d = Date(timeIntervalSinceNow: 5)\n", "", ""},
		{"a C structure's overlay initializer the list lacks", "import CoreGraphics\nlet t = CGAffineTransform(scaleX: 2, y: 2)\n", "", ""},
		{"a real member of an element", "import UIKit\nfunc f(_ ds: [UIDevice]) -> [String] {\n  ds.map { d in\n    d.name\n  }\n}\n", "", ""},
		{"local bound to a typed local's member", "import UIKit\nfunc f(view: UIImageView) {\n  let mode = view.contentMode\n  print(mode.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"leading dot a function returns", "import UIKit\nfunc mode() -> UIView.ContentMode {\n  return .aspectFit\n}\n", NoSuchCase, "aspectFit"},
		{"leading dot a computed property is", "import UIKit\nfinal class V {\n  var mode: UIView.ContentMode { .aspectFit }\n}\n", NoSuchCase, "aspectFit"},
		{"leading dot a function returns from a switch's case", "import UIKit\nfunc mode(fill: Bool) -> UIView.ContentMode {\n  switch fill {\n  case true:\n    return .scaleAspectFill\n  default:\n    return .aspectFit\n  }\n}\n", NoSuchCase, "aspectFit"},
		{"leading dot a function returns from an if's branch", "import UIKit\nfunc mode(fill: Bool) -> UIView.ContentMode {\n  if fill && (1 > 0) {\n    return .aspectFit\n  }\n  return .scaleToFill\n}\n", NoSuchCase, "aspectFit"},
		{"a closure's return in a function is the closure's", "import UIKit\nfunc mode(xs: [Int]) -> UIView.ContentMode {\n  let ys = xs.map { x in\n    return .aspectFit\n  }\n  return .scaleToFill\n}\n", "", ""},
		{"a case a computed property is", "import UIKit\nfinal class V {\n  var mode: UIView.ContentMode { .scaleAspectFit }\n}\n", "", ""},
		{"member of a forced cast", "import UIKit\nfunc f(x: Any) {\n  let d = x as! UIDevice\n  print(d.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"member of a conditional cast unwrapped", "import UIKit\nfunc f(x: Any) {\n  if let d = x as? UIDevice {\n    print(d.hasNotch)\n  }\n}\n", NotOnType, "hasNotch"},
		{"member of a conditional cast through ?.", "import UIKit\nfunc f(x: Any) {\n  let d = x as? UIDevice\n  print(d?.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"a real member of a cast", "import UIKit\nfunc f(x: Any) {\n  let d = x as! UIDevice\n  print(d.name)\n}\n", "", ""},
		{"a raw value of an enum", "import UIKit\nfunc f(m: UIView.ContentMode) {\n  print(m.rawValue)\n}\n", "", ""},
		{"a colour no page has, in a file checked alone", "import SwiftUI\nfunc tint() -> Color {\n  return .accent\n}\n", NoSuchCase, "accent"},
		{"an image asset where an image is wanted", "import SwiftUI\nfunc logo() -> Image {\n  return .appLogo\n}\n", "", ""},
		{"an asset symbol on its type", "import SwiftUI\nlet c = Color.accent\n", "", ""},
		{"a C structure's short list is not judged", "import Accelerate\nimport SwiftUI\nfunc f(t: BNNSTensor) {\n  t.append(x)\n}\n", "", ""},
		{"a small Swift structure's short list is judged", "import WidgetKit\nfunc f(i: WidgetInfo) {\n  print(i.fileExists)\n}\n", NotOnType, "fileExists"},
		{"a short list's title-only overload may hide defaults", "import WidgetKit\nWidgetCenter.shared.invalidateRelevance()\n", "", ""},
		{"an error structure's code", "import Foundation\nfunc f(e: URLError) {\n  print(e.code)\n}\n", "", ""},
		{"labels only NSObject's class method of the name has, and no type in scope", "import AVFoundation\nfunc f(a: AVURLAsset, u: URL) {\n  a.load(from: u)\n}\n", WrongLabels, "load"},
		{"a method only NSObject's class method shares a name with", "import AVFoundation\nfunc f(a: AVURLAsset) async throws {\n  print(try await a.load(.duration))\n}\n", "", ""},
		{"the file's own member", "import UIKit\nextension UIDevice {\n  var hasNotch: Bool { false }\n}\nlet n = UIDevice.current.hasNotch\n", "", ""},
		// A leading dot whose type the crawl has no page for is judged by
		// the See Also lists of its case pages when every case page has one
		// (siblings.go).
		{"invented case of a type without a page", "import UIKit\nlet b = UIButton(type: .rounded)\n", NoSuchCase, "rounded"},
		{"case named only by its siblings' See Also", "import UIKit\nlet b = UIButton(type: .system)\n", "", ""},
		{"case with a page", "import UIKit\nlet b = UIButton(type: .custom)\n", "", ""},
		{"assigned property of such a type", "import UIKit\nlet f = UITextField()\nf.keyboardType = .email\n", NoSuchCase, "email"},
		{"case named only by a See Also, assigned", "import UIKit\nlet f = UITextField()\nf.keyboardType = .URL\n", "", ""},
		{"a type of two cases", "import AppKit\nlet w = NSWindow()\nw.titleVisibility = .invisible\n", NoSuchCase, "invisible"},
		{"a type of two cases, real case", "import AppKit\nlet w = NSWindow()\nw.titleVisibility = .hidden\n", "", ""},
		{"a property assigned through a link of undeclared type", "import AppKit\nfinal class C: NSWindowController {\n  func f() { window?.titleVisibility = .invisible }\n}\n", NoSuchCase, "invisible"},
		{"an inherited property unwrapped under its own name", "import AppKit\nfinal class C: NSWindowController {\n  func f() {\n    guard let window else { return }\n    window.titleVisibility = .invisible\n  }\n}\n", NoSuchCase, "invisible"},
		{"a local unwrapped under its own name stays the file's", "import AppKit\nfinal class C: NSWindowController {\n  func f(window: Panel?) {\n    guard let window else { return }\n    window.titleVisibility = .invisible\n  }\n}\n", "", ""},
		{"a group named after the type", "import AVFoundation\nlet d = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .rear)\n", NoSuchCase, "rear"},
		{"a group named after the type, real case", "import AVFoundation\nlet d = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back)\n", "", ""},
		{"a group named for a purpose leaves the type unjudged", "import Intents\nlet r = INPlayMediaIntentResponse(code: .failure, userActivity: nil)\n", "", ""},
		{"a case page without a See Also leaves the type unjudged", "import UIKit\nlet f = UITextField()\nf.returnKeyType = .submit\n", "", ""},
	})
}

// TestCaseCandidatesNameStaticsBesideFunctions: a type's static property
// named like a static function of its own (OSLogPrivacy's auto beside
// auto(mask:)) is among the real ones a finding lists.
func TestCaseCandidatesNameStaticsBesideFunctions(t *testing.T) {
	wantRealOnes(t, "import os\nfunc f(e: String) { logger.notice(\"a \\(e, privacy: .redacted)\") }\n", ".auto", ".private", ".public", ".sensitive")
}

// wantRealOnes checks that code gives one typed finding, which names
// want as its real ones, in order.
func wantRealOnes(t *testing.T, code string, want ...string) {
	t.Helper()
	got := checkTypedOn(t, testGraph(), code)
	if len(got) != 1 {
		t.Fatalf("want one finding, got %+v", got)
	}
	var names []string
	for _, c := range got[0].Nearest {
		names = append(names, c.Name)
	}
	if !slices.Equal(names, want) {
		t.Fatalf("real ones %v, want %v", names, want)
	}
}

// TestCaseCandidatesLeaveObjectiveCNames: a finding's real cases are
// written as Swift writes them, without the Objective-C names some Topics
// list beside them (UIViewContentModeRedraw).
func TestCaseCandidatesLeaveObjectiveCNames(t *testing.T) {
	wantRealOnes(t, "import UIKit\nfunc f(v: UIImageView) {\n  v.contentMode = .aspectFit\n}\n", ".scaleAspectFill", ".scaleAspectFit", ".scaleToFill")
}

// runTypedCases checks each case's snippet over table: no typed finding
// when want is "", else one of want on symbol that names a fix.
func runTypedCases(t *testing.T, table SymbolTable, cases []typedCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := checkTypedOn(t, table, tc.code)
			if tc.want == "" {
				if len(got) > 0 {
					t.Fatalf("want no typed finding, got %+v", got)
				}
				return
			}
			for _, f := range got {
				if f.Status == tc.want && refBase(f.Symbol) == tc.symbol {
					if len(f.Nearest) == 0 && tc.want != NotOnType {
						t.Errorf("finding names no fix: %+v", f)
					}
					return
				}
			}
			t.Fatalf("want %s on %s, got %+v", tc.want, tc.symbol, got)
		})
	}
}

// TestObjectOverlayMembers: key-value observing, which Foundation's
// overlay gives every NSObject subclass and the crawl documents on no
// type, is no finding on a class.
func TestObjectOverlayMembers(t *testing.T) {
	code := "import UIKit\nfunc f(d: UIDevice) {\n  print(d.observe(k, options: [], changeHandler: h))\n}\n"
	rep := checkCode(t, testGraph(), Options{}, File{Code: code})
	for _, f := range rep.Findings {
		if f.Status.SaysMissing() && strings.Contains(f.Symbol, "observe") {
			t.Errorf("want no finding that says observe is missing, got %+v", f)
		}
	}
}

// TestLeadingDotOverAnotherFilesType: a leading dot in a switch over a
// parameter of a type another file of the project declares (`category:
// Category`, named like an Apple type) is that type's, not judged; over the
// Apple type it is judged, though the file declares the name as an
// instance member.
func TestLeadingDotOverAnotherFilesType(t *testing.T) {
	own := File{Path: "View.swift", Code: "enum UIView {\n  enum ContentMode {\n    case favorites, all\n  }\n}\n"}
	model := func(param string) File {
		return File{Path: "Model.swift", Code: "import UIKit\nfinal class Model {\n  var favorites = 0\n  func f(s: " + param +
			") -> Int {\n    switch s {\n    case .favorites: return favorites\n    default: return 0\n    }\n  }\n}\n"}
	}
	favorites := func(files ...File) []Reference {
		var out []Reference
		for _, r := range checkCode(t, testGraph(), Options{}, files...).Findings {
			if strings.HasSuffix(r.Symbol, "favorites") {
				out = append(out, r)
			}
		}
		return out
	}
	if got := favorites(own, model("UIView.ContentMode")); len(got) > 0 {
		t.Errorf("a case of the project's own type judged: %+v", got)
	}
	if got := favorites(model("UIView.ContentMode")); len(got) != 1 || got[0].Status != NoSuchCase {
		t.Errorf("want the leading dot over the Apple type judged, got %+v", got)
	}
}

// TestFittingLinkPrefersItsTitle: of the overloads a link's written
// labels fit, those titled with exactly those labels are the ones called;
// an overload of another arity whose page declares nothing fits any
// labels, and would otherwise join them (DataTaskPublisher's map(_:_:)).
func TestFittingLinkPrefersItsTitle(t *testing.T) {
	ms := []apiMember{
		{title: "map(_:)", decl: "func map<T>(_ transform: (Output) -> T) -> Publishers.Map<Self, T>"},
		{title: "map(_:_:)", decl: ""},
	}
	got := fittingLink(ms, "map", []string{"_"})
	if len(got) != 1 || got[0].title != "map(_:)" {
		t.Errorf("fittingLink(map, [_]) = %+v, want map(_:) alone", got)
	}
	if got := fittingLink(ms, "map", []string{"_", "_"}); len(got) != 1 || got[0].title != "map(_:_:)" {
		t.Errorf("fittingLink(map, [_ _]) = %+v, want map(_:_:) alone", got)
	}
}

// TestCaseCandidatesNearestFirst: the real cases a finding offers start
// with the ones nearest the name written (`.scaleToFil` is offered
// scaleToFill before the alphabet's scaleAspectFill, `.userCancelled`
// userCancel), and an Objective-C constant's name among a Swift
// enumeration's cases (LAErrorBiometryLockout) is not offered.
func TestCaseCandidatesNearestFirst(t *testing.T) {
	got := checkTypedOn(t, testGraph(), "import UIKit\nlet v = UIImageView()\nv.contentMode = .scaleToFil\n")
	if len(got) != 1 || got[0].Status != NoSuchCase || len(got[0].Nearest) == 0 {
		t.Fatalf("want one no_such_case with candidates, got %+v", got)
	}
	if got[0].Nearest[0].Name != ".scaleToFill" {
		t.Errorf("first candidate %s, want .scaleToFill: %+v", got[0].Nearest[0].Name, got[0].Nearest)
	}
	got = checkTypedOn(t, testGraph(), "import LocalAuthentication\nfunc f(e: LAError.Code) -> Bool { e == .userCancelled }\n")
	if len(got) != 1 || got[0].Status != NoSuchCase || len(got[0].Nearest) == 0 {
		t.Fatalf("want one no_such_case with candidates, got %+v", got)
	}
	if got[0].Nearest[0].Name != ".userCancel" {
		t.Errorf("first candidate %s, want .userCancel: %+v", got[0].Nearest[0].Name, got[0].Nearest)
	}
	for _, c := range got[0].Nearest {
		if c.Name == ".LAErrorBiometryLockout" {
			t.Errorf("an Objective-C constant offered: %+v", got[0].Nearest)
		}
	}
}

// TestNotOnTypeNamesTheSubclassFirst: a member the receiver lacks is
// offered first on a type that inherits from the receiver's
// (HTTPURLResponse.statusCode for a URLResponse), before a type of a
// framework the file does not import.
func TestNotOnTypeNamesTheSubclassFirst(t *testing.T) {
	got := checkTypedOn(t, testGraph(), "import UIKit\nprint(UIDevice.current.proMode)\n")
	if len(got) != 1 || got[0].Status != NotOnType || len(got[0].Nearest) < 2 {
		t.Fatalf("want one not_on_type with two candidates, got %+v", got)
	}
	if got[0].Nearest[0].Name != "UIDevicePro.proMode" {
		t.Errorf("first candidate %s, want UIDevicePro.proMode: %+v", got[0].Nearest[0].Name, got[0].Nearest)
	}
}

// TestFindingOffersTheReceiversOwnMembers: a member the receiver lacks is
// offered, first, the receiver's members that share its words
// (UIDevice.current for currentMode, which UIScreen has), the fix a model
// most often needs, before the other types that have the name; a name that
// shares none is offered none of them.
func TestFindingOffersTheReceiversOwnMembers(t *testing.T) {
	got := checkTypedOn(t, testGraph(), "import UIKit\nprint(UIDevice.current.currentMode)\n")
	if len(got) != 1 || len(got[0].Nearest) < 2 || got[0].Nearest[0].Name != "UIDevice.current" {
		t.Fatalf("want UIDevice.current offered first, got %+v", got)
	}
	got = checkTypedOn(t, testGraph(), "import UIKit\nprint(UIDevice.current.separatorStyle)\n")
	for _, f := range got {
		for _, c := range f.Nearest {
			if strings.HasPrefix(c.Name, "UIDevice.") {
				t.Errorf("a name that shares no word is offered the receiver's %s", c.Name)
			}
		}
	}
}

// TestCompositionReturnHasEachTypesMembers: a value of a protocol
// composition (`CIFilter.gaussianBlur()` returns `any CIFilter &
// CIGaussianBlur`) has the members of each type: the protocol's radius
// is cited there, and the class's outputImage leads on to CIImage, whose
// list is judged.
func TestCompositionReturnHasEachTypesMembers(t *testing.T) {
	const filter, blur, image = "apple-docs://coreimage/cifilter", "apple-docs://coreimage/cigaussianblur", "apple-docs://coreimage/ciimage"
	g := graphWith(func(d *memGraph) {
		addFilled(d, filter, "CIFilter", "class", "coreimage")
		addFilled(d, image, "CIImage", "class", "coreimage")
		d.Pages = append(d.Pages, index.GraphPage{URI: blur, Title: "CIGaussianBlur", Kind: "protocol", Framework: "coreimage"})
		addListed(d, filter, filter+"/gaussianblur()", "gaussianBlur()", "method", "class func gaussianBlur() -> any CIFilter & CIGaussianBlur")
		addListed(d, filter, filter+"/outputimage", "outputImage", "property", "var outputImage: CIImage? { get }")
		// Another filter's radius, and another type's resized, that the
		// composition's members are not.
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://coreimage/cibloom", Title: "CIBloom", Kind: "protocol", Framework: "coreimage"})
		addListed(d, "apple-docs://coreimage/cibloom", "apple-docs://coreimage/cibloom/radius", "radius", "property", "var radius: Float { get set }")
		addFilled(d, "apple-docs://coreml/mltensor", "MLTensor", "struct", "coreml")
		addListed(d, "apple-docs://coreml/mltensor", "apple-docs://coreml/mltensor/resized(to:method:)", "resized(to:method:)", "method", "func resized(to size: Int, method: Int) -> MLTensor")
		addListed(d, blur, blur+"/radius", "radius", "property", "var radius: Float { get set }")
		addListed(d, image, image+"/cropped(to:)", "cropped(to:)", "method", "func cropped(to rect: CGRect) -> CIImage")
	})
	runTypedCases(t, g, []typedCase{
		{"a member of the composition's class", "import CoreImage\nlet f = CIFilter.gaussianBlur()\nlet i = f.outputImage?.resized(to: s)\n", NotOnType, "resized"},
		{"a real member past the composition", "import CoreImage\nlet f = CIFilter.gaussianBlur()\nlet i = f.outputImage?.cropped(to: r)\n", "", ""},
	})
	rep := checkCode(t, g, Options{}, File{Code: "import CoreImage\nlet f = CIFilter.gaussianBlur()\nf.radius = 3\n"})
	for _, r := range rep.References {
		if r.Symbol == "CIFilter.radius" || r.Symbol == ".radius" {
			if r.URI != blur+"/radius" {
				t.Errorf("radius cited at %q, want the protocol's page", r.URI)
			}
			return
		}
	}
	t.Errorf("radius not cited: %+v", rep.References)
}
