package mcp

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// hostileValue is a value for one argument and whether the tool must refuse
// it (some are odd but acceptable: a blank optional string means "absent").
type hostileValue struct {
	value    any
	mustFail bool
}

// hostileValues derives bad values for one argument from its schema: the
// wrong JSON types, blank, over-long, NUL and invalid UTF-8 strings, values
// outside an enum or pattern, and numbers out of range or not whole.
func hostileValues(prop map[string]any, required bool) []hostileValue {
	var out []hostileValue
	add := func(mustFail bool, values ...any) {
		for _, v := range values {
			out = append(out, hostileValue{v, mustFail})
		}
	}
	typ, _ := prop["type"].(string)
	switch typ {
	case "string":
		add(true, 5.0, -1.0, true, false, []any{"x"}, map[string]any{"x": "y"}, "a\x00b", "\xff\xfe", strings.Repeat("x", 1<<17))
		add(required, "", "   ", "\t\n")
		if maxLen, ok := prop["maxLength"].(int); ok {
			add(true, strings.Repeat("é", maxLen/2+1), strings.Repeat("x", maxLen+1))
		}
		if enum, ok := prop["enum"].([]string); ok {
			add(true, "not-"+enum[0], "\u202e"+enum[0])
			add(false, enum[0]+" ", strings.ToUpper(enum[0])) // trimmed and case-folded on purpose
		}
		if _, ok := prop["pattern"]; ok {
			add(true, "seventeen", "1.2.3.4", "-1")
		}
		add(false, "\u202eweiV", "👩‍💻 View", "e\u0301", "名前")
	case "integer":
		add(true, "ten", true, []any{1.0}, map[string]any{}, 2.5, 1e300, -1e300, math.MaxInt64*4.0, "1e400", "")
		if lo, ok := prop["minimum"].(float64); ok {
			add(true, lo-1)
		}
		if hi, ok := prop["maximum"].(float64); ok {
			add(true, hi+1)
		}
		add(false, "3", 3.0)
	case "boolean":
		add(true, 5.0, "maybe", []any{true}, map[string]any{}, "")
		add(false, "true", false)
	}
	return out
}

// TestEveryArgumentIsValidated calls every tool with hostile values for
// each argument its schema declares, the others valid: a value the schema
// forbids must come back as an isError result that names the argument, and
// nothing may panic.
func TestEveryArgumentIsValidated(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	checked := 0
	for _, def := range Tools() {
		for _, name := range schemaArgNames(def) {
			prop, _ := def.InputSchema.Properties[name].(map[string]any)
			required := slices.Contains(def.InputSchema.Required, name)
			for _, h := range hostileValues(prop, required) {
				args := map[string]any{}
				for k, v := range everyToolArgs[def.Name] {
					args[k] = v
				}
				args[name] = h.value
				res := s.call(def.Name, args)
				text := resultText(res)
				what := fmt.Sprintf("%s %s=%s", def.Name, name, clip(fmt.Sprintf("%#v", h.value), 60))
				checked++
				if strings.Contains(text, "panic") || strings.Contains(text, "internal error") {
					t.Errorf("%s: %s", what, clip(text, 300))
					continue
				}
				if !h.mustFail {
					continue
				}
				if !res.IsError {
					t.Errorf("%s: accepted, want an isError result", what)
				} else if !strings.Contains(text, fmt.Sprintf("%q", name)) {
					t.Errorf("%s: the error does not name the argument: %s", what, clip(text, 300))
				}
			}
		}
		// Required arguments may not be left out.
		for _, name := range def.InputSchema.Required {
			args := map[string]any{}
			for k, v := range everyToolArgs[def.Name] {
				if k != name {
					args[k] = v
				}
			}
			if text := s.fails(def.Name, args); !strings.Contains(text, fmt.Sprintf("%q", name)) {
				t.Errorf("%s without %s: %s", def.Name, name, text)
			}
		}
	}
	t.Logf("%d hostile calls", checked)
}

// TestBlankRequiredEnum is the call that panicked in the handler:
// search_concurrency with a blank pattern.
func TestBlankRequiredEnum(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	for _, pattern := range []any{"", "   ", nil} {
		text := s.fails("search_concurrency", map[string]any{"pattern": pattern})
		mustContain(t, text, `"pattern"`, "async, actor, mainactor")
	}
}

// TestSchemaBoundsMatchHandlers: every integer argument declares the range
// its handler enforces, so a client validating against the schema and the
// server agree.
func TestSchemaBoundsMatchHandlers(t *testing.T) {
	for _, def := range Tools() {
		for name, raw := range def.InputSchema.Properties {
			p, _ := raw.(map[string]any)
			if p["type"] == "integer" && p["maximum"] == nil {
				t.Errorf("%s.%s: integer without maximum", def.Name, name)
			}
		}
	}
}
