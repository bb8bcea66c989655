package verify

// Environment values: `@Environment(\.modelContext) private var
// modelContext` holds what EnvironmentValues.modelContext declares
// (ModelContext), so that members used on it are checked on that type and
// the leading dots compared with it or switched over name its cases
// (`switch scenePhase { case .active:`).

// environmentKeyAt reads `@Environment(\.name)` at i and gives the name's
// token (`\.self`, the whole EnvironmentValues, is none).
func (a *Analysis) environmentKeyAt(i int) (token, bool) {
	if !a.toks[i].Is(tokAttr, "Environment") || !a.tok(i+1).IsPunct("(") || a.tok(i+2).Text != `\` ||
		!a.tok(i+3).IsPunct(".") || a.tok(i+4).Kind != tokIdent || !a.tok(i+5).IsPunct(")") || a.tok(i+4).Text == "self" {
		return token{}, false
	}
	return a.tok(i + 4), true
}

// environmentKeys finds, in one pass, the properties an @Environment
// attribute with a key path gives, with no type written: the property's
// name and the key path's member.
func (a *Analysis) environmentKeys() map[string]string {
	out := map[string]string{}
	for i := range a.toks {
		a.step()
		keyTok, ok := a.environmentKeyAt(i)
		if !ok {
			continue
		}
		key := keyTok.Text
		// Modifiers, then `var name` with no annotation.
		for j := i + 6; j < i+12 && j < len(a.toks); j++ {
			a.step()
			if a.toks[j].Is(tokKeyword, "var") {
				if n := a.tok(j + 1); n.Kind == tokIdent && !a.tok(j+2).IsPunct(":") {
					if old, seen := out[n.Text]; seen && old != key {
						key = ""
					}
					out[n.Text] = key
				}
				break
			}
			if a.toks[j].Kind != tokKeyword {
				break
			}
		}
	}
	return out
}

// typeEnvironment records the types the file's environment properties
// hold (Analysis.envTypes): the declared type of EnvironmentValues' member
// the key path names. A name bound again elsewhere (a parameter, a local)
// is left out.
func (c *Checker) typeEnvironment(g *graphView, a *Analysis, imports map[string]bool) {
	a.envTypes, a.envArguments = map[string]string{}, map[string]string{}
	keys := a.environmentKeys()
	if len(keys) == 0 {
		return
	}
	values := g.typesNamed("EnvironmentValues", imports)
	for name, key := range keys {
		if a.bindings[name] > 1 || key == "" {
			continue
		}
		for _, m := range g.membersOf(values, key) {
			if t := declaredType(m.decl); t != "" && m.kind == "property" {
				// `Binding<PresentationMode>`: its wrappedValue is the
				// argument (receiverTypes).
				a.envTypes[name], a.envArguments[name] = t, linkGenericArgument([]apiMember{m})
				break
			}
		}
	}
}

// minEnvironmentValues is the fewest members EnvironmentValues must list
// for a key path it lacks to be judged: a crawl that has its page but few
// of its values says nothing.
const minEnvironmentValues = 50

// checkEnvironmentKeys judges the key paths of @Environment attributes
// (`@Environment(\.safeAreaInsets)`): a key EnvironmentValues lacks, which
// the file does not declare (an extension's property, an @Entry), is not
// on EnvironmentValues.
func (c *Checker) checkEnvironmentKeys(g *graphView, a *Analysis, declared, imports map[string]bool) []Reference {
	var out []Reference
	var values []*apiType
	var ownValues map[string]bool
	for i := range a.toks {
		a.step()
		key, ok := a.environmentKeyAt(i)
		if !ok {
			continue
		}
		if ownValues == nil {
			ownValues = a.environmentExtensions()
		}
		// A file of a project may use a value another file declares: in a
		// project, a name declared anywhere is not judged.
		if ownValues[key.Text] || !a.alone && declared[key.Text] {
			continue
		}
		if values == nil {
			values = g.typesNamed("EnvironmentValues", imports)
			if len(values) != 1 || len(values[0].members) < minEnvironmentValues {
				return out
			}
		}
		if len(g.membersOf(values, key.Text)) > 0 || g.err != nil {
			continue
		}
		r := Reference{Line: key.Line, Symbol: "EnvironmentValues." + key.Text, Kind: string(RefMember), Status: NotOnType,
			Why: "EnvironmentValues has no `" + key.Text + "`; a value of your own needs an extension of EnvironmentValues"}
		if others := g.overloads(key.Text, true); len(others) > 0 {
			r.Nearest = typeCandidates(others, key.Text)
			r.Why += "; `" + key.Text + "` is on " + candidateNames(r.Nearest)
		}
		out = append(out, r)
	}
	return out
}

// environmentExtensions lists the properties the file's extensions of
// EnvironmentValues declare: its own environment values.
func (a *Analysis) environmentExtensions() map[string]bool {
	out := map[string]bool{}
	for i, t := range a.toks {
		if !t.Is(tokKeyword, "extension") || a.tok(i+1).Text != "EnvironmentValues" {
			continue
		}
		open := i + 2
		for open < len(a.toks) && !a.toks[open].IsPunct("{") {
			open++
		}
		end := a.closeOf(open)
		for j := open + 1; j < end && j < len(a.toks); j++ {
			if a.toks[j].Is(tokKeyword, "var") && a.tok(j+1).Kind == tokIdent {
				out[a.tok(j+1).Text] = true
			}
		}
	}
	return out
}
