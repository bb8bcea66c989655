#!/usr/bin/env bash
# Cuts a release bundle: fetch every source, save, doctor, the search-quality
# gates, bundle, checksums, and publish the bundle as the assets of the GitHub
# release `cupertino setup` reads (bundle-v<bundle version>-schema<schema
# version>, see internal/bundle.ReleaseURLPattern). The release workflow
# (.github/workflows/release.yml) runs it; a maintainer can run it by hand.
#
#   scripts/release.sh              the real thing: developer.apple.com and the
#                                   upstream repositories; publishing needs gh
#                                   and GH_TOKEN (or GITHUB_TOKEN)
#   scripts/release.sh --dry-run    end to end against the fixture sites
#                                   (fakeapple on 127.0.0.1) and local git
#                                   repositories; the "release" is a local
#                                   folder; then `setup --from` installs it and
#                                   doctor checks the install. Nothing leaves
#                                   the machine. CI runs it (.ci/release-dry-run).
#
# Settings (environment):
#   WORK          working folder (default: a new temporary one; kept when set)
#   CUPERTINO     the binary to use (default: built into $WORK/bin)
#   GATES         gates file (default eval/gates.tsv; dry run: testdata/release/gates.tsv)
#   BATTERIES     comma-separated battery files or folders (default
#                 ../shared/quality,eval/batteries; dry run: testdata/release/batteries)
#   PACKAGES_FILE package list for the packages source (default: none, skipped)
#   RELEASE_DIR   dry run: the folder standing in for the release (default $WORK/release)
#   REPOSITORY    owner/name the real release goes to (default: $GITHUB_REPOSITORY,
#                 else cupertino-go/cupertino)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

dry=0
case "${1:-}" in
--dry-run) dry=1 ;;
"") ;;
*) echo "usage: $0 [--dry-run]" >&2; exit 2 ;;
esac

start=$(date +%s)
step() { echo; echo "=== release: $* ($(( $(date +%s) - start ))s)"; }
die() { echo "release: $*" >&2; exit 1; }

temp=0
if [ -n "${WORK:-}" ]; then
  mkdir -p "$WORK"
else
  WORK=$(mktemp -d)
  temp=1
fi
WORK=$(cd "$WORK" && pwd)
base="$WORK/base"  # the folders fetch writes and save reads, and search.db
out="$WORK/bundle" # what `cupertino bundle` writes
mkdir -p "$base"

if [ -z "${CUPERTINO:-}" ]; then
  step "build"
  mkdir -p "$WORK/bin"
  go build -o "$WORK/bin/cupertino" ./cmd/cupertino
  CUPERTINO="$WORK/bin/cupertino"
fi
cup() { "$CUPERTINO" "$@"; }

fake_pid=""
stop_fake() { if [ -n "$fake_pid" ]; then kill "$fake_pid" 2>/dev/null || true; wait "$fake_pid" 2>/dev/null || true; fi; }
trap 'stop_fake; if [ "$temp" = 1 ]; then rm -rf "$WORK"; fi' EXIT

origin="https://developer.apple.com"
guides="" # the default list
declare -A repo # git source -> repository (default: the source table's)
if [ "$dry" = 1 ]; then
  step "dry run: fixture sites on 127.0.0.1 and local repositories"
  go build -o "$WORK/bin/fakeapple" ./crawler/fakeapple/cmd/fakeapple
  port=$((20000 + RANDOM % 20000))
  "$WORK/bin/fakeapple" -dir crawler/testdata/docs -hig crawler/testdata/hig -archive crawler/testdata/archive \
    -wwdc crawler/testdata/wwdc -addr "127.0.0.1:$port" >"$WORK/fakeapple.log" 2>&1 &
  fake_pid=$!
  origin="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do
    curl -sf "$origin/tutorials/data/documentation/technologies.json" -o /dev/null && break
    kill -0 "$fake_pid" 2>/dev/null || { cat "$WORK/fakeapple.log"; die "fakeapple did not start"; }
    sleep 0.1
  done
  guides="Cocoa/Conceptual/LanternGuide,Graphics/Conceptual/KiteDrawing"
  # Each git source from a repository made here of the demo corpus.
  gitrepo() { # folder name -> a repository of its files
    local dir="$WORK/git/$1"
    rm -rf "$dir" && mkdir -p "$dir" && cp -r "$2/." "$dir/"
    git -C "$dir" init --quiet --initial-branch=main
    git -C "$dir" add -A
    GIT_AUTHOR_NAME=release GIT_AUTHOR_EMAIL=release@example.com GIT_COMMITTER_NAME=release \
      GIT_COMMITTER_EMAIL=release@example.com git -C "$dir" commit --quiet -m fixture
    echo "$dir"
  }
  repo[swift-evolution]=$(gitrepo swift-evolution testdata/demo/swift-evolution)
  repo[swift-book]=$(gitrepo swift-book testdata/demo/swift-book)
  repo[swift-org]=$(gitrepo swift-org testdata/demo/swift-org)
  repo[samples]=$(gitrepo sample-code testdata/demo/sample-code)
  pkg=$(gitrepo acme/swift-widgets testdata/demo/packages/acme/swift-widgets)
  PACKAGES_FILE="$WORK/packages.txt"
  echo "file://$pkg" >"$PACKAGES_FILE"
  GATES=${GATES:-testdata/release/gates.tsv}
  BATTERIES=${BATTERIES:-testdata/release/batteries}
fi
GATES=${GATES:-eval/gates.tsv}
BATTERIES=${BATTERIES:-../shared/quality,eval/batteries}

# fetch SOURCE FOLDER [flags]: one source into $base/FOLDER. Exit status 5
# (some pages failed) is reported and tolerated: the gates judge the index.
fetch() {
  local src=$1 folder=$2
  shift 2
  step "fetch $src"
  local rc=0
  cup fetch --source "$src" --origin "$origin" --output-dir "$base/$folder" "$@" || rc=$?
  case $rc in
  0) ;;
  5) echo "release: fetch $src finished with failures (listed above); continuing" ;;
  *) die "fetch $src failed (exit $rc)" ;;
  esac
}
http_flags=()
[ "$dry" = 1 ] && http_flags=(--engine http --request-delay 0)
fetch apple-docs docs "${http_flags[@]}"
fetch hig hig "${http_flags[@]}"
fetch apple-archive apple-archive "${http_flags[@]}" ${guides:+--guides "$guides"}
fetch wwdc wwdc "${http_flags[@]}"
for src in swift-evolution swift-book swift-org samples; do
  folder=$src
  [ "$src" = samples ] && folder=sample-code
  fetch "$src" "$folder" ${repo[$src]:+--repo-url "${repo[$src]}"}
done
if [ -n "${PACKAGES_FILE:-}" ]; then
  fetch packages packages --packages-file "$PACKAGES_FILE"
else
  echo "release: no PACKAGES_FILE: the packages source is not fetched"
fi

step "save"
cup save --base-dir "$base" --yes

step "doctor"
cup doctor --search-db "$base/search.db"
cup list-sources --search-db "$base/search.db"

step "quality gates ($GATES)"
cup eval search --search-db "$base/search.db" --batteries "$BATTERIES" --hide-queries \
  --gates "$GATES" --out "$WORK/quality" | sed -n '/^## Gates/,$p'

step "bundle"
rm -rf "$out"
cup bundle --search-db "$base/search.db" --out "$out"
(cd "$out" && sha256sum -- * >SHA256SUMS && sha256sum --quiet -c SHA256SUMS)
field() { sed -n "s/.*\"$1\": *\([0-9]*\).*/\1/p" "$out/manifest.json" | head -1; }
tag="bundle-v$(field bundle_version)-schema$(field schema_version)"
[ "$tag" != "bundle-v-schema" ] || die "cannot read the versions from $out/manifest.json"
echo "release: $tag, $(ls "$out" | wc -l) files, $(du -sh "$out" | cut -f1)"

if [ "$dry" = 1 ]; then
  step "dry run: publish into a local folder, install it with setup --from, doctor"
  release="${RELEASE_DIR:-$WORK/release}/$tag"
  rm -rf "$release" && mkdir -p "$release"
  cp "$out"/* "$release/"
  cup setup --from "$release" --base-dir "$WORK/installed" --yes
  cup doctor --search-db "$WORK/installed/search.db"
  echo "release: dry run done: $release installs and passes doctor ($(( $(date +%s) - start ))s)"
  exit 0
fi

step "publish $tag"
command -v gh >/dev/null || die "gh (GitHub CLI) is needed to publish"
repository=${REPOSITORY:-${GITHUB_REPOSITORY:-cupertino-go/cupertino}}
if ! gh release view "$tag" --repo "$repository" >/dev/null 2>&1; then
  gh release create "$tag" --repo "$repository" --title "Index bundle $tag" \
    --notes "The search index \`cupertino setup\` installs (bundle layout and index schema in the tag). Rebuilt on a schedule; the newest corpus replaces the assets."
fi
# Parts first, the manifest last, so the new manifest never names a part
# not yet uploaded. A setup that reads the old manifest while its parts are
# replaced fails their sha256 (exit 8) and installs nothing; run again, it
# gets the new bundle.
gh release upload "$tag" --repo "$repository" --clobber $(ls "$out"/* | grep -v '/manifest.json$')
gh release upload "$tag" --repo "$repository" --clobber "$out/manifest.json"
echo "release: published $tag to $repository"
