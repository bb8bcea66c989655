package mcp

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// ErrBadArgument marks an argument problem the caller can fix; handlers turn
// it into an isError result that names the argument.
var ErrBadArgument = errors.New("bad argument")

// Bounds on string arguments. Queries longer than a few hundred characters are
// never a lookup an agent needs, and bounding them keeps hostile input from
// reaching SQLite at all.
const (
	maxQueryLen = 500
	maxURILen   = 2048
	maxNameLen  = 200
	// maxOffset bounds the paging offsets (bytes of a page, rows of a
	// listing); nothing in the index is that large.
	maxOffset = 1 << 30
	// maxEchoLen bounds a caller's value quoted back in an error message.
	maxEchoLen = 60
)

// toolArgs wraps a call's arguments with typed accessors. Every accessor
// returns an ErrBadArgument error that says what was expected and what came.
type toolArgs struct {
	m map[string]any
}

func argsOf(req mcpgo.CallToolRequest) toolArgs {
	return toolArgs{m: req.GetArguments()}
}

func argError(name, format string, a ...any) error {
	return fmt.Errorf("%w %q: %s", ErrBadArgument, name, fmt.Sprintf(format, a...))
}

// present reports whether name was passed with a non-null value.
func (a toolArgs) present(name string) bool {
	v, ok := a.m[name]
	return ok && v != nil
}

// requiredString returns a non-blank string of at most maxLen bytes.
func (a toolArgs) requiredString(name string, maxLen int) (string, error) {
	if !a.present(name) {
		return "", argError(name, "is required")
	}
	s, err := a.optionalString(name, "", maxLen)
	if err != nil {
		return "", err
	}
	if s == "" {
		return "", argError(name, "must not be empty")
	}
	return s, nil
}

// requiredURI reads a required page address (a URI, a developer.apple.com
// URL, an SE number) and returns its canonical URI.
func (a toolArgs) requiredURI(name string) (string, error) {
	raw, err := a.requiredString(name, maxURILen)
	if err != nil {
		return "", err
	}
	return canonicalURI(raw)
}

// optionalString returns the trimmed string or def when absent. Numbers and
// booleans are not silently converted: a wrong type is a mistake worth
// reporting.
func (a toolArgs) optionalString(name, def string, maxLen int) (string, error) {
	if !a.present(name) {
		return def, nil
	}
	s, ok := a.m[name].(string)
	if !ok {
		return "", argError(name, "must be a string, got %s", jsonType(a.m[name]))
	}
	if len(s) > maxLen {
		return "", argError(name, "is %d bytes long; the limit is %d", len(s), maxLen)
	}
	// JSON decoding turns invalid UTF-8 into U+FFFD, so a replacement
	// character is how broken input arrives; no API name contains one.
	if !utf8.ValidString(s) || strings.ContainsRune(s, 0) || strings.ContainsRune(s, utf8.RuneError) {
		return "", argError(name, "contains invalid characters (NUL or invalid UTF-8)")
	}
	return strings.TrimSpace(s), nil
}

// requiredEnum returns one of allowed, which must be given.
func (a toolArgs) requiredEnum(name string, allowed []string) (string, error) {
	s, err := a.optionalEnum(name, "", allowed)
	if err != nil {
		return "", err
	}
	if s == "" {
		return "", argError(name, "is required: one of %s", strings.Join(allowed, ", "))
	}
	return s, nil
}

// optionalEnum returns one of allowed (compared case-insensitively, returned
// as spelled in allowed) or def when absent or blank.
func (a toolArgs) optionalEnum(name, def string, allowed []string) (string, error) {
	s, err := a.optionalString(name, "", maxNameLen)
	if err != nil || s == "" {
		return def, err
	}
	for _, v := range allowed {
		if strings.EqualFold(v, s) {
			return v, nil
		}
	}
	return "", argError(name, "must be one of %s, got %q", strings.Join(allowed, ", "), clip(s, maxEchoLen))
}

// optionalInt returns an integer in [lo, hi] or def when absent. Numeric
// strings are accepted because some clients (CLIs, form UIs) send every
// argument as text.
func (a toolArgs) optionalInt(name string, def, lo, hi int) (int, error) {
	if !a.present(name) {
		return def, nil
	}
	var f float64
	switch v := a.m[name].(type) {
	case float64:
		f = v
	case int:
		f = float64(v)
	case int64:
		f = float64(v)
	case string:
		parsed, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return 0, argError(name, "must be an integer, got %q", clip(v, maxEchoLen))
		}
		f = parsed
	default:
		return 0, argError(name, "must be an integer, got %s", jsonType(v))
	}
	if math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) {
		return 0, argError(name, "must be a whole number, got %v", f)
	}
	if f < float64(lo) || f > float64(hi) {
		return 0, argError(name, "must be between %d and %d, got %v", lo, hi, f)
	}
	return int(f), nil
}

// offsetArg declares the offset argument, described by desc: where a paged
// listing or a truncated page goes on. offset reads it, with the same bounds.
func offsetArg(desc string) mcpgo.ToolOption {
	return mcpgo.WithInteger("offset", mcpgo.DefaultNumber(0), mcpgo.Min(0), mcpgo.Max(maxOffset),
		mcpgo.Description(desc))
}

// offset reads the argument offsetArg declares.
func (a toolArgs) offset() (int, error) {
	return a.optionalInt("offset", 0, 0, maxOffset)
}

// pageArgs declares the offset and limit arguments of a paged listing,
// described by offsetDesc and limitDesc; limit defaults to def, at most most.
func pageArgs(offsetDesc, limitDesc string, def, most int) mcpgo.ToolOption {
	offset := offsetArg(offsetDesc)
	limit := mcpgo.WithInteger("limit", mcpgo.DefaultNumber(def), mcpgo.Min(1), mcpgo.Max(most),
		mcpgo.Description(limitDesc))
	return func(t *mcpgo.Tool) {
		offset(t)
		limit(t)
	}
}

// page reads the arguments pageArgs declares, with the same def and most.
func (a toolArgs) page(def, most int) (offset, limit int, err error) {
	if offset, err = a.offset(); err != nil {
		return 0, 0, err
	}
	limit, err = a.optionalInt("limit", def, 1, most)
	return offset, limit, err
}

// optionalBool returns a boolean or def when absent; "true"/"false" strings
// are accepted for the same reason as in optionalInt.
func (a toolArgs) optionalBool(name string, def bool) (bool, error) {
	if !a.present(name) {
		return def, nil
	}
	switch v := a.m[name].(type) {
	case bool:
		return v, nil
	case string:
		b, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			return false, argError(name, "must be true or false, got %q", clip(v, maxEchoLen))
		}
		return b, nil
	}
	return false, argError(name, "must be a boolean, got %s", jsonType(a.m[name]))
}

// optionalBoolPtr is optionalBool that tells "absent" (nil) from false.
func (a toolArgs) optionalBoolPtr(name string) (*bool, error) {
	if !a.present(name) {
		return nil, nil
	}
	b, err := a.optionalBool(name, false)
	if err != nil {
		return nil, err
	}
	return &b, nil
}

// unknownArguments lists argument names the tool's schema does not declare,
// sorted. Agents misspell names ("frameworks", "max_results"); silently
// ignoring them returns unfiltered results that look filtered.
func unknownArguments(tool mcpgo.Tool, args map[string]any) []string {
	var out []string
	for name := range args {
		if _, ok := tool.InputSchema.Properties[name]; !ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// echoNames shortens a caller's list of names for an error message: the
// first few, each clipped, so a hostile call cannot make the answer large.
func echoNames(names []string) []string {
	const most = 10
	out := make([]string, 0, min(len(names), most+1))
	for i, n := range names {
		if i == most {
			out = append(out, fmt.Sprintf("… %d more", len(names)-most))
			break
		}
		out = append(out, clip(n, maxEchoLen))
	}
	return out
}

// schemaArgNames lists the tool's declared argument names, sorted.
func schemaArgNames(tool mcpgo.Tool) []string {
	names := make([]string, 0, len(tool.InputSchema.Properties))
	for name := range tool.InputSchema.Properties {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case float64, int, int64:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	// Not reachable from JSON; a Go type name would mean nothing to the caller.
	return "an unexpected value"
}
