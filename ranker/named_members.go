package ranker

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/ranker/reading"
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
	chains := map[string]string{} // a chain's type → the member it names
	for _, k := range s.q.Keywords {
		k = trimPossessive(k)
		if modifierWords[strings.ToLower(k)] {
			// "background modifier": a modifier is a method of SwiftUI's
			// View, which the request names by the word.
			if !slices.Contains(types, modifierOwner) {
				types = append(types, modifierOwner)
			}
			continue
		}
		if typ, member, ok := chainMember(k); ok && isNameLike(typ) {
			// `UIView.exclusiveTouch`: the type and the member it names;
			// `UIApplication.shared.keyWindow`: the last member of a chain
			// through the type's shared instance.
			title, err := s.e.typeTitle(ctx, strings.ToLower(typ))
			if err != nil {
				return err
			}
			if title == typ {
				types, words = append(types, typ), append(words, strings.ToLower(member))
				chains[typ] = strings.ToLower(member)
				continue
			}
		}
		if isNameLike(k) && !s.isFrameworkName(k) && !sentenceStart(s.q.Text, k) {
			title, err := s.e.typeTitle(ctx, strings.ToLower(k))
			if err != nil {
				return err
			}
			if title == k {
				types = append(types, k)
				continue
			}
			if swift, ok := strings.CutPrefix(k, "NS"); ok && title == "" && isNameLike(swift) {
				// "NSUserDefaults": Objective-C's name of a class Swift
				// calls UserDefaults, documented under that name only.
				if title, err = s.e.typeTitle(ctx, strings.ToLower(swift)); err != nil {
					return err
				}
				if title == swift {
					types = append(types, swift)
					continue
				}
			}
			if n := len(types); n > 0 && isLetters(k) {
				// "UICollectionView flowLayout": a type written in two
				// parts, the second a name of its own.
				joined := types[n-1] + strings.ToUpper(k[:1]) + k[1:]
				title, err := s.e.typeTitle(ctx, strings.ToLower(joined))
				if err != nil {
					return err
				}
				if title == joined {
					types[n-1] = joined
					continue
				}
			}
		}
		// A word, or a member's name as code writes it ("NSString's
		// pathExtension").
		if w := strings.ToLower(k); len(w) >= 3 && !stopWords[w] && (k == w || reading.IsMemberName(k) && reading.CodeLike(k)) {
			words = append(words, w)
		}
	}
	if len(types) == 0 || len(types) > maxNamedTypes || len(words) == 0 {
		return nil
	}
	if err := s.familyMemberStage(ctx, types, words); err != nil {
		return err
	}
	defer s.trace(ctx, "named members", time.Now())
	names := append([]string(nil), words...)
	for i := 0; i+1 < len(words); i++ {
		names = append(names, words[i]+words[i+1])
	}
	names = append(names, spelledNames(s.q.Terms, names)...)
	// A Boolean property Objective-C names `exclusiveTouch` or `hidden`
	// is Swift's `isExclusiveTouch`, `isHidden`.
	for _, n := range names[:len(names):len(names)] {
		if !strings.HasPrefix(n, "is") {
			names = append(names, "is"+n)
		}
	}
	for _, t := range types {
		// The names first: a member a request names whole is labelled by
		// its name, not by the word it ends in.
		chainFound := false
		for _, name := range names {
			ids, err := s.e.store.TypeMemberIDs(ctx, strings.ToLower(t), name, namedMemberPages)
			if err != nil {
				return err
			}
			s.proposeNamedMembers(ids, t+" "+name)
			if m := chains[t]; len(ids) > 0 && (name == m || name == "is"+m) {
				chainFound = true
			}
		}
		if chains[t] != "" && !chainFound {
			// `NSKeyedUnarchiver.unarchiveTopLevelObjectWithData`, a
			// member the index does not document (renamed, newer or
			// misspelt): its type is what the request names.
			if err := s.proposeTypePage(ctx, t); err != nil {
				return err
			}
		}
		own := titleStems(t)
		for _, w := range words {
			if slices.Contains(own, stem(w)) {
				// "UIScrollView … scrolling": the type's own word says
				// which type, not which member.
				continue
			}
			ids, err := s.e.store.TypeMemberEndingIDs(ctx, strings.ToLower(t), w, namedMemberPages)
			if err != nil {
				return err
			}
			s.proposeNamedMembers(ids, t+" …"+w)
		}
	}
	return nil
}

// modifierWords name a method of SwiftUI's View by its kind, "the
// background modifier"; modifierOwner is that type's title.
var modifierWords = map[string]bool{"modifier": true, "modifiers": true}

const modifierOwner = "View"

// maxSpelledWords is the most words a member's name spelled out may take
// ("time interval since reference date": timeIntervalSinceReferenceDate).
const maxSpelledWords = 5

// spelledNames are the names a request's runs of three words or more
// spell when joined ("active presentation controller":
// activepresentationcontroller), function words inside a run included
// ("likely to keep up"), none at its ends; have holds the names already
// tried.
func spelledNames(terms, have []string) []string {
	var lower []string // the words, "" for what ends a run
	for _, t := range terms {
		w := t
		if strings.ToLower(t) != t || !isLetters(w) {
			w = "" // a run stops at a name, a number or a mark
		}
		lower = append(lower, w)
	}
	var out []string
	for i := range lower {
		if lower[i] == "" || stopWords[lower[i]] {
			continue
		}
		joined := lower[i]
		for j := i + 1; j < len(lower) && j-i < maxSpelledWords && lower[j] != ""; j++ {
			joined += lower[j]
			if j-i >= 2 && !stopWords[lower[j]] && !slices.Contains(have, joined) && !slices.Contains(out, joined) {
				out = append(out, joined)
			}
		}
	}
	return out
}

// proposeTypePage proposes the page of the type titled t, as a named
// member is.
func (s *search) proposeTypePage(ctx context.Context, t string) error {
	found, err := callPagesOf(s.e.store.TypePage(ctx, strings.ToLower(t)))
	if err != nil {
		return err
	}
	for _, p := range found {
		s.proposeNamedMembers([]int64{p.id}, t)
	}
	return nil
}

// proposeNamedMembers adds the member pages ids as named by label (the
// type and the words that named them), each under its first label.
func (s *search) proposeNamedMembers(ids []int64, label string) {
	for _, id := range ids {
		if s.namedMembers == nil {
			s.namedMembers = map[int64]string{}
		}
		if _, seen := s.namedMembers[id]; !seen {
			s.namedMembers[id] = label
			s.add(id, viaNamedMember)
		}
	}
}

// chainMember splits `Type.member` and `Type.shared.member` (a chain of
// member names after a type, the last its answer) into the type and the
// last member.
func chainMember(k string) (typ, member string, ok bool) {
	parts := strings.Split(k, ".")
	if len(parts) < 2 {
		return "", "", false
	}
	for _, p := range parts[1:] {
		if !reading.IsMemberName(p) {
			return "", "", false
		}
	}
	return parts[0], parts[len(parts)-1], true
}

// namedMemberRelevance is what a member namedMemberStage proposed adds to
// its base.
func (s *search) namedMemberRelevance(c *candidate) float64 {
	if _, ok := s.namedMembers[c.id]; ok {
		return namedMemberBase
	}
	return 0
}

// conversionRE reads "convert String to Double", "String to Int in Swift",
// "casting an Int into a String": a value of one type wanted as another.
var conversionRE = regexp.MustCompile(`(?i)(?:^|\b(?:convert(?:ing)?|cast(?:ing)?|turn(?:ing)?|from)\s+)(?:an?\s+|the\s+)?([A-Z][A-Za-z0-9]*)\s+(?:in)?to\s+(?:an?\s+|the\s+)?([A-Z][A-Za-z0-9]*)\b`)

// conversionStage proposes, for a request to convert a value of one Apple
// type to another ("convert String to Double"), the initializers of the
// target whose summary names the source ("Creates a new instance from the
// given string."): in Swift a conversion is the target's initializer, a
// page that shares no word with the request but the type's name. They
// rank as the member a "Type member" query names does, above the types
// (weightConversionInit).
func (s *search) conversionStage(ctx context.Context) error {
	m := conversionRE.FindStringSubmatch(s.q.Raw)
	if m == nil || !s.inScope(document.SourceAppleDocs) {
		return nil
	}
	from, to := m[1], m[2]
	for _, t := range []string{from, to} {
		title, err := s.e.typeTitle(ctx, strings.ToLower(t))
		if err != nil || title != t {
			return err
		}
	}
	ids, err := s.e.store.TypeMemberPrefixIDs(ctx, strings.ToLower(to), "init(", conversionInitScan)
	if err != nil || len(ids) == 0 {
		return err
	}
	names := conversionWords(from)
	// The rows come in no set order; the cap takes the initializers in
	// the index's order (TypeMemberPrefixIDs), so the answer is the same
	// every time.
	naming := map[int64]bool{}
	err = s.e.store.EachPageRow(ctx, ids, func(p *index.PageRow) error {
		naming[p.ID] = summaryNames(p.Summary, names)
		return nil
	})
	if err != nil {
		return err
	}
	proposed := 0
	for _, id := range ids {
		if proposed == conversionInits {
			break
		}
		if !naming[id] {
			continue
		}
		proposed++
		if s.conversions == nil {
			s.conversions = map[int64]string{}
		}
		s.conversions[id] = from + " to " + to
		s.add(id, viaNamedMember)
	}
	return nil
}

// conversionWords are the words a summary names a type by: its name, and
// for the numbers the word Apple's summaries use (integer, floating-point).
func conversionWords(typ string) []string {
	lower := strings.ToLower(typ)
	words := []string{lower}
	switch {
	case strings.HasPrefix(lower, "int"), strings.HasPrefix(lower, "uint"):
		words = append(words, "integer")
	case lower == "double", lower == "float", lower == "cgfloat", strings.HasPrefix(lower, "float"):
		words = append(words, "floating-point")
	case lower == "array", lower == "set", lower == "dictionary", lower == "contiguousarray", lower == "arrayslice":
		// A collection converts through the initializer that takes any
		// sequence ("Creates a new set from a finite sequence of items").
		words = append(words, "sequence")
	}
	return words
}

// summaryNames reports whether summary holds one of words as a word.
func summaryNames(summary string, words []string) bool {
	fields := strings.FieldsFunc(strings.ToLower(summary), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	})
	for _, f := range fields {
		if slices.Contains(words, f) {
			return true
		}
	}
	return false
}
