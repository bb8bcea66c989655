// Package memo is a bounded, concurrency-safe map for values derived from
// data that does not change while it is open (a read-only index): word
// counts, docs rows, a type's member pages. Two generations bound it: when
// the young one is full it becomes the old one (the previous old one is
// dropped), and a value found in the old one moves back to the young, so
// what keeps being asked stays and memory never passes twice the bound.
package memo

import "sync"

// Map holds up to twice its size entries, or, made by NewWeighed, up to
// twice its size in the weight of its values (plus the one that filled a
// generation).
type Map[K comparable, V any] struct {
	// mu is a read-write lock: a search reads hundreds of entries, and on
	// two cores a writer's lock held by a goroutine the scheduler has set
	// aside stalled every search reading behind it.
	mu         sync.RWMutex
	size       int
	young, old map[K]V
	// weigh, when set, measures a value; a generation turns when the
	// weights of its values reach size rather than their number.
	weigh       func(V) int
	youngWeight int
}

// New returns a Map whose generations hold size entries each (at least 1).
func New[K comparable, V any](size int) *Map[K, V] {
	return &Map[K, V]{size: max(size, 1)}
}

// NewWeighed returns a Map whose generations each hold values up to a
// total weight of size, measured by weigh (bytes, say): for values whose
// sizes differ by orders of magnitude, such as rendered pages.
func NewWeighed[K comparable, V any](size int, weigh func(V) int) *Map[K, V] {
	return &Map[K, V]{size: max(size, 1), weigh: weigh}
}

// Get returns the value kept for k. A nil Map keeps nothing.
func (m *Map[K, V]) Get(k K) (V, bool) {
	if m == nil {
		var zero V
		return zero, false
	}
	m.mu.RLock()
	v, ok := m.young[k]
	if !ok {
		v, ok = m.old[k]
		if ok {
			// Found in the old generation: moved back to the young one
			// under the write lock.
			m.mu.RUnlock()
			m.mu.Lock()
			defer m.mu.Unlock()
			if _, moved := m.young[k]; !moved {
				m.putLocked(k, v)
			}
			return v, true
		}
	}
	m.mu.RUnlock()
	return v, ok
}

// Put keeps v for k. A value shared by reference must not be changed
// afterwards: later readers get the same one.
func (m *Map[K, V]) Put(k K, v V) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.putLocked(k, v)
}

func (m *Map[K, V]) putLocked(k K, v V) {
	filled := len(m.young) >= m.size
	if m.weigh != nil {
		filled = m.youngWeight >= m.size
	}
	if filled {
		m.old, m.young, m.youngWeight = m.young, nil, 0
	}
	if m.young == nil {
		// Not sized for the whole generation: a 32,768-entry map made
		// at once cost 8-10 ms of fresh memory inside the call that
		// filled the last one (the first read of swiftui/view). Go's maps
		// grow a table of at most 1,024 slots at a time, so growing
		// costs no call much.
		m.young = make(map[K]V)
	}
	if m.weigh != nil {
		if old, ok := m.young[k]; ok {
			m.youngWeight -= m.weigh(old)
		}
		m.youngWeight += m.weigh(v)
	}
	m.young[k] = v
}

// Len returns how many entries it holds (both generations; a key moved back
// from the old one counts once per generation holding it).
func (m *Map[K, V]) Len() int {
	if m == nil {
		return 0
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	return len(m.young) + len(m.old)
}
