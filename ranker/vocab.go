package ranker

import "strings"

// People describe a task in everyday words; Apple's documentation names it
// in its own. Two general rules bridge the gap for prose queries, each
// adding alternatives to a keyword (any of them satisfies it, in the
// full-text AND and in title coverage):
//
//  1. Agent nouns. Apple names classes after what they do: a player plays,
//     a recorder records, a formatter formats, a recognizer recognises, a
//     picker picks (AVAudioPlayer, DateFormatter, SFSpeechRecognizer,
//     PHPickerViewController). So a verb also stands for its "-er"/"-or"
//     noun when the two do not already share a Porter stem. Only a word
//     where a request puts its verb qualifies (the first keyword, after
//     "to", before an article): "data" in "write data to a file" is no
//     verb, and "dataer" would only cost a doclist lookup.
//  2. A small table of everyday words and the term Apple's pages use for
//     the same thing (clipboard -> pasteboard). It is general vocabulary,
//     not tuned to any query: every row is a word a developer would say
//     for a concept that Apple spells differently.

// vocabulary maps an everyday word to the words Apple's documentation uses
// for it. Keys and values are lower-case single words.
var vocabulary = map[string][]string{
	"clipboard":     {"pasteboard"},
	"sound":         {"audio"},
	"sounds":        {"audio"},
	"music":         {"audio"},
	"movie":         {"video"},
	"picture":       {"image", "photo"},
	"pictures":      {"image", "photo"},
	"photo":         {"image"},
	"photos":        {"image"},
	"online":        {"network", "connectivity"},
	"internet":      {"network"},
	"offline":       {"network", "connectivity"},
	"connectivity":  {"network", "reachability"},
	"email":         {"mail"},
	"e-mail":        {"mail"},
	"vibrate":       {"haptic", "feedback"},
	"vibration":     {"haptic", "feedback"},
	"preferences":   {"defaults", "settings"},
	"settings":      {"defaults", "preferences"},
	"password":      {"keychain", "credential"},
	"passwords":     {"keychain", "credential"},
	"secret":        {"keychain"},
	"transcribe":    {"recognize", "recognition"},
	"transcription": {"recognition"},
	"dictation":     {"speech", "recognition"},
	"steps":         {"pedometer"},
	"pedometer":     {"steps"},
	"gps":           {"location"},
	"coordinates":   {"location"},
	"popup":         {"alert", "popover"},
	"dialog":        {"alert", "sheet"},
	"webpage":       {"web"},
	"website":       {"web", "url"},
	"browser":       {"web", "safari"},
	"http":          {"url", "request"},
	"download":      {"url"},
	"fetch":         {"download", "load"},
	"database":      {"persistent", "store"},
	"persist":       {"save", "store"},
	"persistently":  {"save", "store"},
	"encrypt":       {"seal", "cryptographic"},
	"decrypt":       {"cryptographic"},
	"faceid":        {"biometry", "biometric", "authentication"},
	"fingerprint":   {"biometry", "biometric", "authentication"},
	"login":         {"authentication", "sign"},
	"signin":        {"authentication", "sign"},
	"purchase":      {"storekit", "transaction"},
	"subscription":  {"storekit"},
	"buy":           {"purchase"},
	"record":        {"capture"},
	"parallel":      {"concurrent", "group"},
	"concurrently":  {"parallel"},
	"delay":         {"sleep", "after"},
	"wait":          {"sleep", "await"},
	"chart":         {"mark", "plot"},
	"graph":         {"chart", "plot"},
	"qr":            {"barcode"},
	"microphone":    {"audio", "input"},
	"mic":           {"microphone", "audio"},
	"camera":        {"capture"},
	"speak":         {"speech", "utterance"},
	"aloud":         {"speech"},
	"spinner":       {"progress", "activity", "indicator"},
	"loading":       {"progress"},
}

// alternatives returns the other words that may stand for a lower-case
// keyword in a prose query: its vocabulary entries and, for a verb, its
// agent nouns.
func alternatives(w string, verb bool) []string {
	var out []string
	add := func(alt string) {
		if alt != w && stem(alt) != stem(w) && !containsString(out, alt) {
			out = append(out, alt)
		}
	}
	for _, v := range vocabulary[w] {
		add(v)
	}
	if verb {
		for _, n := range agentNouns(w) {
			add(n)
		}
	}
	return out
}

// agentNouns derives the "-er"/"-or" nouns of a lower-case verb: play ->
// player, scan -> scanner, format -> formatter, recognize -> recognizer,
// detect -> detector, generate -> generator. Words that cannot be verbs of
// this shape (short, already nouns of it, plurals, nouns by their suffix
// such as "preference", non-letters) give none.
// A derived word the corpus does not use costs nothing: it matches no row.
func agentNouns(w string) []string {
	if len(w) < 4 || stopWords[w] {
		return nil
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return nil
		}
	}
	for _, suffix := range []string{"er", "or", "s", "ing", "ed", "tion", "ly", "ness", "ity", "ence", "ance", "ment", "ism", "cy"} {
		if strings.HasSuffix(w, suffix) {
			return nil
		}
	}
	switch {
	case strings.HasSuffix(w, "ate"):
		return []string{w[:len(w)-1] + "or"}
	case strings.HasSuffix(w, "e"):
		return []string{w + "r"}
	case strings.HasSuffix(w, "ct"):
		return []string{w + "or", w + "er"}
	}
	out := []string{w + "er"}
	if b := []byte(w); endsCVC(b) {
		out = append(out, w+w[len(w)-1:]+"er")
	}
	return out
}
