//go:build cgo && !notreesitter

package swiftsym

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// AnalyzeFile reads a whole Swift source file (a sample's, a package's) with
// tree-sitter and returns the APIs it references and its public
// declarations. Files over MaxFileLen give nothing: they are generated code
// (a 256 KB protobuf descriptor), whose references say nothing about usage.
func AnalyzeFile(code string) FileAnalysis {
	if len(code) > MaxFileLen || strings.TrimSpace(code) == "" {
		return FileAnalysis{}
	}
	tree, err := parseWithBudget([]byte(code))
	if err != nil {
		return FileAnalysis{}
	}
	defer tree.Close()

	a := analyzer{src: code, declared: map[string]bool{}, seen: map[string]bool{}}
	a.declarations(tree.RootNode(), nil, false, 0)
	a.references(tree.RootNode(), 0)
	return FileAnalysis{References: a.refs, Public: a.public}
}

type analyzer struct {
	src      string
	declared map[string]bool // type names the file declares: their uses are not API uses
	seen     map[string]bool // name+kind already referenced
	refs     []document.Reference
	public   []PublicDecl
}

// typeDeclarations name a type; their name is a type_identifier (or a
// user_type for extensions).
var typeDeclarations = map[string]bool{
	"class_declaration": true, "protocol_declaration": true, "typealias_declaration": true,
}

// declarations records the names the file declares and collects the public
// ones with their doc comments, descending into type bodies with the
// container path.
func (a *analyzer) declarations(n *sitter.Node, container []string, publicScope bool, depth int) {
	if depth > maxNesting {
		return
	}
	count := int(n.NamedChildCount())
	for i := 0; i < count; i++ {
		child := n.NamedChild(i)
		if child == nil {
			continue
		}
		typ := child.Type()
		if !declarationNodes[typ] {
			if containerNodes[typ] {
				a.declarations(child, container, publicScope, depth+1)
			}
			continue
		}
		name := ""
		if nameNode := child.ChildByFieldName("name"); nameNode != nil {
			name = a.text(nameNode)
		}
		isExtension := typ == "class_declaration" && hasKeyword(child, "extension")
		if typeDeclarations[typ] && !isExtension && name != "" {
			a.declared[name] = true
		}
		public := isPublic(a, child) || publicScope && !isPrivate(a, child)
		if public && !isExtension {
			a.addPublic(child, container)
		}
		// Members of a public extension are public unless marked otherwise.
		if body := bodyOf(child); body != nil && name != "" && (public || isExtension) {
			a.declarations(body, append(append([]string(nil), container...), name), isExtension && public, depth+1)
		}
	}
}

func (a *analyzer) addPublic(n *sitter.Node, container []string) {
	if len(a.public) >= maxPublicDecls {
		return
	}
	start, end := int(n.StartByte()), int(n.EndByte())
	if body := bodyOf(n); body != nil {
		end = int(body.StartByte())
	} else if cp := firstChildOfType(n, "computed_property", "function_body"); cp != nil {
		end = int(cp.StartByte())
	}
	header := stripComments(a.src[start:end])
	syms := parseSwift(normalizeSpace(header), OriginSource)
	if len(syms) == 0 {
		return
	}
	a.public = append(a.public, PublicDecl{
		Symbol:    syms[0],
		Container: strings.Join(container, "."),
		Doc:       docComment(a, n),
		Line:      int(n.StartPoint().Row) + 1,
	})
}

// references walks every node for type names, calls on type names,
// conformances, property wrappers and Type.member uses.
func (a *analyzer) references(n *sitter.Node, depth int) {
	if depth > maxRefDepth || len(a.refs) >= maxReferences {
		return
	}
	switch n.Type() {
	case "comment", "multiline_comment", "line_string_literal", "multi_line_string_literal":
		return
	case "user_type":
		if id := firstChildOfType(n, "type_identifier"); id != nil {
			a.addRef(a.text(id), userTypeKind(n), id)
		}
	case "call_expression":
		if fn := n.NamedChild(0); fn != nil && fn.Type() == "simple_identifier" {
			a.addRef(a.text(fn), "call", fn)
		}
	case "navigation_expression":
		target := n.ChildByFieldName("target")
		suffix := n.ChildByFieldName("suffix")
		if target != nil && suffix != nil && target.Type() == "simple_identifier" {
			if member := suffix.ChildByFieldName("suffix"); member != nil {
				typeName := a.text(target)
				if swiftlex.IsTypeName(typeName) && !a.declared[typeName] {
					a.addRef(typeName+"."+a.text(member), "member", target)
					a.addRef(typeName, "type", target)
				}
			}
		}
	}
	count := int(n.NamedChildCount())
	for i := 0; i < count; i++ {
		if child := n.NamedChild(i); child != nil {
			a.references(child, depth+1)
		}
	}
}

// userTypeKind says how a written type is used: conformed to, worn as a
// property wrapper, the name of a declaration (not a use), or mentioned.
func userTypeKind(n *sitter.Node) string {
	parent := n.Parent()
	if parent == nil {
		return "type"
	}
	switch parent.Type() {
	case "inheritance_specifier":
		return "conform"
	case "attribute":
		return "wrap"
	case "class_declaration":
		return "" // extension Foo: the extended type is named, not used
	}
	return "type"
}

func (a *analyzer) addRef(name, kind string, at *sitter.Node) {
	// A member reference is named "Type.member": its type is what must
	// be an API type's name.
	base, _, _ := strings.Cut(name, ".")
	if kind == "" || !swiftlex.IsTypeName(base) {
		return
	}
	if a.declared[base] {
		return
	}
	key := kind + " " + name
	if a.seen[key] {
		return
	}
	a.seen[key] = true
	a.refs = append(a.refs, document.Reference{Name: name, Kind: kind, Line: int(at.StartPoint().Row) + 1})
}

func (a *analyzer) text(n *sitter.Node) string { return a.src[n.StartByte():n.EndByte()] }

func bodyOf(n *sitter.Node) *sitter.Node {
	if b := n.ChildByFieldName("body"); b != nil {
		return b
	}
	return firstChildOfType(n, "class_body", "enum_class_body", "protocol_body")
}

func firstChildOfType(n *sitter.Node, types ...string) *sitter.Node {
	count := int(n.NamedChildCount())
	for i := 0; i < count; i++ {
		c := n.NamedChild(i)
		if c == nil {
			continue
		}
		for _, t := range types {
			if c.Type() == t {
				return c
			}
		}
	}
	return nil
}

func hasKeyword(n *sitter.Node, word string) bool {
	count := int(n.ChildCount())
	for i := 0; i < count; i++ {
		if c := n.Child(i); c != nil && !c.IsNamed() && c.Type() == word {
			return true
		}
	}
	return false
}

// isPublic reports a declaration marked public or open.
func isPublic(a *analyzer, n *sitter.Node) bool {
	v := visibility(a, n)
	return strings.HasPrefix(v, "public") || strings.HasPrefix(v, "open")
}

// isPrivate reports a declaration marked private, fileprivate or internal.
func isPrivate(a *analyzer, n *sitter.Node) bool {
	v := visibility(a, n)
	return v != "" && !strings.HasPrefix(v, "public") && !strings.HasPrefix(v, "open")
}

func visibility(a *analyzer, n *sitter.Node) string {
	mods := firstChildOfType(n, "modifiers")
	if mods == nil {
		return ""
	}
	count := int(mods.NamedChildCount())
	for i := 0; i < count; i++ {
		if c := mods.NamedChild(i); c != nil && c.Type() == "visibility_modifier" {
			return a.text(c)
		}
	}
	return ""
}

// docComment gathers the /// lines or /** */ block right above a
// declaration.
func docComment(a *analyzer, n *sitter.Node) string {
	var lines []string
	for prev := n.PrevSibling(); prev != nil; prev = prev.PrevSibling() {
		typ := prev.Type()
		if typ != "comment" && typ != "multiline_comment" {
			break
		}
		text := a.text(prev)
		if !strings.HasPrefix(text, "///") && !strings.HasPrefix(text, "/**") {
			break
		}
		lines = append([]string{cleanDocComment(text)}, lines...)
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
