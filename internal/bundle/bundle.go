// Package bundle packs a committed index into a release bundle and installs
// one: what `cupertino bundle` and `cupertino setup` run.
//
// A bundle is a folder (or a release's assets): manifest.json and one
// zstd-compressed file per part. The parts are index.ExportPart's SQLite
// files: "shared" (meta, framework names), "search" (the built full-text
// index of every source) and one per source, so an install may leave
// sources out. The manifest lists each part's SHA-256, compressed and
// unpacked size and document count; install downloads every part it needs,
// resuming a partial download with an HTTP Range request, checks every
// checksum before it touches the index, unpacks, and has index.ImportParts
// build the new index beside the old one and rename it into place.
//
// Packing is reproducible: one index, packed by one cupertino release with
// the same flags, gives the same bytes. The parts are written in key order
// with no time or path in them, the compressor's settings are fixed (level,
// window, one goroutine) and the manifest records only what the index does.
package bundle

import (
	"errors"
	"fmt"

	"github.com/cupertino-go/cupertino/index"
)

// Version is the bundle layout this cupertino packs and reads: the
// manifest's fields, the part files and their compression. Bump it when
// any of them changes; an index schema change bumps index.SchemaVersion,
// which release addresses carry too.
const Version = 1

// ReleaseURLPattern is where setup looks without --from: the manifest of
// the release built for a bundle version and an index schema version
// (ReleaseURL fills both in). A maintainer publishes a bundle by uploading
// manifest.json and the part files, as `cupertino bundle --out` wrote
// them, as the assets of a GitHub release tagged bundle-v<V>-schema<S>; a
// newer corpus replaces the assets under the same tag.
const ReleaseURLPattern = "https://github.com/cupertino-go/cupertino/releases/download/bundle-v%d-schema%d/manifest.json"

// ReleaseURL is the default bundle address of this binary.
func ReleaseURL() string {
	return fmt.Sprintf(ReleaseURLPattern, Version, index.SchemaVersion)
}

// ManifestFile is the manifest's name in a bundle folder.
const ManifestFile = "manifest.json"

var (
	// ErrNotFound means there is no bundle, or no part, at the address
	// (HTTP 404, or a missing file).
	ErrNotFound = errors.New("bundle not found")
	// ErrNetwork means a download failed: the connection, a timeout or an
	// HTTP error other than 404. Running setup again resumes it.
	ErrNetwork = errors.New("bundle download failed")
	// ErrRedirect means a server redirected a download off its origin to
	// plain http; setup follows a redirect only to the same origin or to
	// https.
	ErrRedirect = errors.New("bundle download redirected off origin")
	// ErrChecksum means a part's bytes are not the ones the manifest lists:
	// a damaged download or a tampered bundle. Nothing was installed.
	ErrChecksum = errors.New("bundle part failed its checksum")
	// ErrManifest means the manifest is not a bundle manifest this
	// cupertino understands.
	ErrManifest = errors.New("bundle manifest is not valid")
	// ErrIncompatible means the bundle's schema, layout or minimum version
	// does not fit this binary; the message names the version to install.
	ErrIncompatible = errors.New("bundle does not fit this cupertino")
	// ErrUnknownSource means a source was asked for that the bundle lacks.
	ErrUnknownSource = errors.New("bundle has no such source")
	// ErrUnsafePath means setup found a symbolic link or a special file
	// where it writes (a download, an unpacked part) and wrote nothing
	// through it.
	ErrUnsafePath = errors.New("setup does not write through a link or special file")
)
