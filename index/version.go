package index

import (
	"strconv"
	"strings"
)

// PackVersion packs a dotted version ("13.0", "10.15.4") into an integer that
// sorts like the version: major*10000 + minor*100 + patch. It returns 0 for an
// empty or unparsable version. Minor and patch above 99 are clamped, which no
// Apple platform version reaches.
func PackVersion(version string) int {
	version = strings.TrimSpace(version)
	if version == "" {
		return 0
	}
	parts := strings.SplitN(version, ".", 4)
	packed := 0
	for i, scale := range []int{10000, 100, 1} {
		if i >= len(parts) {
			break
		}
		n, err := strconv.Atoi(strings.TrimSpace(parts[i]))
		if err != nil || n < 0 {
			if i == 0 {
				return 0
			}
			break
		}
		if i > 0 && n > 99 {
			n = 99
		}
		packed += n * scale
	}
	return packed
}

// UnpackVersion is the inverse of PackVersion, dropping a zero patch:
// 130000 -> "13.0", 101504 -> "10.15.4". It returns "" for 0.
func UnpackVersion(packed int) string {
	if packed <= 0 {
		return ""
	}
	major, minor, patch := packed/10000, packed/100%100, packed%100
	s := strconv.Itoa(major) + "." + strconv.Itoa(minor)
	if patch != 0 {
		s += "." + strconv.Itoa(patch)
	}
	return s
}

// CompareVersions compares two dotted versions numerically, component by
// component, treating missing components as 0: "10.15" < "10.15.1" < "11.0",
// and "13" == "13.0". It returns -1, 0 or +1.
func CompareVersions(a, b string) int {
	as, bs := strings.Split(strings.TrimSpace(a), "."), strings.Split(strings.TrimSpace(b), ".")
	for i := 0; i < len(as) || i < len(bs); i++ {
		x, y := versionComponent(as, i), versionComponent(bs, i)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
	}
	return 0
}

func versionComponent(parts []string, i int) int {
	if i >= len(parts) {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSpace(parts[i]))
	if err != nil {
		return 0
	}
	return n
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
