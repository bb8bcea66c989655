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

// A weighed map turns a generation by the weight of its values, not their
// number: values of 40 bytes in a map of 100 turn it at the third, and the
// two generations never hold more than twice the size plus the value that
// filled one.
func TestWeighedGenerationsBoundTheWeight(t *testing.T) {
	m := NewWeighed[int, string](100, func(s string) int { return len(s) })
	value := string(make([]byte, 40))
	for i := range 3 {
		m.Put(i, value)
	}
	if n := m.Len(); n != 3 {
		t.Fatalf("Len = %d after 120 bytes in a 100-byte generation; want 3 (it turns at the next put)", n)
	}
	m.Put(3, value) // young {0,1,2} weighs 120 and becomes old
	if _, ok := m.Get(0); !ok {
		t.Fatal("0 lost after one turn; it should be in the old generation")
	}
	for i := 4; i < 40; i++ {
		m.Put(i, value)
		if weight := 40 * m.Len(); weight > 2*100+2*40 {
			t.Fatalf("after %d puts the map holds %d bytes; want at most %d", i+1, weight, 2*100+2*40)
		}
	}
	// Putting a key again replaces its weight rather than adding to it.
	w := NewWeighed[int, string](100, func(s string) int { return len(s) })
	for range 10 {
		w.Put(1, value)
	}
	w.Put(2, value)
	if _, ok := w.Get(1); !ok || w.Len() != 2 {
		t.Errorf("re-putting one key turned the generation: Len = %d", w.Len())
	}
}
