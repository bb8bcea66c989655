package main

import (
	"bytes"
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/bundle"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// The secrets a --from address may carry, which setup must neither print
// nor store.
var fromSecrets = []string{"s3cretpass", "t0kenvalue", "sigvalue", "ghp_usertoken"}

func assertNoSecrets(t *testing.T, what, text string) {
	t.Helper()
	for _, s := range fromSecrets {
		if strings.Contains(text, s) {
			t.Errorf("%s shows the secret %q:\n%s", what, s, text)
		}
	}
}

// Credentials in a --from address were printed and stored in the
// installed manifest; they are redacted everywhere now.
func TestSetupRedactsCredentialsInFrom(t *testing.T) {
	dir := copyDemoBundle(t)
	srv := testenv.ServeFiles(t, dir, "/")
	u, _ := url.Parse(srv.URL + "/" + bundle.ManifestFile + "?token=t0kenvalue&X-Amz-Signature=sigvalue&v=1")
	u.User = url.UserPassword("user", "s3cretpass")

	base := t.TempDir()
	io := testStreams()
	if code := run([]string{"setup", "--from", u.String(), "--base-dir", base, "--yes"}, io); code != exitOK {
		t.Fatalf("setup: exit %d\n%s", code, io.Err)
	}
	assertNoSecrets(t, "setup's output", io.Out.(*bytes.Buffer).String()+io.Err.(*bytes.Buffer).String())
	if !strings.Contains(io.Err.(*bytes.Buffer).String(), "v=1") {
		t.Errorf("setup does not show the address's harmless parts:\n%s", io.Err)
	}
	meta, err := indextest.Open(t, filepath.Join(base, "search.db")).Meta(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	assertNoSecrets(t, "the installed manifest", meta[index.MetaBundleManifest])
	io = testStreams()
	run([]string{"doctor", "--base-dir", base}, io)
	assertNoSecrets(t, "doctor", io.Out.(*bytes.Buffer).String())

	// Failures name the address too: a missing part, a server gone, an
	// address that does not parse.
	os.Remove(filepath.Join(dir, bundle.PartFile("hig")))
	io = testStreams()
	if code := run([]string{"setup", "--from", u.String(), "--base-dir", t.TempDir(), "--yes"}, io); code != exitNotFound {
		t.Errorf("a missing part: exit %d, want %d\n%s", code, exitNotFound, io.Err)
	}
	assertNoSecrets(t, "a missing part's error", io.Err.(*bytes.Buffer).String())
	for _, from := range []string{
		"http://ghp_usertoken@127.0.0.1:1/manifest.json",
		"http://user:s3cretpass@127.0.0.1:1/manifest.json?token=t0kenvalue",
		"http://user:s3cretpass@127.0.0.1:bad port/manifest.json?token=t0kenvalue",
	} {
		io = testStreams()
		if code := run([]string{"setup", "--from", from, "--base-dir", t.TempDir(), "--yes"}, io); code == exitOK {
			t.Errorf("%s: setup succeeded", from)
		}
		assertNoSecrets(t, "the error of a setup that cannot connect", io.Err.(*bytes.Buffer).String())
	}
}
