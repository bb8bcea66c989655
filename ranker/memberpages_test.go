package ranker

import (
	"context"
	"reflect"
	"testing"
)

// typeMemberPages keeps its answers per engine; a caller that sorts or
// changes what it got must not change what the next caller gets.
func TestTypeMemberPagesCacheHandsOutCopies(t *testing.T) {
	e := openTestEngine(t)
	ctx := context.Background()
	first, err := e.typeMemberPages(ctx, []string{"Text"}, "bold")
	if err != nil {
		t.Fatal(err)
	}
	if len(first) == 0 {
		t.Fatal("no member pages for Text.bold in the fixture")
	}
	want := append([]callPage(nil), first...)
	first[0].uri, first[0].id = "changed by a caller", -1
	again, err := e.typeMemberPages(ctx, []string{"Text"}, "bold")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, want) {
		t.Errorf("second answer %+v, want %+v", again, want)
	}
	if e.memberPages.Len() != 1 {
		t.Errorf("cache holds %d answers, want 1", e.memberPages.Len())
	}
}
