package ranker

import (
	"context"
	"regexp"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
	"github.com/cupertino-go/cupertino/ranker/reading"
)

// noteNameRE: a name a deprecation note writes ("Use the
// loadEntries(for:timeScope:range:completionHandler:) method instead.",
// "Please adopt WKWebView.", "Use EKWeekday.monday"): an identifier, a
// type's member after a dot, with its selector when it has one.
var noteNameRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*(?:\([A-Za-z0-9_:]*\))?`)

// deprecationStage proposes, for a request about a deprecated API that it
// names ("GKLeaderboard.scores is deprecated, what should I use
// instead"), what Apple's deprecation note names in its place: a member of
// the same type (loadEntries(for:timeScope:range:completionHandler:)) or a
// type (WKWebView). The deprecated page shares the request's words; the
// replacement shares none, and Apple's note is the only link. A proposal,
// weighed as a named member (namedMemberBase).
func (s *search) deprecationStage(ctx context.Context) error {
	// The question form may have searched the name alone ("'animation(_:)'
	// was deprecated" searches animation): it recorded what was asked.
	asked := reading.AsksAboutDeprecation(s.q.Raw) || questionAsked(ctx).deprecation
	if !asked || !s.inScope(document.SourceAppleDocs) {
		return nil
	}
	defer s.trace(ctx, "deprecations", time.Now())
	var named []int64
	for _, k := range s.q.Keywords {
		ids, err := s.namedPages(ctx, strings.Trim(k, `'"‘’“”.,:;?!`))
		if err != nil {
			return err
		}
		named = append(named, ids...)
	}
	pages, err := s.e.store.DeprecatedPages(ctx, named)
	if err != nil {
		return err
	}
	proposed := 0
	for _, p := range pages {
		for _, name := range noteNameRE.FindAllString(p.Note, -1) {
			if proposed == deprecationReplacements {
				return nil
			}
			if !strings.ContainsAny(name, "(ABCDEFGHIJKLMNOPQRSTUVWXYZ") || strings.EqualFold(name, p.Title) {
				continue // a word of the note's prose, or the page itself
			}
			ids, err := s.e.store.ChildIDsTitled(ctx, p.Parent, strings.ToLower(name), 1)
			if err != nil {
				return err
			}
			if len(ids) == 0 && strings.Contains(name, ".") {
				if ids, err = s.namedPages(ctx, name); err != nil {
					return err
				}
				ids = ids[:min(len(ids), 1)]
			}
			if len(ids) == 0 && swiftlex.IsTypeName(name) {
				if ids, err = s.e.store.TypeIDs(ctx, strings.ToLower(name), 1); err != nil {
					return err
				}
			}
			if len(ids) > 0 {
				s.proposeNamedMembers(ids, "replaces "+p.Title)
				proposed++
			}
		}
	}
	return nil
}

// namedPages are the pages a keyword names exactly: a type's member
// (GKLeaderboard.scores, MKMapSnapshotter.Options.pointOfInterestFilter,
// NSFileManager.directoryContentsAtPath:), a title with its selector
// (animation(_:)), or a symbol's name (cgColor), at most
// deprecationLookups of them.
func (s *search) namedPages(ctx context.Context, k string) ([]int64, error) {
	head, _, _ := strings.Cut(k, "(")
	if dot := strings.LastIndexByte(head, '.'); dot > 0 && isNameLike(k[:dot]) {
		typ, member := k[:dot], k[dot+1:]
		if !strings.Contains(member, ":") || strings.Contains(member, "(") {
			member, _, _ = strings.Cut(member, "(") // a Swift name: its base name
		}
		return s.e.store.TypeMemberIDs(ctx, strings.ToLower(typ), strings.ToLower(member), deprecationLookups)
	}
	if strings.Contains(k, "(") {
		return s.e.store.ExactTitleIDs(ctx, strings.ToLower(k), deprecationLookups)
	}
	if !isNameLike(k) && !reading.CodeLike(k) {
		return nil, nil
	}
	return s.e.store.NameIDs(ctx, strings.ToLower(k), deprecationLookups)
}
