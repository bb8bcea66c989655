package verify

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

var (
	// ErrEmptyCode means there was no code to check.
	ErrEmptyCode = errors.New("no code to check")
	// ErrTooLarge means a file is over MaxFileBytes.
	ErrTooLarge = errors.New("code too large")
	// ErrNotSwift means the grammar could place less than half of the text.
	ErrNotSwift = errors.New("not Swift")
)

// MaxFileBytes bounds one file: a hand-written Swift file stays well under
// it, and past it the parse and the lookups outgrow an agent's turn.
const MaxFileBytes = 256 << 10

// Status is the verdict on one reference.
type Status string

const (
	Resolved     Status = "resolved"
	Unknown      Status = "unknown"
	Deprecated   Status = "deprecated"
	Unavailable  Status = "unavailable"
	NotCheckable Status = "not_checkable"
	// NotOnType: the member exists, but not on the receiver's type, its
	// superclasses or protocols; the finding names the types that have it.
	NotOnType Status = "not_on_type"
	// WrongLabels: the member exists on the receiver, but no overload takes
	// the written argument labels; the finding lists the real overloads.
	WrongLabels Status = "wrong_labels"
	// NoSuchInitializer: the type exists, but no initializer takes the
	// written labels; the finding lists the real initializers.
	NoSuchInitializer Status = "no_such_initializer"
	// NoSuchCase: a leading-dot argument that the parameter's type does not
	// have; the finding lists real cases.
	NoSuchCase Status = "no_such_case"
	// Mentioned: no page documents the name, but a page's text mentions
	// it: weaker than resolved, and not a finding.
	Mentioned Status = "mentioned"
)

// IsFinding says whether a status is something to fix.
func (s Status) IsFinding() bool {
	return s == Deprecated || s == Unavailable || s.SaysMissing()
}

// SaysMissing says whether a status says the API does not exist as
// written.
func (s Status) SaysMissing() bool {
	return s == Unknown || s == NotOnType || s == WrongLabels || s == NoSuchInitializer || s == NoSuchCase
}

// Candidate is a real name offered for an unknown one.
type Candidate struct {
	Name string `json:"name"`
	URI  string `json:"uri,omitempty"`
}

// Reference is one API use and what the documentation says of it.
type Reference struct {
	File   string `json:"file,omitempty"`
	Line   int    `json:"line"`
	Symbol string `json:"symbol"`
	Kind   string `json:"kind"`
	Status Status `json:"status"`
	// URI documents the symbol (resolved), the deprecated or unavailable
	// page, or the replacement named by the curated map.
	URI string `json:"uri,omitempty"`
	// Nearest are real names close to an unknown one.
	Nearest []Candidate `json:"nearest,omitempty"`
	// Replacement names what to use instead of a deprecated API.
	Replacement string `json:"replacement,omitempty"`
	// Introduced is the first version of an unavailable API on the target
	// platform ("iOS 18.0"); Target is that target ("iOS 17.0").
	Introduced string `json:"introduced,omitempty"`
	Target     string `json:"target,omitempty"`
	// Why explains a not_checkable reference or a finding, in a sentence.
	Why string `json:"why,omitempty"`
	// floors are the #available / @available versions in force at the use
	// (Ref.Floors), for ApplyHorizon.
	floors map[string]Version
}

// Report is the result of checking files.
type Report struct {
	Files int `json:"files"`
	Lines int `json:"lines"`
	// Targets are the deployment targets checked against.
	Targets []string `json:"targets,omitempty"`
	// Findings are the references to fix, by file and line.
	Findings []Reference `json:"findings"`
	// References are all references, findings included.
	References []Reference `json:"references"`
	// Syntax lists syntax errors, by file.
	Syntax []FileSyntax `json:"syntax_errors,omitempty"`
	// Counts is the number of references per status.
	Counts map[Status]int `json:"counts"`
}

// FileSyntax is a syntax error in a file.
type FileSyntax struct {
	File string `json:"file,omitempty"`
	SyntaxError
}

// File is one text to check. Swift files are checked; Objective-C and C
// headers of the project only declare names (a bridging header exposes
// them to Swift).
type File struct {
	Path string
	Code string
}

// Options are the deployment targets; none checks existence and
// deprecation only.
type Options struct {
	Targets []Target
}

// Documented is what an index-backed SymbolTable adds: which modules it
// covers, the types it knows only through their members' addresses, the
// names only mentioned in other pages, and the real names near a wrong one.
type Documented interface {
	Modules() (map[string]bool, error)
	Container(name string) (uri string, ok bool, err error)
	Nearest(name string, n int) ([]Candidate, error)
	Slip(name string) (Candidate, bool, error)
	MentionedIn(name string) (uri string, ok bool, err error)
}

// Checker resolves the references of Swift code against a SymbolTable.
type Checker struct {
	Table SymbolTable
	// OwnCode names the sample project or package (index.CodeProject)
	// the checked files are, when the index holds them: their own files
	// are no evidence that a name they write is the SDK's. The sample
	// code tests set it, so that each project is checked as if the index
	// did not hold it.
	OwnCode string
}

// checkWatcher is a table that is told when a check has answered: an
// IndexTable begins reading ahead then (Warm).
type checkWatcher interface{ checked() }

// nearestShown is how many real names an unknown reference offers.
const nearestShown = 3

// Check checks files as one project: a name declared in any of them is the
// project's own in all of them.
func (c *Checker) Check(ctx context.Context, files []File, opts Options) (*Report, error) {
	if w, ok := c.Table.(checkWatcher); ok {
		defer w.checked()
	}
	rep := &Report{Counts: map[Status]int{}, Findings: []Reference{}, References: []Reference{}}
	for _, t := range opts.Targets {
		rep.Targets = append(rep.Targets, t.DisplayName()+" "+t.Version.String())
	}
	declared := map[string]bool{}
	type swiftFile struct {
		path string
		a    *Analysis
	}
	var swift []swiftFile
	for _, f := range files {
		if len(f.Code) > MaxFileBytes {
			return nil, fmt.Errorf("%w: %s is %d KiB, over %d KiB", ErrTooLarge, displayPath(f.Path), len(f.Code)>>10, MaxFileBytes>>10)
		}
		if strings.HasSuffix(f.Path, ".pbxproj") {
			projectFileTypes(f.Code, declared)
			continue
		}
		if !isSwiftPath(f.Path) {
			for _, t := range swiftlex.Lex(f.Code) {
				if t.Kind == tokIdent {
					declared[t.Text] = true
				}
			}
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		toks, err := swiftlex.LexContext(ctx, f.Code)
		if err != nil {
			return nil, err
		}
		p, err := parse(ctx, f.Code, toks)
		if err != nil {
			return nil, err
		}
		if len(files) == 1 && strings.TrimSpace(f.Code) == "" {
			return nil, ErrEmptyCode
		}
		a, err := analyzeTokens(ctx, toks, true)
		if err != nil {
			return nil, withFile(err, f.Path)
		}
		// Mostly ERROR and declaring nothing: a cut-off or broken Swift file
		// still declares its types and functions, prose and JSON do not.
		if p.NotSwift() && len(p.Declared) == 0 && len(a.declTok) == 0 && len(files) == 1 {
			return nil, fmt.Errorf("%w: the Swift grammar could not read %d%% of it and it declares nothing", ErrNotSwift, p.ErrorBytes*100/max(p.Bytes, 1))
		}
		for _, s := range p.Syntax {
			rep.Syntax = append(rep.Syntax, FileSyntax{File: f.Path, SyntaxError: s})
		}
		for name := range p.Declared {
			declared[name] = true
		}
		a.declaredNames(declared)
		a.alone = len(files) == 1
		swift = append(swift, swiftFile{f.Path, a})
		rep.Files++
		rep.Lines += strings.Count(f.Code, "\n") + 1
	}
	suggest := &suggestions{left: maxSuggested}
	for _, sf := range swift {
		var refs []Reference
		var fileErr error
		if err := sf.a.run(func() { refs, fileErr = c.file(ctx, sf.a, declared, opts, suggest) }); err != nil {
			fileErr = err
		}
		if err := fileErr; err != nil {
			return nil, withFile(err, sf.path)
		}
		for _, r := range refs {
			r.File = sf.path
			rep.References = append(rep.References, r)
			rep.Counts[r.Status]++
			if r.Status.IsFinding() {
				rep.Findings = append(rep.Findings, r)
			}
		}
	}
	return rep, nil
}

func isSwiftPath(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return path == "" || ext == ".swift" || ext == ".swiftinterface"
}

func displayPath(path string) string {
	if path == "" {
		return "the code"
	}
	return path
}

// declaredNames adds what the token analysis found declared: the tree-sitter
// pass misses declarations inside regions the grammar cannot read.
func (a *Analysis) declaredNames(into map[string]bool) {
	for _, m := range []map[string]bool{a.ownTypes, a.memberDecls} {
		for n := range m {
			into[n] = true
		}
	}
	for n := range a.locals {
		into[writtenName(n)] = true
	}
	for typ := range a.extensionInits() {
		into[extensionInitPrefix+typ] = true
	}
}

// extensionInitPrefix marks, among the declared names, a type whose
// extension in one of the files checked together declares an initializer
// (`extension NWProtocolFramer.Message { convenience init(…) }` in one
// file, the call in another).
const extensionInitPrefix = "init of "

// withFile names the file in an ErrTooComplex, when there are several.
func withFile(err error, path string) error {
	if errors.Is(err, ErrTooComplex) && path != "" {
		return fmt.Errorf("%s: %w", path, err)
	}
	return err
}

// suggestions is what is left of one check's near-name searches.
type suggestions struct{ left int }

// file resolves one file's references. It runs inside a.run: the walks
// over its tokens stop it when ctx ends or past the budget.
func (c *Checker) file(ctx context.Context, a *Analysis, declared map[string]bool, opts Options, suggest *suggestions) ([]Reference, error) {
	unindexed, err := c.unindexedImports(a, declared)
	if err != nil {
		return nil, err
	}
	refs := a.Refs()
	if n := distinctNames(refs); n > MaxReferences {
		return nil, fmt.Errorf("%w: it uses %d distinct APIs, over the %d one check resolves; check it in smaller parts, a type or a function at a time",
			ErrTooComplex, n, MaxReferences)
	}
	chains := a.chainDeclarations(declared)
	scope := citationScope(a.imports)
	var out []Reference
	// unknownMembers are the unknown members reached through a chain, by
	// their index in out, for demoteMembersOfUndocumented.
	unknownMembers := map[int]chainSpan{}
	seen := map[string]bool{}
	for _, ref := range refs {
		if err := context.Cause(ctx); err != nil {
			return nil, err
		}
		if declared[ref.Name] {
			continue
		}
		key := fmt.Sprint(ref.Line, ref.Display())
		if seen[key] {
			continue
		}
		seen[key] = true
		ownParent := ref.Parent != "" && declared[ref.Parent] || chains.throughOwnType(ref.chain)
		if ownParent {
			ref.Parent = ""
		}
		r, err := c.resolve(ctx, ref, opts.Targets, scope)
		if err == nil && r.Status == Unknown && ref.parentFromLocal {
			// Read on its local's type, the name is in no page of it;
			// read alone, as before the local was typed, it may be
			// mentioned (a protocol's member the crawl lacks): the
			// type-aware checks judge it on the type.
			ref.Parent, ref.parentFromLocal = "", false
			r, err = c.resolve(ctx, ref, opts.Targets, scope)
		}
		if err != nil {
			return nil, err
		}
		if r.Status == Unknown && ref.Kind == RefType && !strings.Contains(ref.Name, ".") {
			if nested, ok, err := c.inheritedNested(ctx, ref, a, opts.Targets, scope); err != nil {
				return nil, err
			} else if ok {
				r = nested
			}
		}
		if r.Status == Unknown && ref.Kind == RefType && !strings.Contains(ref.Name, ".") {
			// `extension Result { var value: Success? }`: the extended
			// type's generic parameter, the file's to name.
			if own, err := c.extendedGenericParameter(ctx, a, ref.Name); err != nil {
				return nil, err
			} else if own {
				continue
			}
		}
		if r.Status == Unknown && (ownParent || len(unindexed) > 0) {
			slip, found, err := c.slip(ref.Name)
			if err != nil {
				return nil, err
			}
			switch {
			case found:
				r.Why += "; it is one slip from " + slip.Name
			case ownParent:
				r.Status = NotCheckable
				r.Why = "a member reached through the project's own type, which may inherit it from a type not checked here"
			default:
				r.Status = NotCheckable
				r.Why = "may come from " + strings.Join(unindexed, ", ") + ", which the index does not document"
			}
		}
		if r.Status == Unknown && suggest.take(ref.Name) {
			if r.Nearest, err = c.nearest(ref.Name); err != nil {
				return nil, err
			}
		}
		// An unknown name is unknown whatever #available region it sits in:
		// report it once per file, where the other statuses may differ by
		// region.
		if r.Status == Unknown {
			if seen["unknown|"+r.Symbol] {
				continue
			}
			seen["unknown|"+r.Symbol] = true
			if ref.Kind == RefMember && ref.chain.ok {
				unknownMembers[len(out)] = ref.chain
			}
		}
		out = append(out, r)
	}
	for _, t := range targetsOrNone(opts.Targets) {
		for _, hit := range FindDeprecations(a, Deprecations, "", t) {
			sym := strings.TrimRight(hit.Entry.Match, "(")
			key := fmt.Sprint(hit.Line, sym)
			if seen[key+"|curated"] {
				continue
			}
			seen[key+"|curated"] = true
			out = append(out, Reference{Line: hit.Line, Symbol: sym, Kind: "curated", Status: Deprecated,
				Replacement: hit.Entry.Replacement, Target: targetName(t), Why: hit.Entry.Why})
		}
	}
	if err := c.demoteMembersOfUndocumented(a, out, unknownMembers); err != nil {
		return nil, err
	}
	typed, err := c.checkSites(ctx, a, declared, len(unindexed) > 0)
	if err != nil {
		return nil, err
	}
	out = mergeTyped(out, typed)
	citeTypedMembers(out, a.typedCitations)
	citeTypesByMembers(out)
	demoteMembersOfUnknown(out)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out, nil
}

// hasPage says whether the index has a page at uri; a table that cannot
// tell says yes.
func (c *Checker) hasPage(uri string) (bool, error) {
	pr, ok := c.Table.(pageReader)
	if !ok || uri == "" {
		return true, nil
	}
	_, _, found, err := pr.PageText(uri)
	return found, err
}

// inheritedNested resolves a type name the index lacks as a nested name of
// a type the file's declarations inherit from or conform to (`Subviews` in
// a `Layout`: Layout.Subviews), cited as that type's member.
func (c *Checker) inheritedNested(ctx context.Context, ref Ref, a *Analysis, targets []Target, scope map[string]bool) (Reference, bool, error) {
	if a.inherited == nil {
		// Non-nil once read, so that a file that inherits nothing is read once.
		a.inherited = append([]string{}, a.inheritedNames()...)
	}
	for _, p := range a.inherited {
		nested := ref
		nested.Kind, nested.Parent = RefMember, p
		r, err := c.resolve(ctx, nested, targets, scope)
		if err != nil {
			return Reference{}, false, err
		}
		if r.Status == Resolved {
			r.Symbol, r.Kind = ref.Name, string(RefType)
			r.Why = strings.TrimPrefix(r.Why+"; ", "; ") + "a name of " + p + ", which the file's types inherit or conform to"
			return r, true, nil
		}
	}
	return Reference{}, false, nil
}

// demoteMembersOfUnknown makes Type.member not checkable when Type itself is
// unknown: one wrong name is one finding, not one per member used on it.
func demoteMembersOfUnknown(refs []Reference) {
	unknownTypes := map[string]bool{}
	for _, r := range refs {
		if r.Status == Unknown && r.Kind == string(RefType) {
			unknownTypes[r.Symbol] = true
		}
	}
	for i, r := range refs {
		parent, _, dotted := strings.Cut(r.Symbol, ".")
		if r.Status == Unknown && dotted && unknownTypes[parent] {
			refs[i].Status, refs[i].Nearest = NotCheckable, nil
			refs[i].Why = "a member of " + parent + ", which is itself unknown"
		}
	}
}

// demoteMembersOfUndocumented makes a member not checkable when its
// receiver's chain passes through a type the index does not document (one
// it reported unknown, or one only mentioned in other pages), or starts at
// a value declared of such a type: `request.renderContext` on a
// `request: AVAsynchronousVideoCompositionRequest` the crawl lacks is one
// gap, reported once at the type, and an invented type is one finding, not
// one per member used on it. A name one slip from an API stays unknown, as
// where the receiver is the project's own type.
func (c *Checker) demoteMembersOfUndocumented(a *Analysis, refs []Reference, members map[int]chainSpan) error {
	if len(members) == 0 {
		return nil
	}
	undocumented := map[string]bool{}
	nested := map[string]string{} // resolved nested types, by their URIs
	for _, r := range refs {
		if (r.Status == Unknown || r.Status == Mentioned) && r.Kind == string(RefType) {
			undocumented[r.Symbol] = true
		}
		if r.Status == Resolved && strings.Contains(r.Symbol, ".") && isCapitalized(refBase(r.Symbol)) {
			nested[r.Symbol] = r.URI
		}
	}
	// A nested type known by its outer type's Topics entry alone
	// (MKLocalSearch.Request has no page): its own members are not in the
	// index. Its page is looked for once, for a value declared of it.
	topicsOnly := func(typ string) (bool, error) {
		uri, ok := nested[typ]
		if !ok {
			return false, nil
		}
		delete(nested, typ)
		has, err := c.hasPage(uri)
		if !has && err == nil {
			undocumented[typ] = true
		}
		return !has, err
	}
	for i, chain := range members {
		via := ""
		root := a.toks[chain.root].Text
		sure, _, _ := strings.Cut(a.sureTypes[root], "|")
		if typ := a.locals[root]; undocumented[typ] {
			via = typ
		} else if only, err := topicsOnly(sure); err != nil {
			return err
		} else if only || undocumented[sure] {
			via = sure // a nested type: `let request = MKLocalSearch.Request()`
		}
		for j := chain.root; j < chain.dot && via == ""; j++ {
			if t := a.toks[j]; t.Kind == tokIdent && undocumented[t.Text] {
				via = t.Text
			}
		}
		if via == "" {
			continue
		}
		slip, slipped, err := c.slip(refBase(refs[i].Symbol))
		if err != nil {
			return err
		}
		if slipped {
			refs[i].Why += "; it is one slip from " + slip.Name
		} else {
			refs[i].Status, refs[i].Nearest = NotCheckable, nil
			refs[i].Why = "a member reached through " + via + ", a type the index does not document"
		}
	}
	return nil
}

// targetsOrNone lets the curated entries without a floor apply when no
// target was given.
func targetsOrNone(ts []Target) []Target {
	if len(ts) == 0 {
		return []Target{{}}
	}
	return ts
}

func targetName(t Target) string {
	if t.Platform == "" {
		return ""
	}
	return t.DisplayName() + " " + t.Version.String()
}

// unindexedImports lists the modules a file imports that the index does not
// document: a name it cannot find may be theirs. A module of the project's
// own (a package in its folder) counts too: Apple's sample archives often
// ship such a package without all of its sources.
func (c *Checker) unindexedImports(a *Analysis, declared map[string]bool) ([]string, error) {
	doc, ok := c.Table.(Documented)
	if !ok {
		return nil, nil
	}
	mods, err := doc.Modules()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range a.imports {
		a.step()
		if !knownModules[m] && !mods[strings.ToLower(m)] {
			out = append(out, m)
		}
	}
	return out, nil
}

// pbxprojFile matches a Swift file or a Core ML model an Xcode project
// lists.
var pbxprojFile = regexp.MustCompile(`(?:path|name) = "?([A-Za-z_][A-Za-z0-9_+]*)\.(swift|mlmodel|mlpackage)"?;`)

// projectFileTypes declares the types an Xcode project's file list implies:
// each Swift file's namesake ("Model+Extras.swift" declares Model), and the
// classes Xcode generates for a Core ML model (X, XInput, XOutput). A
// project's own file may be missing from the copy checked (Apple's sample
// archives drop Preview Content and binary models), but its types are still
// the project's, not unknown API.
func projectFileTypes(pbxproj string, into map[string]bool) {
	for _, m := range pbxprojFile.FindAllStringSubmatch(pbxproj, -1) {
		base, _, _ := strings.Cut(m[1], "+")
		into[base] = true
		if m[2] != "swift" {
			into[base+"Input"], into[base+"Output"] = true, true
		}
	}
}

// take reports whether an unknown name gets near names: while the check
// has searches left, and for a name no longer than an API's.
func (s *suggestions) take(name string) bool {
	if s.left <= 0 || len(name) > maxSuggestedNameLen {
		return false
	}
	s.left--
	return true
}

// distinctNames counts the distinct names among refs (one lookup each).
func distinctNames(refs []Ref) int {
	names := map[string]bool{}
	for _, r := range refs {
		names[r.Name] = true
	}
	return len(names)
}

// slip finds an API one edit from name: a misspelling is worth flagging
// even where the receiver is the project's own type or an unindexed module
// might supply the name; an invented name far from any API there stays not
// checkable.
func (c *Checker) slip(name string) (Candidate, bool, error) {
	doc, ok := c.Table.(Documented)
	if !ok || len(name) > maxSuggestedNameLen {
		return Candidate{}, false, nil
	}
	return doc.Slip(name)
}

// nearest lists the real names nearest an unknown one.
func (c *Checker) nearest(name string) ([]Candidate, error) {
	doc, ok := c.Table.(Documented)
	if !ok {
		return nil, nil
	}
	return doc.Nearest(name, nearestShown)
}

// mergeTyped adds the type-aware findings: each replaces the name-based
// references to the same name on its line, which judged the name alone.
func mergeTyped(refs, typed []Reference) []Reference {
	if len(typed) == 0 {
		return refs
	}
	replaced := map[string]bool{}
	for _, t := range typed {
		replaced[fmt.Sprint(t.Line, "|", refBase(t.Symbol))] = true
	}
	out := refs[:0]
	for _, r := range refs {
		if !replaced[fmt.Sprint(r.Line, "|", refBase(r.Symbol))] {
			out = append(out, r)
		}
	}
	return append(out, typed...)
}

// refBase is the name a reference's symbol ends with: "hasNotch" for
// "UIDevice.hasNotch", "asyncAfter" for ".asyncAfter(seconds:)", "UIColor"
// for "UIColor(hex:)".
func refBase(symbol string) string {
	if i := strings.IndexByte(symbol, '('); i >= 0 {
		symbol = symbol[:i]
	}
	if i := strings.LastIndexByte(symbol, '.'); i >= 0 {
		symbol = symbol[i+1:]
	}
	return symbol
}
