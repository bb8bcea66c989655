package bundle

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// A --from address may carry credentials: user:password@ (or a token as
// the user) and token-like query parameters (a private release's token, a
// storage host's signature). Setup uses them to download and neither prints
// nor stores them: every address in a message, and the one in the installed
// manifest, is Redact's, and RedactError scrubs what a lower layer (the
// HTTP client, the URL parser) put into an error.

// redacted replaces a secret.
const redacted = "REDACTED"

// secretParam matches the names of query parameters that carry secrets:
// token, access_token, key, api_key, X-Amz-Signature, X-Amz-Credential,
// sig, password, auth, session...
var secretParam = regexp.MustCompile(`(?i)token|key|secret|sig|pass|pwd|auth|cred|session`)

// Redact returns addr with its credentials replaced by REDACTED. A local
// path is returned as it is; an address that does not parse loses
// everything between "://" and "@" and its whole query.
func Redact(addr string) string {
	if !strings.Contains(addr, "://") {
		return addr
	}
	u, err := url.Parse(addr)
	if err != nil {
		return redactUnparsed(addr)
	}
	if u.User != nil {
		u.User = url.User(redacted)
	}
	if u.RawQuery != "" {
		q, err := url.ParseQuery(u.RawQuery)
		if err != nil {
			u.RawQuery = redacted
		} else {
			for name, values := range q {
				if secretParam.MatchString(name) {
					for i := range values {
						values[i] = redacted
					}
				}
			}
			u.RawQuery = q.Encode()
		}
	}
	return u.String()
}

var userInfo = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@`)

func redactUnparsed(addr string) string {
	addr = userInfo.ReplaceAllString(addr, "${1}"+redacted+"@")
	if i := strings.IndexAny(addr, "?#"); i >= 0 {
		addr = addr[:i] + "?" + redacted
	}
	return addr
}

// secretsOf lists the credentials in addr, as written and unescaped.
func secretsOf(addr string) []string {
	var out []string
	add := func(s string) {
		if len(s) >= 3 { // a shorter "secret" would scrub ordinary words
			out = append(out, s)
		}
	}
	if m := userInfo.FindStringSubmatch(addr); m != nil {
		info := strings.TrimSuffix(strings.TrimPrefix(m[0], m[1]), "@")
		user, pass, _ := strings.Cut(info, ":")
		for _, s := range []string{info, user, pass} {
			add(s)
			if u, err := url.PathUnescape(s); err == nil && u != s {
				add(u)
			}
		}
	}
	if _, query, ok := strings.Cut(addr, "?"); ok {
		query, _, _ = strings.Cut(query, "#")
		for _, pair := range strings.Split(query, "&") {
			name, value, _ := strings.Cut(pair, "=")
			if !secretParam.MatchString(name) {
				continue
			}
			add(value)
			if u, err := url.QueryUnescape(value); err == nil && u != value {
				add(u)
			}
		}
	}
	// The longest first, so that "user:password" goes whole.
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

// RedactError is err with the credentials of addr scrubbed from its
// message; errors.Is and errors.As see err as it was.
func RedactError(err error, addr string) error {
	if err == nil {
		return nil
	}
	secrets := secretsOf(addr)
	if len(secrets) == 0 {
		return err
	}
	return &redactedError{err: err, secrets: secrets}
}

type redactedError struct {
	err     error
	secrets []string
}

func (e *redactedError) Error() string {
	msg := e.err.Error()
	for _, s := range e.secrets {
		msg = strings.ReplaceAll(msg, s, redacted)
	}
	return msg
}

func (e *redactedError) Unwrap() error { return e.err }
