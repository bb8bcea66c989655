package mcp

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// This file is what the stdio transport decides about a line before mcp-go
// sees it, and how answers go back on the wire. mcp-go decodes ids into
// float64 (so an id past 2^53 comes back altered), answers some
// notifications and client responses, and reports valid JSON that is not a
// request as a parse error; the transport does those parts itself.

// messageKind is what a line is, by JSON-RPC 2.0.
type messageKind int

const (
	// kindRequest expects exactly one answer with its id.
	kindRequest messageKind = iota
	// kindNotification has no id and gets no answer.
	kindNotification
	// kindIgnored is a client's response (the server never asks anything,
	// so there is nothing to match it to) or a notification too malformed to
	// run; neither gets an answer.
	kindIgnored
	// kindInvalid gets the error in message.reject, with the id when it was
	// usable and null otherwise.
	kindInvalid
)

// message is one line read from stdin.
type message struct {
	kind   messageKind
	id     json.RawMessage // exactly as sent; "null" when it was unusable
	method string
	// name and meta are the tools/call name and the request's _meta.
	name   string
	meta   *mcpgo.Meta
	reject *mcpgo.JSONRPCErrorDetails
	line   []byte
}

// envelope decodes a message's members without interpreting them, so their
// presence and JSON types can be checked one by one.
type envelope struct {
	JSONRPC json.RawMessage `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  json.RawMessage `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

var (
	nullID    = json.RawMessage("null")
	integerID = regexp.MustCompile(`^-?[0-9]+$`)
)

// parseMessage classifies one line.
func parseMessage(line []byte) message {
	m := message{kind: kindInvalid, id: nullID, line: line}
	invalid := func(code int, text string) message {
		d := mcpgo.NewJSONRPCErrorDetails(code, text, nil)
		m.kind, m.reject = kindInvalid, &d
		return m
	}
	if !json.Valid(line) {
		return invalid(mcpgo.PARSE_ERROR, "Parse error: each line must be one JSON-RPC message")
	}
	var env envelope
	if line[0] != '{' || json.Unmarshal(line, &env) != nil {
		return invalid(mcpgo.INVALID_REQUEST, "Invalid Request: a message is one JSON object (batches are not supported)")
	}
	if env.Method == nil && (env.Result != nil || env.Error != nil) {
		m.kind = kindIgnored
		return m
	}
	if env.ID == nil {
		m.kind = kindNotification
		if json.Unmarshal(env.Method, &m.method) != nil || string(env.JSONRPC) != `"2.0"` {
			m.kind = kindIgnored
		}
		return m
	}
	if !validID(env.ID) {
		return invalid(mcpgo.INVALID_REQUEST, "Invalid Request: id must be a string or an integer")
	}
	m.id = env.ID
	if string(env.JSONRPC) != `"2.0"` {
		return invalid(mcpgo.INVALID_REQUEST, `Invalid Request: jsonrpc must be "2.0"`)
	}
	if env.Method == nil {
		return invalid(mcpgo.INVALID_REQUEST, "Invalid Request: a request needs a method")
	}
	if json.Unmarshal(env.Method, &m.method) != nil {
		return invalid(mcpgo.INVALID_REQUEST, "Invalid Request: method must be a string")
	}
	if p := bytes.TrimSpace(env.Params); len(p) > 0 && p[0] != '{' && p[0] != '[' && string(p) != "null" {
		return invalid(mcpgo.INVALID_REQUEST, "Invalid Request: params must be an object")
	}
	var params struct {
		Name json.RawMessage `json:"name"`
		Meta *mcpgo.Meta     `json:"_meta"`
	}
	if json.Unmarshal(env.Params, &params) == nil {
		_ = json.Unmarshal(params.Name, &m.name)
		m.meta = params.Meta
	}
	m.kind = kindRequest
	return m
}

// validID: JSON-RPC ids are strings or numbers, and numbers should be
// integers; fractions, exponents, null and structures are refused rather
// than echoed in a form the client may not match.
func validID(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		return true
	}
	return integerID.Match(raw)
}

// wireMessage is an answer as written: the id is the request's bytes, not
// mcp-go's float64 of them.
type wireMessage struct {
	JSONRPC string                     `json:"jsonrpc"`
	ID      json.RawMessage            `json:"id"`
	Result  any                        `json:"result,omitempty"`
	Error   *mcpgo.JSONRPCErrorDetails `json:"error,omitempty"`
}

// answer puts mcp-go's response under the request's own id.
func answer(id json.RawMessage, resp mcpgo.JSONRPCMessage) any {
	switch r := resp.(type) {
	case mcpgo.JSONRPCResponse:
		return wireMessage{JSONRPC: mcpgo.JSONRPC_VERSION, ID: id, Result: r.Result}
	case mcpgo.JSONRPCError:
		return wireMessage{JSONRPC: mcpgo.JSONRPC_VERSION, ID: id, Error: &r.Error}
	case *mcpgo.JSONRPCResponse:
		return answer(id, *r)
	case *mcpgo.JSONRPCError:
		return answer(id, *r)
	}
	return resp
}

func errorAnswer(id json.RawMessage, code int, text string) any {
	d := mcpgo.NewJSONRPCErrorDetails(code, text, nil)
	return wireMessage{JSONRPC: mcpgo.JSONRPC_VERSION, ID: id, Error: &d}
}

// unparsableParams rewrites mcp-go's report of params that do not decode
// ("unparsable tools/call request: json: cannot unmarshal number into Go
// struct field CallToolParams.params.name of type string"), which names Go
// types, into Invalid params naming the member.
func unparsableParams(method string, e mcpgo.JSONRPCErrorDetails) (mcpgo.JSONRPCErrorDetails, bool) {
	if e.Code != mcpgo.INVALID_REQUEST || !strings.HasPrefix(e.Message, "unparsable ") {
		return e, false
	}
	text := "Invalid params: the params of " + method + " do not decode (a member has the wrong type or a number is out of range)"
	if _, after, ok := strings.Cut(e.Message, "Go struct field "); ok {
		// "CallToolRequest.params.name of type string": drop the Go type.
		path, _, _ := strings.Cut(after, " ")
		_, member, _ := strings.Cut(path, ".")
		if strings.HasPrefix(member, "params.") {
			text = "Invalid params: " + method + " " + member + " has the wrong type"
		}
	}
	return mcpgo.NewJSONRPCErrorDetails(mcpgo.INVALID_PARAMS, text, nil), true
}
