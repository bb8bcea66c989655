package index

import (
	"strings"

	"github.com/cupertino-go/cupertino/internal/version"
)

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

// PlatformColumn is a platform with a docs column of its own, holding the
// packed introduced version (min_ios <= ? filters in SQL).
type PlatformColumn struct {
	Platform string // Apple's spelling, as the ranker's filters and results name it: "iOS"
	Column   string // the docs column: "min_ios"
}

// PlatformColumns lists the platforms with a column, in column order, which
// is also the order results show availability in. Other platforms (Mac
// Catalyst, iPadOS) live only in docs_structured.platforms.
var PlatformColumns = []PlatformColumn{
	{"iOS", "min_ios"},
	{"macOS", "min_macos"},
	{"tvOS", "min_tvos"},
	{"watchOS", "min_watchos"},
	{"visionOS", "min_visionos"},
}

// ColumnOfPlatform returns the docs column of a platform name in any case,
// surrounding spaces ignored ("iOS", " ios "), as pages spell them; ok is
// false for a platform without a column.
func ColumnOfPlatform(name string) (column string, ok bool) {
	name = strings.TrimSpace(name)
	for _, p := range PlatformColumns {
		if strings.EqualFold(p.Platform, name) {
			return p.Column, true
		}
	}
	return "", false
}
