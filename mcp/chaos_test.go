package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// The chaos tests abuse `cupertino serve` the way a broken or hostile client
// and a damaged disk would, and check it neither crashes nor answers out of
// turn. CI runs them with `go test -run Chaos -v ./mcp`; each logs one line:
//
//	chaos: serve <mode>: <N> frames, <M> answered, <K> isError, 0 crashes, <duration>

// chaosFrame is one line sent and the answer it must get.
type chaosFrame struct {
	line string
	// id is the raw id the one answer must carry; "null" for a line whose
	// id is missing or unusable but which must be answered; "" for a line
	// that must get no answer at all.
	id string
}

// chaosFrames builds a few hundred hostile frames at a protocol version,
// reproducibly from seed.
func chaosFrames(version string, seed uint64) []chaosFrame {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var frames []chaosFrame
	next := 0
	// newID alternates the id forms a client may use, each one unique.
	newID := func() string {
		next++
		switch next % 4 {
		case 0:
			return fmt.Sprint(9007199254740993 + next) // past 2^53
		case 1:
			return fmt.Sprintf(`"s-%d-\u00e9<&>"`, next)
		case 2:
			return fmt.Sprintf("%d%030d", next, next) // past uint64
		}
		return fmt.Sprint(-next)
	}
	request := func(method string, params map[string]any) {
		id := newID()
		frames = append(frames, chaosFrame{frame(version, id, method, params), id})
	}
	silent := func(line string) { frames = append(frames, chaosFrame{line: line}) }
	rejected := func(line string) { frames = append(frames, chaosFrame{line, "null"}) }

	for _, l := range handshake(version) {
		if strings.Contains(l, `"id"`) {
			frames = append(frames, chaosFrame{l, `"init"`})
		} else {
			silent(l)
		}
	}
	if !mcpgo.IsModernProtocol(version) {
		request("initialize", map[string]any{"protocolVersion": mcpgo.ProtocolVersion20250618,
			"capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "again", "version": "1"}})
	}
	request("tools/list", nil)
	request("resources/templates/list", nil)

	// Every tool with hostile values for each of its arguments, a sample.
	type call struct {
		tool string
		args map[string]any
	}
	var calls []call
	for _, def := range Tools() {
		calls = append(calls, call{def.Name, everyToolArgs[def.Name]})
		for _, name := range schemaArgNames(def) {
			prop, _ := def.InputSchema.Properties[name].(map[string]any)
			for _, h := range hostileValues(prop, slices.Contains(def.InputSchema.Required, name)) {
				args := map[string]any{}
				for k, v := range everyToolArgs[def.Name] {
					args[k] = v
				}
				args[name] = h.value
				calls = append(calls, call{def.Name, args})
			}
		}
	}
	r.Shuffle(len(calls), func(i, j int) { calls[i], calls[j] = calls[j], calls[i] })
	for _, c := range calls[:180] {
		request("tools/call", map[string]any{"name": c.tool, "arguments": c.args})
	}
	for _, args := range []any{"View", []any{1.0}, 5.0, nil, map[string]any{"query": "View", "nope": 1.0}} {
		request("tools/call", map[string]any{"name": "search", "arguments": args})
	}
	request("tools/call", map[string]any{"name": "no_such_tool", "arguments": map[string]any{}})
	request("tools/call", map[string]any{"name": strings.Repeat("x", 5000)})
	for _, uri := range []string{"apple-docs://swiftui/view", "apple-docs://nothing/here", "gopher://x", "apple-docs://" + strings.Repeat("a/", 1500), "swift-evolution://SE-0306"} {
		request("resources/read", map[string]any{"uri": uri})
	}
	request("no/such/method", nil)

	// Ids that are not strings or integers.
	for _, id := range []string{`1.5`, `1e3`, `true`, `{}`, `[1]`, `null`} {
		rejected(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":"tools/list"}`, id))
	}
	// Notifications and client responses: never answered.
	for i := range 20 {
		switch i % 5 {
		case 0:
			silent(callFrame(version, "", "search", map[string]any{"query": "View"}))
		case 1:
			silent(frame(version, "", "notifications/cancelled", map[string]any{"requestId": r.IntN(500)}))
		case 2:
			silent(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"x":%d}}`, 7_000_000+i, i))
		case 3:
			silent(fmt.Sprintf(`{"jsonrpc":"2.0","id":"c-%d","error":{"code":-32601,"message":"no"}}`, i))
		case 4:
			silent(`{"jsonrpc":"2.0","method":"no/such/notification","params":{"a":[1,2,3]}}`)
		}
	}
	// Lines that are not requests at all.
	for i := range 25 {
		junk := make([]byte, 1+r.IntN(200))
		for j := range junk {
			junk[j] = byte(33 + r.IntN(200)) // printable and high bytes, no newline
		}
		rejected("#" + string(junk)) // never valid JSON
		if i%5 == 0 {
			rejected(`{"jsonrpc":"2.0","id":` + fmt.Sprint(i) + `,"method":"tools/list"`) // cut short
		}
	}
	for _, l := range []string{`42`, `"str"`, `[]`, `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, `null`, `true`} {
		rejected(l)
	}
	rejected(`{"jsonrpc":"2.0","id":"big","method":"tools/list","params":{"pad":"` + strings.Repeat("x", MaxMessageBytes) + `"}}`)
	request("tools/list", nil) // still serving after all that
	return frames
}

// chaosRun is what one run of frames produced.
type chaosRun struct {
	msgs   []wireMsg
	took   time.Duration
	frames []chaosFrame
}

// check verifies every expected answer and no other, and returns the number
// of isError tool results.
func (c chaosRun) check(t *testing.T) (isErrors int) {
	t.Helper()
	byID := map[string][]wireMsg{}
	for _, m := range c.msgs {
		byID[string(m.ID)] = append(byID[string(m.ID)], m)
	}
	wantNull := 0
	for _, f := range c.frames {
		switch f.id {
		case "":
		case "null":
			wantNull++
		default:
			if got := byID[f.id]; len(got) != 1 {
				t.Errorf("want one answer with id %s, got %d (line %s)", f.id, len(got), clip(f.line, 120))
			}
			delete(byID, f.id)
		}
	}
	if got := len(byID["null"]); got != wantNull {
		t.Errorf("want %d answers with a null id, got %d", wantNull, got)
	}
	delete(byID, "null")
	for id, ms := range byID {
		t.Errorf("%d unexpected answers with id %s: %v", len(ms), id, ms[0])
	}
	for _, m := range c.msgs {
		if m.Error != nil {
			assertNoInternals(t, "error "+string(m.ID), m.Error.Message, "")
			continue
		}
		if !strings.Contains(string(m.Result), `"content"`) {
			continue // not a tool result
		}
		var res struct {
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
			StructuredContent json.RawMessage `json:"structuredContent"`
			IsError           bool            `json:"isError"`
		}
		if err := json.Unmarshal(m.Result, &res); err != nil || len(res.Content) == 0 {
			t.Errorf("malformed tool result %v", m)
			continue
		}
		size := len(res.StructuredContent)
		for _, tc := range res.Content {
			size += len(tc.Text)
		}
		if size > maxResultChars {
			t.Errorf("tool result of %d characters (id %s)", size, m.ID)
		}
		if res.IsError {
			isErrors++
			assertNoInternals(t, "isError "+string(m.ID), res.Content[0].Text, "")
		}
	}
	return isErrors
}

func logChaos(t *testing.T, mode string, frames, answered, isErrors, crashes int, took time.Duration) {
	t.Logf("chaos: serve %s: %d frames, %d answered, %d isError, %d crashes, %s",
		mode, frames, answered, isErrors, crashes, took.Round(time.Millisecond))
}

func chaosLines(frames []chaosFrame) []string {
	lines := make([]string, len(frames))
	for i, f := range frames {
		lines[i] = f.line
	}
	return lines
}

// TestChaosServeFrames drives the Serve loop over pipes with hostile frames
// at the three protocol eras.
func TestChaosServeFrames(t *testing.T) {
	db := fixtureDB(t)
	total, answered, isErrors := 0, 0, 0
	var took time.Duration
	for i, version := range protocolVersions {
		frames := chaosFrames(version, uint64(i+1))
		out := serveLines(t, Options{DBPath: db, CallTimeout: 2 * time.Second}, chaosLines(frames)...)
		if out.err != nil {
			t.Errorf("%s: Serve = %v", version, out.err)
		}
		if strings.Contains(out.log, "panicked") {
			t.Errorf("%s: a handler panicked:\n%s", version, clip(out.log, 2000))
		}
		run := chaosRun{msgs: out.msgs, took: out.took, frames: frames}
		isErrors += run.check(t)
		total, answered, took = total+len(frames), answered+len(out.msgs), took+out.took
	}
	logChaos(t, "frames", total, answered, isErrors, 0, took)
}

// runBinary runs `cupertino serve` over lines and returns its stdout lines,
// stderr and exit error.
func runBinary(t *testing.T, db string, lines []string, extra ...string) ([]wireMsg, string, error, time.Duration) {
	t.Helper()
	cmd := exec.Command(testenv.CupertinoBinary(t), append([]string{"serve", "--search-db", db}, extra...)...)
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	var stdout bytes.Buffer
	var stderr testenv.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	started := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(40 * time.Second):
		cmd.Process.Kill()
		err = errors.New("serve did not exit within 40s of its input ending")
	}
	took := time.Since(started)
	var msgs []wireMsg
	for _, l := range bytes.Split(bytes.TrimSpace(stdout.Bytes()), []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		m := wireMsg{raw: l}
		if jerr := json.Unmarshal(l, &m); jerr != nil {
			t.Errorf("stdout carried a line that is not JSON: %q", clip(string(l), 200))
			continue
		}
		msgs = append(msgs, m)
	}
	return msgs, stderr.String(), err, took
}

// crashed reports whether a serve process died rather than exiting cleanly.
func crashed(err error, stderr string) bool {
	return err != nil || strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine ")
}

// TestChaosServeBinary sends the hostile frames to the real binary.
func TestChaosServeBinary(t *testing.T) {
	db := fixtureDB(t)
	frames := chaosFrames(mcpgo.ProtocolVersion20251125, 42)
	msgs, stderr, err, took := runBinary(t, db, chaosLines(frames), "--call-timeout", "2s")
	crashes := 0
	if crashed(err, stderr) {
		crashes++
		t.Errorf("serve: %v\nstderr:\n%s", err, clip(stderr, 3000))
	}
	isErrors := chaosRun{msgs: msgs, frames: frames}.check(t)
	logChaos(t, "binary", len(frames), len(msgs), isErrors, crashes, took)
}

// corruptions damage a copy of an index file in the ways disks and
// interrupted copies do.
var corruptions = []struct {
	name   string
	seeds  int // runs with different random damage
	damage func(r *rand.Rand, data []byte) []byte
}{
	{"random pages", 8, func(r *rand.Rand, data []byte) []byte { return scribblePages(r, data, 1+r.IntN(6), false) }},
	{"many pages", 3, func(r *rand.Rand, data []byte) []byte { return scribblePages(r, data, len(data)/4096/3, false) }},
	{"header page", 1, func(r *rand.Rand, data []byte) []byte { return scribblePages(r, data, 1, true) }},
	{"bit flips", 3, func(r *rand.Rand, data []byte) []byte {
		for range 2000 {
			i := 100 + r.IntN(len(data)-100)
			data[i] ^= 1 << r.IntN(8)
		}
		return data
	}},
	{"zeroed middle", 1, func(r *rand.Rand, data []byte) []byte {
		clear(data[len(data)/3 : len(data)/2])
		return data
	}},
	{"truncated", 1, func(r *rand.Rand, data []byte) []byte { return data[:len(data)/2] }},
	{"empty", 1, func(r *rand.Rand, data []byte) []byte { return nil }},
}

// scribblePages writes random bytes over n pages of 4 KiB, the first page
// (the SQLite header) included only when header is set.
func scribblePages(r *rand.Rand, data []byte, n int, header bool) []byte {
	pages := len(data) / 4096
	for range max(n, 1) {
		p := 0
		if !header {
			p = 1 + r.IntN(max(pages-1, 1))
		}
		end := min((p+1)*4096, len(data))
		for i := p * 4096; i < end; i++ {
			data[i] = byte(r.Uint32())
		}
	}
	return data
}

// TestChaosServeCorruptIndex serves damaged copies of the fixture index with
// the binary: serve must refuse to start with a clear error or answer every
// call (an isError result when the index cannot answer), never crash.
func TestChaosServeCorruptIndex(t *testing.T) {
	src, err := os.ReadFile(fixtureDB(t))
	if err != nil {
		t.Fatal(err)
	}
	v := mcpgo.ProtocolVersion20250618
	frames := []chaosFrame{}
	for _, l := range handshake(v) {
		frames = append(frames, chaosFrame{l, map[bool]string{true: `"init"`, false: ""}[strings.Contains(l, `"id"`)]})
	}
	id := 0
	for _, tc := range toolCalls {
		for _, args := range []map[string]any{tc.args, everyToolArgs[tc.name]} {
			id++
			frames = append(frames, chaosFrame{callFrame(v, fmt.Sprint(id), tc.name, args), fmt.Sprint(id)})
		}
	}
	for _, uri := range []string{"apple-docs://swiftui/view", "swift-evolution://SE-0306"} {
		id++
		frames = append(frames, chaosFrame{frame(v, fmt.Sprint(id), "resources/read", map[string]any{"uri": uri}), fmt.Sprint(id)})
	}
	total, answered, isErrors, crashes := 0, 0, 0, 0
	var took time.Duration
	dir := t.TempDir()
	for i, c := range corruptions {
		for seed := range c.seeds {
			r := rand.New(rand.NewPCG(uint64(i+1), uint64(seed)))
			path := filepath.Join(dir, fmt.Sprintf("corrupt-%d-%d.db", i, seed))
			if err := os.WriteFile(path, c.damage(r, bytes.Clone(src)), 0o644); err != nil {
				t.Fatal(err)
			}
			msgs, stderr, err, d := runBinary(t, path, chaosLines(frames), "--call-timeout", "1s")
			took += d
			var exit *exec.ExitError
			switch {
			case errors.As(err, &exit) && exit.ExitCode() > 0 && !crashed(nil, stderr) && len(msgs) == 0:
				// Refused to start: fine if it says why.
				if !strings.Contains(strings.ToLower(stderr), "index") {
					t.Errorf("%s: serve refused to start without saying why:\n%s", c.name, clip(stderr, 1000))
				}
			case crashed(err, stderr):
				crashes++
				t.Errorf("%s (seed %d): serve crashed: %v\nstderr:\n%s", c.name, seed, err, clip(stderr, 3000))
			default:
				isErrors += chaosRun{msgs: msgs, frames: frames}.check(t)
			}
			total, answered = total+len(frames), answered+len(msgs)
		}
	}
	logChaos(t, "corrupt-index", total, answered, isErrors, crashes, took)
}
