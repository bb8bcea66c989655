#!/usr/bin/env bash
# Builds the release artifacts into dist/ (make release):
#
#   cupertino_<os>_<arch>.tar.gz   the binary and README.md, per target
#   cupertino_<version>_source.tar.gz  the source the Homebrew formula builds
#   cupertino.mcpb                 Claude Desktop extension (both darwin binaries)
#   cupertino.rb, server.json, manifest.json  packaging/ with version and sha256 filled in
#   checksums.txt                  sha256sum of every file above
#
# linux targets link tree-sitter through cgo, statically, so one binary runs on
# any distribution: linux/amd64 with the host's gcc, linux/arm64 with Debian's
# gcc-aarch64-linux-gnu. darwin targets are built without cgo (no macOS C
# toolchain here): code examples are then read by the line scanner instead of
# tree-sitter and eval agent's syntax check needs swiftc; their version ends
# in +notreesitter so `cupertino --version` says which build it is. A linux
# target whose C cross compiler is missing fails unless RELEASE_ALLOW_NOCGO=1,
# which builds it the darwin way.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
DIST=${DIST:-dist}
GO=${GO:-go}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64)

# semver is the version the manifests carry: a tag v1.2.3 gives 1.2.3, and
# the packaging files must already say so; any other build is a prerelease.
packaged=$(sed -n 's/^ *"version": "\([^"]*\)".*/\1/p' packaging/mcpb/manifest.json | head -1)
if [[ $VERSION =~ ^v([0-9]+\.[0-9]+\.[0-9]+)$ ]]; then
  semver=${BASH_REMATCH[1]}
  if [ "$semver" != "$packaged" ]; then
    echo "release: tag $VERSION but packaging/ says $packaged; update packaging/mcpb/manifest.json, packaging/mcp/server.json and packaging/homebrew/cupertino.rb" >&2
    exit 1
  fi
else
  semver="$packaged-dev.$(echo "$VERSION" | tr -c '0-9A-Za-z-\n' '-')"
fi

# Archives are byte-for-byte repeatable: fixed owner, order and time.
epoch=$(git log -1 --format=%ct 2>/dev/null || echo 0)
tarball() { # out dir files...
  local out=$1 dir=$2; shift 2
  tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$dir" -cf - "$@" | gzip -n -9 >"$out"
}

rm -rf "$DIST" && mkdir -p "$DIST"
for target in "${targets[@]}"; do
  goos=${target%/*} goarch=${target#*/}
  stage="$DIST/.stage/${goos}_${goarch}"
  mkdir -p "$stage"
  cc="" version=$VERSION tags="" ldflags=""
  if [ "$goos" = linux ]; then
    if [ "$goarch" = "$($GO env GOHOSTARCH)" ]; then cc=${CC:-gcc}; else
      case $goarch in
        arm64) cc=aarch64-linux-gnu-gcc ;;
        amd64) cc=x86_64-linux-gnu-gcc ;;
      esac
    fi
    if [ -n "$cc" ] && ! command -v "$cc" >/dev/null; then
      if [ "${RELEASE_ALLOW_NOCGO:-}" != 1 ]; then
        echo "release: $target needs the C compiler $cc for tree-sitter (apt-get install gcc-${cc%-gcc}); RELEASE_ALLOW_NOCGO=1 builds it without" >&2
        exit 1
      fi
      echo "release: $cc not found; $target is built without tree-sitter" >&2
      cc=""
    fi
  fi
  if [ -n "$cc" ]; then
    tags=netgo,osusergo ldflags="-linkmode external -extldflags -static"
    env CGO_ENABLED=1 CC="$cc" GOOS="$goos" GOARCH="$goarch" \
      "$GO" build -trimpath -tags "$tags" -ldflags "-s -w -X main.version=$version $ldflags" -o "$stage/cupertino" ./cmd/cupertino
  else
    version="$VERSION+notreesitter"
    env CGO_ENABLED=0 GOOS="$goos" GOARCH="$goarch" \
      "$GO" build -trimpath -tags notreesitter -ldflags "-s -w -X main.version=$version" -o "$stage/cupertino" ./cmd/cupertino
  fi
  cp README.md "$stage/"
  tarball "$DIST/cupertino_${goos}_${goarch}.tar.gz" "$stage" cupertino README.md
  echo "release: $DIST/cupertino_${goos}_${goarch}.tar.gz ($version)"
done

# The source archive Homebrew builds from (with cgo, so tree-sitter included).
git archive --format=tar --prefix="cupertino-$semver/" HEAD | gzip -n -9 >"$DIST/cupertino_${semver}_source.tar.gz"

# The Claude Desktop extension: manifest.json at the root, both darwin
# binaries under server/, and a launcher that picks one by machine.
if [ -f "$DIST/.stage/darwin_arm64/cupertino" ] && [ -f "$DIST/.stage/darwin_amd64/cupertino" ]; then
  mcpb="$DIST/.stage/mcpb"
  mkdir -p "$mcpb/server/darwin_arm64" "$mcpb/server/darwin_amd64"
  cp "$DIST/.stage/darwin_arm64/cupertino" "$mcpb/server/darwin_arm64/"
  cp "$DIST/.stage/darwin_amd64/cupertino" "$mcpb/server/darwin_amd64/"
  cp packaging/mcpb/cupertino.sh "$mcpb/server/cupertino"
  chmod 755 "$mcpb/server/cupertino"
  sed "s/\"version\": \"$packaged\"/\"version\": \"$semver\"/" packaging/mcpb/manifest.json >"$mcpb/manifest.json"
  cp "$mcpb/manifest.json" "$DIST/manifest.json"
  (cd "$mcpb" && find . -exec touch -d "@$epoch" {} + && python3 -m zipfile -c ../../cupertino.mcpb manifest.json server)
  echo "release: $DIST/cupertino.mcpb"
fi

sha() { sha256sum "$1" | cut -d' ' -f1; }
mcpb_sha=$( [ -f "$DIST/cupertino.mcpb" ] && sha "$DIST/cupertino.mcpb" || echo "" )
sed -e "s/\"version\": \"$packaged\"/\"version\": \"$semver\"/" \
    -e "s/\(ghcr.io\/cupertino-go\/cupertino:\)$packaged/\1$semver/" \
    -e "s/download\/v$packaged\//download\/$VERSION\//" \
    -e "s/\"fileSha256\": \"0\{64\}\"/\"fileSha256\": \"${mcpb_sha:-$(printf '0%.0s' {1..64})}\"/" \
    packaging/mcp/server.json >"$DIST/server.json"
src_sha=$(sha "$DIST/cupertino_${semver}_source.tar.gz")
sed -e "s/v$packaged\/cupertino_${packaged}_source/$VERSION\/cupertino_${semver}_source/" \
    -e "s/sha256 \"0\{64\}\"/sha256 \"$src_sha\"/" \
    packaging/homebrew/cupertino.rb >"$DIST/cupertino.rb"

rm -rf "$DIST/.stage"
(cd "$DIST" && shopt -s nullglob && sha256sum -- *.tar.gz *.mcpb *.rb *.json >checksums.txt)
echo "release: $DIST/checksums.txt"
cat "$DIST/checksums.txt"
