package bundle

import (
	"errors"
	"fmt"
	"testing"
)

func TestRedactHidesCredentialsOnly(t *testing.T) {
	for addr, want := range map[string]string{
		"https://user:s3cret@host.example/b/manifest.json":                "https://REDACTED@host.example/b/manifest.json",
		"https://ghp_token@host.example/manifest.json":                    "https://REDACTED@host.example/manifest.json",
		"https://host.example/m.json?X-Amz-Signature=abc&X-Amz-Date=2026": "https://host.example/m.json?X-Amz-Date=2026&X-Amz-Signature=REDACTED",
		"https://host.example/m.json?access_token=abc&v=2":                "https://host.example/m.json?access_token=REDACTED&v=2",
		"https://host.example/b/manifest.json":                            "https://host.example/b/manifest.json",
		"/home/me/bundle":                                                 "/home/me/bundle",
		"http://user:s3cret@host:bad port/m.json?token=abc":               "http://REDACTED@host:bad port/m.json?REDACTED",
	} {
		if got := Redact(addr); got != want {
			t.Errorf("Redact(%q) = %q, want %q", addr, got, want)
		}
	}
}

func TestRedactErrorScrubsTheMessageOnly(t *testing.T) {
	addr := "https://user:s3cret%21@host.example/m.json?token=t%2Bk&v=1"
	err := RedactError(fmt.Errorf("%w: Get %q: user:s3cret! and t+k", ErrNetwork, addr), addr)
	if got := err.Error(); got != `bundle download failed: Get "https://REDACTED@host.example/m.json?token=REDACTED&v=1": REDACTED and REDACTED` {
		t.Errorf("message %q", got)
	}
	if !errors.Is(err, ErrNetwork) {
		t.Errorf("the sentinel is lost")
	}
}
