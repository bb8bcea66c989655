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
	"github.com/cupertino-go/cupertino/internal/safefile"
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
const PipelineVersion = "4"

// metaPipelineVersion is the meta key holding PipelineVersion.
const metaPipelineVersion = "pipeline_version"

// DefaultMaxFileBytes caps one input file (corpus.DefaultMaxFileBytes).
// Larger files are audited as too large and never read.
const DefaultMaxFileBytes = corpus.DefaultMaxFileBytes

// Options configure one save.
type Options struct {
	DBPath string
	// AuditPath is where the audit log is installed, beside the index and
	// with it: it is written to AuditPath+".in-flight" and renamed only
	// after the index commits, so a failed, killed or dry run leaves the
	// previous log whole. A dry run writes none.
	AuditPath string
	Sources   []SourceSpec
	// Clear rebuilds every source from scratch, ignoring the manifest.
	Clear bool
	// DryRun reads and judges everything but writes no index.
	DryRun  bool
	Workers int // 0 means runtime.NumCPU()
	// MaxFileBytes caps one input file; 0 means DefaultMaxFileBytes.
	MaxFileBytes int64
	// ConfirmRemove is asked before the documents of a source whose folder
	// is now missing or empty are removed from the index; nil or false
	// keeps them (Clear removes them without asking). A docs folder on an
	// unmounted disk must not silently empty the index.
	ConfirmRemove func(kind string, documents int, why string) bool
	Corpus        corpus.Options
	Build         index.BuildOptions
	// Progress receives progress lines (stderr); nil means none.
	Progress io.Writer
	TTY      bool
	// Finish runs on the builder after every source is written and before
	// the commit: the enrich passes.
	Finish func(ctx context.Context, b *index.Builder) error
	Logger *slog.Logger
	// FetchedAt dates each source's content for the index's freshness
	// record (MetaSourceFreshness); nil dates every source by its newest
	// file.
	FetchedAt FetchedAtFunc
}

// SourceSummary counts what happened to one source's files.
type SourceSummary struct {
	Kind     string
	Root     string
	Files    int
	NotRead  int // links, FIFOs and unreadable folders seen but not read
	Indexed  int // rows written (first sightings)
	Replaced int // tier B: a richer variant replaced the kept row
	// Recovered counts placeholder-title rejects indexed after all (see
	// recover.go).
	Recovered int
	Skipped   bool
	Reason    string        // why it was skipped ("not found", "unchanged", "… kept N documents")
	Elapsed   time.Duration // time spent on this source
}

// Summary is the result of a save, for the person who ran it.
type Summary struct {
	Sources    []*SourceSummary
	Door       door.Stats
	Collisions int
	UpToDate   bool
	// FreshnessOnly: no file changed, but the fetch dates did, and the
	// index now records them (nothing else was rewritten).
	FreshnessOnly bool
	DryRun        bool
	// Installed is true when this save renamed a new index into place. When
	// false, DBSize and Documents describe the index left as it was.
	Installed bool
	DBPath    string
	DBSize    int64
	AuditPath string
	Elapsed   time.Duration
	Documents int // rows in the index after the save
	// Wholes counts, for the sources whose pages are parts of wholes, the
	// wholes in the index after the save: sample projects, WWDC sessions,
	// packages, by source.
	Wholes map[string]int
}

// Run executes one save. Everything from reading the previous manifest to
// installing the new index happens under the index's save lock.
func Run(ctx context.Context, opts Options) (sum *Summary, err error) {
	start := time.Now()
	if opts.Workers <= 0 {
		opts.Workers = runtime.NumCPU()
	}
	if opts.MaxFileBytes <= 0 {
		opts.MaxFileBytes = DefaultMaxFileBytes
	}
	// The readers' own reads beside the walk keep to the same cap.
	opts.Corpus.MaxFileBytes = opts.MaxFileBytes
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	sum = &Summary{DBPath: opts.DBPath, AuditPath: opts.AuditPath, DryRun: opts.DryRun}
	if opts.DryRun {
		sum.AuditPath = ""
	}
	defer func() {
		if err != nil && !sum.Installed {
			// The previous index, if any, is what serves: describe it.
			finishSummary(ctx, sum, start)
		}
	}()
	if !opts.DryRun {
		lock, err := index.LockForSave(opts.DBPath)
		if err != nil {
			return sum, err
		}
		defer lock.Release()
		opts.Build.Lock = lock
	}

	plans, err := planSources(ctx, opts, sum)
	if err != nil {
		return sum, err
	}
	if len(plans) == 0 {
		return sum, fmt.Errorf("%w: checked %s", ErrNoSources, describeRoots(opts.Sources))
	}

	prev := readPrevious(ctx, opts.DBPath)
	if prev.manifest != nil && !opts.Clear && !prev.samePipeline {
		opts.Logger.Info("index was saved by another pipeline version: rebuilding every source", "want", PipelineVersion)
		prev.manifest = nil
	}
	changed := changedSources(plans, prev.manifest, opts.Clear)
	dropped := droppedSources(plans, prev.manifest)
	if prev.manifest != nil && !opts.Clear {
		dropped = keepVanishedSources(opts, sum, plans, prev, changed, dropped)
	}
	fresh := freshness(ctx, opts, plans, prev, dropped)
	if len(changed) == 0 && len(dropped) == 0 && !opts.DryRun {
		for _, p := range plans {
			if !p.summary.Skipped {
				p.summary.Skipped, p.summary.Reason = true, "unchanged"
			}
		}
		sum.UpToDate = true
		// A fetch that found every page unchanged still makes the index
		// that recent: record its date without rebuilding anything.
		if prev.manifest != nil && !sameFreshness(fresh, prev.freshness) {
			value, err := index.EncodeSourceFreshness(fresh)
			if err != nil {
				return sum, err
			}
			if err := index.RewriteMeta(ctx, opts.DBPath, opts.Build.Lock, map[string]string{index.MetaSourceFreshness: value}); err != nil {
				return sum, fmt.Errorf("record fetch dates: %w", err)
			}
			sum.FreshnessOnly = true
		}
		finishSummary(ctx, sum, start)
		return sum, nil
	}

	var b *index.Builder
	if !opts.DryRun {
		if opts.Build.MinFreeBytes == 0 {
			opts.Build.MinFreeBytes = index.EstimateFreeBytes(inputBytes(plans), fileSize(opts.DBPath))
		}
		incremental := prev.manifest != nil && !opts.Clear
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
			for _, kind := range dropped {
				if _, err := b.DeleteSource(kind); err != nil {
					return sum, fmt.Errorf("drop source %s: %w", kind, err)
				}
			}
		}
	}

	var audit *door.AuditWriter
	auditInFlight := opts.AuditPath + ".in-flight"
	if opts.AuditPath != "" && !opts.DryRun {
		audit, err = door.NewAuditWriter(auditInFlight)
		if err != nil {
			return sum, fmt.Errorf("open audit log: %w", err)
		}
		defer func() {
			if audit != nil {
				audit.Close()
				os.Remove(auditInFlight)
			}
		}()
	}

	gate := door.New()
	for _, p := range plans {
		if _, ok := changed[p.spec.Kind]; !ok && !opts.DryRun {
			if !p.summary.Skipped {
				p.summary.Skipped, p.summary.Reason = true, "unchanged"
			}
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
		value, err := index.EncodeSourceFreshness(fresh)
		if err != nil {
			return sum, err
		}
		if err := b.SetMeta(index.MetaSourceFreshness, value); err != nil {
			return sum, err
		}
		// The audit log is made durable before the index is installed, and
		// renamed right after: a crash between the two leaves the previous
		// log beside the new index, never a truncated one.
		if audit != nil {
			err := audit.Close()
			if err != nil {
				return sum, fmt.Errorf("close audit log: %w", err)
			}
		}
		if err := b.Commit(ctx); err != nil {
			return sum, fmt.Errorf("commit index: %w", err)
		}
		sum.Installed = true
		if audit != nil {
			audit = nil
			if err := os.Rename(auditInFlight, opts.AuditPath); err != nil {
				return sum, fmt.Errorf("install audit log: %w", err)
			}
		}
	}
	finishSummary(ctx, sum, start)
	if sum.Collisions > 0 {
		return sum, fmt.Errorf("%w: %d (see %s)", ErrCollisions, sum.Collisions, opts.AuditPath)
	}
	return sum, nil
}

// keepVanishedSources handles sources the previous index holds documents
// for whose folder is now missing or empty: each is removed only when
// ConfirmRemove says so, and kept otherwise (its rows and manifest stay, so
// a later save with the folder back sees it unchanged). It returns the
// dropped sources that may go.
func keepVanishedSources(opts Options, sum *Summary, plans []*plan, prev previous, changed map[string]struct{}, dropped []string) []string {
	confirm := func(kind, why string) bool {
		return opts.ConfirmRemove != nil && opts.ConfirmRemove(kind, prev.documents[kind], why)
	}
	kept := func(s *SourceSummary, why string) {
		s.Skipped = true
		s.Reason = fmt.Sprintf("%s: kept %d documents from the last save (--clear removes them)", why, prev.documents[s.Kind])
	}
	for _, p := range plans {
		if len(p.files) == 0 && prev.documents[p.spec.Kind] > 0 {
			if confirm(p.spec.Kind, "folder is empty") {
				continue
			}
			delete(changed, p.spec.Kind)
			kept(p.summary, "folder is empty")
		}
	}
	var allowed []string
	for _, kind := range dropped {
		if prev.documents[kind] == 0 || confirm(kind, "folder not found") {
			allowed = append(allowed, kind)
			continue
		}
		for _, s := range sum.Sources {
			if s.Kind == kind {
				kept(s, "folder not found")
			}
		}
	}
	return allowed
}

func inputBytes(plans []*plan) int64 {
	var n int64
	for _, p := range plans {
		for _, f := range p.files {
			n += f.size
		}
	}
	return n
}

func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// plan is one source ready to ingest: its files and their stat results.
type plan struct {
	spec    SourceSpec
	src     corpus.Source
	files   []fileStat
	skipped []corpus.Skip
	byPath  map[string]int
	// placeholders are the placeholder-title rejects held for recovery.
	placeholders []placeholderReject
	summary      *SourceSummary
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
		listed, err := src.Files(ctx)
		if errors.Is(err, corpus.ErrMissingSource) {
			s.Skipped, s.Reason = true, "not found"
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", spec.Kind, err)
		}
		files, vanished := statAll(listed.Files)
		s.Files = len(files)
		s.NotRead = len(listed.Skipped) + len(vanished)
		plans = append(plans, &plan{spec: spec, src: src, files: files, skipped: append(listed.Skipped, vanished...), summary: s})
	}
	return plans, nil
}

// statAll stats the listed files, without following links. One that
// vanished, cannot be examined or is no longer a regular file since the
// walk is reported, not fatal.
func statAll(paths []string) ([]fileStat, []corpus.Skip) {
	files := make([]fileStat, 0, len(paths))
	var skipped []corpus.Skip
	for _, p := range paths {
		fi, err := os.Lstat(p)
		if err != nil {
			skipped = append(skipped, corpus.Skip{Path: p, Reason: fmt.Sprintf("%s: %v", corpus.SkipUnreadableFile, err)})
			continue
		}
		if !fi.Mode().IsRegular() {
			skipped = append(skipped, corpus.Skip{Path: p, Reason: fmt.Sprintf("%s (%s)", corpus.SkipNotRegular, safefile.Describe(fi.Mode()))})
			continue
		}
		files = append(files, fileStat{path: p, size: fi.Size(), mtimeNS: fi.ModTime().UnixNano()})
	}
	return files, skipped
}

func describeRoots(specs []SourceSpec) string {
	var parts []string
	for _, s := range specs {
		parts = append(parts, s.Kind+"="+s.Root)
	}
	return strings.Join(parts, ", ")
}

// previous is what a save needs of the index it replaces.
type previous struct {
	manifest     map[string]index.SourceFile // nil: no usable previous index
	documents    map[string]int              // documents per source
	samePipeline bool                        // saved by this PipelineVersion
	freshness    map[string]index.SourceFreshness
}

// readPrevious reads the index at dbPath. A missing or unreadable one (an
// old schema) gives an empty previous: the save then rebuilds.
func readPrevious(ctx context.Context, dbPath string) previous {
	var prev previous
	st, err := index.Open(dbPath)
	if err != nil {
		return prev
	}
	defer st.Close()
	manifest, err := st.Manifest(ctx)
	if err != nil {
		return prev
	}
	prev.manifest = manifest
	prev.documents, _ = st.Sources(ctx)
	meta, err := st.Meta(ctx)
	prev.samePipeline = err == nil && meta[metaPipelineVersion] == PipelineVersion
	// A damaged record is recorded afresh.
	prev.freshness, _ = index.DecodeSourceFreshness(meta[index.MetaSourceFreshness])
	return prev
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
			if wholes, err := st.WholeCounts(ctx); err == nil && len(wholes) > 0 {
				sum.Wholes = wholes
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

func progressWriter(opts Options) io.Writer {
	if opts.Progress == nil {
		return io.Discard
	}
	return opts.Progress
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
