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
	"time"

	"github.com/cupertino-go/cupertino/door"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/corpus"
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

func progressWriter(opts Options) io.Writer {
	if opts.Progress == nil {
		return io.Discard
	}
	return opts.Progress
}
