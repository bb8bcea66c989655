package ranker

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrBadVersion means a platform version is not dotted decimal numbers.
var ErrBadVersion = errors.New("bad version")

// maxVersionParts bounds a version to major.minor.patch(.build): more parts
// than that is not an OS version.
const maxVersionParts = 4

// ParseVersion splits "13.10.2" into [13 10 2]. Each part must be a decimal
// number below 10000; leading "v" is not accepted, so "v13" is an error
// rather than a silent 0.
func ParseVersion(s string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("%w: empty", ErrBadVersion)
	}
	parts := strings.Split(s, ".")
	if len(parts) > maxVersionParts {
		return nil, fmt.Errorf("%w %q: more than %d parts", ErrBadVersion, s, maxVersionParts)
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		if p == "" || len(p) > 4 || strings.TrimLeft(p, "0123456789") != "" {
			return nil, fmt.Errorf("%w %q", ErrBadVersion, s)
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("%w %q", ErrBadVersion, s)
		}
		out[i] = n
	}
	return out, nil
}

// CompareVersions orders two versions part by part numerically, missing parts
// counting as 0: "13.0" < "13.10", "13" == "13.0.0". It returns -1, 0 or 1.
func CompareVersions(a, b string) (int, error) {
	va, err := ParseVersion(a)
	if err != nil {
		return 0, err
	}
	vb, err := ParseVersion(b)
	if err != nil {
		return 0, err
	}
	return compareParts(va, vb), nil
}

func compareParts(a, b []int) int {
	for i := 0; i < max(len(a), len(b)); i++ {
		var x, y int
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
	}
	return 0
}
