package verify

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/internal/version"
)

// ErrBadTarget means a target platform is not like "ios18.0".
var ErrBadTarget = errors.New("invalid target platform")

// Target is a parsed deployment target.
type Target struct {
	Platform string  // lowercase symbol-graph domain: ios, macos, tvos, watchos, visionos, maccatalyst
	Version  Version // 18.0
}

func (t Target) String() string { return t.Platform + t.Version.String() }

// DisplayName is the platform as Apple writes it, for prompts.
func (t Target) DisplayName() string {
	switch t.Platform {
	case "ios":
		return "iOS"
	case "macos":
		return "macOS"
	case "tvos":
		return "tvOS"
	case "watchos":
		return "watchOS"
	case "visionos":
		return "visionOS"
	case "maccatalyst":
		return "Mac Catalyst"
	}
	return t.Platform
}

// platformPrefixes maps the accepted spellings to symbol-graph domains. iPadOS
// shares iOS's availability, as it does in Apple's annotations.
var platformPrefixes = []struct{ prefix, platform string }{
	{"maccatalyst", "maccatalyst"},
	{"visionos", "visionos"},
	{"watchos", "watchos"},
	{"ipados", "ios"},
	{"macos", "macos"},
	{"tvos", "tvos"},
	{"ios", "ios"},
}

// ParseTarget parses "ios18.0", "macos14", "visionOS 2.0".
func ParseTarget(s string) (Target, error) {
	low := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	for _, p := range platformPrefixes {
		if !strings.HasPrefix(low, p.prefix) {
			continue
		}
		v, err := ParseVersion(low[len(p.prefix):])
		if err != nil {
			return Target{}, fmt.Errorf("%w %q: %v", ErrBadTarget, s, err)
		}
		return Target{Platform: p.platform, Version: v}, nil
	}
	return Target{}, fmt.Errorf("%w %q: unknown platform", ErrBadTarget, s)
}

// Version is a dotted version (internal/version).
type Version = version.Version

// ParseVersion parses "17", "17.4", "10.15.4".
func ParseVersion(s string) (Version, error) { return version.Parse(s) }

// Platforms are the platforms a deployment target can name, in the order
// the CLI flags and the tool's arguments list them.
var Platforms = []string{"ios", "macos", "tvos", "watchos", "visionos"}

// TargetsFrom parses a version per platform of Platforms ("ios" → "17.0");
// platforms with no version are left out.
func TargetsFrom(versions map[string]string) ([]Target, error) {
	var out []Target
	for _, p := range Platforms {
		v := strings.TrimSpace(versions[p])
		if v == "" {
			continue
		}
		t, err := ParseTarget(p + v)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}
