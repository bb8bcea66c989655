package ranker

import (
	"context"

	"github.com/cupertino-go/cupertino/ranker/reading"
)

// askedAs is what a question's form says about the words left to search,
// once its scaffolding is stripped (reading.QuestionForm): a search of those
// words sees it through its context.
type askedAs struct {
	// swift: the question is framed as about Swift (NamesSwift).
	swift bool
	// framed: the question form stripped scaffolding ("What is …?", "Why
	// use …", a tag).
	framed bool
	// platform is the one platform the question names ("iOS" for "Close
	// iOS keyboard", "(iPhone)"), or "".
	platform string
	// compares: the question asks how two things differ ("let vs var",
	// "difference between X and Y"), words the question form strips.
	compares bool
	// inWords: what is left is read as words, not as code or a message
	// (a question's list spreads over names only then: code names the
	// overload it calls).
	inWords bool
	// deprecation: the question asks about a deprecation, in words the
	// form may have stripped ("'animation(_:)' was deprecated in iOS 13").
	deprecation bool
	// nilSymptom: the words of a stripped "… is nil" (NilSymptom).
	nilSymptom string
}

// askedAsKey keys askedAs in a search's context.
type askedAsKey struct{}

// withQuestion records in ctx what form says about the words searched.
func withQuestion(ctx context.Context, form reading.QuestionForm, class reading.QueryClass) context.Context {
	a := askedAs{swift: form.NamesSwift(), framed: len(form.Stripped) > 0, platform: form.Platform(), compares: len(form.Sides) == 2,
		inWords: class == reading.ClassWords, deprecation: form.AsksAboutDeprecation(), nilSymptom: form.NilSymptom()}
	if a == (askedAs{}) {
		return ctx
	}
	return context.WithValue(ctx, askedAsKey{}, a)
}

// questionAsked returns what the search's question form recorded.
func questionAsked(ctx context.Context) askedAs {
	a, _ := ctx.Value(askedAsKey{}).(askedAs)
	return a
}
