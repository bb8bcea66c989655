package corpus

import (
	"strconv"
	"strings"
)

// frontMatter holds the top-level scalar fields of a YAML front matter block.
// The sources here use flat "key: value" pairs (title, date, url, category,
// layout, flow lists like [iOS, macOS]); nested maps and block scalars are
// skipped rather than parsed, which is all the readers need and spares a
// YAML dependency.
type frontMatter map[string]string

// splitFrontMatter separates a leading "---" front matter block from the
// body. Without one it returns nil fields and the whole text.
func splitFrontMatter(text string) (frontMatter, string) {
	if !strings.HasPrefix(text, "---") {
		return nil, text
	}
	first, rest, ok := strings.Cut(text, "\n")
	if !ok || strings.TrimSpace(first) != "---" {
		return nil, text
	}
	fields := frontMatter{}
	for {
		line, after, more := strings.Cut(rest, "\n")
		trimmed := strings.TrimSpace(line)
		if trimmed == "---" || trimmed == "..." {
			return fields, after
		}
		if !more {
			// No closing delimiter: not front matter after all (a page
			// that opens with a horizontal rule).
			return nil, text
		}
		rest = after
		if line == "" || line[0] == ' ' || line[0] == '\t' || line[0] == '-' || line[0] == '#' {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key = strings.TrimSpace(key)
		if _, seen := fields[key]; !seen {
			fields[key] = yamlScalar(value)
		}
	}
}

// yamlScalar unquotes a YAML scalar: "double", 'single' or plain (with a
// trailing " # comment" removed).
func yamlScalar(value string) string {
	value = strings.TrimSpace(value)
	switch {
	case len(value) >= 2 && value[0] == '"' && value[len(value)-1] == '"':
		if unquoted, err := strconv.Unquote(value); err == nil {
			return unquoted
		}
		return value[1 : len(value)-1]
	case len(value) >= 2 && value[0] == '\'' && value[len(value)-1] == '\'':
		return strings.ReplaceAll(value[1:len(value)-1], "''", "'")
	}
	if i := strings.Index(value, " #"); i >= 0 {
		value = strings.TrimSpace(value[:i])
	}
	return value
}

// list reads a flow list value ("[iOS, \"macOS\"]") or a single scalar as a
// list of strings.
func (f frontMatter) list(key string) []string {
	value := strings.TrimSpace(f[key])
	if value == "" {
		return nil
	}
	if !strings.HasPrefix(value, "[") || !strings.HasSuffix(value, "]") {
		return []string{value}
	}
	var items []string
	for _, item := range strings.Split(value[1:len(value)-1], ",") {
		if item = yamlScalar(item); item != "" {
			items = append(items, item)
		}
	}
	return items
}

// isFalse reports whether key is set to a YAML false value.
func (f frontMatter) isFalse(key string) bool {
	switch strings.ToLower(f[key]) {
	case "false", "no", "off":
		return true
	}
	return false
}
