// Package version is the one dotted-version type: parsing ("13", "10.15.4"),
// ordering, printing and the packed integer the index stores for
// availability filters (major*10000 + minor*100 + patch).
package version

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrBad means a version is not dotted decimal numbers.
var ErrBad = errors.New("bad version")

// maxParts bounds a version to major.minor.patch.build: more parts than that
// is not an OS or Swift version.
const maxParts = 4

// Version is major, minor, patch and build; missing parts are 0, so "13"
// equals "13.0.0".
type Version [maxParts]int

// Parse reads "13", "13.10.2". Each part must be a decimal number of at
// most six digits (Apple marks a future deprecation as 100000); a leading
// "v" or a suffix is an error rather than a silent 0.
func Parse(s string) (Version, error) {
	var v Version
	s = strings.TrimSpace(s)
	if s == "" {
		return v, fmt.Errorf("%w: empty", ErrBad)
	}
	parts := strings.Split(s, ".")
	if len(parts) > maxParts {
		return v, fmt.Errorf("%w %q: more than %d parts", ErrBad, s, maxParts)
	}
	for i, p := range parts {
		if p == "" || len(p) > 6 || strings.TrimLeft(p, "0123456789") != "" {
			return v, fmt.Errorf("%w %q", ErrBad, s)
		}
		v[i], _ = strconv.Atoi(p)
	}
	return v, nil
}

// MustParse is Parse for a version written in the code itself: it panics
// on a bad one, like regexp.MustCompile.
func MustParse(s string) Version {
	v, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return v
}

// ParseLeading reads the leading numeric parts of s and ignores the rest,
// for versions as documentation writes them ("13.0 beta", "10.15.x"): it
// is 0 when even the major part is not a number.
func ParseLeading(s string) Version {
	var v Version
	for i, p := range strings.SplitN(strings.TrimSpace(s), ".", maxParts+1) {
		if i == maxParts {
			break
		}
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 0 {
			if i == 0 {
				return Version{}
			}
			break
		}
		v[i] = n
	}
	return v
}

// Compare returns -1, 0 or +1 as v is older than, equal to or newer than o.
func (v Version) Compare(o Version) int {
	for i := range v {
		switch {
		case v[i] < o[i]:
			return -1
		case v[i] > o[i]:
			return 1
		}
	}
	return 0
}

// CompareStrings parses both and compares them.
func CompareStrings(a, b string) (int, error) {
	va, err := Parse(a)
	if err != nil {
		return 0, err
	}
	vb, err := Parse(b)
	if err != nil {
		return 0, err
	}
	return va.Compare(vb), nil
}

// IsZero reports whether the version is unset.
func (v Version) IsZero() bool { return v == Version{} }

// String prints major.minor and the patch and build when not zero: "13.0",
// "10.15.4".
func (v Version) String() string {
	s := strconv.Itoa(v[0]) + "." + strconv.Itoa(v[1])
	if v[2] != 0 || v[3] != 0 {
		s += "." + strconv.Itoa(v[2])
	}
	if v[3] != 0 {
		s += "." + strconv.Itoa(v[3])
	}
	return s
}

// Pack packs the version into an integer that sorts like it:
// major*10000 + minor*100 + patch. Minor and patch above 99 are clamped,
// which no Apple platform version reaches; the build is dropped.
func (v Version) Pack() int {
	return v[0]*10000 + min(v[1], 99)*100 + min(v[2], 99)
}

// Unpack is the inverse of Pack.
func Unpack(packed int) Version {
	if packed <= 0 {
		return Version{}
	}
	return Version{packed / 10000, packed / 100 % 100, packed % 100}
}
