#!/usr/bin/env bash
# Fetches a newer tree-sitter-swift grammar from the npm registry into the
# git-ignored .grammar/ directory, for builds with -tags swiftgrammar_npm
# (internal/swiftsym). The default build needs none of this: it uses the
# grammar bundled with github.com/smacker/go-tree-sitter (0.5.0), which
# misparses #Preview and ~Copyable.
#
# Usage: scripts/fetch-swift-grammar.sh [version]   (default below)
# Then:  go build -tags swiftgrammar_npm ./...
set -euo pipefail

version="${1:-0.7.1}"
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/.grammar/tree-sitter-swift"

command -v npm >/dev/null || { echo "fetch-swift-grammar: npm not found" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent "tree-sitter-swift@$version" >/dev/null)
tar -xzf "$work"/tree-sitter-swift-*.tgz -C "$work" \
	package/src/parser.c package/src/scanner.c package/src/tree_sitter package/LICENSE

# The runtime in go-tree-sitter reads ABI 13 and 14 only.
abi="$(sed -n 's/^#define LANGUAGE_VERSION \([0-9]*\).*/\1/p' "$work/package/src/parser.c")"
if [ "$abi" != 13 ] && [ "$abi" != 14 ]; then
	echo "fetch-swift-grammar: tree-sitter-swift@$version has ABI $abi, go-tree-sitter reads 13-14" >&2
	exit 1
fi

rm -rf "$dest"
mkdir -p "$dest"
cp -R "$work/package/src" "$work/package/LICENSE" "$dest/"
echo "$version" >"$dest/VERSION"
echo "tree-sitter-swift@$version (ABI $abi) in $dest"
