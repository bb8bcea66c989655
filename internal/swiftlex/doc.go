// Package swiftlex is what the readers of Swift share: the forgiving lexer
// internal/verify checks code with, the one table of the language's words
// (keywords, declaration modifiers, the compiler's # words), the one table of
// English stop words of questions and pages, and IsTypeName.
//
// Each reader was measured with its own set of words: verify's lexer, the
// ranker's reading of a query and its book sections, swiftsym's declaration
// parser, the ranker's query terms and the semantic model's vectors. A
// reader whose set is narrower than the whole keeps it as a named subset
// built from the one table (ReadingKeywords, DeclarationKeywords,
// LanguageWords, QueryStopWords, …), and words_test.go pins every subset to
// the list that reader had before.
//
// It sits on layer 0, below swiftsym, semantic, verify and the ranker, and
// imports nothing of the module.
package swiftlex
