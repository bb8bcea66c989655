package ingest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/corpus"
	"github.com/cupertino-go/cupertino/internal/safefile"
)

// The plan of a save: which sources' files to read, stated once, and what
// the previous index says changed since.

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
