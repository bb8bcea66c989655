package bundle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/progress"
	"github.com/cupertino-go/cupertino/internal/safefile"
)

// InstallOptions are the inputs of Install.
type InstallOptions struct {
	DBPath string // the index to install (replaced if there is one)
	// DownloadDir keeps downloads, partial ones as "<file>.part", and the
	// parts while they are unpacked.
	DownloadDir string
	Sources     []string // the sources to install; nil means all
	// BinaryVersion is this cupertino's version, checked against the
	// bundle's minimum.
	BinaryVersion string
	// KeepPrevious keeps the replaced index as index.PreviousPath.
	KeepPrevious bool
	FreeSpace    index.FreeSpaceFunc // nil: index.StatfsFreeSpace
	Progress     io.Writer           // progress lines; nil discards
	TTY          bool                // Progress is a terminal: redraw one line
	Logger       *slog.Logger
}

// InstallResult is what Install did.
type InstallResult struct {
	Sources    []string
	Documents  map[string]int
	Downloaded int64  // bytes fetched over the network by this run
	Previous   string // the kept previous index, "" if none
	Elapsed    time.Duration
}

// Install installs the bundle: it takes the save lock, checks free space,
// fetches every part it needs and checks every checksum, and only then
// unpacks them and has index.ImportParts build the new index beside the
// old one, with the installed manifest inside it, and rename it into place.
// Whatever fails before that rename leaves the previous index serving and
// nothing installed; downloads stay in DownloadDir for the next run.
func (r *Remote) Install(ctx context.Context, opts InstallOptions) (*InstallResult, error) {
	res, err := r.install(ctx, opts)
	return res, RedactError(err, r.addr)
}

func (r *Remote) install(ctx context.Context, opts InstallOptions) (*InstallResult, error) {
	start := time.Now()
	if opts.Progress == nil {
		opts.Progress = io.Discard
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	m := r.Manifest
	if err := m.Check(opts.BinaryVersion); err != nil {
		return nil, err
	}
	parts, err := m.Select(opts.Sources)
	if err != nil {
		return nil, err
	}
	lock, err := index.LockForSave(opts.DBPath)
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	if err := os.MkdirAll(opts.DownloadDir, 0o755); err != nil {
		return nil, fmt.Errorf("download folder: %w", err)
	}
	res := &InstallResult{Documents: map[string]int{}}
	expect := map[string]int{}
	var partSizes, partUnpacked []int64
	for _, p := range parts {
		partSizes, partUnpacked = append(partSizes, p.Size), append(partUnpacked, p.UnpackedSize)
		if p.Kind == index.PartSource {
			res.Sources = append(res.Sources, p.Name)
			expect[p.Name] = m.Documents[p.Name]
		}
	}
	sizes, err := sumSizes(partSizes...)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrManifest, err)
	}
	unpacked, err := sumSizes(partUnpacked...)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrManifest, err)
	}
	if err := r.checkFreeSpace(parts, opts, unpacked); err != nil {
		return nil, err
	}

	label := "download"
	if r.base == nil {
		label = "verify"
	}
	fetched := progress.NewBytes(opts.Progress, opts.TTY, label, int(sizes))
	var paths []string
	for _, p := range parts {
		path, err := r.fetch(ctx, p, opts.DownloadDir, func(n int64, network bool) {
			if network {
				res.Downloaded += n
			}
			fetched.Add(int(n), p.Name)
		})
		if err != nil {
			return nil, fmt.Errorf("part %s: %w", p.Name, err)
		}
		paths = append(paths, path)
	}
	fetched.Done()

	unpacking := progress.NewBytes(opts.Progress, opts.TTY, "unpack", int(unpacked))
	var files []string
	defer func() {
		for _, f := range files {
			os.Remove(f)
		}
	}()
	for i, p := range parts {
		out := filepath.Join(opts.DownloadDir, p.Name+".unpacked.db")
		if err := unpack(ctx, paths[i], out, p, func(n int) { unpacking.Add(n, p.Name) }); err != nil {
			return nil, fmt.Errorf("part %s: %w", p.Name, err)
		}
		files = append(files, out)
	}
	unpacking.Done()

	installed, err := json.MarshalIndent(Installed{Manifest: *m, Sources: res.Sources, From: r.From}, "", "  ")
	if err != nil {
		return nil, err
	}
	imported, err := index.ImportParts(ctx, opts.DBPath, files, index.ImportOptions{
		Lock:         lock,
		FreeSpace:    opts.FreeSpace,
		KeepPrevious: opts.KeepPrevious,
		Expect:       expect,
		Meta:         map[string]string{index.MetaBundleManifest: string(installed)},
		Step: func(step string) {
			fmt.Fprintf(opts.Progress, "install: %s (%s)\n", step, time.Since(start).Round(100*time.Millisecond))
		},
		Logger: opts.Logger,
	})
	if err != nil {
		return nil, err
	}
	// An earlier setup's manifest file describes the index replaced; the
	// new one carries its own.
	if removeStale(LegacyInstalledPath(opts.DBPath)) != nil {
		opts.Logger.Warn("the old installed manifest beside the index is no regular file: left alone", "path", LegacyInstalledPath(opts.DBPath))
	}
	res.Documents, res.Previous = imported.Documents, imported.Previous
	res.Elapsed = time.Since(start)
	return res, nil
}

// checkFreeSpace asks for room for what is still to download, the parts
// unpacked and the index built from them (smaller than its parts, whose
// page bodies are stored inflated), before anything is fetched.
func (r *Remote) checkFreeSpace(parts []Part, opts InstallOptions, unpacked int64) error {
	free := opts.FreeSpace
	if free == nil {
		free = index.StatfsFreeSpace
	}
	var download int64
	for _, p := range parts {
		if r.base != nil && verify(filepath.Join(opts.DownloadDir, downloadName(p)), p) != nil {
			download += max(p.Size-fileSize(filepath.Join(opts.DownloadDir, downloadName(p))+".part"), 0)
		}
	}
	// Install summed the parts without overflow; this sum must not wrap
	// either.
	total, err := sumSizes(download, unpacked, unpacked)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrManifest, err)
	}
	need := uint64(total)
	have, err := free(opts.DownloadDir)
	if err != nil {
		return fmt.Errorf("check free space: %w", err)
	}
	if have < need {
		return fmt.Errorf("%w: %s has %s free, setup needs %s (download %s, unpacked parts and the index %s)", index.ErrLowDisk,
			opts.DownloadDir, mib(int64(have)), mib(int64(need)), mib(download), mib(2*unpacked))
	}
	return nil
}

func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// unpack decompresses a verified part file into a new file out and checks
// its size; it removes what it wrote when it fails.
func unpack(ctx context.Context, path, out string, p Part, progress func(int)) (err error) {
	in, _, err := openPart(path)
	if err != nil {
		return err
	}
	defer in.Close()
	dec, err := newDecoder(in)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrChecksum, err)
	}
	defer dec.Close()
	f, err := createFresh(out)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(out)
		}
	}()
	// At most the declared size reaches the disk: a byte more ends the
	// copy with errTooBig before it is written.
	bounded := &boundedWriter{w: writer{f}, left: p.UnpackedSize}
	n, err := io.Copy(bounded, io.TeeReader(safefile.Reader(ctx, dec), countFunc(progress)))
	if cerr := f.Close(); err == nil && cerr != nil {
		err = writeError{cerr}
	}
	var werr writeError
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, errTooBig):
		return fmt.Errorf("%w: %s unpacks to more than the %d bytes the manifest lists: stopped there", ErrChecksum, p.File, p.UnpackedSize)
	case errors.As(err, &werr) && isDiskFull(werr.err):
		return fmt.Errorf("%w: unpacking %s: %v", index.ErrLowDisk, p.File, werr.err)
	case errors.As(err, &werr):
		return fmt.Errorf("unpack %s: %w", p.File, werr.err)
	case err != nil:
		return fmt.Errorf("%w: %s does not unpack: %v", ErrChecksum, p.File, err)
	case n != p.UnpackedSize:
		return fmt.Errorf("%w: %s unpacks to %d bytes, the manifest lists %d", ErrChecksum, p.File, n, p.UnpackedSize)
	}
	return nil
}

// errTooBig ends an unpack that brings more than the part declared.
var errTooBig = errors.New("more bytes than declared")

// boundedWriter passes on at most left bytes; a write past them writes
// nothing and fails with errTooBig.
type boundedWriter struct {
	w    io.Writer
	left int64
}

func (b *boundedWriter) Write(p []byte) (int, error) {
	if int64(len(p)) > b.left {
		return 0, errTooBig
	}
	n, err := b.w.Write(p)
	b.left -= int64(n)
	return n, err
}

// writer marks its errors as the disk's, so that unpack tells them from
// the decoder's.
type writer struct{ w io.Writer }

type writeError struct{ err error }

func (e writeError) Error() string { return e.err.Error() }

func (w writer) Write(p []byte) (int, error) {
	n, err := w.w.Write(p)
	if err != nil {
		err = writeError{err}
	}
	return n, err
}

type countFunc func(int)

func (f countFunc) Write(p []byte) (int, error) {
	f(len(p))
	return len(p), nil
}

// Downloads lists the files in a download folder (finished and partial
// downloads, parts being unpacked), for cleanup. A missing folder has none.
func Downloads(dir string) ([]index.Leftover, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []index.Leftover
	for _, e := range entries {
		if fi, err := e.Info(); err == nil && fi.Mode().IsRegular() {
			out = append(out, index.Leftover{Path: filepath.Join(dir, e.Name()), Size: fi.Size()})
		}
	}
	return out, nil
}
