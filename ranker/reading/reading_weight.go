package reading

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Readings propose; retrieval decides. A query read as code or as a
// message is searched as its reading's searches AND as its words, fused:
// the reading's lists weigh by how sure the reading is, the words' list by
// how unsure. A misreading ("Why is my Binding(UI) not updating?" read as
// the call Binding(UI)) may add noise; it never removes the pages the
// words find.

// strongCodeRE: marks only code has, whatever words surround it: a
// closure, an assignment, a return arrow, a labelled argument, a member
// call or a string argument, a key path, an attribute on a declaration,
// self.
var strongCodeRE = regexp.MustCompile(`[{}]|\s=\s|->|[A-Za-z_]\w*\(\s*\w+:|\.[a-z]\w*\(|\w\("|\\\.|@[A-Z]\w*(\s+\w+)*\s+(var|let)\s|\bself\.|^\s*(let|var|func|guard|if let|for|return|try|await)\s|^\s*\.[a-z]`)

// Confidence is how sure a reading of text is, from 0 to 1. A
// message is read by its diagnostic's own wording: sure. Code with a mark
// only code has is sure; code read from a lone call among words
// ("Binding(UI) not updating") is as sure as the share of its words that
// are not English.
func Confidence(text string, class QueryClass) float64 {
	if class != ClassSyntax || strongCodeRE.MatchString(text) {
		return 1
	}
	tokens := strings.Fields(text)
	english := 0
	for _, t := range tokens {
		if englishWord(t) {
			english++
		}
	}
	if len(tokens) == 0 {
		return 1
	}
	return 1 - float64(english)/float64(len(tokens))
}

// englishWord: a word of prose, lower case letters or a function word in
// any case ("Why"), with its sentence punctuation.
func englishWord(t string) bool {
	w := strings.Trim(t, `?!.,;:"'`+"`")
	if w == "" {
		return false
	}
	if swiftlex.QueryStopWords[strings.ToLower(w)] {
		return true
	}
	for _, r := range w {
		if (r < 'a' || r > 'z') && r != '\'' && r != '’' && r != '-' {
			return false
		}
	}
	return !swiftKeywords[w]
}

// Weights are the fusion weights of a reading's i-th list and of
// the words' list, for a reading of the given confidence whose lead
// weighs lead.
func Weights(confidence, lead float64) (reading func(i int) float64, words float64) {
	c := max(confidence, ReadingWeightFloor)
	reading = func(i int) float64 {
		if i == 0 {
			return lead * c
		}
		return c
	}
	return reading, lead * max(1-confidence, WordsWeightFloor)
}

// SureMessageWordsWeight is the fusion weight of a sure diagnostic's
// words, for a reading whose lead weighs lead.
func SureMessageWordsWeight(lead float64) float64 {
	return lead * WordsWeightFloor * SureMessageWordsShare
}

// WeightsLine says, for --explain, how a reading's searches and its
// words were weighed against each other.
func WeightsLine(r Reading) string {
	if r.Class == ClassWords {
		return ""
	}
	lead := float64(SyntaxLeadWeight)
	if r.Class == ClassMessage {
		lead = MessageLeadWeight
	}
	if r.Confidence >= 1 && r.Class == ClassMessage {
		return fmt.Sprintf("Reading confidence 1 (sure): its searches weigh %s (lead) and 1; its words fill the rows they leave, weighing %s", TrimFloat(lead), TrimFloat(SureMessageWordsWeight(lead)))
	}
	if r.Confidence >= 1 {
		return fmt.Sprintf("Reading confidence 1 (sure): its searches weigh %s (lead) and 1; its words are searched only when they find nothing", TrimFloat(lead))
	}
	reading, words := Weights(r.Confidence, lead)
	return fmt.Sprintf("Reading confidence %s: its searches weigh %s (lead) and %s (floor %s); the words weigh %s (floor %s of the lead)",
		TrimFloat(r.Confidence), TrimFloat(reading(0)), TrimFloat(reading(1)), TrimFloat(ReadingWeightFloor), TrimFloat(words), TrimFloat(WordsWeightFloor))
}
