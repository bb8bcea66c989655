package verify

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
	"github.com/cupertino-go/cupertino/internal/symbolgraph"
)

// ErrNoSymbols means a symbol source yielded nothing to check against.
var ErrNoSymbols = errors.New("no symbols found")

// SymbolInfo is one API a reference can resolve to.
type SymbolInfo struct {
	Name   string // base name: "foregroundStyle", "NavigationStack"
	Parent string // enclosing type ("View"), "" at top level
	Kind   string // swift.struct, method, …
	Module string
	// Introduced maps a platform (ios, macos, …) to its first version. An
	// empty map means no availability is recorded: available everywhere.
	Introduced map[string]Version
	// Deprecated maps a platform to the version it was deprecated in; a zero
	// Version means deprecated at an unknown version.
	Deprecated map[string]Version
	// DeprecatedEverywhere is set for unconditional deprecations and for index
	// rows flagged deprecated without per-platform detail.
	DeprecatedEverywhere bool
	// Unavailable lists platforms where the symbol is marked unavailable.
	Unavailable map[string]bool
	// Origin says where it came from, for the report.
	Origin string
	// URI is the page that documents it ("" for a symbol graph's symbols).
	URI string
	// Note is the page's deprecation message, usually naming the
	// replacement.
	Note string
}

// SymbolTable resolves base names. Lookup is case-sensitive, as Swift is.
type SymbolTable interface {
	Lookup(name string) ([]SymbolInfo, error)
	// Describe names the source for the report: "symbol graphs (3 files)".
	Describe() string
}

// baseName strips argument labels and generic parameters from a title:
// "padding(_:_:)" -> "padding", "Binding<Value>" -> "Binding",
// "init(url:)" -> "init".
func baseName(title string) string {
	if i := strings.IndexAny(title, "(<"); i > 0 {
		title = title[:i]
	}
	return strings.TrimSpace(title)
}

// MemTable is an in-memory SymbolTable.
type MemTable struct {
	byName      map[string][]SymbolInfo
	description string
}

// NewMemTable builds a table from symbols.
func NewMemTable(description string, symbols []SymbolInfo) *MemTable {
	t := &MemTable{byName: map[string][]SymbolInfo{}, description: description}
	for _, s := range symbols {
		t.Add(s)
	}
	return t
}

// Add inserts one symbol.
func (t *MemTable) Add(s SymbolInfo) { t.byName[s.Name] = append(t.byName[s.Name], s) }

// Lookup implements SymbolTable.
func (t *MemTable) Lookup(name string) ([]SymbolInfo, error) { return t.byName[name], nil }

// Describe implements SymbolTable.
func (t *MemTable) Describe() string { return t.description }

// Len is the number of distinct names.
func (t *MemTable) Len() int { return len(t.byName) }

// versionOf converts a symbol graph's version.
func versionOf(v *symbolgraph.Version) Version { return Version{v.Major, v.Minor, v.Patch} }

// domainPlatform maps SymbolKit availability domains to target platforms. The
// "*" and "Swift" domains are language-wide and do not gate a platform.
func domainPlatform(domain string) string {
	switch strings.ToLower(strings.ReplaceAll(domain, " ", "")) {
	case "ios", "ipados", "iosapplicationextension":
		return "ios"
	case "macos", "macosx", "osx", "macosapplicationextension":
		return "macos"
	case "tvos", "tvosapplicationextension":
		return "tvos"
	case "watchos", "watchosapplicationextension":
		return "watchos"
	case "visionos", "xros":
		return "visionos"
	case "maccatalyst", "maccatalystapplicationextension":
		return "maccatalyst"
	}
	return ""
}

// LoadSymbolGraphs reads every *.symbols.json under dir (recursively).
func LoadSymbolGraphs(dir string) (*MemTable, error) {
	files, err := symbolgraph.Files(context.Background(), dir)
	if err != nil {
		return nil, fmt.Errorf("symbol graphs: %w", err)
	}
	table := NewMemTable(fmt.Sprintf("symbol graphs (%d files)", len(files)), nil)
	for _, f := range files {
		if err := loadSymbolGraph(table, f); err != nil {
			return nil, err
		}
	}
	if table.Len() == 0 {
		return nil, fmt.Errorf("%w in %s", ErrNoSymbols, dir)
	}
	return table, nil
}

func loadSymbolGraph(table *MemTable, path string) error {
	g, err := symbolgraph.Read(path)
	if err != nil {
		return err
	}
	for _, s := range g.Symbols {
		if s.Kind.Identifier == "module" || s.Kind.Identifier == "swift.extension" {
			continue
		}
		title := s.Names.Title
		if len(s.PathComponents) > 0 {
			title = s.PathComponents[len(s.PathComponents)-1]
		}
		info := SymbolInfo{
			Name:   baseName(title),
			Kind:   s.Kind.Identifier,
			Module: g.Module.Name,
			Origin: "symbolgraph:" + g.Module.Name,
		}
		if len(s.PathComponents) > 1 {
			info.Parent = baseName(s.PathComponents[len(s.PathComponents)-2])
		}
		for _, av := range s.Availability {
			if av.Domain == "*" && av.IsUnconditionallyDeprecated {
				info.DeprecatedEverywhere = true
			}
			plat := domainPlatform(av.Domain)
			if plat == "" {
				continue
			}
			if av.Introduced != nil {
				setVersion(&info.Introduced, plat, versionOf(av.Introduced))
			}
			switch {
			case av.Deprecated != nil:
				setVersion(&info.Deprecated, plat, versionOf(av.Deprecated))
			case av.IsUnconditionallyDeprecated:
				setVersion(&info.Deprecated, plat, Version{})
			}
			if av.IsUnconditionallyUnavailable || av.Obsoleted != nil {
				if info.Unavailable == nil {
					info.Unavailable = map[string]bool{}
				}
				info.Unavailable[plat] = true
			}
		}
		if info.Name != "" {
			table.Add(info)
		}
	}
	return nil
}

func setVersion(m *map[string]Version, platform string, v Version) {
	if *m == nil {
		*m = map[string]Version{}
	}
	(*m)[platform] = v
}

// stdlibBuiltins is the Swift standard library's core vocabulary. A symbol
// source that holds only a few frameworks (a symbol-graph directory of SwiftUI
// alone) still knows String and Result through this list. The table is always
// asked first, so its availability data wins when it has the name.
var stdlibBuiltins = swiftlex.SetOf(
	"Any", "AnyObject", "AnyHashable", "Never", "Void", "Bool", "Int", "Int8", "Int16", "Int32", "Int64",
	"UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Float16", "Float80", "CGFloat",
	"Character", "String", "Substring", "StaticString", "Array", "ArraySlice", "ContiguousArray",
	"Dictionary", "Set", "Optional", "Result", "Error", "Equatable", "Hashable", "Comparable", "Codable",
	"Encodable", "Decodable", "Encoder", "Decoder", "CodingKey", "Identifiable", "CaseIterable",
	"RawRepresentable", "CustomStringConvertible", "CustomDebugStringConvertible", "Sendable", "Sequence",
	"Collection", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection",
	"RangeReplaceableCollection", "IteratorProtocol", "AsyncSequence", "AsyncIteratorProtocol", "Range",
	"ClosedRange", "KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath", "PartialKeyPath",
	"AnyKeyPath", "ObjectIdentifier", "Numeric", "BinaryInteger", "FixedWidthInteger", "FloatingPoint",
	"BinaryFloatingPoint", "SignedNumeric", "StringProtocol", "ExpressibleByStringLiteral",
	"ExpressibleByIntegerLiteral", "Actor", "AnyActor", "Copyable", "Escapable", "Unicode", "UTF8", "UTF16",
	"UTF32",
)

// stdlibMembers are members the compiler synthesises or every type has,
// and Optional's own (map, flatMap): the checks do not follow whether a
// value is optional, so `url.map { … }` may be Optional's.
var stdlibMembers = swiftlex.SetOf("rawValue", "allCases", "hashValue", "id", "map", "flatMap", "unsafelyUnwrapped")

// Names lists the distinct names, sorted.
func (t *MemTable) Names() []string {
	return slices.Sorted(maps.Keys(t.byName))
}
