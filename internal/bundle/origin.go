package bundle

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
)

// Where a download may come from. A part is fetched from its address
// beside the manifest; a server may redirect it to the same origin or to
// any https address (a release host sends downloads to a storage host),
// never to plain http elsewhere. A partial download remembers the origin
// its bytes came from ("<file>.part.origin") and is resumed only from
// that origin: the Range header goes to no other, so foreign bytes are
// never appended to it.

// maxRedirects is as many redirects as a download follows.
const maxRedirects = 10

// originOf is a URL's scheme, host and port, the port spelled out.
func originOf(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return u.Scheme + "://" + strings.ToLower(u.Hostname()) + ":" + port
}

// withRedirectPolicy is client with checkRedirect in place of its own
// policy (which runs first, if it has one).
func withRedirectPolicy(client *http.Client) *http.Client {
	c := *client
	own := client.CheckRedirect
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if own != nil {
			if err := own(req, via); err != nil {
				return err
			}
		}
		return checkRedirect(req, via)
	}
	return &c
}

// resumeKey carries a resumed download's resume in its request context.
type resumeKey struct{}

type resume struct {
	origin      string // where the partial file's bytes came from
	rangeHeader string // the Range asked of that origin
}

// checkRedirect allows a redirect to the first request's origin or to
// https, and sends a resumed download's Range only to the origin of its
// bytes.
func checkRedirect(req *http.Request, via []*http.Request) error {
	first := via[0].URL
	switch {
	case len(via) >= maxRedirects:
		return fmt.Errorf("%w: %s redirected more than %d times", ErrRedirect, Redact(first.String()), maxRedirects)
	case originOf(req.URL) != originOf(first) && req.URL.Scheme != "https":
		return fmt.Errorf("%w: %s redirected to %s, which is neither its origin nor https", ErrRedirect,
			Redact(first.String()), Redact(req.URL.String()))
	}
	if res, ok := req.Context().Value(resumeKey{}).(resume); ok {
		req.Header.Del("Range")
		if originOf(req.URL) == res.origin {
			req.Header.Set("Range", res.rangeHeader)
		}
	}
	return nil
}

// originFile is where a partial download notes the origin of its bytes.
func originFile(partial string) string { return partial + ".origin" }

// readOrigin is the origin a partial download's bytes came from, "" when
// it is not known (the file is missing, not a regular file or not short).
func readOrigin(partial string) string {
	path := originFile(partial)
	if n, err := regularSize(path); err != nil || n < 0 || n > 1024 {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	data, _ := io.ReadAll(io.LimitReader(f, 1024))
	return strings.TrimSpace(string(data))
}

// writeOrigin notes the origin of a partial download's bytes.
func writeOrigin(partial, origin string) error {
	f, err := createFresh(originFile(partial))
	if err != nil {
		return err
	}
	_, err = f.WriteString(origin + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// removePartial removes a partial download and its origin note.
func removePartial(partial string) {
	// removeStale leaves a link or special file alone: not ours to remove.
	removeStale(partial)
	removeStale(originFile(partial))
}

// withResume puts a resumed download's resume into its context.
func withResume(ctx context.Context, res resume) context.Context {
	return context.WithValue(ctx, resumeKey{}, res)
}
