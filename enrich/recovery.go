package enrich

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/door"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/corpus"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// reject is one placeholder-title rejection to recover.
type reject struct {
	file   string
	uri    string
	source string // document.Source*, from the manifest or the URI scheme
}

// runRecovery re-inserts the pages the door rejected for a placeholder title
// ("Error", "Documentation", no title), with a title derived from the URL
// leaf and docs.is_recovered = 1 so the ranker can put them below normal
// pages. The door rejects such pages only when they are thin, so they are
// rare; the real corpus has none. The rejects come from the audit log when
// Options.AuditLog is set, else from the manifest (source_files rows in
// state "rejected", re-judged to keep the placeholder class only). A URI
// that a real page holds is never overwritten; a page recovered before is
// rewritten only when its file changed.
func runRecovery(ctx context.Context, e *env) (int64, string, error) {
	rejects, from, err := placeholderRejects(ctx, e)
	if err != nil {
		return 0, "", err
	}
	if len(rejects) == 0 {
		return 0, fmt.Sprintf("0 placeholder rejects in %s", from), nil
	}
	var changed int64
	var recovered, indexed, unreadable, unchanged int
	for _, r := range rejects {
		doc, err := parseReject(r)
		if err != nil {
			e.log.Warn("recovery: cannot re-read reject", "file", r.file, "err", err)
			unreadable++
			continue
		}
		var id int64
		var isRecovered int
		var hash, title string
		err = e.tx.QueryRowContext(ctx, "SELECT id, is_recovered, content_hash, title FROM docs WHERE uri = ?", doc.URI).Scan(&id, &isRecovered, &hash, &title)
		switch {
		case err == nil && isRecovered == 0:
			indexed++
			continue
		case err == nil && hash == doc.ContentHash && title == doc.Title:
			unchanged++
			recovered++
			continue
		case err != nil && !errors.Is(err, sql.ErrNoRows):
			return 0, "", fmt.Errorf("look up %s: %w", doc.URI, err)
		}
		id, _, err = index.WriteDocument(ctx, e.tx, doc)
		if err != nil {
			return 0, "", fmt.Errorf("recover %s: %w", doc.URI, err)
		}
		if _, err := e.tx.ExecContext(ctx, "UPDATE docs SET is_recovered = 1 WHERE id = ?", id); err != nil {
			return 0, "", fmt.Errorf("recover %s: %w", doc.URI, err)
		}
		changed++
		recovered++
	}
	summary := fmt.Sprintf("%d placeholder rejects in %s: %d recovered (%d unchanged), %d already indexed, %d unreadable",
		len(rejects), from, recovered, unchanged, indexed, unreadable)
	return changed, summary, nil
}

// placeholderRejects lists the rejects to recover and names where they came
// from.
func placeholderRejects(ctx context.Context, e *env) ([]reject, string, error) {
	if path := e.opts.AuditLog; path != "" {
		entries, err := door.ReadAudit(path)
		if err != nil {
			return nil, "", err
		}
		// The last line for a file is its final state (see door.AuditWriter).
		final := map[string]door.AuditEntry{}
		var order []string
		for _, en := range entries {
			if _, ok := final[en.SourceFile]; !ok {
				order = append(order, en.SourceFile)
			}
			final[en.SourceFile] = en
		}
		var out []reject
		for _, f := range order {
			en := final[f]
			if en.State == door.Rejected && door.ReasonClass(en.RejectionReason) == door.ReasonPlaceholder {
				out = append(out, reject{file: en.SourceFile, uri: en.URI, source: schemeOf(en.URI)})
			}
		}
		return out, path, nil
	}
	rows, err := e.tx.QueryContext(ctx, "SELECT path, source, uri FROM source_files WHERE state = ? ORDER BY path", string(door.Rejected))
	if err != nil {
		return nil, "", fmt.Errorf("read manifest: %w", err)
	}
	var candidates []reject
	for rows.Next() {
		var r reject
		if err := rows.Scan(&r.file, &r.source, &r.uri); err != nil {
			rows.Close()
			return nil, "", fmt.Errorf("read manifest: %w", err)
		}
		candidates = append(candidates, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, "", fmt.Errorf("read manifest: %w", err)
	}
	// The manifest keeps the state, not the reason: judge again, alone, to
	// keep only placeholder rejects.
	var out []reject
	for _, r := range candidates {
		doc, raw, err := readReject(r)
		if err != nil {
			continue
		}
		dec := door.New().Judge(door.Input{SourceFile: r.file, Doc: doc, Raw: raw})
		if dec.State == door.Rejected && door.ReasonClass(dec.Reason) == door.ReasonPlaceholder {
			out = append(out, r)
		}
	}
	return out, "the manifest", nil
}

// readReject parses a rejected file as its source's reader does.
func readReject(r reject) (*document.Document, []byte, error) {
	raw, err := os.ReadFile(r.file)
	if err != nil {
		return nil, nil, err
	}
	source := r.source
	if source == "" {
		source = document.SourceAppleDocs
	}
	src, err := corpus.Open(source, filepath.Dir(r.file), corpus.Options{IncludeAllStatuses: true})
	if err != nil {
		return nil, nil, err
	}
	doc, err := src.Parse(r.file, raw)
	if err != nil {
		return nil, nil, err
	}
	return doc, raw, nil
}

// parseReject re-reads a reject and makes it indexable: URI, title from the
// URL leaf, source file and symbols.
func parseReject(r reject) (*document.Document, error) {
	doc, _, err := readReject(r)
	if err != nil {
		return nil, err
	}
	if doc.URI == "" {
		doc.URI = r.uri
	}
	if doc.URI == "" {
		return nil, errors.New("no URI")
	}
	doc.Title = recoveredTitle(doc.URI, r.file)
	doc.SourceFile = r.file
	doc.Symbols = swiftsym.FromDocument(doc)
	return doc, nil
}

func schemeOf(uri string) string {
	scheme, _, ok := strings.Cut(uri, "://")
	if !ok {
		return ""
	}
	return scheme
}

// recoveredTitle derives a readable title from the URI's last segment:
// the symbol name as the source file spells it ("apple-docs://combine/fail/error"
// from error.json -> "error"), or an article slug as words
// ("setting-up-healthkit" -> "Setting up healthkit").
func recoveredTitle(uri, sourceFile string) string {
	leaf := uri
	if _, rest, ok := strings.Cut(uri, "://"); ok {
		leaf = rest
	}
	if i := strings.LastIndexByte(strings.TrimRight(leaf, "/"), '/'); i >= 0 {
		leaf = leaf[i+1:]
	}
	leaf = strings.TrimRight(leaf, "/")
	if s, err := url.PathUnescape(leaf); err == nil {
		leaf = s
	}
	base := strings.TrimSuffix(filepath.Base(sourceFile), filepath.Ext(sourceFile))
	if strings.EqualFold(base, leaf) {
		leaf = base
	}
	if isSlug(leaf) {
		words := strings.ReplaceAll(leaf, "-", " ")
		r, size := utf8.DecodeRuneInString(words)
		return string(unicode.ToUpper(r)) + words[size:]
	}
	return leaf
}

// isSlug reports an article slug: lowercase words joined by '-', no symbol
// punctuation.
func isSlug(s string) bool {
	if !strings.Contains(s, "-") || strings.ContainsAny(s, "():_.") {
		return false
	}
	for _, r := range s {
		if unicode.IsUpper(r) {
			return false
		}
	}
	return true
}
