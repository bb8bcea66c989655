package reading

import (
	"regexp"
	"strings"
)

// AmericanSpelling writes the British spellings of text's words as
// Apple's documentation does ("Change List row Highlight colour",
// "convenience initialiser", "Task automatically cancelled", "tap gesture not
// recognised"): a page says color, initializer, canceled, recognized, and a
// word spelt otherwise matches none of them. A word keeps its capital.
func AmericanSpelling(text string) string {
	return britishWordRE.ReplaceAllStringFunc(text, func(w string) string {
		us, ok := americanOf[strings.ToLower(w)]
		if !ok {
			return w
		}
		if w[0] >= 'A' && w[0] <= 'Z' {
			return strings.ToUpper(us[:1]) + us[1:]
		}
		return us
	})
}

// britishWordRE finds the words americanOf may hold.
var britishWordRE = regexp.MustCompile(`\b[A-Za-z]{4,}\b`)

// americanOf maps the British spellings of words that name what Apple's
// pages document to their American spelling. Whole words only: a rule on
// endings (-ise, -our) would reach promise, otherwise and hour.
var americanOf = func() map[string]string {
	m := map[string]string{}
	add := func(us string, british ...string) {
		for _, b := range british {
			m[b] = us
		}
	}
	for _, stem := range []string{"initiali", "seriali", "deseriali", "customi", "optimi", "synchroni", "recogni",
		"authori", "organi", "locali", "normali", "visuali", "minimi", "maximi", "finali", "prioriti",
		"summari", "categori", "utili", "reali", "memori", "symboli", "capitali", "standardi", "saniti",
		"tokeni", "parameteri", "personali", "internationali", "speciali", "generali", "virtuali"} {
		us := strings.TrimSuffix(stem, "s")
		for _, end := range []string{"se", "sed", "ses", "sing", "ser", "sers", "sation", "sations", "sable"} {
			m[stem+end] = us + "z" + strings.TrimPrefix(end, "s")
		}
	}
	add("color", "colour")
	add("colors", "colours")
	add("colored", "coloured")
	add("coloring", "colouring")
	add("colorful", "colourful")
	add("behavior", "behaviour")
	add("behaviors", "behaviours")
	add("favorite", "favourite")
	add("favorites", "favourites")
	add("center", "centre")
	add("centered", "centred")
	add("gray", "grey")
	add("canceled", "cancelled")
	add("canceling", "cancelling")
	add("labeled", "labelled")
	add("labeling", "labelling")
	add("modeling", "modelling")
	add("traveled", "travelled")
	add("signaled", "signalled")
	add("license", "licence")
	add("program", "programme")
	add("artifact", "artefact")
	add("artifacts", "artefacts")
	add("catalog", "catalogue")
	add("analyze", "analyse")
	add("analyzed", "analysed")
	add("analyzing", "analysing")
	add("paralyzed", "paralysed")
	add("honor", "honour")
	add("neighbor", "neighbour")
	add("neighbors", "neighbours")
	return m
}()
