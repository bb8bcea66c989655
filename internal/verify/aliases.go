package verify

import "strings"

// What a name written in the file stands for when its declaration is
// generic or a protocol's: the one argument written for a generic type's
// parameter (PHFetchResult<PHAsset>'s ObjectType), and the typealias an
// adopted protocol declares (TimelineProvider's Context).

// protocolAlias is the type a typealias named name that one of the
// adopted protocols declares stands for (`typealias Context =
// TimelineProviderContext`; `NSViewRepresentableContext<Self>`: its
// generic type), "" when none declares one.
func protocolAlias(g *graphView, adopted []string, name string, imports map[string]bool) string {
	for _, p := range adopted {
		for _, t := range g.typesNamed(p, imports) {
			if t.kind != "protocol" {
				continue
			}
			for _, m := range g.membersOf([]*apiType{t}, name) {
				_, aliased, found := strings.Cut(m.typing(), "=")
				if !found || !strings.Contains(m.typing(), "typealias") {
					continue
				}
				aliased = strings.TrimSpace(aliased)
				if lt := strings.IndexByte(aliased, '<'); lt > 0 && closeAngle(aliased, lt) == len(aliased) {
					aliased = aliased[:lt]
				}
				if typ := plainType(aliased); typ != "" {
					return typ
				}
			}
		}
	}
	return ""
}

// linkGenericArgument is the one generic argument, a plain type, that the
// declarations of a chain link's overloads agree their value is written
// with (`-> PHFetchResult<PHAsset>`: PHAsset), "" otherwise.
func linkGenericArgument(ms []apiMember) string {
	out := ""
	for _, m := range ms {
		s := declaredValueText(m.typing())
		if brace := strings.Index(s, " {"); brace > 0 {
			s = s[:brace] // a property's accessors: `{ get }`
		}
		s = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(s), "?"), "!")
		lt := strings.IndexByte(s, '<')
		if m.decl == "" || lt <= 0 || !strings.HasSuffix(s, ">") || closeAngle(s, lt) != len(s) {
			continue
		}
		a := plainType(s[lt+1 : len(s)-1])
		if a == "" || out != "" && a != out {
			return ""
		}
		out = a
	}
	return out
}

// bindGenericArgument records the one generic argument a local's written
// type has; a name bound with two different ones gets none.
func (a *Analysis) bindGenericArgument(name, arg string) { bindAgreed(a.genericArguments, name, arg) }

// genericArgumentAt reads a written type at i whose generic arguments are
// Apple types named alone, with nothing after it (`PHFetchResult<PHAsset>`,
// `Result<CKRecord, Error>`): the arguments, joined by commas, which the
// members declared to return the type's generic parameters return
// (site.rootArgument: object(at:)'s ObjectType, get()'s Success).
func (a *Analysis) genericArgumentAt(i int) string {
	_, end := a.typePath(i)
	if !a.tok(end).IsPunct("<") {
		return ""
	}
	var args []string
	k := end + 1
	for {
		arg := a.tok(k)
		if arg.Kind != tokIdent || !isCapitalized(arg.Text) || a.ownTypes[arg.Text] {
			return ""
		}
		args = append(args, arg.Text)
		if !a.tok(k + 1).IsPunct(",") {
			break
		}
		k += 2
	}
	if !a.tok(k + 1).IsPunct(">") {
		return ""
	}
	if next := a.tok(k + 2); next.IsPunct(".") || unwraps(next) {
		return ""
	}
	return strings.Join(args, ",")
}

// adoptedAround lists the types the file's own type declarations around
// token i adopt, innermost first (`struct Provider: TimelineProvider {`):
// inside, a bare `Context` is the protocol's typealias of that name.
func (a *Analysis) adoptedAround(i int) []string {
	var out []string
	for h := a.holder[i]; h >= 0; h = a.holder[h] {
		a.step()
		if a.toks[h].IsPunct("{") {
			out = append(out, a.adoptedBy(h)...)
		}
	}
	return out
}

// adoptedBy lists what the type or extension whose body opens at open
// declares it adopts: the names after its colon, up to a where clause.
func (a *Analysis) adoptedBy(open int) []string {
	if cached, ok := a.adopted[open]; ok {
		return cached
	}
	var out []string
	colon := -1
	for j := open - 1; j >= 0 && j > open-48; j-- {
		t := a.toks[j]
		if t.IsPunct("}") || t.IsPunct("{") || t.IsPunct(";") {
			break
		}
		if t.IsPunct(":") && a.holder[j] == a.holder[open] {
			colon = j
		}
		if t.Kind == tokKeyword && (t.Text == "struct" || t.Text == "class" || t.Text == "enum" || t.Text == "actor" || t.Text == "extension") {
			for k := colon + 1; colon >= 0 && k < open && !a.toks[k].Is(tokKeyword, "where"); k++ {
				if n := a.toks[k]; n.Kind == tokIdent && isCapitalized(n.Text) && a.holder[k] == a.holder[open] && !a.tok(k-1).IsPunct(".") {
					out = append(out, n.Text)
				}
			}
			break
		}
	}
	a.adopted[open] = out
	return out
}

// genericParameterOf says whether one of the overloads declares name as a
// generic parameter of its own (`func reduce<Result>(into
// initialResult: Result, …) -> Result`).
func genericParameterOf(ms []apiMember, name string) bool {
	for _, m := range ms {
		decl := m.typing()
		head, _, _ := strings.Cut(decl, "(")
		lt := strings.IndexByte(head, '<')
		if lt < 0 || !strings.Contains(head, "func ") && !strings.Contains(head, "subscript") {
			continue
		}
		for _, p := range strings.Split(strings.TrimSuffix(head[lt+1:], ">"), ",") {
			p, _, _ = strings.Cut(strings.TrimSpace(p), ":")
			if strings.TrimSpace(p) == name {
				return true
			}
		}
	}
	return false
}
