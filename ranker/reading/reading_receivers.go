package reading

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// The types code's values have: stated by the code (let f =
// DateFormatter()), or guessed from the names it gives them (tableView:
// UITableView), which the index confirms before a guess counts.

// localTypeRE: a local value whose type the code states: let f =
// DateFormatter(), var m: CLLocationManager, let s = URLSession.shared,
// let http = response as? HTTPURLResponse.
var localTypeRE = regexp.MustCompile(`\b(?:let|var)\s+([a-z][A-Za-z0-9_]*)\s*(?::\s*([A-Z][A-Za-z0-9_]*)|=\s*(?:try\s+)?(?:await\s+)?([A-Z][A-Za-z0-9_]*)\s*[(<.]|=\s*[A-Za-z_][A-Za-z0-9_.]*\s+as[?!]\s*([A-Z][A-Za-z0-9_]*))`)

// localTypes maps the code's local values to the types it gives them.
func localTypes(code string) map[string]string {
	out := map[string]string{}
	for _, m := range localTypeRE.FindAllStringSubmatch(code, -1) {
		if t := m[2] + m[3] + m[4]; !swiftKeywords[t] {
			out[m[1]] = t
		}
	}
	return out
}

// receiverOf is the type and variable a receiver chain starts from; a
// variable the code typed itself has that type.
func receiverOf(chain string, local map[string]string) (typ, variable string) {
	typ, variable = receiverType(chain), receiverVariable(chain)
	if typ == "" && local[variable] != "" {
		typ = local[variable]
	}
	return typ, variable
}

// receiverVariable is the local value a receiver chain starts from
// ("tableView" in "tableView."), "" for a type, self or no receiver.
func receiverVariable(chain string) string {
	chain = strings.TrimSuffix(chain, ".")
	first, rest, _ := strings.Cut(chain, ".")
	first = strings.TrimRight(first, "?!")
	if first == "self" && rest != "" {
		// self.tableView. and self?.player. start from the property:
		// a stored value, named like any other.
		first, _, _ = strings.Cut(rest, ".")
		first = strings.TrimRight(first, "?!")
	}
	if first == "" || first == "self" || swiftlex.IsTypeName(first) || swiftlex.IdentifierPrefix(first) != first {
		return ""
	}
	return first
}

// ReceiverTypes are the types a value's name suggests, by the convention of
// naming a value after its type: tableView -> TableView, UITableView,
// NSTableView, then its last word's (cardView -> UIView, NSView, View);
// product -> Product. A guess costs little: a type is read only when it has
// the member called.
func ReceiverTypes(name string) []string {
	if name == "" {
		return nil
	}
	t := strings.ToUpper(name[:1]) + name[1:]
	types := []string{t}
	for _, prefix := range receiverPrefixes {
		types = append(types, prefix+t)
	}
	if i := lastWordStart(name); i > 0 {
		last := name[i:]
		if last == "At" {
			last = "Date" // createdAt, issuedAt: a timestamp, by convention
		}
		if long := abbreviations[last]; long != "" {
			last = long // privateDB: a Database, detailVC: a ViewController
		}
		if bridgedValueTypes[last] {
			// expiryDate is a Date before an NSDate: Swift code holds the
			// value type Foundation bridges the class to.
			types = append(types, last)
		}
		for _, prefix := range receiverPrefixes {
			types = append(types, prefix+last)
		}
		types = append(types, last)
	}
	return types
}

// lastWordStart is where the last word of a camel-case name starts: the
// last capital, or the first of a run of capitals that ends the name
// (downloadURL -> URL, privateDB -> DB); 0 for one word.
func lastWordStart(name string) int {
	i := strings.LastIndexFunc(name, unicode.IsUpper)
	if i <= 0 || i != len(name)-1 {
		return max(i, 0)
	}
	for i > 0 && unicode.IsUpper(rune(name[i-1])) {
		i--
	}
	return i
}

// abbreviations are the short last words code names values by.
var abbreviations = map[string]string{"DB": "Database", "VC": "ViewController", "Ctx": "Context", "Mgr": "Manager"}

// bridgedValueTypes are the Swift value types Foundation bridges its
// NS-prefixed classes to (Date and NSDate), as a value's last word names
// them.
var bridgedValueTypes = map[string]bool{"Date": true, "Data": true, "URL": true, "String": true, "Calendar": true,
	"Locale": true, "TimeZone": true, "UUID": true, "Notification": true, "Decimal": true, "Measurement": true,
	"Set": true, "Array": true, "Dictionary": true, "Range": true}

// receiverPrefixes are the framework prefixes of the types code most often
// names its values after (audioPlayer: AVAudioPlayer, mapView: MKMapView),
// then the first words Foundation's types bear that code drops when it
// names their values (defaults: UserDefaults, session: URLSession,
// decoder: JSONDecoder, center: NotificationCenter), the contexts of
// Core Data and SwiftData (viewContext: NSManagedObjectContext), and
// Dispatch's and Foundation's queues and groups (syncGroup: DispatchGroup),
// and the notification center apps schedule with (reminderCenter).
var receiverPrefixes = []string{"UI", "NS", "AV", "MK", "CL", "PH", "CK", "HK", "UN", "WK", "CA", "CG",
	"URL", "JSON", "User", "File", "Notification", "Date", "NSManagedObject", "Model", "Dispatch", "Operation",
	"UNUserNotification"}

// chainProperty is the last property of a receiver chain of two or more
// parts (URLSession.shared.configuration. -> configuration,
// invoice.dueDate. -> dueDate), or "".
func chainProperty(chain string) string {
	parts := strings.Split(strings.TrimSuffix(chain, "."), ".")
	if len(parts) < 2 {
		return ""
	}
	last := parts[len(parts)-1]
	if i := strings.IndexAny(last, "(<?!"); i >= 0 {
		last = last[:i]
	}
	if last == "" || !unicode.IsLower(rune(last[0])) {
		return ""
	}
	return last
}

// ViaTypes are the types a chain's property may have, by the convention
// of naming a property after its type, the root's own or its framework's:
// configuration on URLSession -> URLSessionConfiguration, and
// privateCloudDatabase on CKContainer -> … CKCloudDatabase, CloudDatabase,
// CKDatabase; a type is read only when it has the member called.
func ViaTypes(root, property string) []string {
	prefix := ""
	if rest := Unprefixed(root); rest != "" {
		prefix = root[:len(root)-len(rest)] // CK in CKContainer
	}
	name := strings.ToUpper(property[:1]) + property[1:]
	var out []string
	for i, r := range name {
		if i == 0 || unicode.IsUpper(r) {
			out = append(out, root+name[i:])
			if prefix != "" {
				out = append(out, prefix+name[i:])
			}
			out = append(out, name[i:])
		}
	}
	return out
}

// receiverType is the type a receiver chain starts from: URLSession in
// "URLSession.shared.", nothing for "item." or "self.".
func receiverType(chain string) string {
	chain = strings.TrimSuffix(chain, ".")
	if chain == "" {
		return ""
	}
	first, _, _ := strings.Cut(chain, ".")
	if i := strings.IndexAny(first, "<(?!"); i >= 0 {
		first = first[:i]
	}
	if swiftlex.IsTypeName(first) {
		return first
	}
	return ""
}

// typePathRE: a receiver chain of types alone (AVCaptureDevice.), before a
// nested type's name.
var typePathRE = regexp.MustCompile(`^(?:[A-Z][A-Za-z0-9_]*\.)+$`)

// builtRE: text ending in a type's initializer or static factory called,
// up to its argument list (Duration.seconds, Measurement).
var builtRE = regexp.MustCompile(`(?:^|[^A-Za-z0-9_.])([A-Z][A-Za-z0-9_]*)(?:<[^<>]*>)?(?:\.[a-z][A-Za-z0-9_]*)?$`)

// builtType is the type built by the call whose argument list closes the
// text (…Duration.seconds(elapsed)), when a type's initializer or static
// factory builds it, else "": such calls return the type itself.
func builtType(code string) string {
	if !strings.HasSuffix(code, ")") {
		return ""
	}
	depth := 0
	for i := len(code) - 1; i >= 0; i-- {
		switch code[i] {
		case ')':
			depth++
		case '(':
			if depth--; depth == 0 {
				if m := builtRE.FindStringSubmatch(code[:i]); m != nil && !swiftKeywords[m[1]] {
					return m[1]
				}
				return ""
			}
		}
	}
	return ""
}

// Unprefixed returns a type name without its framework prefix, lower-case:
// UILabel -> label, NSButton -> button, URLSession -> session. The prefix is
// a run of two or three capitals before a capitalised word; a name without
// one gives "".
func Unprefixed(title string) string {
	run := 0
	for run < len(title) && title[run] >= 'A' && title[run] <= 'Z' {
		run++
	}
	if run < 3 || run > 4 || run == len(title) || title[run] < 'a' || title[run] > 'z' {
		return ""
	}
	rest := title[run-1:]
	if strings.ContainsAny(rest, ".<( ") {
		return ""
	}
	return strings.ToLower(rest)
}
