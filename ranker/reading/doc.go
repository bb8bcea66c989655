// Package reading is the ranker's read stage: it decides, before any
// search, what a raw query is. A question's scaffolding is stripped
// (ReadQuestionForm: frames, tags, asides, the two sides of a comparison),
// operators standing alone are named (QuestionForm.Operators), and the rest is read
// as words, Swift code or a compiler or runtime message (Read). Code and
// messages are not searched as typed: their Reading lists the calls the
// code makes (receiver, member, labels, where each was written), the names
// and concepts a message quotes, and the searches to run in their place,
// weighed by how sure the reading is (Confidence, Weights).
//
// The package is pure: it imports no database package and not index
// (cmd/cupertino's TestReadingAsksNoDatabase). A reading's guesses (a
// receiver's type from its name, a name that may be the caller's own) are
// confirmed against the index by package ranker afterwards, which also owns
// the member pages such a check finds.
package reading
