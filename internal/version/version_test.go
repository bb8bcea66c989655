package version

import (
	"errors"
	"testing"
)

func TestParseAndCompare(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"13", "13.0.0", 0}, {"13.0", "13.10", -1}, {"10.15.4", "10.15", 1}, {"11", "10.15.7", 1}, {"1.2.3.4", "1.2.3", 1},
	} {
		if got, err := CompareStrings(c.a, c.b); err != nil || got != c.want {
			t.Errorf("CompareStrings(%q, %q) = %d, %v; want %d", c.a, c.b, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "v13", "13.", "1.2.3.4.5", "13.0b", "1234567", "-1"} {
		if _, err := Parse(bad); !errors.Is(err, ErrBad) {
			t.Errorf("Parse(%q) = %v, want ErrBad", bad, err)
		}
	}
}

func TestLeadingPackAndString(t *testing.T) {
	for in, want := range map[string]int{"13.0": 130000, "10.15.4": 101504, "13.0 beta": 130000, "x": 0, "": 0, "2.1.x": 20100, "1.250": 19900} {
		if got := ParseLeading(in).Pack(); got != want {
			t.Errorf("ParseLeading(%q).Pack() = %d, want %d", in, got, want)
		}
	}
	for packed, want := range map[int]string{130000: "13.0", 101504: "10.15.4"} {
		if got := Unpack(packed).String(); got != want {
			t.Errorf("Unpack(%d) = %s, want %s", packed, got, want)
		}
	}
	if !Unpack(0).IsZero() {
		t.Error("Unpack(0) is not zero")
	}
}

func TestMustParsePanicsOnABadVersion(t *testing.T) {
	if got := MustParse("17.4"); got != (Version{17, 4}) {
		t.Errorf("MustParse(17.4) = %v", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustParse(v1) did not panic")
		}
	}()
	MustParse("v1")
}
