package ranker

import (
	"context"
	"regexp"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// objcNameRE is a word written as Objective-C names a constant: a prefix of
// two capitals or more (UI, NS, AV; Core Location's kCL), then three
// CamelCase parts or more: UIControlStateHighlighted,
// UIKeyboardWillShowNotification, kCLAuthorizationStatusAuthorizedWhenInUse.
// A type's name has fewer parts, or is a title (typeTitle decides).
var objcNameRE = regexp.MustCompile(`^k?[A-Z]{2,}[a-z0-9]+(?:[A-Z][a-z0-9]+){2,}$`)

// objcSelectorRE is a word written as the first part of an Objective-C
// method's selector: lowerCamelCase of three parts or more, the way
// Objective-C names a method by its first argument too
// (contentsOfDirectoryAtPath, initWithContentsOfURL, cellForRowAtIndexPath).
// Swift's names of the same kind are symbols of the index (viewDidLoad,
// becomeFirstResponder), which the lookups find.
var objcSelectorRE = regexp.MustCompile(`^[a-z]+(?:[A-Z][a-z0-9]*){2,}$`)

// objcNameStage proposes, for a request that names an Objective-C constant
// among other words ("UIControlStateHighlighted title color",
// "UIViewContentModeScaleAspectFit not clipping"), the pages that write
// that name: Apple's page of the Swift member declares it under its
// Objective-C name (UIControl.State.highlighted), so the name alone finds
// it first, while the sentence's other words match pages that share none
// of it and the member falls out of the candidates. A proposal, weighed as
// a named member (namedMemberBase): the words' own matches still compete.
// Names Swift also uses (a symbol of the index) are the lookups' to find;
// a name written on more than objcNameMatches pages names no one member,
// unless the request names its type too (objcNameOfType).
func (s *search) objcNameStage(ctx context.Context) error {
	if len(s.q.Keywords) < 2 || !s.inScope(document.SourceAppleDocs) {
		return nil
	}
	defer s.trace(ctx, "Objective-C names", time.Now())
	for _, k := range s.q.Keywords {
		k = objcWord(k)
		constant := objcNameRE.MatchString(k)
		if !constant && !(len(k) >= objcSelectorMinLen && objcSelectorRE.MatchString(k)) {
			continue
		}
		lower := strings.ToLower(k)
		title, err := s.e.typeTitle(ctx, lower)
		if err != nil {
			return err
		}
		known, err := s.knownSwiftName(ctx, lower, constant)
		if err != nil {
			return err
		}
		if title != "" || known {
			continue
		}
		expr := Quote(k)
		n, err := s.e.store.CountMatches(ctx, index.FTSTable, expr, index.RowSpan{}, objcNameMatches+1)
		if err != nil {
			return err
		}
		if n == 0 && constant {
			if err := s.proposeObjCMember(ctx, k); err != nil {
				return err
			}
			continue
		}
		label := k
		if n > objcNameMatches {
			// initWithContentsOfURL: a dozen classes' method; the type
			// the request names too (AVAudioPlayer) says whose, and its
			// members' pages write its name in their path.
			if expr, label, n, err = s.objcNameOfType(ctx, k); err != nil {
				return err
			}
		}
		if n == 0 || n > objcNameMatches {
			continue
		}
		var ids []int64
		err = s.e.store.ScorePages(ctx, index.FTSTable, expr, index.RowSpan{}, objcNamePages, func(_ float64, p *index.PageRow) error {
			if p.Source == document.SourceAppleDocs {
				ids = append(ids, p.ID)
			}
			return nil
		})
		if err != nil {
			return err
		}
		s.proposeNamedMembers(ids, "Objective-C "+label)
	}
	return nil
}

// proposeObjCMember proposes the member an Objective-C constant's name
// spells after its type's (UIApplicationDidBecomeActiveNotification:
// UIApplication's didBecomeActiveNotification; UIControlStateHighlighted:
// UIControl.State's highlighted), for a name the index writes nowhere: the
// longest type first, flat or nested at any of its parts.
func (s *search) proposeObjCMember(ctx context.Context, name string) error {
	parts := swiftsym.CamelWords(strings.TrimPrefix(name, "k"))
	for j := len(parts) - 1; j >= 1; j-- {
		member := strings.ToLower(strings.Join(parts[j:], ""))
		for _, typ := range objcTypeNames(parts[:j]) {
			title, err := s.e.typeTitle(ctx, strings.ToLower(typ))
			if err != nil {
				return err
			}
			if title == "" {
				continue
			}
			ids, err := s.e.store.TypeMemberIDs(ctx, strings.ToLower(title), member, objcNamePages)
			if err != nil {
				return err
			}
			if len(ids) > 0 {
				s.proposeNamedMembers(ids, title+" "+member)
				return nil
			}
		}
	}
	return nil
}

// objcTypeNames are the names of the type an Objective-C constant's first
// words may spell, the way Swift titles it: all of them as one name
// (UIStatusBarStyle), then nested at each part from the last
// (UIControl.State for UIControlState, UIActivityIndicatorView.Style), the
// nested name also keeping its owner's last word (UITableViewCell.CellStyle
// for UITableViewCellStyle).
func objcTypeNames(words []string) []string {
	names := []string{strings.Join(words, "")}
	for i := len(words) - 1; i >= 1; i-- {
		owner := strings.Join(words[:i], "")
		names = append(names, owner+"."+strings.Join(words[i:], ""))
		if i >= 2 {
			names = append(names, owner+"."+strings.Join(words[i-1:], ""))
		}
	}
	return names
}

// objcNameOfType narrows an Objective-C name many pages write to the pages
// that also write a type the request names (a member's page writes its
// type in its path): the FTS5 expression, its label and its match count
// (up to objcNameMatches+1), or a count of 0 when no named type narrows it
// enough.
func (s *search) objcNameOfType(ctx context.Context, name string) (expr, label string, n int, err error) {
	for _, k := range s.q.Keywords {
		if k = objcWord(k); k == name || !isNameLike(k) {
			continue
		}
		title, err := s.e.typeTitle(ctx, strings.ToLower(k))
		if err != nil {
			return "", "", 0, err
		}
		if title != k {
			continue
		}
		expr := Quote(name) + " AND " + Quote(k)
		n, err := s.e.store.CountMatches(ctx, index.FTSTable, expr, index.RowSpan{}, objcNameMatches+1)
		if err != nil {
			return "", "", 0, err
		}
		if n > 0 && n <= objcNameMatches {
			return expr, k + " " + name, n, nil
		}
	}
	return "", "", 0, nil
}

// knownSwiftName reports whether a word objcNameStage reads is a name
// Swift uses too, which the lookups find: for a constant's name, a title
// or a symbol's name; for a selector's part, a symbol's name only, since
// the Objective-C pages are titled by their selectors
// (initWithContentsOfURL:) and are not the Swift answer.
func (s *search) knownSwiftName(ctx context.Context, lower string, constant bool) (bool, error) {
	if constant {
		return s.e.store.KnownName(ctx, lower)
	}
	ids, err := s.e.store.NameIDs(ctx, lower, 1)
	return len(ids) > 0, err
}

// objcWord is a keyword as Objective-C's message syntax leaves it, without
// the brackets and the selector's later parts: "[AVAudioPlayer" is
// AVAudioPlayer and "initWithContentsOfURL:error:]" initWithContentsOfURL
// ("-[AVAudioPlayer initWithContentsOfURL:error:] returns nil").
func objcWord(k string) string {
	k = strings.Trim(k, "[]-+")
	first, _, _ := strings.Cut(k, ":")
	return first
}
