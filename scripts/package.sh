#!/usr/bin/env bash
# package.sh [FLAGS] COURSE [NETID]: the one packaging script. It builds the
# packager cmd/gamesearch-pack into bin/ and runs it, which writes the
# submission archive(s) of COURSE (congo, morris, minichess or starcircle)
# into dist/COURSE/; see docs/packaging.md. scripts/package.sh -h lists the
# flags. Bad arguments: one line on stderr, exit status 2. Time (2 cores, warm
# Go build cache, CPU): congo and morris about 5 s, starcircle under 1 s,
# minichess about 45 s (most of it the report's matches).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bin
go build -trimpath -o bin/gamesearch-pack ./cmd/gamesearch-pack
exec bin/gamesearch-pack "$@"
