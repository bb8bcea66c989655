package index

import "github.com/cupertino-go/cupertino/internal/version"

// PackVersion packs a dotted version ("13.0", "10.15.4") into the integer
// the min_* columns store (version.Version.Pack), reading the leading
// numbers only; 0 for an empty or unparsable version.
func PackVersion(v string) int { return version.ParseLeading(v).Pack() }

// UnpackVersion is the inverse of PackVersion, dropping a zero patch:
// 130000 -> "13.0", 101504 -> "10.15.4". It returns "" for 0.
func UnpackVersion(packed int) string {
	if packed <= 0 {
		return ""
	}
	return version.Unpack(packed).String()
}

// platformColumns maps Apple's platform names to the docs column holding the
// packed introduced version. Other platforms (Mac Catalyst, iPadOS) live only
// in docs_structured.platforms.
var platformColumns = map[string]string{
	"ios":      "min_ios",
	"macos":    "min_macos",
	"tvos":     "min_tvos",
	"watchos":  "min_watchos",
	"visionos": "min_visionos",
}
