package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzToolArguments sends fuzzed JSON arguments to every tool over a small
// fixture index, through the transport's request handling: no panic, a
// well-formed result (text content, structuredContent when the tool
// declares an output schema, isError text without internals) and a bounded
// size, whatever the arguments. Each tool gets the members its schema
// declares, so mutations reach its validation rather than stopping at
// "unknown argument"; search also gets the object whole.
//
// Run: go test ./mcp -run '^$' -fuzz FuzzToolArguments -fuzztime 60s -fuzzminimizetime 5s
// (each exec makes 13 calls, so minimizing an input at the default 60s
// would take most of a short run).
func FuzzToolArguments(f *testing.F) {
	for _, seed := range argumentSeeds() {
		f.Add(seed)
	}
	path := filepath.Join(f.TempDir(), "search.db")
	writeFixture(f, path, fixtureDocs())
	srv, err := New(context.Background(), Options{DBPath: path, validateOutput: true, Logger: fuzzLogger(f)})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { srv.Close() })
	names := srv.ToolNames()
	f.Fuzz(func(t *testing.T, args []byte) {
		if !json.Valid(args) {
			return // not something a client can send as arguments
		}
		var members map[string]json.RawMessage
		isObject := json.Unmarshal(args, &members) == nil && members != nil
		for _, name := range names {
			callArgs := args
			if isObject {
				callArgs = declaredMembers(t, srv.tools[name].InputSchema.Properties, members)
			}
			checkToolCall(t, srv, name, callArgs)
		}
		checkToolCall(t, srv, "search", args)
	})
}

// declaredMembers keeps the members of an argument object a tool declares.
func declaredMembers(t *testing.T, declared map[string]any, members map[string]json.RawMessage) []byte {
	kept := map[string]json.RawMessage{}
	for k, v := range members {
		if _, ok := declared[k]; ok {
			kept[k] = v
		}
	}
	b, err := json.Marshal(kept)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkToolCall makes one tools/call through the transport's handling and
// checks the answer.
func checkToolCall(t *testing.T, srv *Server, tool string, args []byte) {
	t.Helper()
	line := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, tool, args)
	m := parseMessage([]byte(line))
	if m.kind != kindRequest {
		t.Fatalf("%s: the call line is not a request: %s", tool, clip(line, 200))
	}
	before := srv.panics.Load()
	out, err := json.Marshal(srv.respond(context.Background(), m))
	if err != nil {
		t.Fatalf("%s: answer does not encode: %v", tool, err)
	}
	if srv.panics.Load() != before {
		t.Fatalf("%s %s: the handler panicked (see the log)", tool, clip(string(args), 300))
	}
	var msg wireMsg
	if json.Unmarshal(args, new(any)) != nil {
		// A number past float64 (1e999999): the request cannot be decoded,
		// so no tool sees it; it must be Invalid params.
		if err := json.Unmarshal(out, &msg); err != nil || msg.Error == nil || msg.Error.Code != -32602 {
			t.Fatalf("%s %s: want Invalid params, got %s", tool, clip(string(args), 300), clip(string(out), 300))
		}
		assertNoInternals(t, tool, msg.Error.Message, "")
		return
	}
	if err := json.Unmarshal(out, &msg); err != nil || msg.Error != nil || msg.Result == nil || string(msg.ID) != "1" {
		t.Fatalf("%s %s: not a tools/call result: %s", tool, clip(string(args), 300), clip(string(out), 300))
	}
	var res struct {
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
		StructuredContent json.RawMessage `json:"structuredContent"`
		IsError           bool            `json:"isError"`
	}
	if err := json.Unmarshal(msg.Result, &res); err != nil {
		t.Fatalf("%s: result does not decode: %v", tool, err)
	}
	if len(res.Content) == 0 {
		t.Fatalf("%s %s: empty content", tool, clip(string(args), 300))
	}
	size := len(res.StructuredContent)
	for _, c := range res.Content {
		if c.Type != "text" || c.Text == "" || !utf8.ValidString(c.Text) {
			t.Fatalf("%s %s: content %q of type %q", tool, clip(string(args), 300), clip(c.Text, 100), c.Type)
		}
		size += len(c.Text)
	}
	if size > maxResultChars {
		t.Fatalf("%s %s: result of %d characters, over %d", tool, clip(string(args), 300), size, maxResultChars)
	}
	text := res.Content[0].Text
	if res.IsError {
		assertNoInternals(t, tool, text, "")
		if strings.Contains(text, "internal error") {
			t.Fatalf("%s %s: %s", tool, clip(string(args), 300), text)
		}
	} else if srv.tools[tool].RawOutputSchema != nil && len(res.StructuredContent) == 0 {
		t.Fatalf("%s %s: success without structuredContent", tool, clip(string(args), 300))
	}
}

// argumentSeeds are the fuzzer's starting points: for every argument any
// tool declares, the hostile values of its schema beside valid values for
// the rest; then arguments that are not objects, and odd objects.
func argumentSeeds() [][]byte {
	base := map[string]any{}
	for _, tool := range slices.Sorted(maps.Keys(everyToolArgs)) {
		maps.Copy(base, everyToolArgs[tool])
	}
	var seeds [][]byte
	add := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			panic(err)
		}
		seeds = append(seeds, b)
	}
	// One set of hostile values per kind of argument: names shared by tools
	// (framework, limit) and arguments of one shape (min_ios, min_macos…)
	// share seeds, which keeps the corpus small enough to gather quickly.
	seen := map[string]bool{}
	for _, def := range Tools() {
		for _, name := range schemaArgNames(def) {
			prop, _ := def.InputSchema.Properties[name].(map[string]any)
			shape := maps.Clone(prop)
			delete(shape, "description")
			key, _ := json.Marshal(shape)
			if seen[name] || seen[string(key)] {
				continue
			}
			seen[name], seen[string(key)] = true, true
			for _, h := range hostileValues(prop, true) {
				if s, ok := h.value.(string); ok && len(s) > maxURILen+8 {
					h.value = s[:maxURILen+8] // past every length limit, and small enough to mutate quickly
				}
				args := maps.Clone(base)
				args[name] = h.value
				add(args)
			}
		}
	}
	add(base)
	for _, raw := range []string{`null`, `[]`, `[{"query":"View"}]`, `"View"`, `5`, `true`, `{}`, `{"":""}`,
		`{"query":"View","query":"Text"}`, `{"query":"\u0000"}`, `{"uri":"\ud800"}`, `{"limit":1e999999}`,
		`{"limit":-0}`, `{"limit":100000000000000000000000000000}`, `{"max_tokens":500,"offset":1073741824,"uri":"apple-docs://swiftui/building-a-large-app"}`,
		`{"section":",,,,","uri":"apple-docs://swiftui/building-a-large-app"}`, `{"query":"` + strings.Repeat(`\"`, 200) + `"}`,
		`{"query":"NEAR(a b, 2) OR \"x\"* AND {title}:y"}`, `{"symbol":"apple-docs://uikit/uibutton","direction":"both","depth":10}`,
	} {
		seeds = append(seeds, []byte(raw))
	}
	// Raw invalid UTF-8 (json.Marshal above turns it into U+FFFD first).
	seeds = append(seeds, []byte("{\"query\":\"\xff\xfeView\",\"uri\":\"apple-docs://\xc3\"}"))
	deep := strings.Repeat(`{"a":`, 500) + `1` + strings.Repeat(`}`, 500)
	seeds = append(seeds, []byte(`{"query":`+deep+`}`))
	many := map[string]any{}
	for i := range 200 {
		many[fmt.Sprintf("k%d", i)] = i
	}
	add(many)
	return seeds
}

// fuzzLogger writes the server log to $FUZZ_LOG when set: fuzz workers'
// stderr is not shown, and a slow or failing input is easier to read there.
func fuzzLogger(f *testing.F) *slog.Logger {
	p := os.Getenv("FUZZ_LOG")
	if p == "" {
		return nil
	}
	fh, err := os.OpenFile(p, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		f.Fatal(err)
	}
	return slog.New(slog.NewTextHandler(fh, &slog.HandlerOptions{Level: slog.LevelDebug}))
}
