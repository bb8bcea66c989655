package bundle

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/klauspost/compress/zstd"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/version"
)

// The compressor's settings are part of the bundle format: changing one
// changes every bundle's bytes. On the full index, SpeedBestCompression
// with a 32 MiB window packed the parts into 92.7 MB in 35 s; an 8 MiB
// window made 94.2 MB, the default level 111.0 MB in 21 s
// (docs/benchmarks.md). One goroutine keeps the output independent of the
// machine's core count. Unpacking holds the window in memory, so the
// decoder refuses windows above maxDecoderWindow.
const (
	encoderLevel     = zstd.SpeedBestCompression
	encoderWindow    = 32 << 20
	maxDecoderWindow = 64 << 20
)

func newEncoder(w io.Writer) (*zstd.Encoder, error) {
	return zstd.NewWriter(w,
		zstd.WithEncoderLevel(encoderLevel),
		zstd.WithWindowSize(encoderWindow),
		zstd.WithEncoderConcurrency(1),
		zstd.WithEncoderCRC(true),
		zstd.WithZeroFrames(false))
}

func newDecoder(r io.Reader) (*zstd.Decoder, error) {
	return zstd.NewReader(r, zstd.WithDecoderMaxWindow(maxDecoderWindow), zstd.WithDecoderConcurrency(2))
}

// PackOptions are the inputs of Pack.
type PackOptions struct {
	DBPath string // the committed index to pack
	OutDir string // receives manifest.json and the part files
	// MinBinaryVersion is the manifest's min_binary_version; "" means
	// DefaultMinBinaryVersion of BinaryVersion.
	MinBinaryVersion string
	BinaryVersion    string
	// Step is told each part's name as its packing starts.
	Step func(part string)
}

// Pack writes the bundle of the index at DBPath into OutDir: the shared
// part, the search part, a part per source, then manifest.json. Files of
// the same names are replaced; other files in OutDir are left alone.
func Pack(ctx context.Context, opts PackOptions) (*Manifest, error) {
	if opts.Step == nil {
		opts.Step = func(string) {}
	}
	if opts.MinBinaryVersion == "" {
		opts.MinBinaryVersion = DefaultMinBinaryVersion(opts.BinaryVersion)
	}
	m := &Manifest{BundleVersion: Version, SchemaVersion: index.SchemaVersion, MinBinaryVersion: opts.MinBinaryVersion}
	if _, err := version.Parse(m.MinBinaryVersion); err != nil {
		return nil, fmt.Errorf("pack: min binary version: %w", err)
	}
	st, err := index.Open(opts.DBPath)
	if err != nil {
		return nil, fmt.Errorf("pack: %w", err)
	}
	meta, err := st.Meta(ctx)
	if err == nil {
		m.Documents, err = st.Sources(ctx)
	}
	st.Close()
	if err != nil {
		return nil, fmt.Errorf("pack: %w", err)
	}
	m.CorpusDate = meta[index.MetaBuiltAt]
	if err := os.MkdirAll(opts.OutDir, 0o755); err != nil {
		return nil, fmt.Errorf("pack: %w", err)
	}
	var sources []string
	for s := range m.Documents {
		sources = append(sources, s)
	}
	names := append([]string{index.PartShared, index.PartSearch}, sortSources(sources)...)
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		opts.Step(name)
		p, err := packPart(ctx, opts.DBPath, opts.OutDir, name)
		if err != nil {
			return nil, fmt.Errorf("pack %s: %w", name, err)
		}
		if p.Kind == index.PartSource && p.Documents != m.Documents[name] {
			return nil, fmt.Errorf("pack %s: %d documents in the part, %d in the index", name, p.Documents, m.Documents[name])
		}
		m.Parts = append(m.Parts, p)
	}
	if err := m.validate(); err != nil {
		return nil, fmt.Errorf("pack: %w", err)
	}
	if err := writeFileAtomic(filepath.Join(opts.OutDir, ManifestFile), m.encode()); err != nil {
		return nil, fmt.Errorf("pack: %w", err)
	}
	return m, nil
}

// PartFile is the bundle file name of a part.
func PartFile(name string) string { return name + ".sqlite.zst" }

// packPart exports one part to a temporary SQLite file and compresses it.
func packPart(ctx context.Context, dbPath, outDir, name string) (Part, error) {
	kind, src := name, ""
	if name != index.PartShared && name != index.PartSearch {
		kind, src = index.PartSource, name
	}
	tmp := filepath.Join(outDir, "."+name+".part.db")
	defer os.Remove(tmp)
	info, err := index.ExportPart(ctx, dbPath, kind, src, tmp)
	if err != nil {
		return Part{}, err
	}
	p := Part{Name: name, Kind: kind, File: PartFile(name), Documents: info.Documents[src]}
	in, err := os.Open(tmp)
	if err != nil {
		return p, err
	}
	defer in.Close()
	out := filepath.Join(outDir, p.File)
	f, err := os.Create(out + ".tmp")
	if err != nil {
		return p, err
	}
	defer os.Remove(out + ".tmp")
	h := sha256.New()
	counted := &countingWriter{w: io.MultiWriter(f, h)}
	enc, err := newEncoder(counted)
	if err == nil {
		p.UnpackedSize, err = io.Copy(enc, in)
		if cerr := enc.Close(); err == nil {
			err = cerr
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return p, fmt.Errorf("compress: %w", err)
	}
	p.Size, p.SHA256 = counted.n, hex.EncodeToString(h.Sum(nil))
	return p, os.Rename(out+".tmp", out)
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// writeFileAtomic writes data to path through a temporary file and a rename.
func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp" + strconv.Itoa(os.Getpid())
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// hashFile returns the hex SHA-256 and the size of the file at path.
func hashFile(path string) (string, int64, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", 0, fmt.Errorf("%w: %s", ErrNotFound, path)
	}
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}
