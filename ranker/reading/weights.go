package reading

// The reading's numbers. ranker/weights.go names each again, so that its
// table lists every number that changes an order (TestScoringCasesNameEveryWeight,
// testdata/scoring.golden); the values and their reasons are here, where
// the code that reads them is.

// Readings propose; retrieval decides (reading_weight.go, issue #27).
// The words' list weighs (1 - confidence) × the reading's lead weight,
// never less than WordsWeightFloor × it, and the reading's lists are
// multiplied by the confidence, never less than ReadingWeightFloor.
const (
	// WordsWeightFloor: a reading whose code is mostly words still
	// weighs its words' list a tenth of the lead at least. (A sure
	// reading, of pasted code or a diagnostic, is not fused with its
	// words, which are searched only when its searches find nothing.
	// Fused at a tenth, they reordered the code's own pages: syntax MRR
	// fell by 0.03 to 0.14 on every battery; filling the rows its
	// searches left doubled the p99 of pasted code, 35 -> 100 ms.)
	WordsWeightFloor = 0.1
	// SureMessageWordsShare: a sure reading of a diagnostic whose searches
	// leave rows empty fills them with its words, fused at this share of
	// the words' floor: a message says what it is about in words its
	// concepts may miss ("Closure cannot implicitly capture a mutating self
	// parameter"). At the whole floor, beside every message, error-v2 lost
	// a first place and the mix's CPU rose by a fifth (docs/search.md).
	SureMessageWordsShare = 0.5
	// ReadingWeightFloor: an unsure reading still proposes its pages.
	ReadingWeightFloor = 0.2
)

// ComparisonSideWeight: each side of a comparison ("let vs var") weighs
// half the whole query's list: the page that compares them holds both
// words and leads; each side's own page follows.
const ComparisonSideWeight = 0.5

// The fusion weight of a reading's first search; the others have 1. The
// first is what the code calls, which outranks the types it mentions, or
// the name the message quotes, which its concepts explain.
const (
	SyntaxLeadWeight  = 3
	MessageLeadWeight = 1.5
)

// MaxShortSide is how many words each side of "X vs Y" (and of any
// comparison read as code) may have: "guard let vs if let" compares two
// things; "branch code for iPad versus iPhone" and "show '1 file' versus
// '3 files'" are requests that say versus. "The difference between X and
// Y" names its sides whatever their length.
const MaxShortSide = 3
