package ranker

import "github.com/cupertino-go/cupertino/ranker/reading"

// The reading stage is package reading (ranker/reading): it turns the raw
// query into a Reading before any search, asking nothing of the index. The
// names below keep the ranker's API (Response.Reading, cupertino search
// --explain) as it was.

// Reading is what a raw query is (reading.Reading).
type Reading = reading.Reading

// Call is a member used in code (reading.Call).
type Call = reading.Call

// QueryClass names what a query is (reading.QueryClass).
type QueryClass = reading.QueryClass

// QuestionForm is the scaffolding a question wraps its content in
// (reading.QuestionForm).
type QuestionForm = reading.QuestionForm

// The classes of Reading.
const (
	ClassWords   = reading.ClassWords
	ClassSyntax  = reading.ClassSyntax
	ClassMessage = reading.ClassMessage
)

// ReadQuestionForm finds a question's scaffolding (reading.ReadQuestionForm).
func ReadQuestionForm(raw string, isFramework func(string) bool) QuestionForm {
	return reading.ReadQuestionForm(raw, isFramework)
}

// QuestionFormLine is --explain's line for a question's scaffolding
// (reading.QuestionFormLine).
func QuestionFormLine(f QuestionForm) string { return reading.QuestionFormLine(f) }

// ReadingWeightsLine is --explain's line for how a reading's searches and
// its words weigh (reading.WeightsLine).
func ReadingWeightsLine(r Reading) string { return reading.WeightsLine(r) }
