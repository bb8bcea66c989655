package verify

import (
	"slices"
	"testing"
)

// wantEach calls f on each input of cases and reports each result that
// differs from the case's value, as "name(input) = got, want value". The
// tables of one function's inputs and outputs share it rather than each
// writing the loop again.
func wantEach[In, Out comparable](t *testing.T, name string, f func(In) Out, cases map[In]Out) {
	t.Helper()
	for in, want := range cases {
		if got := f(in); got != want {
			t.Errorf("%s(%#v) = %#v, want %#v", name, in, got, want)
		}
	}
}

// wantStatuses fails unless each symbol of want has that status among
// rep's references.
func wantStatuses(t *testing.T, rep *Report, want map[string]Status) {
	t.Helper()
	got := statusBySymbol(rep)
	for name, status := range want {
		if got[name] != status {
			t.Errorf("%s: %s, want %s (%s)", name, got[name], status, summary(rep))
		}
	}
}

// statusBySymbol maps each reference's symbol to its status.
func statusBySymbol(rep *Report) map[string]Status {
	got := map[string]Status{}
	for _, r := range rep.References {
		got[r.Symbol] = r.Status
	}
	return got
}

// wantFindingEach checks each case's code over table and wants some finding
// for which is holds exactly when the case says true; name names such a
// finding in failures.
func wantFindingEach(t *testing.T, table SymbolTable, name string, is func(Reference) bool, cases map[string]bool) {
	t.Helper()
	wantEach(t, name, func(code string) bool {
		return slices.ContainsFunc(checkCode(t, table, Options{}, File{Code: code}).Findings, is)
	}, cases)
}

// statusIs holds for a finding of status s.
func statusIs(s Status) func(Reference) bool {
	return func(f Reference) bool { return f.Status == s }
}
