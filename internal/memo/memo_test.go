package memo

import (
	"fmt"
	"sync"
	"testing"
)

func TestGetReturnsWhatWasPut(t *testing.T) {
	m := New[string, int](4)
	if _, ok := m.Get("a"); ok {
		t.Fatal("empty map found a")
	}
	m.Put("a", 1)
	if v, ok := m.Get("a"); !ok || v != 1 {
		t.Fatalf("Get(a) = %d, %v; want 1, true", v, ok)
	}
}

// The bound: past two generations the oldest entries go, and an entry read
// again moves to the young generation and survives the next turn.
func TestGenerationsBoundTheMapAndKeepWhatIsRead(t *testing.T) {
	m := New[int, int](3)
	for i := range 3 {
		m.Put(i, i)
	}
	m.Put(3, 3) // young {0,1,2} becomes old
	if _, ok := m.Get(0); !ok {
		t.Fatal("0 lost after one turn; it should be in the old generation")
	}
	// young is {3, 0}; filling it turns again: 1 and 2 are dropped, 0 stays.
	m.Put(4, 4)
	m.Put(5, 5)
	for _, k := range []int{1, 2} {
		if _, ok := m.Get(k); ok {
			t.Errorf("%d kept past two turns", k)
		}
	}
	if _, ok := m.Get(0); !ok {
		t.Error("0, read after the first turn, was dropped")
	}
	if n := m.Len(); n > 6 {
		t.Errorf("Len = %d, want at most twice the size", n)
	}
}

func TestConcurrentUse(t *testing.T) {
	m := New[string, int](64)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 1000 {
				k := fmt.Sprint((g * i) % 200)
				if v, ok := m.Get(k); ok && fmt.Sprint(v) != k {
					t.Errorf("Get(%s) = %d", k, v)
					return
				}
				var v int
				fmt.Sscan(k, &v)
				m.Put(k, v)
			}
		}()
	}
	wg.Wait()
}

// A nil Map is a cache that keeps nothing: a zero Engine or Store in a test
// works without one.
func TestNilMapKeepsNothing(t *testing.T) {
	var m *Map[string, int]
	m.Put("a", 1)
	if _, ok := m.Get("a"); ok || m.Len() != 0 {
		t.Fatal("a nil Map kept a value")
	}
}
