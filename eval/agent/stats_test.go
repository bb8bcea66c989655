package agent

import "testing"

func TestStats(t *testing.T) {
	tests := []struct {
		c          Contingency
		chi2, pExa float64
	}{
		{Contingency{A: 20, B: 1, C: 8, D: 1}, 4.0, 10.0 / 512},
		{Contingency{A: 5, B: 0, C: 0, D: 5}, 0, 1},
		{Contingency{B: 3, C: 3}, 0, 42.0 / 64}, // as R: no correction below zero
		{Contingency{B: 0, C: 6}, 25.0 / 6, 1.0 / 64},
		{Contingency{B: 5, C: 1}, 9.0 / 6, 63.0 / 64},
	}
	for _, tt := range tests {
		if got := tt.c.McNemarChi2(); !near(got, tt.chi2) {
			t.Errorf("%+v: chi2 = %v, want %v", tt.c, got, tt.chi2)
		}
		if got := tt.c.McNemarExactP(); !near(got, tt.pExa) {
			t.Errorf("%+v: exact p = %v, want %v", tt.c, got, tt.pExa)
		}
	}
	// b=1, c=8: chi2 = 4 with 1 df has p = 0.0455.
	if p := (Contingency{B: 1, C: 8}).McNemarPChi2(); !nearTol(p, 0.0455003, 1e-6) {
		t.Errorf("chi2 p = %v", p)
	}
	var c Contingency
	c.Add(true, true)
	c.Add(true, false)
	c.Add(false, true)
	c.Add(false, true)
	c.Add(false, false)
	if c.Matrix() != [2][2]int{{1, 1}, {2, 1}} {
		t.Errorf("Add: %v", c.Matrix())
	}
}

func near(a, b float64) bool { return nearTol(a, b, 1e-9) }

func nearTol(a, b, tol float64) bool {
	d := a - b
	return d < tol && d > -tol
}
