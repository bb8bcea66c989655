package bundle

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/safefile"
)

// maxManifestBytes bounds the manifest a server may send.
const maxManifestBytes = 1 << 20

// Remote is a bundle to install: its manifest and where its parts are,
// a local folder or the HTTP(S) address of its manifest.
type Remote struct {
	Manifest *Manifest
	// From is the address as given with its credentials redacted
	// (Redact), for messages and the installed manifest.
	From string
	addr string // the address as given, credentials and all

	dir    string   // a local bundle's folder
	base   *url.URL // a remote manifest's address; parts resolve against it
	client *http.Client
	// Retries is how often a failed download is resumed within one run,
	// after Backoff, doubled each time.
	Retries int
	Backoff time.Duration
	// StallTimeout ends a download that received nothing for this long.
	StallTimeout time.Duration
}

// NewHTTPClient is the client setup downloads with: bounded waits for a
// connection and for the response headers, none for the body (StallTimeout
// watches that), proxies from the environment.
func NewHTTPClient() *http.Client {
	return &http.Client{Transport: &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 30 * time.Second}).DialContext,
		TLSHandshakeTimeout:   30 * time.Second,
		ResponseHeaderTimeout: 60 * time.Second,
	}}
}

// Open reads the manifest at from: an http(s) address of a manifest (or of
// the folder holding manifest.json), a local folder, or a local manifest
// file. client nil means NewHTTPClient.
func Open(ctx context.Context, from string, client *http.Client) (*Remote, error) {
	r, err := openRemote(ctx, from, client)
	return r, RedactError(err, from)
}

func openRemote(ctx context.Context, from string, client *http.Client) (*Remote, error) {
	if client == nil {
		client = NewHTTPClient()
	}
	r := &Remote{From: Redact(from), addr: from, client: withRedirectPolicy(client), Retries: 4, Backoff: time.Second, StallTimeout: time.Minute}
	var data []byte
	if strings.HasPrefix(from, "http://") || strings.HasPrefix(from, "https://") {
		u, err := url.Parse(from)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrNotFound, r.From, unwrapURLError(err))
		}
		if !strings.HasSuffix(u.Path, ".json") {
			u.Path = strings.TrimSuffix(u.Path, "/") + "/" + ManifestFile
		}
		r.base = u
		if data, err = r.get(ctx, u.String()); err != nil {
			return nil, err
		}
	} else {
		manifest := from
		if fi, err := os.Stat(from); err == nil && fi.IsDir() {
			manifest = filepath.Join(from, ManifestFile)
		}
		r.dir = filepath.Dir(manifest)
		var err error
		if data, err = readLocalManifest(manifest); err != nil {
			return nil, err
		}
	}
	m, err := ParseManifest(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.From, err)
	}
	r.Manifest = m
	return r, nil
}

// readLocalManifest reads a local bundle's manifest: a regular file (a
// link is followed, the folder's owner put it there) of at most
// maxManifestBytes, so that a FIFO or /dev/zero in its place is refused
// at once instead of blocking setup or filling its memory.
func readLocalManifest(manifest string) ([]byte, error) {
	resolved, err := filepath.EvalSymlinks(manifest)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w: no %s", ErrNotFound, manifest)
	}
	if err != nil {
		return nil, fmt.Errorf("read manifest: %w", err)
	}
	data, err := safefile.ReadFile(resolved, maxManifestBytes)
	if reason := safefile.Refusal(err); reason != "" {
		return nil, fmt.Errorf("%w: %s: %s", ErrManifest, manifest, reason)
	}
	if err != nil {
		return nil, fmt.Errorf("read manifest: %w", err)
	}
	return data, nil
}

// get fetches a small file (the manifest) whole.
func (r *Remote) get(ctx context.Context, addr string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrNotFound, Redact(addr), unwrapURLError(err))
	}
	resp, err := r.client.Do(req)
	if err != nil {
		return nil, networkError(ctx, addr, err)
	}
	defer resp.Body.Close()
	if err := statusError(addr, resp); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxManifestBytes+1))
	if err != nil {
		return nil, networkError(ctx, addr, err)
	}
	if len(data) > maxManifestBytes {
		return nil, fmt.Errorf("%w: %s is over %d bytes", ErrManifest, Redact(addr), maxManifestBytes)
	}
	return data, nil
}

func statusError(addr string, resp *http.Response) error {
	addr = Redact(addr)
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return fmt.Errorf("%w: %s answered 404", ErrNotFound, addr)
	case resp.StatusCode >= 300:
		return fmt.Errorf("%w: %s answered %s", ErrNetwork, addr, resp.Status)
	}
	return nil
}

// networkError wraps a transport error, unless it is the caller's own
// cancellation (Ctrl-C), which must stay context.Canceled.
func networkError(ctx context.Context, addr string, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	err = unwrapURLError(err)
	if errors.Is(err, ErrRedirect) {
		return err // not a network failure: a retry would be refused again
	}
	return fmt.Errorf("%w: %s: %v", ErrNetwork, Redact(addr), err)
}

// unwrapURLError drops the *url.Error around a client's error, whose text
// repeats the address with what credentials the client does not redact.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// partURL is a part's address, beside the manifest.
func (r *Remote) partURL(p Part) string {
	return r.base.ResolveReference(&url.URL{Path: p.File}).String()
}

// downloadName is a part's file in the download folder. The checksum in
// the name keeps a partial download of one bundle from being resumed with
// the bytes of another.
func downloadName(p Part) string { return p.SHA256[:16] + "-" + p.File }

// fetch makes part p available as a verified local file and returns its
// path: a local bundle's own file, or a download into dir, resumed from
// "<file>.part" when one is there. progress is told the bytes the part
// advanced by, and whether they came over the network in this run.
func (r *Remote) fetch(ctx context.Context, p Part, dir string, progress func(n int64, network bool)) (string, error) {
	if r.base == nil {
		path := filepath.Join(r.dir, p.File)
		progress(p.Size, false)
		return path, verifyPart(ctx, path, p)
	}
	dst := filepath.Join(dir, downloadName(p))
	if verifyPart(ctx, dst, p) == nil {
		progress(p.Size, false)
		return dst, nil // downloaded by an earlier run
	}
	partial := dst + ".part"
	// A retry may fetch again bytes the progress already counted.
	var reported int64
	at := func(pos int64, network bool) {
		if pos > reported {
			progress(pos-reported, network)
			reported = pos
		}
	}
	var err error
	backoff := r.Backoff
	for attempt := 0; attempt <= r.Retries; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return "", ctx.Err()
			case <-time.After(backoff):
			}
			backoff *= 2
		}
		if err = r.download(ctx, r.partURL(p), partial, p.Size, at); err == nil || !errors.Is(err, ErrNetwork) {
			break
		}
	}
	if err != nil {
		return "", err
	}
	if err := verifyPart(ctx, partial, p); err != nil {
		removePartial(partial) // bad bytes: the next run starts over
		return "", err
	}
	if err := os.Rename(partial, dst); err != nil {
		return "", err
	}
	removeStale(originFile(partial))
	return dst, nil
}

// verify is verifyPart without cancellation, for the free-space check: its
// hash reads at most the part's size (verifyPart checks it first).
func verify(path string, p Part) error { return verifyPart(context.Background(), path, p) }

// verifyPart checks the file at path against the part's size and SHA-256.
// The size is checked before a byte is hashed, so a sparse file of
// gigabytes is refused at once, and the hash stops when ctx is done.
func verifyPart(ctx context.Context, path string, p Part) error {
	f, info, err := openPart(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if info.Size() != p.Size {
		return fmt.Errorf("%w: %s is %d bytes, the manifest lists %d", ErrChecksum, filepath.Base(path), info.Size(), p.Size)
	}
	h := sha256.New()
	n, err := io.Copy(h, safefile.Reader(ctx, io.LimitReader(f, p.Size+1)))
	if ctxErr := ctx.Err(); ctxErr != nil {
		return ctxErr
	}
	if err != nil {
		return err
	}
	if sum := hex.EncodeToString(h.Sum(nil)); n != p.Size || sum != p.SHA256 {
		return fmt.Errorf("%w: %s is %d bytes with sha256 %s, the manifest lists %d bytes with %s",
			ErrChecksum, filepath.Base(path), n, sum, p.Size, p.SHA256)
	}
	return nil
}

// openPart opens a part's file for reading. It must be a regular file: a
// link is followed (the checksum, not the path, says what a part is, so a
// link cannot bring other bytes in), but a FIFO, a device such as
// /dev/zero or a folder is refused (ErrChecksum) without blocking.
func openPart(path string) (*os.File, fs.FileInfo, error) {
	resolved, err := filepath.EvalSymlinks(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, fmt.Errorf("%w: %s", ErrNotFound, path)
	}
	if err != nil {
		return nil, nil, err
	}
	f, info, err := safefile.Open(resolved)
	if reason := safefile.Refusal(err); reason != "" {
		return nil, nil, fmt.Errorf("%w: %s: %s", ErrChecksum, filepath.Base(path), reason)
	}
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, fmt.Errorf("%w: %s", ErrNotFound, path)
	}
	return f, info, err
}

// download appends the rest of addr to partial, asking with a Range
// request for the bytes past those already there, of the origin they came
// from only (see checkRedirect). A server that ignores Range (200), or
// another origin, sends the whole file, which replaces the partial one. at
// is told the file's length as it grows, and whether by bytes received now.
func (r *Remote) download(ctx context.Context, addr, partial string, size int64, at func(pos int64, network bool)) error {
	have, err := regularSize(partial)
	if err != nil {
		return err
	}
	if have > size {
		have = 0 // not a prefix of this file
		removePartial(partial)
	}
	if have == size {
		return nil
	}
	have = max(have, 0)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr, nil)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrNotFound, Redact(addr), unwrapURLError(err))
	}
	// Bytes of unknown origin (an older cupertino's) are not resumed.
	from := readOrigin(partial)
	if have > 0 && from != "" {
		res := resume{origin: from, rangeHeader: "bytes=" + strconv.FormatInt(have, 10) + "-"}
		req = req.WithContext(withResume(ctx, res))
		if originOf(req.URL) == from {
			req.Header.Set("Range", res.rangeHeader)
		}
	}
	resp, err := r.client.Do(req)
	if err != nil {
		return networkError(ctx, addr, err)
	}
	defer resp.Body.Close()
	resumed := resp.Request.Header.Get("Range") != "" && originOf(resp.Request.URL) == from
	openPartial := openToAppend
	if have == 0 {
		openPartial = createFresh
	}
	switch {
	case resp.StatusCode == http.StatusPartialContent && resumed && contentRangeStart(resp) == have:
	case resp.StatusCode == http.StatusOK:
		openPartial = createFresh
		have = 0
		if err := writeOrigin(partial, originOf(resp.Request.URL)); err != nil {
			return err
		}
	case resp.StatusCode == http.StatusPartialContent || resp.StatusCode == http.StatusRequestedRangeNotSatisfiable:
		// Not the bytes asked for: the partial file is no prefix of what
		// the server has, so the retry starts over.
		removePartial(partial)
		return fmt.Errorf("%w: %s answered %s to a range from byte %d", ErrNetwork, Redact(addr), resp.Status, have)
	default:
		if err := statusError(addr, resp); err != nil {
			return err
		}
		return fmt.Errorf("%w: %s answered %s to a range request", ErrNetwork, Redact(addr), resp.Status)
	}
	at(have, false)
	f, err := openPartial(partial)
	if err != nil {
		return err
	}
	body := &stallReader{r: resp.Body, d: r.StallTimeout}
	body.timer = time.AfterFunc(r.StallTimeout, func() { cancel(errStalled) })
	defer body.timer.Stop()
	pos := &position{at: at, n: have}
	_, err = io.Copy(f, io.TeeReader(io.LimitReader(body, size-have), pos))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	switch {
	case err == nil && pos.n < size:
		// A body that ends early without an error (no Content-Length):
		// keep the bytes, the retry asks for the rest.
		return fmt.Errorf("%w: %s ended after %d of %d bytes", ErrNetwork, Redact(addr), pos.n, size)
	case err == nil:
		return nil
	case isDiskFull(err):
		return fmt.Errorf("%w: writing %s: %v", index.ErrLowDisk, partial, err)
	case errors.Is(context.Cause(ctx), errStalled):
		return fmt.Errorf("%w: %s sent nothing for %s", ErrNetwork, Redact(addr), r.StallTimeout)
	}
	return networkError(ctx, addr, err)
}

var errStalled = errors.New("download stalled")

// contentRangeStart reads the first byte of "Content-Range: bytes N-M/T",
// or -1.
func contentRangeStart(resp *http.Response) int64 {
	v := strings.TrimPrefix(resp.Header.Get("Content-Range"), "bytes ")
	start, _, ok := strings.Cut(v, "-")
	if !ok {
		return -1
	}
	n, err := strconv.ParseInt(start, 10, 64)
	if err != nil {
		return -1
	}
	return n
}

// stallReader restarts its timer on every read that brings bytes.
type stallReader struct {
	r     io.Reader
	d     time.Duration
	timer *time.Timer
}

func (s *stallReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if n > 0 {
		s.timer.Reset(s.d)
	}
	return n, err
}

// position counts the bytes written past a start and tells at.
type position struct {
	at func(int64, bool)
	n  int64
}

func (p *position) Write(b []byte) (int, error) {
	p.n += int64(len(b))
	p.at(p.n, true)
	return len(b), nil
}

func isDiskFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// fileSize is the size of the regular file at path; 0 for none, or for
// anything else.
func fileSize(path string) int64 {
	n, _ := regularSize(path)
	return max(n, 0)
}
