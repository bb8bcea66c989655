package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// benchSession is one MCP session of `bench http`. It is opened with
// mcp-go's client (initialize and its notification), and its measured calls
// are plain POSTs whose answers are read to the last byte and checked for
// a JSON-RPC error or an isError result, without building the result's
// content: mcp-go's client decodes a tool result twice, into maps and then
// into its types, which cost 3-4 ms of CPU per 80 KB page, more than the
// server spent on it, on the same two cores the server runs on. The bench
// measures the server; a client on another machine pays its own decoding.
type benchSession struct {
	cl       *client.Client
	http     *http.Client
	endpoint string
	nextID   atomic.Int64
}

func (s *benchSession) Close() error { return s.cl.Close() }

// rpcAnswer is what a measured call reads of the answer.
type rpcAnswer struct {
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Result *struct {
		IsError bool `json:"isError"`
		Content []struct {
			Type string `json:"type"`
		} `json:"content"`
	} `json:"result"`
}

// call makes one tools/call and reports a transport failure, a JSON-RPC
// error, an isError result or a result without content as an error.
func (s *benchSession) call(ctx context.Context, name string, args map[string]any) error {
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": s.nextID.Add(1), "method": "tools/call",
		"params": map[string]any{"name": name, "arguments": args}})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.endpoint, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set(transport.HeaderKeySessionID, s.cl.GetSessionId())
	req.Header.Set(transport.HeaderKeyProtocolVersion, mcpgo.ProtocolVersion20250618)
	resp, err := s.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: HTTP %d: %.200s", name, resp.StatusCode, raw)
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		raw = lastEventData(raw)
	}
	var a rpcAnswer
	if err := json.Unmarshal(raw, &a); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	switch {
	case a.Error != nil:
		return fmt.Errorf("%s: error %d: %.200s", name, a.Error.Code, a.Error.Message)
	case a.Result == nil || len(a.Result.Content) == 0:
		return fmt.Errorf("%s: an answer without a result: %.200s", name, raw)
	case a.Result.IsError:
		return fmt.Errorf("%s: isError: %.200s", name, raw)
	}
	return nil
}

// lastEventData is the data of the last event of a server-sent event
// stream, the answer a call's stream ends with.
func lastEventData(stream []byte) []byte {
	var data []byte
	for _, event := range bytes.Split(stream, []byte("\n\n")) {
		var lines [][]byte
		for _, line := range bytes.Split(event, []byte("\n")) {
			if rest, ok := bytes.CutPrefix(line, []byte("data:")); ok {
				lines = append(lines, bytes.TrimPrefix(rest, []byte(" ")))
			}
		}
		if len(lines) > 0 {
			data = bytes.Join(lines, []byte("\n"))
		}
	}
	return data
}
