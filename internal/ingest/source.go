package ingest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/door"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/corpus"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/progress"
	"github.com/cupertino-go/cupertino/internal/safefile"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// One source's ingest: its files parsed by the worker pool, put back in
// input order, judged by the door and written by the builder.

// parsed is one worker's output for one file.
type parsed struct {
	seq  int
	file fileStat
	doc  *document.Document
	raw  []byte
	err  error
	// derived marks a page read from the same file as another (Document.Derived).
	derived bool
}

func ingestSource(ctx context.Context, opts Options, p *plan, gate *door.Door, audit *door.AuditWriter, b *index.Builder) error {
	for _, skip := range p.skipped {
		r := parsed{file: fileStat{path: skip.Path}, err: fmt.Errorf("%w: %s", door.ErrNotRead, skip.Reason)}
		if err := judgeAndWrite(r, p, gate, audit, nil); err != nil {
			return err
		}
	}
	bar := progress.New(progressWriter(opts), opts.TTY, "save "+p.spec.Kind, len(p.files))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	jobs := make(chan int, opts.Workers*4)
	results := make(chan parsed, opts.Workers*4)
	var wg sync.WaitGroup
	for w := 0; w < opts.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				r := parseOne(p.src, p.files[i], opts.MaxFileBytes)
				r.seq = i
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	// The feeder stops handing out work once it is this far ahead of the
	// writer, which bounds memory to a window of parsed pages.
	window := make(chan struct{}, opts.Workers*16)
	go func() {
		defer close(jobs)
		for i := range p.files {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	pending := map[int]parsed{}
	next := 0
	for r := range results {
		pending[r.seq] = r
		for {
			cur, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-window
			if err := judgeAndWrite(cur, p, gate, audit, b); err != nil {
				cancel()
				return err
			}
			bar.Add(1, "")
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if next != len(p.files) {
		return fmt.Errorf("ingest %s: %d of %d files processed", p.spec.Kind, next, len(p.files))
	}
	if err := auditRefusedSideReads(p, gate, audit); err != nil {
		return err
	}
	if err := recoverPlaceholders(p, gate, audit, b); err != nil {
		return err
	}
	bar.Done()
	return nil
}

// auditRefusedSideReads gives an audit line to each file the source's
// readers refused to read beside the walk (a package's .package.json that
// is a link, a sample's README that is a FIFO), unless the file has its
// own line already: one the walk skipped, or one it listed and the
// pipeline judged (a Swift source over the cap). The list is sorted, so
// the lines do not depend on which worker asked first.
func auditRefusedSideReads(p *plan, gate *door.Door, audit *door.AuditWriter) error {
	judged := map[string]bool{}
	for _, s := range p.skipped {
		judged[s.Path] = true
	}
	for _, f := range p.files {
		judged[f.path] = true
	}
	for _, r := range p.src.Refused() {
		if judged[r.Path] {
			continue
		}
		p.summary.NotRead++
		side := parsed{file: fileStat{path: r.Path}, err: fmt.Errorf("%w: %s (read beside the walk)", door.ErrNotRead, r.Reason)}
		if err := judgeAndWrite(side, p, gate, audit, nil); err != nil {
			return err
		}
	}
	return nil
}

func parseOne(src corpus.Source, f fileStat, maxBytes int64) parsed {
	r := parsed{file: f}
	raw, err := readCapped(f.path, maxBytes)
	if err != nil {
		r.err = err
		return r
	}
	// The door reads raw bytes only for JSON inputs (empty-file and
	// malformed-JSON verdicts); Markdown errors are reported as parse errors.
	if strings.HasSuffix(f.path, ".json") {
		r.raw = raw
	}
	doc, err := src.Parse(f.path, raw)
	if errors.Is(err, corpus.ErrNotADocument) || errors.Is(err, corpus.ErrFiltered) {
		err = fmt.Errorf("%w: %w", door.ErrDeclined, err)
	}
	if err != nil {
		r.err = err
		return r
	}
	for _, d := range append([]*document.Document{doc}, doc.Derived...) {
		d.SourceFile = f.path
		// A reader that read the declarations itself (a sample's or a
		// package's source file) leaves a non-nil list.
		if d.Symbols == nil {
			d.Symbols = swiftsym.FromDocument(d)
		}
	}
	r.doc = doc
	return r
}

// readCapped reads a file of at most maxBytes through safefile, as every
// reader reads: the walk listed a regular file, but it may have become a
// link or a FIFO since, or grown; the read refuses the first two without
// blocking and stops at the cap, so no input can make a worker hold more.
func readCapped(path string, maxBytes int64) ([]byte, error) {
	raw, err := safefile.ReadFile(path, maxBytes)
	var big *safefile.TooLargeError
	switch {
	case errors.As(err, &big):
		return nil, tooLarge(big.Size, maxBytes)
	case safefile.Refusal(err) != "":
		return nil, fmt.Errorf("%w: %s", door.ErrNotRead, safefile.Refusal(err))
	case err != nil:
		return nil, fmt.Errorf("read: %w", err)
	}
	return raw, nil
}

func tooLarge(size, maxBytes int64) error {
	return fmt.Errorf("%w: %.1f MiB, over the %.0f MiB cap (save --max-file-mib)", door.ErrTooLarge,
		float64(size)/(1<<20), float64(maxBytes)/(1<<20))
}

func judgeAndWrite(r parsed, p *plan, gate *door.Door, audit *door.AuditWriter, b *index.Builder) error {
	if err := judgeAndWriteOne(r, p, gate, audit, b); err != nil {
		return err
	}
	if r.doc == nil {
		return nil
	}
	// Pages derived from the file (a package file's symbol pages, a
	// project page read from a project's first file) pass the door like
	// any page; the manifest row stays the file's own.
	for _, d := range r.doc.Derived {
		derived := parsed{file: r.file, doc: d, derived: true}
		if err := judgeAndWriteOne(derived, p, gate, audit, b); err != nil {
			return err
		}
	}
	return nil
}

func judgeAndWriteOne(r parsed, p *plan, gate *door.Door, audit *door.AuditWriter, b *index.Builder) error {
	dec := gate.Judge(door.Input{SourceFile: r.file.path, Doc: r.doc, ParseErr: r.err, Raw: r.raw})
	p.holdPlaceholder(r, dec)
	if audit != nil {
		if err := audit.Write(r.file.path, docURI(r.doc), dec); err != nil {
			return fmt.Errorf("write audit log: %w", err)
		}
	}
	if b == nil {
		if dec.Insert {
			p.summary.Indexed++
		}
		if dec.Replace {
			p.summary.Replaced++
		}
		return nil
	}
	switch {
	case dec.Insert:
		if err := b.Put(r.doc); err != nil {
			return fmt.Errorf("index %s: %w", r.file.path, err)
		}
		p.summary.Indexed++
	case dec.Replace:
		if _, err := b.Replace(r.doc); err != nil {
			return fmt.Errorf("index %s: %w", r.file.path, err)
		}
		p.summary.Replaced++
		// The displaced file's manifest row said indexed; now it is the
		// tier-B duplicate of this one.
		if old, ok := p.lookup(dec.Replaced); ok && !r.derived {
			if err := b.PutSourceFile(index.SourceFile{Path: old.path, Source: p.spec.Kind, Size: old.size,
				MtimeNS: old.mtimeNS, State: string(door.BenignDupTierB), URI: r.doc.URI}); err != nil {
				return fmt.Errorf("write manifest: %w", err)
			}
		}
	}
	if r.derived {
		return nil
	}
	entry := index.SourceFile{
		Path: r.file.path, Source: p.spec.Kind, Size: r.file.size, MtimeNS: r.file.mtimeNS,
		State: string(dec.State), URI: docURI(r.doc),
	}
	if r.doc != nil {
		entry.ContentHash = r.doc.ContentHash
	}
	if err := b.PutSourceFile(entry); err != nil {
		return fmt.Errorf("write manifest: %w", err)
	}
	return nil
}

func docURI(d *document.Document) string {
	if d == nil {
		return ""
	}
	return d.URI
}
