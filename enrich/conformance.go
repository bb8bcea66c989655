package enrich

import (
	"bytes"
	"encoding/json"
	"strings"
)

// DocC prints the where clause of the extension a member is declared in
// beside its declaration, not inside it: metadata.conformance.constraints of
// the render JSON reads "Available when Label conforms to View and
// Destination is Text." The declaration (and so the index-time symbols) never
// sees it. In the full corpus 5,220 symbol pages carry one.

// conformanceToken is one inline item of metadata.conformance.constraints.
type conformanceToken struct {
	Type string `json:"type"` // codeVoice or text
	Code string `json:"code"`
	Text string `json:"text"`
}

type conformanceMetadata struct {
	Conformance *struct {
		Constraints []conformanceToken `json:"constraints"`
	} `json:"conformance"`
}

var (
	conformanceKey = []byte(`"conformance"`)
	metadataKey    = []byte(`"metadata"`)
)

// pageConstraints returns the normalised constraints of a DocC page's
// "Available when …" clause, nil when it has none or raw is not render JSON.
// Only the metadata object is decoded: pages run to hundreds of kilobytes
// and the pass reads every symbol page of the corpus.
func pageConstraints(raw []byte) []string {
	if !bytes.Contains(raw, conformanceKey) {
		return nil
	}
	for rest := raw; ; {
		i := bytes.Index(rest, metadataKey)
		if i < 0 {
			return nil
		}
		rest = rest[i+len(metadataKey):]
		value := bytes.TrimLeft(rest, " \t\r\n")
		if len(value) == 0 || value[0] != ':' {
			continue
		}
		var meta conformanceMetadata
		if err := json.NewDecoder(bytes.NewReader(value[1:])).Decode(&meta); err != nil || meta.Conformance == nil {
			continue // a string or a nested "metadata" of another shape
		}
		return parseConformance(meta.Conformance.Constraints)
	}
}

// relations maps DocC's wording to the normalised constraint operator, the
// form swiftsym writes ("Label: View", "Element == Int").
var relations = []struct{ phrase, op string }{
	{"conforms to", ": "},
	{"inherits", ": "},
	{"is", " == "},
}

// parseConformance reads the token list as a sequence of clauses
// "LHS <relation> RHS", joined by ",", "and" or ", and"; a bare RHS after a
// joiner continues the previous clause ("Category conforms to Comparable,
// Decodable, and Hashable"). Adjacent code tokens form one type
// ("Label<Text, Image>" may arrive in pieces).
func parseConformance(tokens []conformanceToken) []string {
	type item struct {
		code string
		text string
	}
	var items []item
	for _, t := range tokens {
		if t.Type == "codeVoice" {
			if n := len(items); n > 0 && items[n-1].text == "" && items[n-1].code != "" {
				items[n-1].code += t.Code
				continue
			}
			items = append(items, item{code: t.Code})
			continue
		}
		items = append(items, item{text: t.Text})
	}
	var out []string
	lhs, op := "", ""
	for i := 0; i < len(items); i++ {
		it := items[i]
		if it.code == "" {
			continue
		}
		// A code item followed by a relation phrase starts a clause.
		if i+1 < len(items) && items[i+1].code == "" {
			if rel := relationIn(items[i+1].text); rel != "" {
				lhs, op = strings.TrimSpace(it.code), rel
				i++
				continue
			}
		}
		if lhs == "" {
			continue
		}
		out = appendNew(out, lhs+op+strings.TrimSpace(it.code))
	}
	return out
}

// relationIn finds the relation phrase in the text between two code items.
func relationIn(text string) string {
	words := strings.Fields(strings.ToLower(strings.Trim(text, " ,.")))
	phrase := strings.Join(words, " ")
	phrase = strings.TrimPrefix(phrase, "and ")
	for _, r := range relations {
		if phrase == r.phrase {
			return r.op
		}
	}
	return ""
}
