package docuri

import (
	"errors"
	"testing"
)

func TestWWDCSession(t *testing.T) {
	for _, c := range []struct{ year, id, want string }{
		{"2024", "10210", "wwdc://2024/10210"},
		{" 2019 ", "101 ", "wwdc://2019/101"},
		{"2020", "tech-talk_1", "wwdc://2020/tech-talk_1"},
	} {
		if got, err := WWDCSession(c.year, c.id); err != nil || got != c.want {
			t.Errorf("WWDCSession(%q, %q) = %q, %v; want %q", c.year, c.id, got, err, c.want)
		}
	}
	for _, c := range []struct{ year, id string }{
		{"2024", ".."}, {"2024", "../x"}, {"2024", "a/b"}, {"2024", "1\n2"}, {"2024", "1\u202e2"},
		{"24", "1"}, {"20245", "1"}, {"2O24", "1"}, {"2024", ""}, {"", "1"}, {"2024", "123456789012345678901234567890123"},
	} {
		if got, err := WWDCSession(c.year, c.id); !errors.Is(err, ErrBadWWDC) {
			t.Errorf("WWDCSession(%q, %q) = %q, %v; want ErrBadWWDC", c.year, c.id, got, err)
		}
	}
}
