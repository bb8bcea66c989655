#!/usr/bin/env bash
# Installs the demo index (make demo) where cupertino looks by default,
# ~/.cupertino/search.db, so the README's commands work as written; then says
# how to put bin/ on PATH. A search.db already there is replaced only if it
# is the demo this script installed (its sha256 is kept beside it): a real
# index from `cupertino save` or `cupertino setup` is never overwritten.
set -euo pipefail
demo_db=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
base="$HOME/.cupertino"
target="$base/search.db"
stamp="$target.demo-sha256"

digest() { sha256sum "$1" | cut -d' ' -f1; }

if [ -e "$target" ] && ! { [ -f "$stamp" ] && [ "$(digest "$target")" = "$(cat "$stamp")" ]; }; then
  echo
  echo "$target exists and is not the demo index: left as it is."
  echo "The README's commands read it; to read the demo instead, add --search-db $repo/$demo_db"
else
  mkdir -p "$base"
  cp "$demo_db" "$target.demo-tmp"
  mv "$target.demo-tmp" "$target"
  digest "$target" >"$stamp"
  echo
  echo "Demo index installed at $target (cupertino's default; \`cupertino setup\` or \`cupertino save\` replaces it)."
fi
echo "Put bin/ on your PATH to run the README's commands:"
echo
echo "  export PATH=\"$repo/bin:\$PATH\""
