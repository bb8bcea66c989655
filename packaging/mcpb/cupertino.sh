#!/bin/sh
# Claude Desktop starts this launcher; it runs the binary built for this Mac.
dir=$(dirname "$0")
case $(uname -m) in
arm64 | aarch64) exec "$dir/darwin_arm64/cupertino" "$@" ;;
*) exec "$dir/darwin_amd64/cupertino" "$@" ;;
esac
