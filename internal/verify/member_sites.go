package verify

import (
	"slices"
	"strings"
)

// Member sites: a `.name` after a receiver or with none (a leading dot),
// and the chain of members and labels its receiver is written as.

// memberSite reads the use of a member at the dot before it: on a written
// receiver, the chain from its root (a type, a local, self or a cast
// element) with each link's labels; with none, a leading dot (siteImplicit)
// the context's type judges. A name the file's own types declare is no
// Apple member's use, nor are "$" names, types, init or self.
func (a *Analysis) memberSite(dot int, labels map[int][]string) (site, bool) {
	nameTok := dot + 1
	name := a.toks[nameTok].Text
	if strings.HasPrefix(name, "$") || a.ownTypes[name] || isCapitalized(name) {
		return site{}, false
	}
	// A name the file's own types declare is theirs, but not on a value
	// of a written Apple type when only the file's classes, structures,
	// enums and actors declare it (`func pause() { timer?.pause() }`):
	// no extension or protocol can have given it to the Apple type.
	// A local of the same name (`let database =
	// container.database(with: .private)`) is no member: only a name
	// declared in a type's body is.
	_, localName := a.locals[name]
	localName = localName || a.scopedLocals[name]
	ownName := a.memberDecls[name]
	// A stored property counts like a method: `@Published var products`
	// in the file's own class is not Product.products(for:).
	shadowable := a.alone && a.memberDecls[name] && !a.openMembers[name]
	if ownName && !shadowable && !a.ownNameIrrelevant(name, dot) {
		return site{}, false
	}
	switch name {
	case "init", "self", "Type", "Protocol":
		return site{}, false
	}
	s := site{kind: siteMember, tok: nameTok, line: a.toks[nameTok].Line, name: name, localOnly: localName && !ownName && a.alone}
	a.callAfter(nameTok, labels, &s)
	rcv := a.receiverOf(dot)
	if rcv.root < 0 {
		prev := a.tok(dot - 1)
		if dot == 0 || (prev.Kind == tokPunct || prev.Kind == tokKeyword) && implicitBefore[prev.Text] {
			s.kind, s.tok = siteImplicit, dot
			// A name the file declares only as its own cases or
			// instance members is judged against the Apple type the
			// context gives (ownNameIrrelevant).
			s.ownNamed = ownName && a.ownNameIrrelevant(name, dot)
			return s, true
		}
		if a.stringLiteralBefore(dot) {
			// `"welcome.title".localized`: a member of a String.
			s.rootType = "String"
			return s, true
		}
		return site{}, false
	}
	if typ, links, ok := a.castPick(rcv); ok && !ownName {
		// An element of a cast collection: the chain before the cast is
		// no matter.
		s.rootType, s.links = typ, links
		return s, true
	}
	root := a.toks[rcv.root]
	if ownName {
		// Only a typed local's member, or a member of an Apple type
		// written as the receiver (`Product.products(for:)`), may be
		// another type's.
		typ, local := a.locals[root.Text]
		appleType := isCapitalized(root.Text) && root.Text != "Self" && !local && !a.ownTypes[root.Text] && !a.generics[root.Text] && !a.modules[root.Text] && !knownModules[root.Text]
		if !appleType && (!local || a.ownTypes[typ] || rcv.viaCall || a.sureTypes[root.Text] == "" && a.wrappedType(root.Text) == "") {
			return site{}, false
		}
		s.ownNamed = true
	}
	selfRoot := root.Is(tokKeyword, "self") || root.Text == "Self"
	if self := a.selfTypes[rcv.root]; self != "" && !strings.HasPrefix(root.Text, "$") && (selfRoot || root.Kind == tokIdent && !isCapitalized(root.Text)) {
		if !a.boundLocal(root.Text) && (!a.memberDecls[root.Text] || a.methodOnly(root.Text)) && !a.tok(rcv.root+1).IsPunct("(") && !a.tok(rcv.root+1).IsPunct("[") {
			// self.member, or an inherited property written bare
			// (tableView in a UITableViewController): a member of the
			// Apple superclass the enclosing class declares; Self.member
			// one of its statics (`Self.entityName` in an
			// NSManagedObject subclass).
			var links []string
			if !selfRoot {
				links = append(links, root.Text)
			}
			r := rcv
			for r.prev >= 0 && len(links) <= maxLinks {
				a.step()
				if a.tok(r.link + 1).IsPunct("[") {
					return s, true
				}
				links = append(links, a.toks[r.link].Text)
				r = a.receivers[r.prev]
			}
			if len(links) > maxLinks {
				return s, true
			}
			head := 0
			if !selfRoot {
				head = 1
			}
			rest := links[head:]
			for i, j := 0, len(rest)-1; i < j; i, j = i+1, j-1 {
				rest[i], rest[j] = rest[j], rest[i]
			}
			// `self.monitor.isConnected` where the file's own type declares
			// monitor: the chain from that stored property (below), not
			// a member of the Apple type the class adopts.
			if !(selfRoot && len(links) > 0 && a.memberDecls[links[0]] && !a.methodOnly(links[0])) {
				s.rootType, s.links = self, links
				s.bareRoot = !selfRoot
				return s, true
			}
		}
	}
	if selfRoot && rcv.prev >= 0 {
		// `self.monitor.isConnected`: the chain from the file's own stored
		// property, as `monitor.isConnected` is read; `Self.relative` from
		// its static one (`private static let relative:
		// RelativeDateTimeFormatter`).
		if s, ok := a.selfPropertySite(s, rcv); ok {
			return s, true
		}
	}
	// `NowPlayingView(title: title).presentationDetents([.small])`: a
	// value of the file's own view, made right there.
	ownView := a.ownTypes[root.Text] && a.ownViews()[root.Text] && rcv.viaCall && (a.tok(rcv.root+1).IsPunct("(") || a.tok(rcv.root+1).IsPunct("{"))
	if a.ownTypes[root.Text] && !ownView && rcv.prev >= 0 && a.tok(rcv.root+1).IsPunct(".") {
		// `SyncLog.logger.log(…)`: the chain from a static property of
		// the file's own type, read as self's stored property is.
		if s, ok := a.selfPropertySite(s, rcv); ok {
			return s, true
		}
	}
	if root.Kind == tokKeyword || a.generics[root.Text] || a.conditionTok[rcv.root] || a.ownTypes[root.Text] && !ownView {
		return site{}, false
	}
	if a.modules[root.Text] || knownModules[root.Text] {
		return site{}, false
	}
	// The chain from the root: link names back to it, at most maxLinks.
	var links []string
	r := rcv
	if a.tok(rcv.link + 1).IsPunct("[") {
		if elem := a.indexedElement(rcv); elem != "" {
			// `results[0].itemProvider`: an element of the array local.
			s.links = s.bindRoot(elem, nil, a.chainLabels)
		}
		return s, true
	}
	for r.prev >= 0 {
		a.step()
		if len(links) == maxLinks || a.tok(a.receivers[r.prev].link+1).IsPunct("[") {
			return s, true
		}
		links = append(links, a.toks[r.link].Text)
		r = a.receivers[r.prev]
	}
	for i, j := 0, len(links)-1; i < j; i, j = i+1, j-1 {
		links[i], links[j] = links[j], links[i]
	}
	written := a.writtenLinkLabels(rcv, len(links))
	typ, local := a.locals[root.Text]
	switch {
	case ownView:
		s.rootType, s.opaqueRoot = "View", root.Text
	case strings.HasPrefix(root.Text, "$") && a.publishedNames()[root.Text[1:]]:
		// `$username.debounce(for:scheduler:)` on `@Published var
		// username`: Published.Publisher, whose members are Publisher's.
		s.rootType, s.opaqueRoot = "Publisher", root.Text
	case !r.linkCall && a.envTypes[root.Text] != "":
		// `@Environment(\.modelContext) private var modelContext`.
		s.rootType, s.rootArgument = a.envTypes[root.Text], a.envArguments[root.Text]
	case isCapitalized(root.Text) && !local && unwraps(a.tok(rcv.root+1)):
		// `SCDisplay?.some(display)`: a member of Optional, not of the
		// type.
		return site{}, false
	case isCapitalized(root.Text) && !local:
		s.rootType = root.Text
	case local && len(links) > 0 && !r.linkCall && a.firstOrLast(rcv.root) && a.elementsOf(root.Text) != "":
		// `results.first?.itemProvider`: an element of the array local.
		links = s.bindRoot(a.elementsOf(root.Text), links[1:], a.chainLabels)
	case local && len(links) == 1 && a.elementPicked(rcv.root) && a.elementsOf(root.Text) != "":
		// `barcodes.first { $0.symbology == .qr }?.payloadStringValue`.
		links = s.bindRoot(a.elementsOf(root.Text), nil, a.chainLabels)
	case len(links) > 0 && !r.linkCall && a.ownProperty(a.ownValue(rcv.root, local), links[0]) != "":
		// `reminder.dueDate.isToday` on `var dueDate: Date` of the file's
		// own Reminder.
		links = s.bindRoot(a.ownProperty(a.ownValue(rcv.root, local), links[0]), links[1:], a.chainLabels)
	case !r.linkCall && a.inheritedFromApple(a.ownValue(rcv.root, local), s.name, links) != "":
		// `terms.modalTransitionStyle` on `let terms = TermsViewController()`,
		// the file's own subclass of UIViewController: a member the file
		// does not declare is the Apple superclass's, as self's is.
		links = s.bindRoot(a.inheritedFromApple(a.ownValue(rcv.root, local), s.name, links), links, a.chainLabels)
	case local && !r.linkCall && a.caseValues[root.Text] != "" && a.caseBound[root.Text] == a.bindings[root.Text]:
		// `case .verified(let transaction) = result`: the case's value,
		// typed when checked (caseValueTypes).
		s.rootType = a.caseValues[root.Text]
	case local && a.sureTypes[root.Text] != "" && !r.linkCall && !a.ownTypes[typ]:
		links = s.bindRoot(a.sureTypes[root.Text], links, a.chainLabels)
		if s.boundLinks == 0 {
			s.rootArgument = a.genericArguments[root.Text]
		} else {
			// The arguments of the local the binding's chain starts from.
			s.rootArgument = a.chainArguments[root.Text]
		}
	case local && !r.linkCall && !a.ownTypes[typ] && a.agreedPaths(root.Text) != nil:
		// A name bound in two functions, by two paths to one type.
		s.alternatives = a.agreedPaths(root.Text)
	case local && a.shadowed[root.Text] != "" && a.bindings[root.Text] == 2 && !r.linkCall && !a.inClosureOf(root.Text, rcv.root):
		// The binding a closure's parameter shadows, outside the closure.
		links = s.bindRoot(a.shadowed[root.Text], links, a.chainLabels)
	case local && a.shadowedWrapped[root.Text] != "" && a.bindings[root.Text] == 2 && !r.linkCall && !a.inClosureOf(root.Text, rcv.root) && unwraps(a.tok(rcv.root+1)):
		// An optional a closure's parameter shadows, unwrapped outside
		// the closure: `continuation?.finish()` beside `AsyncStream {
		// continuation in self.continuation = continuation }`.
		links = s.bindRoot(a.shadowedWrapped[root.Text], links, a.chainLabels)
	case !local && !r.linkCall && a.dollarElement(rcv.root) != "":
		// `$0` in a closure over an array's elements.
		links = s.bindRoot(a.dollarElement(rcv.root), links, a.chainLabels)
	case local && a.wrappedType(root.Text) != "" && !r.linkCall && !a.ownTypes[typ] && (unwraps(a.tok(rcv.root+1)) || a.unwrappedAlike[root.Text]):
		// `player?.stop()` on `var player: AVAudioPlayer?`, or
		// `player.stop()` after `if let player`.
		links = s.bindRoot(a.wrappedType(root.Text), links, a.chainLabels)
	}
	if s.ownNamed && s.rootType == "" {
		return site{}, false
	}
	if src := a.closures[root.Text]; src != nil && local && typ == "" && s.rootType == "" && !r.linkCall && a.inClosureOf(root.Text, rcv.root) {
		s.closure = src
		s.closureFirst = len(links) > 0 && a.firstOrLast(rcv.root)
	}
	if cb, ok := a.closureBound[root.Text]; ok && local && s.rootType == "" && s.closure == nil && !r.linkCall && a.bindings[root.Text] == 1 && a.inClosureOf(cb.param, rcv.root) {
		// `placemark.locality` after `guard let placemark =
		// placemarks?.first`: the chain from the closure's parameter.
		s.closure = a.closures[cb.param]
		s.links = append(slices.Clone(cb.links), links...)
		s.closureFirst = len(cb.links) > 0 && cb.links[0] == elementLink
		s.boundLinks = len(cb.links)
		return s, true
	}
	if coll := a.loopOver[root.Text]; coll != "" && local && s.rootType == "" && s.closure == nil && !r.linkCall && a.bindings[root.Text] == 1 {
		s.elementOf = coll
	}
	if len(links) == s.boundLinks+len(written) && len(written) > 0 {
		// The written links' labels follow the bound ones': a link read
		// with its labels is the overloads they fit (`.map(\.data)` is
		// map(_:), not map(_:_:)).
		labels := make([][]string, s.boundLinks, len(links))
		copy(labels, s.linkLabels)
		s.linkLabels = append(labels, written...)
	}
	s.links = links
	if s.rootType == "" && !rcv.viaCall && !local {
		// The name-based pass skips a lowercase root of unknown type.
		s.unguessed = true
	}
	if local && typ == "" && !rcv.viaCall {
		s.unguessed = true
	}
	return s, true
}

// writtenLinkLabels are the labels of the n links written between a
// chain's root and the member rcv reaches, first to last: each call's
// (`_` for an unlabelled argument), nil for a property.
func (a *Analysis) writtenLinkLabels(rcv receiver, n int) [][]string {
	out := make([][]string, n)
	r := rcv
	for i := n - 1; i >= 0 && r.prev >= 0; i-- {
		a.step()
		if open := r.link + 1; a.tok(open).IsPunct("(") && !a.tok(open).SpaceBefore {
			out[i] = a.labelsOf(open)
		}
		r = a.receivers[r.prev]
	}
	return out
}
