// Package ingest is the save pipeline: every source's files are read and
// parsed by a pool of workers, put back in input order, judged by the door,
// logged to the audit log and written by the index builder.
//
//	walk (sorted) -> N parse workers (read, parse, hash, Markdown, symbols)
//	  -> reorder by sequence -> door -> audit JSONL -> index.Builder
//
// Order matters because the door's verdicts ("the first stays") must not
// depend on which worker finished first: two runs over the same corpus give
// the same index and the same audit log.
//
// Re-saving is incremental by source. The index keeps a manifest of every
// input file (path, size, mtime). When no source changed, save does nothing
// but say so. When some did, the previous index is copied to the in-flight
// file, the changed sources' rows are deleted and only those sources are read
// again; unchanged sources are not parsed at all. URIs never cross sources
// (each has its own scheme), so per-source dedup stays exact.
package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/cupertino-go/cupertino/door"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/corpus"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/progress"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

var (
	// ErrNoSources means none of the given source directories exists.
	ErrNoSources = errors.New("no source directory found")
	// ErrCollisions means the door recorded tier-C collisions: two different
	// pages claimed one URI. The index is still written; save exits non-zero.
	ErrCollisions = errors.New("tier-C URI collisions")
)

// SourceSpec names one source to index and where it lives.
type SourceSpec struct {
	Kind string // a document.Source* constant
	Root string
}

// PipelineVersion names what the readers and the symbol extraction produce.
// Bump it whenever a change would give an unchanged file a different row
// (a new Document field, a parser fix): an index saved by another version is
// rebuilt whole, because an incremental save never re-reads unchanged files.
const PipelineVersion = "3"

// metaPipelineVersion is the meta key holding PipelineVersion.
const metaPipelineVersion = "pipeline_version"

// Options configure one save.
type Options struct {
	DBPath    string
	AuditPath string
	Sources   []SourceSpec
	// Clear rebuilds every source from scratch, ignoring the manifest.
	Clear bool
	// DryRun reads and judges everything but writes no index.
	DryRun  bool
	Workers int // 0 means runtime.NumCPU()
	Corpus  corpus.Options
	Build   index.BuildOptions
	// Progress receives progress lines (stderr); nil means none.
	Progress io.Writer
	TTY      bool
	// Finish runs on the builder after every source is written and before
	// the commit: the enrich passes.
	Finish func(ctx context.Context, b *index.Builder) error
	Logger *slog.Logger
}

// SourceSummary counts what happened to one source's files.
type SourceSummary struct {
	Kind     string
	Root     string
	Files    int
	Indexed  int // rows written (first sightings)
	Replaced int // tier B: a richer variant replaced the kept row
	Skipped  bool
	Reason   string        // why it was skipped ("missing", "unchanged")
	Elapsed  time.Duration // time spent on this source
}

// Summary is the result of a save, for the person who ran it.
type Summary struct {
	Sources    []*SourceSummary
	Door       door.Stats
	Collisions int
	UpToDate   bool
	DryRun     bool
	DBPath     string
	DBSize     int64
	AuditPath  string
	Elapsed    time.Duration
	Documents  int // rows in the index after the save
}

// Run executes one save.
func Run(ctx context.Context, opts Options) (*Summary, error) {
	start := time.Now()
	if opts.Workers <= 0 {
		opts.Workers = runtime.NumCPU()
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	sum := &Summary{DBPath: opts.DBPath, AuditPath: opts.AuditPath, DryRun: opts.DryRun}

	plans, err := planSources(ctx, opts, sum)
	if err != nil {
		return sum, err
	}
	if len(plans) == 0 {
		return sum, fmt.Errorf("%w: checked %s", ErrNoSources, describeRoots(opts.Sources))
	}

	prev, _ := readManifest(ctx, opts.DBPath)
	if prev != nil && !opts.Clear && !samePipeline(ctx, opts.DBPath) {
		opts.Logger.Info("index was saved by another pipeline version: rebuilding every source", "want", PipelineVersion)
		prev = nil
	}
	changed := changedSources(plans, prev, opts.Clear)
	if len(changed) == 0 && !opts.DryRun {
		for _, p := range plans {
			p.summary.Skipped, p.summary.Reason = true, "unchanged"
		}
		sum.UpToDate = true
		finishSummary(ctx, sum, start)
		return sum, nil
	}

	var b *index.Builder
	if !opts.DryRun {
		incremental := prev != nil && !opts.Clear
		if incremental {
			b, err = index.CreateFrom(opts.DBPath, opts.DBPath, opts.Build)
		} else {
			b, err = index.Create(opts.DBPath, opts.Build)
		}
		if err != nil {
			return sum, err
		}
		defer b.Abort() // a no-op after Commit
		if incremental {
			for _, p := range plans {
				if _, ok := changed[p.spec.Kind]; ok {
					if _, err := b.DeleteSource(p.spec.Kind); err != nil {
						return sum, fmt.Errorf("clear source %s: %w", p.spec.Kind, err)
					}
				}
			}
			// Sources indexed before but not given or not found now are
			// removed, so the index always reflects this run's sources.
			for _, kind := range droppedSources(plans, prev) {
				if _, err := b.DeleteSource(kind); err != nil {
					return sum, fmt.Errorf("drop source %s: %w", kind, err)
				}
			}
		}
	}

	var audit *door.AuditWriter
	if opts.AuditPath != "" {
		audit, err = door.NewAuditWriter(opts.AuditPath)
		if err != nil {
			return sum, fmt.Errorf("open audit log: %w", err)
		}
		defer audit.Close()
	}

	gate := door.New()
	for _, p := range plans {
		if _, ok := changed[p.spec.Kind]; !ok && !opts.DryRun {
			p.summary.Skipped, p.summary.Reason = true, "unchanged"
			continue
		}
		t0 := time.Now()
		if err := ingestSource(ctx, opts, p, gate, audit, b); err != nil {
			return sum, err
		}
		p.summary.Elapsed = time.Since(t0)
	}
	sum.Door = gate.Stats()
	sum.Collisions = gate.Collisions()

	if b != nil {
		if opts.Finish != nil {
			if err := opts.Finish(ctx, b); err != nil {
				return sum, fmt.Errorf("enrich: %w", err)
			}
		}
		if err := b.SetMeta("saved_at", time.Now().UTC().Format(time.RFC3339)); err != nil {
			return sum, err
		}
		if err := b.SetMeta(metaPipelineVersion, PipelineVersion); err != nil {
			return sum, err
		}
		if err := b.Commit(ctx); err != nil {
			return sum, fmt.Errorf("commit index: %w", err)
		}
	}
	if audit != nil {
		if err := audit.Close(); err != nil {
			return sum, fmt.Errorf("close audit log: %w", err)
		}
	}
	finishSummary(ctx, sum, start)
	if sum.Collisions > 0 {
		return sum, fmt.Errorf("%w: %d (see %s)", ErrCollisions, sum.Collisions, opts.AuditPath)
	}
	return sum, nil
}

// plan is one source ready to ingest: its files and their stat results.
type plan struct {
	spec    SourceSpec
	src     corpus.Source
	files   []fileStat
	byPath  map[string]int
	summary *SourceSummary
}

// lookup finds a file of the plan by path. Only tier-B replacements need it,
// which are rare, so the index is built on first use.
func (p *plan) lookup(path string) (fileStat, bool) {
	if p.byPath == nil {
		p.byPath = make(map[string]int, len(p.files))
		for i, f := range p.files {
			p.byPath[f.path] = i
		}
	}
	i, ok := p.byPath[path]
	if !ok {
		return fileStat{}, false
	}
	return p.files[i], true
}

type fileStat struct {
	path    string
	size    int64
	mtimeNS int64
}

func planSources(ctx context.Context, opts Options, sum *Summary) ([]*plan, error) {
	var plans []*plan
	for _, spec := range opts.Sources {
		s := &SourceSummary{Kind: spec.Kind, Root: spec.Root}
		sum.Sources = append(sum.Sources, s)
		src, err := corpus.Open(spec.Kind, spec.Root, opts.Corpus)
		if errors.Is(err, corpus.ErrMissingSource) {
			s.Skipped, s.Reason = true, "not found"
			opts.Logger.Info("source not found, skipped", "source", spec.Kind, "dir", spec.Root)
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("open source %s: %w", spec.Kind, err)
		}
		paths, err := src.Files(ctx)
		if errors.Is(err, corpus.ErrMissingSource) {
			s.Skipped, s.Reason = true, "not found"
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", spec.Kind, err)
		}
		files, err := statAll(paths)
		if err != nil {
			return nil, err
		}
		s.Files = len(files)
		plans = append(plans, &plan{spec: spec, src: src, files: files, summary: s})
	}
	return plans, nil
}

func statAll(paths []string) ([]fileStat, error) {
	files := make([]fileStat, len(paths))
	for i, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("stat input: %w", err)
		}
		files[i] = fileStat{path: p, size: fi.Size(), mtimeNS: fi.ModTime().UnixNano()}
	}
	return files, nil
}

func describeRoots(specs []SourceSpec) string {
	var parts []string
	for _, s := range specs {
		parts = append(parts, s.Kind+"="+s.Root)
	}
	return strings.Join(parts, ", ")
}

// readManifest returns the previous index's manifest, or nil when there is
// no usable previous index (none, or an old schema: then we rebuild).
func readManifest(ctx context.Context, dbPath string) (map[string]index.SourceFile, error) {
	st, err := index.Open(dbPath)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	return st.Manifest(ctx)
}

// samePipeline reports whether the index at dbPath was saved by this
// PipelineVersion.
func samePipeline(ctx context.Context, dbPath string) bool {
	st, err := index.Open(dbPath)
	if err != nil {
		return false
	}
	defer st.Close()
	meta, err := st.Meta(ctx)
	return err == nil && meta[metaPipelineVersion] == PipelineVersion
}

// changedSources returns the kinds whose file set differs from the manifest.
func changedSources(plans []*plan, prev map[string]index.SourceFile, clear bool) map[string]struct{} {
	changed := map[string]struct{}{}
	prevCount := map[string]int{}
	for _, f := range prev {
		prevCount[f.Source]++
	}
	for _, p := range plans {
		if clear || prev == nil || prevCount[p.spec.Kind] != len(p.files) {
			changed[p.spec.Kind] = struct{}{}
			continue
		}
		for _, f := range p.files {
			m, ok := prev[f.path]
			if !ok || m.Source != p.spec.Kind || m.Size != f.size || m.MtimeNS != f.mtimeNS {
				changed[p.spec.Kind] = struct{}{}
				break
			}
		}
	}
	return changed
}

func droppedSources(plans []*plan, prev map[string]index.SourceFile) []string {
	present := map[string]bool{}
	for _, p := range plans {
		present[p.spec.Kind] = true
	}
	seen := map[string]bool{}
	var out []string
	for _, f := range prev {
		if !present[f.Source] && !seen[f.Source] {
			seen[f.Source] = true
			out = append(out, f.Source)
		}
	}
	sort.Strings(out)
	return out
}

func finishSummary(ctx context.Context, sum *Summary, start time.Time) {
	sum.Elapsed = time.Since(start)
	if sum.DryRun {
		return
	}
	if fi, err := os.Stat(sum.DBPath); err == nil {
		sum.DBSize = fi.Size()
	}
	if st, err := index.Open(sum.DBPath); err == nil {
		if counts, err := st.Sources(ctx); err == nil {
			for _, n := range counts {
				sum.Documents += n
			}
		}
		st.Close()
	}
}

// parsed is one worker's output for one file.
type parsed struct {
	seq  int
	file fileStat
	doc  *document.Document
	raw  []byte
	err  error
}

func ingestSource(ctx context.Context, opts Options, p *plan, gate *door.Door, audit *door.AuditWriter, b *index.Builder) error {
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
				r := parseOne(p.src, p.files[i])
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
	bar.Done()
	return nil
}

func progressWriter(opts Options) io.Writer {
	if opts.Progress == nil {
		return io.Discard
	}
	return opts.Progress
}

func parseOne(src corpus.Source, f fileStat) parsed {
	r := parsed{file: f}
	raw, err := os.ReadFile(f.path)
	if err != nil {
		r.err = fmt.Errorf("read: %w", err)
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
	doc.SourceFile = f.path
	doc.Symbols = swiftsym.FromDocument(doc)
	r.doc = doc
	return r
}

func judgeAndWrite(r parsed, p *plan, gate *door.Door, audit *door.AuditWriter, b *index.Builder) error {
	dec := gate.Judge(door.Input{SourceFile: r.file.path, Doc: r.doc, ParseErr: r.err, Raw: r.raw})
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
		if old, ok := p.lookup(dec.Replaced); ok {
			if err := b.PutSourceFile(index.SourceFile{Path: old.path, Source: p.spec.Kind, Size: old.size,
				MtimeNS: old.mtimeNS, State: string(door.BenignDupTierB), URI: r.doc.URI}); err != nil {
				return fmt.Errorf("write manifest: %w", err)
			}
		}
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
