package main

import "testing"

func TestWholesLine(t *testing.T) {
	got := wholesLine(map[string]int{"samples": 606, "wwdc": 1266, "packages": 27})
	if want := "606 sample projects, 1266 WWDC sessions, 27 Swift packages"; got != want {
		t.Errorf("wholesLine = %q, want %q", got, want)
	}
	if got := wholesLine(map[string]int{"wwdc": 3}); got != "3 WWDC sessions" {
		t.Errorf("wholesLine with one source = %q", got)
	}
	if got := wholesLine(nil); got != "" {
		t.Errorf("wholesLine without the sources = %q", got)
	}
}
