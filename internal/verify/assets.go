package verify

import (
	"strings"
	"unicode"
)

// A project's asset catalog names colours that Xcode turns into Swift
// (GeneratedAssetSymbols.swift, Xcode 15 on): a colour set DarkBrown is
// `Color.darkBrown`, `.foregroundStyle(.darkBrown)` and `UIColor.darkBrown`
// in a project whose sources never declare them. A directory checked as a
// project has its colour sets read (projectFiles) and declared as Xcode
// declares them, in one more file of the check; a file checked alone has
// none, and a colour it names that no page has is a finding that says an
// asset catalog would declare it.

// AssetSymbolsFile is the name of the file of declarations a project's
// colour sets stand for.
const AssetSymbolsFile = "(asset catalog colours).swift"

// assetColorName is the Swift name Xcode gives a colour set: its words in
// lower camel case, without a last "Color" ("AccentColor" is accent,
// "brand-blue" brandBlue); "" when nothing of it is a name.
func assetColorName(set string) string {
	words := strings.FieldsFunc(set, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	var b strings.Builder
	for i, w := range words {
		r := []rune(w)
		if i == 0 {
			r[0] = unicode.ToLower(r[0])
		} else {
			r[0] = unicode.ToUpper(r[0])
		}
		b.WriteString(string(r))
	}
	name := b.String()
	if base, ok := strings.CutSuffix(name, "Color"); ok && base != "" {
		name = base
	}
	if first := []rune(name); len(first) == 0 || unicode.IsDigit(first[0]) {
		return ""
	}
	return name
}

// assetColorSymbols is the Swift that declares the colour sets, as Xcode
// generates it: a static of Color, of ShapeStyle where Self is Color, and
// of ColorResource.
func assetColorSymbols(sets []string) string {
	var b strings.Builder
	b.WriteString("import SwiftUI\n\n")
	for _, ext := range [][2]string{{"ColorResource", "ColorResource"}, {"Color", "Color"}, {"ShapeStyle where Self == Color", "Color"}} {
		b.WriteString("extension " + ext[0] + " {\n")
		for _, set := range sets {
			if name := assetColorName(set); name != "" {
				b.WriteString("    static var " + name + ": " + ext[1] + " { fatalError() }\n")
			}
		}
		b.WriteString("}\n\n")
	}
	return b.String()
}

// assetColorHint ends a finding on a colour no page has: a colour set of
// the project's asset catalog would declare it.
func assetColorHint(name string) string {
	return "; unless the project's asset catalog has a colour set named `" + name + "` (check the project's folder, and its catalogs are read)"
}
