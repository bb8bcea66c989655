package corpus

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// Proposal statuses as SwiftEvolution normalises them. The swift-evolution
// repository spells them in many ways ("Accepted with revisions", "Status:
// Active Review (Aug 1–Aug 24)", "Implemented with Modifications (Swift
// 5.9)"); the reader maps every spelling onto one of these, and passes an
// unknown status through as written.
const (
	StatusImplemented               = "Implemented"
	StatusPartiallyImplemented      = "Partially implemented"
	StatusAccepted                  = "Accepted"
	StatusAcceptedWithModifications = "Accepted with modifications"
	StatusPreviewing                = "Previewing"
	StatusActiveReview              = "Active review"
	StatusScheduledForReview        = "Scheduled for review"
	StatusAwaitingReview            = "Awaiting review"
	StatusReturnedForRevision       = "Returned for revision"
	StatusRejected                  = "Rejected"
	StatusWithdrawn                 = "Withdrawn"
	StatusDeferred                  = "Deferred"
	StatusExpired                   = "Expired"
)

// statusPrefixes maps the lowercased start of a status to its normal form.
// Longer prefixes come first so that "implemented with modifications" is not
// read as plain "implemented" by accident of order.
var statusPrefixes = []struct{ prefix, status string }{
	{"partially implemented", StatusPartiallyImplemented},
	{"implemented", StatusImplemented}, // also "Implemented with Modifications (Swift 5.9)"
	{"accepted with modification", StatusAcceptedWithModifications},
	{"accepted with revision", StatusAcceptedWithModifications},
	{"accepted", StatusAccepted},
	{"previewing", StatusPreviewing},
	{"active review", StatusActiveReview},
	{"in active review", StatusActiveReview},
	{"scheduled for review", StatusScheduledForReview},
	{"awaiting review", StatusAwaitingReview},
	{"returned for revision", StatusReturnedForRevision},
	{"rejected", StatusRejected},
	{"withdrawn", StatusWithdrawn},
	{"deferred", StatusDeferred},
	{"expired", StatusExpired},
}

// indexedStatuses are the statuses indexed by default: the language or
// library has the feature, or will. Previewing proposals are accepted and
// shipped in the standard library preview package, so they count.
var indexedStatuses = map[string]bool{
	StatusImplemented:               true,
	StatusPartiallyImplemented:      true,
	StatusAccepted:                  true,
	StatusAcceptedWithModifications: true,
	StatusPreviewing:                true,
}

var (
	proposalFile    = regexp.MustCompile(`^\d{4}-.*\.md$`)
	proposalID      = regexp.MustCompile(`\b(SE|ST)-(\d{4})\b`)
	headerField     = regexp.MustCompile(`^\s*[*-]\s+([A-Za-z][A-Za-z ]*?)\s*:\s*(.*)$`)
	boldSpan        = regexp.MustCompile(`\*\*(.+?)\*\*`)
	versionInParens = regexp.MustCompile(`(?i)\(\s*(?:swift\s+)?(\d+(?:\.\d+)*)`)
)

// SwiftEvolution reads Swift Evolution proposals: proposals/NNNN-*.md (SE)
// and proposals/testing/NNNN-*.md (ST, Swift Testing). Each proposal becomes
// swift-evolution://SE-NNNN with Kind "proposal", its normalised Status and,
// when implemented, the SwiftVersion that shipped it.
// Its root is a swift-evolution checkout (the directory holding proposals/)
// or a proposals directory itself.
type SwiftEvolution struct {
	reader
	opts Options
}

// Files lists every NNNN-*.md under proposals/ (or under the root when it is
// the proposals directory). Images and other files beside them are not inputs.
func (s *SwiftEvolution) Files(ctx context.Context) (Listing, error) {
	dir := s.root
	if info, err := os.Stat(filepath.Join(s.root, "proposals")); err == nil && info.IsDir() {
		dir = filepath.Join(s.root, "proposals")
	}
	return listing(walkFiles(ctx, dir, func(rel string) bool {
		return proposalFile.MatchString(path.Base(rel))
	}))
}

// proposalHeader is the bullet list under a proposal's title.
type proposalHeader struct {
	id        string // "SE-0306"
	rawStatus string // the Status line's value as written
}

// Parse reads one proposal; its links to other proposals become
// swift-evolution:// links (evolution_links.go). Statuses outside the default set come back as
// ErrFiltered ("status Rejected") unless Options.IncludeAllStatuses is set;
// a file without a proposal header (a rename stub) is ErrNotADocument.
func (s *SwiftEvolution) Parse(filePath string, raw []byte) (*document.Document, error) {
	if isBlank(raw) {
		return nil, errEmptyFile
	}
	text := sourceText(raw)
	blocks := parseBlocks(stripComments(text))
	titleAt := headingIndex(blocks)
	header := readProposalHeader(blocks, titleAt)
	if header.id == "" && header.rawStatus == "" {
		return nil, fmt.Errorf("%w: no proposal header (a rename stub or a non-proposal file)", ErrNotADocument)
	}
	if titleAt < 0 {
		return nil, fmt.Errorf("%w: proposal has no \"# \" title", ErrMalformed)
	}
	id := header.id
	if id == "" {
		id = idFromPath(filePath)
	}
	if id == "" {
		return nil, fmt.Errorf("%w: no SE-/ST- number in the header or the file name", ErrMalformed)
	}
	status, version := normaliseStatus(header.rawStatus)
	if status == "" {
		return nil, fmt.Errorf("%w: %s has no Status line", ErrMalformed, id)
	}
	if !s.opts.IncludeAllStatuses && !indexedStatuses[status] {
		return nil, fmt.Errorf("%w: status %s", ErrFiltered, status)
	}
	doc, err := newMarkdownDocument(markdownPage{
		source:   document.SourceSwiftEvolution,
		uri:      document.SourceSwiftEvolution + "://" + id,
		kind:     "proposal",
		path:     filePath,
		raw:      raw,
		markdown: linkProposals(text, filePath),
		abstract: introduction(blocks, titleAt),
		verbatim: true,
	})
	if err != nil {
		return nil, err
	}
	doc.Status = status
	doc.SwiftVersion = version
	return doc, nil
}

// readProposalHeader reads the "* Field: value" bullets that follow the
// title, stopping at the first section heading.
func readProposalHeader(blocks []block, titleAt int) proposalHeader {
	var header proposalHeader
	for i := titleAt + 1; i < len(blocks); i++ {
		b := blocks[i]
		if b.kind == blockHeading {
			break
		}
		if b.kind != blockList {
			continue
		}
		for _, line := range strings.Split(b.text, "\n") {
			match := headerField.FindStringSubmatch(line)
			if match == nil {
				continue
			}
			switch strings.ToLower(match[1]) {
			case "proposal":
				if header.id == "" {
					if id := proposalID.FindStringSubmatch(match[2]); id != nil {
						header.id = id[1] + "-" + id[2]
					}
				}
			case "status":
				if header.rawStatus == "" {
					header.rawStatus = match[2]
				}
			}
		}
	}
	return header
}

// idFromPath derives SE-NNNN (ST-NNNN under testing/) from a file name, for
// proposals whose header lacks the Proposal line.
func idFromPath(filePath string) string {
	base := filepath.Base(filePath)
	if !proposalFile.MatchString(base) {
		return ""
	}
	prefix := "SE"
	if filepath.Base(filepath.Dir(filePath)) == "testing" {
		prefix = "ST"
	}
	return prefix + "-" + base[:4]
}

// normaliseStatus maps a Status line's value to a normal status and the
// implementing Swift version: "**Implemented (Swift 5.5)**" gives
// ("Implemented", "5.5"); "Implemented (Swift Next)" gives no version.
func normaliseStatus(raw string) (status, version string) {
	text := raw
	if match := boldSpan.FindStringSubmatch(raw); match != nil {
		text = match[1]
	}
	text = strings.TrimSpace(strings.Trim(strings.TrimSpace(text), "*:"))
	if rest, ok := cutPrefixFold(text, "status:"); ok {
		text = strings.TrimSpace(rest)
	}
	if text == "" {
		return "", ""
	}
	lower := strings.ToLower(text)
	for _, candidate := range statusPrefixes {
		if strings.HasPrefix(lower, candidate.prefix) {
			status = candidate.status
			break
		}
	}
	if status == "" {
		// Unknown: keep the words before any "(" detail, as written.
		status = strings.TrimSpace(strings.SplitN(text, "(", 2)[0])
	}
	if status == StatusImplemented || status == StatusPartiallyImplemented {
		if match := versionInParens.FindStringSubmatch(text); match != nil {
			version = match[1]
		}
	}
	return status, version
}

// cutPrefixFold is strings.CutPrefix ignoring ASCII case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// introduction returns the first paragraph of the Introduction section (any
// heading "Introduction", "Introduction and Motivation", …), falling back to
// the first paragraph after the header when there is no such section.
func introduction(blocks []block, titleAt int) string {
	for i := titleAt + 1; i < len(blocks); i++ {
		b := blocks[i]
		if b.kind != blockHeading || !isIntroductionHeading(inlineText(b.text)) {
			continue
		}
		for j := i + 1; j < len(blocks) && blocks[j].kind != blockHeading; j++ {
			if blocks[j].kind == blockParagraph {
				if text := firstParagraph(blocks[j:j+1], 0); text != "" {
					return text
				}
			}
		}
	}
	return firstParagraph(blocks, titleAt+1)
}

func isIntroductionHeading(heading string) bool {
	lower := strings.ToLower(strings.TrimSpace(heading))
	return lower == "introduction" || strings.HasPrefix(lower, "introduction and") || strings.HasPrefix(lower, "introduction,")
}
