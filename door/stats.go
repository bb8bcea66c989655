package door

import "maps"

// Stats counts decisions. Inserted counts first sightings (the distinct URIs
// indexed) and Replaced the tier-B replacements; both are counted under
// Indexed, so ByState[Indexed] == Inserted + Replaced.
type Stats struct {
	Total    int
	ByState  map[State]int
	ByReason map[string]int // rejection reason class (Reason* constants) -> count
	BySource map[string]map[State]int
	Replaced int
	Inserted int
}

func newStats() Stats {
	return Stats{ByState: map[State]int{}, ByReason: map[string]int{}, BySource: map[string]map[State]int{}}
}

func (s *Stats) add(source string, d Decision) {
	s.Total++
	s.ByState[d.State]++
	if d.State == Rejected {
		s.ByReason[ReasonClass(d.Reason)]++
	}
	if d.Replace {
		s.Replaced++
	}
	if d.Insert {
		s.Inserted++
	}
	per := s.BySource[source]
	if per == nil {
		per = map[State]int{}
		s.BySource[source] = per
	}
	per[d.State]++
}

func (s Stats) clone() Stats {
	c := s
	c.ByState = maps.Clone(s.ByState)
	c.ByReason = maps.Clone(s.ByReason)
	c.BySource = make(map[string]map[State]int, len(s.BySource))
	for k, v := range s.BySource {
		c.BySource[k] = maps.Clone(v)
	}
	return c
}
