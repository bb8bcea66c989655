package mcp

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestServeEchoesIDsExactly: an id is the client's key to its answer, so it
// comes back byte for byte, including integers past 2^53 that a float64
// would round and strings with escapes.
func TestServeEchoesIDsExactly(t *testing.T) {
	db := fixtureDB(t)
	ids := []string{
		`9007199254740993`, `-9007199254740993`, `18446744073709551617`, `123456789012345678901234567890`, `0`, `7`,
		`"abc"`, `"9007199254740993"`, `"a\u0041<>&\"\\"`, `""`,
	}
	for _, version := range protocolVersions {
		t.Run(version, func(t *testing.T) {
			out := serveLines(t, Options{DBPath: db}, listToolsUnder(version, ids)...)
			for _, id := range ids {
				m := out.one(t, id)
				if m.Error != nil || m.Result == nil {
					t.Errorf("id %s: %v", id, m)
				}
			}
		})
	}
}

// listToolsUnder is the handshake at version, then a tools/list request
// under each of the raw JSON ids.
func listToolsUnder(version string, ids []string) []string {
	lines := handshake(version)
	for _, id := range ids {
		lines = append(lines, frame(version, id, "tools/list", nil))
	}
	return lines
}

// TestServeRejectsBadIDs: JSON-RPC ids are strings or integers; anything
// else is an Invalid Request answered with a null id.
func TestServeRejectsBadIDs(t *testing.T) {
	db := fixtureDB(t)
	bad := []string{`1.5`, `1e3`, `-0.0`, `true`, `false`, `{}`, `{"a":1}`, `[]`, `[1]`, `null`}
	for _, version := range protocolVersions {
		t.Run(version, func(t *testing.T) {
			out := serveLines(t, Options{DBPath: db}, listToolsUnder(version, bad)...)
			nulls := out.byID("null")
			if len(nulls) != len(bad) {
				t.Fatalf("want %d answers with a null id, got %d: %v", len(bad), len(nulls), out.msgs)
			}
			for _, m := range nulls {
				if m.Error == nil || m.Error.Code != mcpgo.INVALID_REQUEST || !strings.Contains(m.Error.Message, "id") {
					t.Errorf("bad id: want -32600 naming the id, got %v", m)
				}
			}
			if extra := len(out.msgs) - len(nulls) - len(handshake(version))/2; extra != 0 {
				t.Errorf("%d unexpected answers: %v", extra, out.msgs)
			}
		})
	}
}

// TestServeIgnoresNotificationsAndResponses: a message without an id is a
// notification and a message with result or error is a client's response;
// the server answers neither, whatever they contain.
func TestServeIgnoresNotificationsAndResponses(t *testing.T) {
	db := fixtureDB(t)
	for _, version := range protocolVersions {
		t.Run(version, func(t *testing.T) {
			lines := append(handshake(version),
				frame(version, "", "notifications/initialized", nil),
				frame(version, "", "notifications/cancelled", map[string]any{"requestId": 99}),
				frame(version, "", "ping", nil),
				frame(version, "", "tools/list", nil),
				frame(version, "", "no/such/method", nil),
				callFrame(version, "", "search", map[string]any{"query": "View"}),
				callFrame(version, "", "search_concurrency", map[string]any{"pattern": ""}),
				`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
				`{"jsonrpc":"1.0","method":"ping"}`,
				`{"method":"ping"}`,
				`{"jsonrpc":"2.0","method":7}`,
				`{"jsonrpc":"2.0","id":41,"result":{}}`,
				`{"jsonrpc":"2.0","id":"s-1","result":{"content":[]}}`,
				`{"jsonrpc":"2.0","id":42,"error":{"code":-32601,"message":"Method not found"}}`,
				`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`,
				`{"jsonrpc":"2.0","id":9007199254740993,"result":{"roots":[]}}`,
				`{"jsonrpc":"2.0","error":{"code":1,"message":"x"}}`,
				frame(version, `"last"`, "tools/list", nil),
			)
			out := serveLines(t, Options{DBPath: db}, lines...)
			out.one(t, `"last"`)
			want := 1 + len(handshake(version))/2
			if len(out.msgs) != want {
				t.Errorf("want %d answers (the request and initialize), got %d:", want, len(out.msgs))
				for _, m := range out.msgs {
					t.Logf("  %v", m)
				}
			}
		})
	}
}

// TestServeErrorCodes: each kind of bad input gets the JSON-RPC code that
// names it.
func TestServeErrorCodes(t *testing.T) {
	db := fixtureDB(t)
	for _, version := range protocolVersions {
		t.Run(version, func(t *testing.T) {
			notFound := mcpgo.RESOURCE_NOT_FOUND
			if mcpgo.IsModernProtocol(version) {
				// 2026-07-28 reports a missing resource as Invalid params.
				notFound = mcpgo.INVALID_PARAMS
			}
			lines := append(handshake(version),
				`this is not json`,
				`{"jsonrpc":"2.0","id":1,"method":"tools/list"`,
				`42`, `"hello"`, `null`, `[]`, `[{"jsonrpc":"2.0","id":2,"method":"tools/list"}]`, `true`,
				`{"jsonrpc":"2.0","id":3}`,
				`{"jsonrpc":"2.0","id":4,"method":7}`,
				`{"jsonrpc":"2.0","id":5,"method":"tools/list","params":"x"}`,
				frame(version, "6", "resources/read", map[string]any{"uri": "apple-docs://swiftui/nothing-here"}),
				frame(version, "7", "resources/read", map[string]any{"uri": "apple-docs://swiftui/" + strings.Repeat("x", 3000)}),
				frame(version, "8", "resources/read", map[string]any{"uri": 5}),
				frame(version, "9", "resources/read", map[string]any{"uri": "gopher://nothing"}),
				frame(version, "10", "tools/call", map[string]any{"name": 5}),
			)
			out := serveLines(t, Options{DBPath: db}, lines...)
			nulls := out.byID("null")
			wantNull := []int{mcpgo.PARSE_ERROR, mcpgo.PARSE_ERROR, mcpgo.INVALID_REQUEST, mcpgo.INVALID_REQUEST,
				mcpgo.INVALID_REQUEST, mcpgo.INVALID_REQUEST, mcpgo.INVALID_REQUEST, mcpgo.INVALID_REQUEST}
			if len(nulls) != len(wantNull) {
				t.Fatalf("want %d answers with a null id, got %v", len(wantNull), nulls)
			}
			for i, m := range nulls {
				if m.Error == nil || m.Error.Code != wantNull[i] {
					t.Errorf("line %d without a usable id: want code %d, got %v", i+1, wantNull[i], m)
				}
			}
			for _, c := range []struct {
				id   string
				code int
				want string
			}{
				{"3", mcpgo.INVALID_REQUEST, "method"},
				{"4", mcpgo.INVALID_REQUEST, "method"},
				{"5", mcpgo.INVALID_REQUEST, "params"},
				{"6", notFound, "apple-docs://swiftui/nothing-here"},
				{"7", mcpgo.INVALID_PARAMS, "uri"},
				{"8", mcpgo.INVALID_PARAMS, "uri"},
				{"9", notFound, "gopher://nothing"},
				{"10", mcpgo.INVALID_PARAMS, "name"},
			} {
				m := out.one(t, c.id)
				if m.Error == nil || m.Error.Code != c.code || !strings.Contains(m.Error.Message, c.want) {
					t.Errorf("id %s: want code %d mentioning %q, got %v", c.id, c.code, c.want, m)
				}
				for _, leak := range []string{"Go struct", "json:", "unmarshal", "float64", "mcp."} {
					if m.Error != nil && strings.Contains(m.Error.Message, leak) {
						t.Errorf("id %s: message leaks %q: %s", c.id, leak, m.Error.Message)
					}
				}
			}
		})
	}
}

// TestServeRejectsSecondInitialize: the handshake happens once; a second
// initialize cannot renegotiate the version the session runs at.
func TestServeRejectsSecondInitialize(t *testing.T) {
	db := fixtureDB(t)
	first, second := mcpgo.ProtocolVersion20241105, mcpgo.ProtocolVersion20251125
	init := func(id, version string) string {
		return frame(version, id, "initialize", map[string]any{"protocolVersion": version,
			"capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "raw", "version": "1"}})
	}
	out := serveLines(t, Options{DBPath: db},
		init("1", first),
		frame(first, "", "notifications/initialized", nil),
		init("2", second),
		init("3", first),
		frame(first, "4", "ping", nil),
	)
	if m := out.one(t, "1"); m.Error != nil || !strings.Contains(string(m.Result), first) {
		t.Fatalf("first initialize: %v", m)
	}
	for _, id := range []string{"2", "3"} {
		m := out.one(t, id)
		if m.Error == nil || m.Error.Code != mcpgo.INVALID_REQUEST || !strings.Contains(m.Error.Message, "already initialized") ||
			!strings.Contains(m.Error.Message, first) {
			t.Errorf("initialize again (id %s): want -32600 naming the session's version %s, got %v", id, first, m)
		}
	}
	if m := out.one(t, "4"); m.Error != nil {
		t.Errorf("ping after a refused initialize: %v", m)
	}

	// A failed initialize does not count: the client may try again.
	out = serveLines(t, Options{DBPath: db},
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":5}}`,
		init("2", second),
	)
	if m := out.one(t, "2"); m.Error != nil || !strings.Contains(string(m.Result), second) {
		t.Errorf("initialize after a failed one: %v", m)
	}

	// 2026-07-28 has no handshake at all.
	modern := mcpgo.ProtocolVersion20260728
	out = serveLines(t, Options{DBPath: db}, frame(modern, "1", "initialize", map[string]any{"protocolVersion": modern}))
	if m := out.one(t, "1"); m.Error == nil {
		t.Errorf("initialize at %s: want an error, got %v", modern, m)
	}
}

// failingWriter is stdout after the client has gone.
type failingWriter struct{ writes int }

func (w *failingWriter) Write(p []byte) (int, error) {
	w.writes++
	return 0, syscall.EPIPE
}

// TestServeFailsWhenStdoutFails: a server that cannot deliver its answers
// has failed, and says so by returning an error (a non-zero exit).
func TestServeFailsWhenStdoutFails(t *testing.T) {
	db := fixtureDB(t)
	for _, version := range protocolVersions {
		t.Run(version, func(t *testing.T) {
			lines := handshake(version)
			for i := range 50 {
				lines = append(lines, callFrame(version, fmt.Sprint(100+i), "search", map[string]any{"query": "View"}))
			}
			w := &failingWriter{}
			out := serveLinesTo(t, Options{DBPath: db}, w, lines...)
			if !errors.Is(out.err, ErrWrite) || !errors.Is(out.err, syscall.EPIPE) {
				t.Errorf("Serve = %v, want ErrWrite wrapping EPIPE", out.err)
			}
			if w.writes > 10 {
				t.Errorf("%d writes after the first failure; serving should stop", w.writes)
			}
		})
	}
}

// TestE2EServeExitsNonZeroWhenStdoutFails runs the binary with a stdout it
// cannot write to (a read-only descriptor, as when the client closed it).
func TestE2EServeExitsNonZeroWhenStdoutFails(t *testing.T) {
	bin := testenv.CupertinoBinary(t)
	db := fixtureDB(t)
	readOnly, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer readOnly.Close()
	v := mcpgo.ProtocolVersion20250618
	cmd := exec.Command(bin, "serve", "--search-db", db)
	cmd.Stdin = strings.NewReader(strings.Join(append(handshake(v),
		callFrame(v, "2", "search", map[string]any{"query": "View"})), "\n") + "\n")
	cmd.Stdout = readOnly
	var stderr testenv.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() == 0 {
		t.Errorf("serve with an unwritable stdout: %v, want a non-zero exit\nstderr:\n%s", err, stderr.String())
	}
	mustContain(t, stderr.String(), "write")
}
