package bundle

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/internal/version"
)

// Manifest is manifest.json: what a bundle holds and who can read it.
type Manifest struct {
	BundleVersion int `json:"bundle_version"`
	SchemaVersion int `json:"schema_version"`
	// CorpusDate is when the bundled index was built (its meta built_at).
	CorpusDate string `json:"corpus_date"`
	// MinBinaryVersion is the oldest cupertino release that reads the
	// bundle; setup refuses to install it into an older one.
	MinBinaryVersion string `json:"min_binary_version"`
	// Documents counts the bundled documents per source.
	Documents map[string]int `json:"documents"`
	Parts     []Part         `json:"parts"`
}

// Part is one file of a bundle.
type Part struct {
	Name string `json:"name"` // "shared", "search" or a source ID
	Kind string `json:"kind"` // index.PartShared, PartSearch or PartSource
	File string `json:"file"` // the compressed file, beside the manifest
	// SHA256 is the hex SHA-256 of File's bytes as downloaded.
	SHA256       string `json:"sha256"`
	Size         int64  `json:"size"`          // compressed bytes
	UnpackedSize int64  `json:"unpacked_size"` // bytes of the SQLite part file
	Documents    int    `json:"documents,omitempty"`
}

// encode is the manifest's one byte form: indented JSON with sorted map
// keys and a final newline.
func (m *Manifest) encode() []byte {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		panic(fmt.Sprintf("bundle: encode manifest: %v", err)) // plain structs cannot fail
	}
	return append(data, '\n')
}

// ParseManifest reads and checks a manifest's shape (not its
// compatibility: see Check).
func ParseManifest(data []byte) (*Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrManifest, err)
	}
	if err := m.validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrManifest, err)
	}
	return &m, nil
}

func (m *Manifest) validate() error {
	if m.BundleVersion <= 0 || m.SchemaVersion <= 0 {
		return errors.New("no bundle or schema version")
	}
	seen := map[string]bool{}
	kinds := map[string]int{}
	for _, p := range m.Parts {
		switch {
		case p.Name == "" || seen[p.Name]:
			return fmt.Errorf("part name %q is empty or repeated", p.Name)
		case p.Kind != index.PartShared && p.Kind != index.PartSearch && p.Kind != index.PartSource:
			return fmt.Errorf("part %s has unknown kind %q", p.Name, p.Kind)
		case p.Kind != index.PartSource && p.Name != p.Kind:
			return fmt.Errorf("part %s of kind %s", p.Name, p.Kind)
		// A file name is joined to a download folder: no paths, no dot files.
		case p.File == "" || p.File != path.Base(p.File) || strings.ContainsAny(p.File, `/\`) || strings.HasPrefix(p.File, "."):
			return fmt.Errorf("part %s has a bad file name %q", p.Name, p.File)
		case len(p.SHA256) != 64 || !isHex(p.SHA256):
			return fmt.Errorf("part %s has a bad sha256 %q", p.Name, p.SHA256)
		case p.Size <= 0 || p.UnpackedSize <= 0:
			return fmt.Errorf("part %s has no size", p.Name)
		case p.Size > maxPartBytes:
			return fmt.Errorf("part %s has size %d, over the %d a part may have", p.Name, p.Size, int64(maxPartBytes))
		case p.UnpackedSize > maxPartBytes:
			return fmt.Errorf("part %s has unpacked_size %d, over the %d a part may have", p.Name, p.UnpackedSize, int64(maxPartBytes))
		case p.UnpackedSize > max(maxUnpackRatio*p.Size, unpackRatioFloor):
			return fmt.Errorf("part %s has unpacked_size %d, over %d times its %d compressed bytes: not a packed index",
				p.Name, p.UnpackedSize, maxUnpackRatio, p.Size)
		}
		seen[p.Name] = true
		kinds[p.Kind]++
	}
	if kinds[index.PartShared] != 1 || kinds[index.PartSearch] != 1 || kinds[index.PartSource] == 0 {
		return errors.New("a bundle needs one shared part, one search part and a part per source")
	}
	var sizes, unpacked []int64
	for _, p := range m.Parts {
		sizes, unpacked = append(sizes, p.Size), append(unpacked, p.UnpackedSize)
	}
	if _, err := sumSizes(sizes...); err != nil {
		return fmt.Errorf("the parts' sizes: %w", err)
	}
	if _, err := sumSizes(unpacked...); err != nil {
		return fmt.Errorf("the parts' unpacked_size: %w", err)
	}
	return nil
}

// Bounds on what a manifest may declare. The full index's biggest part
// unpacks to 768 MiB from 64 MiB (12 times; docs/benchmarks.md), so a part
// over 1 TiB, or one unpacking to more than a thousand times its
// compressed bytes (beyond a floor for tiny parts, whose empty pages
// compress best), is a forgery or a zstd bomb. The bounds also keep every
// sum of sizes far from int64's limit; sumSizes checks anyway.
const (
	maxPartBytes     = 1 << 40
	maxUnpackRatio   = 1000
	unpackRatioFloor = 64 << 20
)

// errSizeOverflow means sizes do not add up within int64.
var errSizeOverflow = errors.New("sizes add up past what a file can hold")

// sumSizes adds byte counts, refusing a negative one and a sum that would
// wrap: a wrapped sum once let a free-space check pass for 2^63 bytes.
func sumSizes(sizes ...int64) (int64, error) {
	var total int64
	for _, n := range sizes {
		if n < 0 || total > math.MaxInt64-n {
			return 0, fmt.Errorf("%w (%d more after %d)", errSizeOverflow, n, total)
		}
		total += n
	}
	return total, nil
}

func isHex(s string) bool {
	_, err := hex.DecodeString(s)
	return err == nil
}

// Sources lists the bundle's sources in the source table's order.
func (m *Manifest) Sources() []string {
	var out []string
	for _, p := range m.Parts {
		if p.Kind == index.PartSource {
			out = append(out, p.Name)
		}
	}
	return sortSources(out)
}

// sortSources orders source IDs as the source table does, unknown ones
// last by name, so that every listing and the part order are one order.
func sortSources(ids []string) []string {
	rank := map[string]int{}
	for i, id := range source.IDs() {
		rank[id] = i
	}
	slices.SortFunc(ids, func(a, b string) int {
		ra, oka := rank[a]
		rb, okb := rank[b]
		switch {
		case oka && okb:
			return ra - rb
		case oka:
			return -1
		case okb:
			return 1
		}
		return strings.Compare(a, b)
	})
	return ids
}

// Select returns the parts an install of sources needs: shared, search and
// one per source; nil sources means every source. A source the bundle lacks
// gives ErrUnknownSource naming those it has.
func (m *Manifest) Select(sources []string) ([]Part, error) {
	want := map[string]bool{}
	for _, s := range sources {
		want[s] = true
	}
	have := map[string]bool{}
	var out []Part
	for _, p := range m.Parts {
		if p.Kind != index.PartSource || sources == nil || want[p.Name] {
			out = append(out, p)
			have[p.Name] = true
		}
	}
	for _, s := range sources {
		if !have[s] {
			return nil, fmt.Errorf("%w: %q (it has %s)", ErrUnknownSource, s, strings.Join(m.Sources(), ", "))
		}
	}
	return out, nil
}

// Check refuses a bundle this binary cannot read, naming the cupertino
// version to install. binaryVersion is this binary's version; a build
// without one ("dev") is taken to be current.
func (m *Manifest) Check(binaryVersion string) error {
	switch {
	case m.BundleVersion > Version || m.SchemaVersion > index.SchemaVersion:
		return fmt.Errorf("%w: it is bundle version %d with index schema %d, this cupertino (%s) reads bundle version %d with schema %d: install cupertino %s or later",
			ErrIncompatible, m.BundleVersion, m.SchemaVersion, binaryVersion, Version, index.SchemaVersion, m.minVersion())
	case m.BundleVersion < Version || m.SchemaVersion < index.SchemaVersion:
		return fmt.Errorf("%w: it is bundle version %d with index schema %d, older than this cupertino (%s) reads (%d, schema %d): run setup without --from for this version's bundle (%s), or install cupertino %s to use this one",
			ErrIncompatible, m.BundleVersion, m.SchemaVersion, binaryVersion, Version, index.SchemaVersion, ReleaseURL(), m.minVersion())
	}
	have := parseBinaryVersion(binaryVersion)
	need, err := version.Parse(m.MinBinaryVersion)
	if err != nil {
		return fmt.Errorf("%w: min_binary_version %q: %v", ErrManifest, m.MinBinaryVersion, err)
	}
	if !have.IsZero() && have.Compare(need) < 0 {
		return fmt.Errorf("%w: it needs cupertino %s or later, this is %s: install cupertino %s or later",
			ErrIncompatible, m.MinBinaryVersion, binaryVersion, m.MinBinaryVersion)
	}
	return nil
}

func (m *Manifest) minVersion() string {
	if m.MinBinaryVersion == "" {
		return "(the bundle names none)"
	}
	return m.MinBinaryVersion
}

// parseBinaryVersion reads a release version ("1.4.0", "v1.4.0-rc1" is
// 1.4.0); a development build ("dev") is the zero Version.
func parseBinaryVersion(s string) version.Version {
	s = strings.TrimPrefix(strings.TrimSpace(s), "v")
	if i := strings.IndexFunc(s, func(r rune) bool { return r != '.' && (r < '0' || r > '9') }); i >= 0 {
		s = s[:i]
	}
	v, err := version.Parse(strings.TrimSuffix(s, "."))
	if err != nil {
		return version.Version{}
	}
	return v
}

// DefaultMinBinaryVersion is the min_binary_version bundle writes unless
// told otherwise: the packing binary's own release version, or "0.0.0" for
// a development build, which any release may read.
func DefaultMinBinaryVersion(binaryVersion string) string {
	v := parseBinaryVersion(binaryVersion)
	if v.IsZero() {
		return "0.0.0"
	}
	return fmt.Sprintf("%d.%d.%d", v[0], v[1], v[2])
}

// Installed is the manifest of the bundle an index was installed from,
// which setup writes into the index itself (index.MetaBundleManifest) for
// doctor.
type Installed struct {
	Manifest
	// Sources are the sources installed, in the source table's order.
	Sources []string `json:"installed_sources"`
	// From is the address setup installed from, credentials redacted.
	From string `json:"from"`
}

// LegacyInstalledPath is where setup kept the installed manifest before
// it moved inside the index: a file beside it, which a kill between the
// index's rename and its own could leave describing the index before.
// Doctor still reads it for an index installed then; setup removes it.
func LegacyInstalledPath(dbPath string) string { return dbPath + ".bundle.json" }

// ReadInstalled returns the manifest of the bundle the index at dbPath was
// installed from, given the index's meta (nil when it does not open): the
// one inside the index, or for an index installed before it moved there,
// the file beside it (LegacyInstalledPath). where says which. An index
// built by save has neither: an error satisfying errors.Is(err,
// os.ErrNotExist).
func ReadInstalled(meta map[string]string, dbPath string) (in *Installed, where string, err error) {
	data, where := []byte(meta[index.MetaBundleManifest]), "the index's meta "+index.MetaBundleManifest
	if len(data) == 0 {
		where = LegacyInstalledPath(dbPath)
		if data, err = readLegacyInstalled(where); err != nil {
			return nil, where, err
		}
	}
	in = new(Installed)
	if err := json.Unmarshal(data, in); err != nil {
		return nil, where, fmt.Errorf("%w: %s: %v", ErrManifest, where, err)
	}
	return in, where, nil
}

// readLegacyInstalled reads the old manifest file: a regular file only,
// and no bigger than a manifest may be.
func readLegacyInstalled(path string) ([]byte, error) {
	size, err := regularSize(path)
	switch {
	case err != nil:
		return nil, err
	case size < 0:
		return nil, fmt.Errorf("no installed manifest: %w", os.ErrNotExist)
	case size > maxManifestBytes:
		return nil, fmt.Errorf("%w: %s is over %d bytes", ErrManifest, path, maxManifestBytes)
	}
	return os.ReadFile(path)
}
