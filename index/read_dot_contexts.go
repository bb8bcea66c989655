package index

import (
	"context"
	"database/sql"
	"errors"
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
// (DateFormatter.Style's .medium), where they are wanted.
func (l *NameLookup) ValuesWrittenAt(ctx context.Context, c DotContext) (DotValues, error) {
	return l.dotValues(ctx, c, "")
}

// WrittenAt is ValuesWrittenAt's projects for one name, up to
// dotProjectsEnough, read from the files that also write the name as a
// word: a real case is most often written somewhere, and this answers
// without reading every file that writes the place.
func (l *NameLookup) WrittenAt(ctx context.Context, c DotContext, name string) ([]string, error) {
	if !isWord(name) {
		return nil, nil
	}
	values, err := l.dotValues(ctx, c, name)
	return values[name], err
}

// dotValues reads what the code writes in c from the files the
// full-text search finds for c's words and, when not "", also.
func (l *NameLookup) dotValues(ctx context.Context, c DotContext, also string) (DotValues, error) {
	if !isWord(c.Label) || c.Callee != "" && !isWord(c.Callee) || !l.hasTable(PartsFTSTable) {
		return nil, nil
	}
	m := newDotMatcher(c)
	values := DotValues{}
	err := l.codeFiles(ctx, "code that writes "+c.String(), []string{c.Callee, c.Label, also}, nil,
		func(_, project, text string) error {
			for _, v := range m.values(text) {
				if !slices.Contains(values[v], project) {
					values[v] = append(values[v], project)
				}
			}
			if also != "" && len(values[also]) >= dotProjectsEnough {
				return errEnoughFound
			}
			return nil
		})
	return values, err
}

// codeFiles reads the sample projects' and packages' source files that
// the full-text search finds for every one of words ("" and "_" left
// out), the first dotUsesRead of them, and hands visit each one's URI,
// project (CodeProject) and text; skip, when not nil, passes over a
// project's file before its text is read. A visit that returns
// errEnoughFound ends the read, without an error.
func (l *NameLookup) codeFiles(ctx context.Context, what string, words []string, skip func(project string) bool, visit func(uri, project, text string) error) error {
	match := `(source:"` + document.SourceSamples + `" OR source:"` + document.SourcePackages + `")`
	for _, w := range words {
		if w != "" && w != "_" {
			match += ` AND content:"` + w + `"`
		}
	}
	err := sqlrows.Each(ctx, l.fixed(), what,
		`SELECT d.uri, b.markdown FROM docs d JOIN doc_body b ON b.doc_id = d.id
		WHERE d.id IN (SELECT rowid FROM `+PartsFTSTable+` WHERE `+PartsFTSTable+` MATCH ? LIMIT ?)`,
		[]any{match, dotUsesRead}, func(rows *sql.Rows) error {
			var uri string
			var text []byte
			if err := rows.Scan(&uri, &text); err != nil {
				return err
			}
			project := CodeProject(uri)
			if skip != nil && skip(project) {
				return nil
			}
			text, err := decompress(text)
			if err != nil {
				return fmt.Errorf("read %s: %w", uri, err)
			}
			return visit(uri, project, string(text))
		})
	if errors.Is(err, errEnoughFound) {
		err = nil
	}
	return err
}

// dotMatcher finds the leading-dot values code writes in one DotContext.
type dotMatcher struct {
	c DotContext
	// place matches `label = .name` (capturing name) for a property, or
	// the callee's name and its "(" for a call.
	place *regexp.Regexp
}

func newDotMatcher(c DotContext) dotMatcher {
	if c.Callee == "" {
		return dotMatcher{c, regexp.MustCompile(`\b` + regexp.QuoteMeta(c.Label) + `\s*=\s*\.([A-Za-z_][A-Za-z0-9_]*)`)}
	}
	return dotMatcher{c, regexp.MustCompile(`\b` + regexp.QuoteMeta(c.Callee) + `\s*\(`)}
}

// values lists the names text writes after a leading dot in m's place.
func (m dotMatcher) values(text string) []string {
	var out []string
	if m.c.Callee == "" {
		for _, sub := range m.place.FindAllStringSubmatch(text, -1) {
			out = append(out, sub[1])
		}
		return out
	}
	for _, loc := range m.place.FindAllStringIndex(text, -1) {
		for i, arg := range topLevelArguments(text[loc[1]:]) {
			label, value, labelled := strings.Cut(arg, ":")
			if label = strings.TrimSpace(label); !labelled || !isWord(label) || strings.HasPrefix(value, ":") {
				// (A colon inside the value: `.adaptive(minimum: 80)`.)
				label, value = "_", arg
			}
			if m.c.Label == "_" && i > 0 {
				break
			}
			if label != m.c.Label {
				continue
			}
			if name := leadingDotName(value); name != "" {
				out = append(out, name)
			}
		}
	}
	return out
}

// maxArgumentsText bounds how far an argument list is read.
const maxArgumentsText = 2000

// topLevelArguments splits the argument list that starts text (after its
// "(") at its top-level commas, up to its ")"; a string literal's commas
// and brackets are its own.
func topLevelArguments(text string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(text) && i < maxArgumentsText; i++ {
		switch text[i] {
		case '"':
			for i++; i < len(text) && text[i] != '"' && text[i] != '\n'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
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
