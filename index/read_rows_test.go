package index

import (
	"context"
	"reflect"
	"testing"
)

// RowDetails gives the declarations of the pages that have one and leaves
// out the rest and the URIs the index lacks; asked again, it answers the
// same from what it kept, without the database (closed here).
func TestRowDetailsKeepsItsAnswers(t *testing.T) {
	st := openStore(t, buildFixture(t))
	uris := []string{"apple-docs://swiftui/view", "swift-evolution://SE-0306", "apple-docs://no/such-page"}
	first, err := st.RowDetails(context.Background(), uris)
	mustNoErr(t, err)
	if got := first["apple-docs://swiftui/view"].Declaration; got != "@MainActor @preconcurrency protocol View" {
		t.Errorf("View's declaration %q", got)
	}
	if len(first) != 1 {
		t.Errorf("details of %d pages, want View's alone: %+v", len(first), first)
	}
	mustNoErr(t, st.db.Close())
	again, err := st.RowDetails(context.Background(), uris)
	mustNoErr(t, err)
	if !reflect.DeepEqual(again, first) {
		t.Errorf("asked again: %+v, want %+v", again, first)
	}
}
