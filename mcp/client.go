package mcp

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// BearerTransport adds the HTTP server's token to every request, the DELETE
// that ends a session included (mcp-go's client leaves its configured
// headers off it). The load benchmark and the tests use it.
type BearerTransport struct {
	Next  http.RoundTripper
	Token string
}

// RoundTrip sends r with the token.
func (b BearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.Token)
	return b.Next.RoundTrip(r)
}

// DialHTTP opens and initializes one MCP session over Streamable HTTP at
// endpoint (the server's URL with HTTPEndpoint) through httpClient, as the
// client called name.
func DialHTTP(ctx context.Context, endpoint string, httpClient *http.Client, name string) (*client.Client, error) {
	tr, err := transport.NewStreamableHTTP(endpoint, transport.WithHTTPBasicClient(httpClient))
	if err != nil {
		return nil, err
	}
	cl := client.NewClient(tr, client.WithProtocolVersion(mcpgo.ProtocolVersion20250618))
	if err := cl.Start(ctx); err != nil {
		return nil, err
	}
	init := mcpgo.InitializeRequest{}
	init.Params.ClientInfo = mcpgo.Implementation{Name: name, Version: "1"}
	if _, err := cl.Initialize(ctx, init); err != nil {
		cl.Close()
		return nil, err
	}
	return cl, nil
}
