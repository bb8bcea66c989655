// Package search is the search-quality harness behind `cupertino eval search`.
//
// It loads the quality batteries (TSV files with a header row, one query per
// line), runs every query through a Searcher, judges each result list by the
// battery's own rule, and reports metrics per battery and per query class,
// as JSON and as Markdown. Two runs (two indexes, or two builds) are compared
// pairwise with McNemar's exact test on rank-1 hits and the Wilcoxon
// signed-rank test on reciprocal-rank deltas.
//
// # Batteries and their rules
//
// The battery kind comes from the file name with any "-vN" suffix removed
// (canonical-v2.tsv is a canonical battery). URI regexes are matched
// case-insensitively and anchored at the start of the URI, except in prose
// batteries, where they may match anywhere.
//
//	canonical        class from the row (A lookup, B framework root); the
//	                 first result matching expected_uri_regex gives the rank;
//	                 pass = rank 1
//	deprecation (E)  pass = the modern page is within the top 20 and ranks
//	                 above the legacy one (or the legacy one is absent)
//	acronym (C)      pass = rank 1 (top-5 hits are reported too)
//	fragment (D)     a result is relevant when any path segment of its URI
//	                 contains the query; headline P@5; pass = all of the top 5
//	                 relevant
//	prose (G)        pass = a match within the top 3
//	symbol-attribute (H) a result is relevant when its page declares a symbol
//	                 satisfying relevant_when (see SymbolPredicate), fetched
//	                 through a SymbolSource; headline P@5; pass = all of the
//	                 top 5 relevant
//	cross-source (F) a result is relevant when its source is expected_source;
//	                 pass = one within the top 3
//	task, error      issue #11's agent kinds, class = the kind; regex
//	                 anywhere; pass = a match within the top 10 (hit@10)
//	syntax, typo     anchored regex; pass = a match within the top 3
//	filter           the row's framework, kind and source columns are passed
//	                 to the Searcher; a result is relevant when it matches
//	                 the anchored regex and obeys them; pass = non-empty,
//	                 every result obeying, a match within the top 3
//	                 (Summary.NonEmpty and Obeying report the first two)
//
//	realq            issue #27's real developers' questions: class from the
//	                 row (task, error, concept, api; reported as realq-*);
//	                 regex anywhere; pass = hit@10; headline MRR and hit@10
//
// An agent kind's final set, never tuned on, is "<kind>-final.tsv"; the
// real questions' sets are "realq-dev.tsv", "realq-dev2.tsv" (dev) and
// "realq-final.tsv".
//
// # Metrics
//
// Rank is the 1-based rank of the first relevant result within the fetched
// depth (Depth, 20), 0 when none. RR = 1/rank (0 when none); MRR is its mean.
// P@k is the fraction of the top k that is relevant. Recall@k (rank_stats) is
// the fraction of queries with a relevant result in the top k: every battery
// has either a single target or an open-ended relevant set, so this "success
// at k" is the recall that can be measured. NDCG@10 uses binary gains; in
// single-target batteries (canonical, deprecation, acronym, prose) only the
// first match gains, so NDCG@10 = 1/log2(rank+1); in the others every
// relevant result gains and the ideal ranking puts all the relevant results
// found in the fetched depth (at most 10) first.
//
// # Golden files
//
// Golden files in the style of zoekt's ranking tests pin the behaviour of a
// ranker: one file per battery lists each query's top-k URIs with relevant
// ones starred, and rank_stats.txt summarises recall@k and MRR per battery.
// `go test ./eval/search -update` rewrites them; otherwise tests fail on any
// difference, so every ranking change shows up as a reviewable diff.
package search
