#!/usr/bin/env bash
# release.sh builds the gamesearch binary students and TAs download: static
# (CGO_ENABLED=0), for linux/amd64, linux/arm64, darwin/arm64 and
# windows/amd64, with the conformance corpora built in, into dist/release/
# with their SHA-256 sums in SHA256SUMS. One line per platform on stderr.
# Usage: scripts/release.sh [OUTDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-dist/release}"
mkdir -p "$out"
export CGO_ENABLED=0
names=()
for target in linux/amd64 linux/arm64 darwin/arm64 windows/amd64; do
	os="${target%/*}" arch="${target#*/}" ext=""
	if [ "$os" = windows ]; then ext=".exe"; fi
	name="gamesearch-$os-$arch$ext"
	echo "release: $name" >&2
	GOOS="$os" GOARCH="$arch" go build -trimpath -ldflags=-s -o "$out/$name" ./cmd/gamesearch
	names+=("$name")
done
(cd "$out" && sha256sum "${names[@]}" >SHA256SUMS)
echo "release: $out/SHA256SUMS" >&2
