#!/usr/bin/env bash
# Replace the vendored MicroPython WebAssembly runtime by another version from npm:
#   static/vendor/micropython/update.sh 1.27.0
# Then run the test suite: tests/test_micropython.py runs the scoring core under the new runtime.
set -euo pipefail
version="${1:?usage: update.sh VERSION}"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "@micropython/micropython-webassembly-pyscript@$version" >/dev/null)
tar -xzf "$work"/*.tgz -C "$work"
cp "$work/package/micropython.mjs" "$work/package/micropython.wasm" "$here/"
echo "$version" > "$here/VERSION"
echo "MicroPython WebAssembly runtime $version vendored in $here"
