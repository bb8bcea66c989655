// Package door is the gate every document passes before it is inserted into
// the index. It knows nothing of SQLite: it judges each input and says whether
// to insert it, replace an earlier document, or drop it, and why.
//
// Checks, in order (the first that fails decides):
//
//  1. Validity. The file parsed (an empty file is rejected as "empty file",
//     unparsable JSON as "malformed JSON: …", other reader errors as "parse
//     error: …"), a URI was derived, the page is not an HTTP error template
//     (a title such as "404", "Not Found", "503 Service Unavailable" over thin
//     content) and not a JavaScript-disabled shell ("Please turn on
//     JavaScript", "An unknown error occurred" with no real content).
//  2. Placeholder titles. A page titled "Error", "Documentation", "Apple
//     Developer Documentation" or nothing at all is judged by its content, not
//     its title: Swift's Error protocol and the many "error" property pages have
//     an abstract or a declaration and pass; an empty shell is rejected as
//     "placeholder title …".
//  3. Per-run dedup by URI. A URI seen before with the same content hash is a
//     benign tier-A duplicate and skipped. With a different hash but the same
//     title (case- and whitespace-folded) it is a tier-B duplicate: the richer
//     variant wins (Document.Richness, then the larger Size, then the first
//     seen). With a different title it is a tier-C collision: the first stays,
//     the collision is counted, and the run must end non-zero (Collisions).
//
// Memory per URI is bounded: the door keeps a content hash, a title hash,
// richness, size and an index into an interned file list, never the bodies.
//
// A Door is safe for concurrent use (a mutex guards it, so a progress reporter
// may call Stats while the pipeline judges), but the decisions depend on the
// order of Judge calls: call it from one goroutine in input order to keep runs
// reproducible.
package door

import (
	"crypto/sha256"
	"encoding/hex"
	"hash/fnv"
	"strings"
	"sync"
	"unicode"

	"github.com/cupertino-go/cupertino/internal/canonjson"
	"github.com/cupertino-go/cupertino/internal/document"
)

// State is the outcome of judging one input. The string values appear in the
// audit log.
type State string

const (
	Indexed        State = "indexed"
	BenignDupTierA State = "benignDupTierA"
	BenignDupTierB State = "benignDupTierB"
	CollisionTierC State = "collisionTierC"
	Rejected       State = "rejected"
)

// Input is one parsed (or unparsable) source file.
type Input struct {
	SourceFile string
	Doc        *document.Document // nil when ParseErr != nil
	ParseErr   error
	Raw        []byte // the file's bytes for JSON sources; nil for others
}

// Decision is the door's verdict on one input.
type Decision struct {
	State         State
	Reason        string // rejection reason, starting with one of the Reason* classes
	DuplicateOf   string // tier A/B: the file of the document that is kept
	CollisionWith string // tier C: the file of the document that is kept
	// Insert is true for the first sighting of a URI that passes: insert it.
	Insert bool
	// Replace is true when a richer tier-B variant displaces the document kept
	// so far: overwrite the row for this URI. State is then Indexed, and
	// Replaced names the displaced file.
	Replace  bool
	Replaced string
}

// seen is what the door remembers of the document kept for one URI.
type seen struct {
	hash     [sha256.Size]byte
	hasHash  bool
	title    uint64
	richness uint8
	size     int
	file     int32 // index into Door.files
}

// Door judges documents. Create it with New.
type Door struct {
	mu         sync.Mutex
	byURI      map[string]seen
	files      []string
	collisions int
	stats      Stats
}

// New returns an empty Door for one run.
func New() *Door {
	return &Door{byURI: make(map[string]seen), stats: newStats()}
}

// Judge decides what happens to one input. See the package comment.
func (d *Door) Judge(in Input) Decision {
	dec := d.judge(in)
	source := "unknown"
	if in.Doc != nil && in.Doc.Source != "" {
		source = in.Doc.Source
	}
	d.mu.Lock()
	d.stats.add(source, dec)
	d.mu.Unlock()
	return dec
}

func (d *Door) judge(in Input) Decision {
	if reason := rejectionReason(in); reason != "" {
		return Decision{State: Rejected, Reason: reason}
	}
	doc := in.Doc
	cur := seen{
		title:    titleHash(doc.Title),
		richness: uint8(doc.Richness()),
		size:     doc.Size,
	}
	cur.hash, cur.hasHash = contentHash(doc.ContentHash, in.Raw)

	d.mu.Lock()
	defer d.mu.Unlock()
	kept, ok := d.byURI[doc.URI]
	if !ok {
		cur.file = d.intern(in.SourceFile)
		d.byURI[doc.URI] = cur
		return Decision{State: Indexed, Insert: true}
	}
	keptFile := d.files[kept.file]
	switch {
	case cur.hasHash && kept.hasHash && cur.hash == kept.hash:
		return Decision{State: BenignDupTierA, DuplicateOf: keptFile}
	case cur.title == kept.title:
		if cur.richness > kept.richness || (cur.richness == kept.richness && cur.size > kept.size) {
			cur.file = d.intern(in.SourceFile)
			d.byURI[doc.URI] = cur
			return Decision{State: Indexed, Replace: true, Replaced: keptFile}
		}
		return Decision{State: BenignDupTierB, DuplicateOf: keptFile}
	default:
		d.collisions++
		return Decision{State: CollisionTierC, CollisionWith: keptFile}
	}
}

// intern stores a file path and returns its index. Only kept documents' files
// are stored, so the list grows with distinct URIs, not with inputs.
func (d *Door) intern(file string) int32 {
	d.files = append(d.files, file)
	return int32(len(d.files) - 1)
}

// Holds reports whether a document with uri was let in so far.
func (d *Door) Holds(uri string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, ok := d.byURI[uri]
	return ok
}

// Collisions returns the number of tier-C collisions so far; a run that ends
// with any must exit non-zero.
func (d *Door) Collisions() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.collisions
}

// Stats returns a copy of the counters so far.
func (d *Door) Stats() Stats {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.stats.clone()
}

// contentHash decodes the document's hex SHA-256, or computes it from Raw when
// the reader left it empty. ok is false when neither is available, so the
// document can never be a tier-A duplicate.
func contentHash(hexHash string, raw []byte) (sum [sha256.Size]byte, ok bool) {
	if len(hexHash) == 2*sha256.Size {
		if _, err := hex.Decode(sum[:], []byte(hexHash)); err == nil {
			return sum, true
		}
	}
	if hexHash != "" {
		// Not a SHA-256 (another reader's scheme): hash the string itself so
		// equal hashes still compare equal.
		return sha256.Sum256([]byte(hexHash)), true
	}
	if raw != nil {
		if s, err := canonjson.Sum(raw); err == nil {
			return s, true
		}
		return sha256.Sum256(raw), true
	}
	return sum, false
}

// canonicalTitle folds case and collapses whitespace, so "Capturing audio from
// built-In microphones" and "Capturing audio from built-in microphones " match.
func canonicalTitle(title string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(title), unicode.IsSpace), " ")
}

func titleHash(title string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(canonicalTitle(title)))
	return h.Sum64()
}
