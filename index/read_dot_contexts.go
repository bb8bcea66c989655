package index

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// DotContext is a place where code writes a leading-dot value: assigned to
// a property (Callee "", Label the property's name: `field.borderStyle =
// .roundedRect`) or passed as an argument (Callee the function's or the
// type's name, Label the argument's label, "_" for an unlabelled one:
// `UIBlurEffect(style: .systemMaterial)`, `setButtonType(.switch)`).
type DotContext struct{ Callee, Label string }

// String is the context as code writes it ("borderStyle =",
// "UIBlurEffect(style:").
func (c DotContext) String() string {
	if c.Callee == "" {
		return c.Label + " ="
	}
	return c.Callee + "(" + c.Label + ":"
}

// DotValues is what the sample and package code writes in one DotContext:
// each name written after the dot there, with the projects (CodeProject)
// that write it, each once, in reading order.
type DotValues map[string][]string

// Projects is every project that writes a leading dot in the context.
func (v DotValues) Projects() []string {
	var out []string
	for _, ps := range v {
		for _, p := range ps {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	slices.Sort(out)
	return out
}

// ValuesWrittenAt reads the leading-dot values the sample projects and
// packages write in c, among the first dotUsesRead source files the
// full-text search finds for its words: code that compiles against the
// SDK writes the real cases of the types whose pages the crawl missed
// (UITextField.BorderStyle's .roundedRect), where they are wanted.
func (l *NameLookup) ValuesWrittenAt(ctx context.Context, c DotContext) (DotValues, error) {
	if !isWord(c.Label) || c.Callee != "" && !isWord(c.Callee) || !l.hasTable(PartsFTSTable) {
		return nil, nil
	}
	match := `(source:"` + document.SourceSamples + `" OR source:"` + document.SourcePackages + `")`
	for _, w := range []string{c.Callee, c.Label} {
		if w != "" && w != "_" {
			match += ` AND content:"` + w + `"`
		}
	}
	values := DotValues{}
	err := sqlrows.Each(ctx, l.fixed(), "code that writes "+c.String(),
		`SELECT d.uri, b.markdown FROM docs d JOIN doc_body b ON b.doc_id = d.id
		WHERE d.id IN (SELECT rowid FROM `+PartsFTSTable+` WHERE `+PartsFTSTable+` MATCH ? LIMIT ?)`,
		[]any{match, dotUsesRead}, func(rows *sql.Rows) error {
			var uri string
			var text []byte
			if err := rows.Scan(&uri, &text); err != nil {
				return err
			}
			text, err := decompress(text)
			if err != nil {
				return fmt.Errorf("read %s: %w", uri, err)
			}
			project := CodeProject(uri)
			for _, v := range dotValuesIn(string(text), c) {
				if !slices.Contains(values[v], project) {
					values[v] = append(values[v], project)
				}
			}
			return nil
		})
	return values, err
}

// dotValuesIn lists the names text writes after a leading dot in c.
func dotValuesIn(text string, c DotContext) []string {
	var out []string
	if c.Callee == "" {
		for _, m := range assignedDot(c.Label).FindAllStringSubmatch(text, -1) {
			out = append(out, m[1])
		}
		return out
	}
	for _, loc := range calleeOpen(c.Callee).FindAllStringIndex(text, -1) {
		for i, arg := range topLevelArguments(text[loc[1]:]) {
			label, value, labelled := strings.Cut(arg, ":")
			if label = strings.TrimSpace(label); !labelled || !isWord(label) || strings.HasPrefix(value, ":") {
				// (A colon inside the value: `.adaptive(minimum: 80)`.)
				label, value = "_", arg
			}
			if c.Label == "_" && i > 0 {
				break
			}
			if label != c.Label {
				continue
			}
			if name := leadingDotName(value); name != "" {
				out = append(out, name)
			}
		}
	}
	return out
}

// assignedDot matches `label = .name` (not `==`), capturing name.
func assignedDot(label string) *regexp.Regexp {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(label) + `\s*=\s*\.([A-Za-z_][A-Za-z0-9_]*)`)
}

// calleeOpen matches a call's name and its "(".
func calleeOpen(callee string) *regexp.Regexp {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(callee) + `\s*\(`)
}

// maxArgumentsText bounds how far an argument list is read.
const maxArgumentsText = 2000

// topLevelArguments splits the argument list that starts text (after its
// "(") at its top-level commas, up to its ")".
func topLevelArguments(text string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(text) && i < maxArgumentsText; i++ {
		switch text[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return append(out, text[start:i])
			}
			depth--
		case ',':
			if depth == 0 {
				out = append(out, text[start:i])
				start = i + 1
			}
		}
	}
	return out
}

// leadingDotName is the name an argument's text starts with after a
// leading dot (`.roundedRect`, `.systemMaterial(…)`), "" for any other
// argument.
func leadingDotName(arg string) string {
	arg = strings.TrimSpace(arg)
	rest, ok := strings.CutPrefix(arg, ".")
	if !ok {
		return ""
	}
	end := 0
	for end < len(rest) && isWord(rest[end:end+1]) {
		end++
	}
	if end == 0 || rest[0] >= '0' && rest[0] <= '9' {
		return ""
	}
	return rest[:end]
}
