package ranker

import (
	"context"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/internal/document"
)

// namedMemberStage proposes, for a request that names a type ("Multiple
// lines of text in UILabel", "UIView mask not displaying"), the members of
// that type that its other words name: one word (mask) or two in a row
// (separator inset: separatorInset). The answer to a question about a type
// is often one of its members, whose page shares none of the request's
// other words but its name. A proposal, weighed like the others: the words'
// own matches still compete (namedMemberBase).
func (s *search) namedMemberStage(ctx context.Context) error {
	if !s.q.Prose || !s.inScope(document.SourceAppleDocs) || len(s.q.Keywords) < 2 {
		return nil
	}
	var types, words []string
	for _, k := range s.q.Keywords {
		if isNameLike(k) && !s.isFrameworkName(k) && !sentenceStart(s.q.Raw, k) {
			title, err := s.e.typeTitle(ctx, strings.ToLower(k))
			if err != nil {
				return err
			}
			if title == k {
				types = append(types, k)
				continue
			}
		}
		if w := strings.ToLower(k); len(w) >= 3 && !stopWords[w] && k == w {
			words = append(words, w)
		}
	}
	if len(types) == 0 || len(types) > maxNamedTypes || len(words) == 0 {
		return nil
	}
	defer s.trace(ctx, "named members", time.Now())
	names := append([]string(nil), words...)
	for i := 0; i+1 < len(words); i++ {
		names = append(names, words[i]+words[i+1])
	}
	for _, t := range types {
		for _, name := range names {
			ids, err := s.e.store.TypeMemberIDs(ctx, strings.ToLower(t), name, namedMemberPages)
			if err != nil {
				return err
			}
			for _, id := range ids {
				if s.namedMembers == nil {
					s.namedMembers = map[int64]string{}
				}
				if _, seen := s.namedMembers[id]; !seen {
					s.namedMembers[id] = t + " " + name
					s.add(id, viaNamedMember)
				}
			}
		}
	}
	return nil
}

// namedMemberRelevance is what a member namedMemberStage proposed adds to
// its base.
func (s *search) namedMemberRelevance(c *candidate) float64 {
	if _, ok := s.namedMembers[c.id]; ok {
		return namedMemberBase
	}
	return 0
}
