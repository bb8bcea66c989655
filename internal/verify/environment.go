package verify

// Environment values: `@Environment(\.modelContext) private var
// modelContext` holds what EnvironmentValues.modelContext declares
// (ModelContext), so that members used on it are checked on that type and
// the leading dots compared with it or switched over name its cases
// (`switch scenePhase { case .active:`).

// environmentKeys finds, in one pass, the properties an @Environment
// attribute with a key path gives, with no type written: the property's
// name and the key path's member.
func (a *Analysis) environmentKeys() map[string]string {
	out := map[string]string{}
	for i, t := range a.toks {
		a.step()
		if !t.Is(tokAttr, "Environment") || !a.tok(i+1).IsPunct("(") || a.tok(i+2).Text != `\` ||
			!a.tok(i+3).IsPunct(".") || a.tok(i+4).Kind != tokIdent || !a.tok(i+5).IsPunct(")") {
			continue
		}
		key := a.tok(i + 4).Text
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
	a.envTypes = map[string]string{}
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
				a.envTypes[name] = t
				break
			}
		}
	}
}
