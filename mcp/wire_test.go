package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// This file drives Serve with hand-written JSON-RPC lines: the real stdio
// transport, without a client library smoothing over what goes on the wire.

// protocolVersions are the revisions the transport is tested at: the oldest,
// the last with the initialize handshake, and mcp-go's default, which has
// none and carries the version in every request's _meta.
var protocolVersions = []string{mcpgo.ProtocolVersion20241105, mcpgo.ProtocolVersion20251125, mcpgo.ProtocolVersion20260728}

// wireMsg is one line Serve wrote, decoded just enough to check it.
type wireMsg struct {
	raw    []byte
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (m wireMsg) String() string { return clip(string(m.raw), 300) }

// served is what one Serve run over a fixed input produced.
type served struct {
	msgs []wireMsg
	err  error
	log  string
	took time.Duration
}

// byID returns the answers whose id is exactly raw.
func (s served) byID(raw string) []wireMsg {
	var out []wireMsg
	for _, m := range s.msgs {
		if string(m.ID) == raw {
			out = append(out, m)
		}
	}
	return out
}

// one returns the single answer with id raw, failing the test otherwise.
func (s served) one(t testing.TB, raw string) wireMsg {
	t.Helper()
	got := s.byID(raw)
	if len(got) != 1 {
		t.Fatalf("want one answer with id %s, got %d: %v\nall answers: %v", raw, len(got), got, s.msgs)
	}
	return got[0]
}

// serveLines runs a server over opts.DBPath and feeds it lines followed by
// EOF. Serve answers everything read before returning, so the output is
// complete and the test needs no timing.
func serveLines(t testing.TB, opts Options, lines ...string) served {
	t.Helper()
	var out bytes.Buffer
	res := serveLinesTo(t, opts, &out, lines...)
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		m := wireMsg{raw: bytes.Clone(sc.Bytes())}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Errorf("stdout carried a line that is not JSON: %q", clip(sc.Text(), 200))
			continue
		}
		res.msgs = append(res.msgs, m)
	}
	return res
}

// serveLinesTo is serveLines writing to out, which tests make fail.
func serveLinesTo(t testing.TB, opts Options, out io.Writer, lines ...string) served {
	t.Helper()
	srv, logs := newLoggedServer(t, opts)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	started := time.Now()
	err := srv.Serve(ctx, strings.NewReader(strings.Join(lines, "\n")+"\n"), out)
	return served{err: err, log: logs.String(), took: time.Since(started)}
}

// frame builds a request line with a raw JSON id ("" for a notification).
// At 2026-07-28 and later, requests carry the protocol version and client
// capabilities in _meta instead of an initialize handshake.
func frame(version, rawID, method string, params map[string]any) string {
	if params == nil {
		params = map[string]any{}
	}
	if mcpgo.IsModernProtocol(version) {
		params["_meta"] = map[string]any{
			mcpgo.MetaKeyProtocolVersion:    version,
			mcpgo.MetaKeyClientCapabilities: map[string]any{},
			mcpgo.MetaKeyClientInfo:         map[string]any{"name": "raw", "version": "1"},
		}
	}
	p, err := json.Marshal(params)
	if err != nil {
		panic(err)
	}
	if rawID == "" {
		return fmt.Sprintf(`{"jsonrpc":"2.0","method":%q,"params":%s}`, method, p)
	}
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":%s}`, rawID, method, p)
}

// handshake is what a client sends before its first call at version: the
// initialize request (id "init") and the initialized notification, or nothing
// at 2026-07-28.
func handshake(version string) []string {
	if mcpgo.IsModernProtocol(version) {
		return nil
	}
	return []string{
		frame(version, `"init"`, "initialize", map[string]any{"protocolVersion": version,
			"capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "raw", "version": "1"}}),
		frame(version, "", "notifications/initialized", nil),
	}
}

// callFrame is a tools/call line.
func callFrame(version, rawID, tool string, args any) string {
	return frame(version, rawID, "tools/call", map[string]any{"name": tool, "arguments": args})
}

// toolResult decodes a tools/call answer.
func toolResult(t testing.TB, m wireMsg) (text string, isError bool) {
	t.Helper()
	if m.Error != nil || m.Result == nil {
		t.Fatalf("tools/call answered with a protocol error: %v", m)
	}
	var res struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		IsError bool `json:"isError"`
	}
	if err := json.Unmarshal(m.Result, &res); err != nil {
		t.Fatalf("tools/call result: %v: %v", err, m)
	}
	var b strings.Builder
	for _, c := range res.Content {
		b.WriteString(c.Text)
	}
	return b.String(), res.IsError
}
