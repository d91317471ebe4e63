// Package pack is the packager of gamesearch: it builds the submission
// archive of every course from the repository, one recipe per course
// (congo.go, morris.go, minichess.go, starcircle.go), run by [Build] and by
// the command cmd/gamesearch-pack ([Run]), which scripts/package.sh builds
// and runs. What each archive holds, and why, is written in
// docs/packaging.md.
//
// Conventions:
//
//   - One path scheme: the archives of course go to DIST/<course>/, named
//     after the NETID (MiniChess: one minichess-<os>-<arch>.zip per
//     platform); see [Config.ZipPath].
//   - The NETID is checked once, by [Build] with [NetID], before any work;
//     bad arguments are a [*UsageError] (exit status 2 in [Run]).
//   - Built from what is shipped: every recipe copies the sources into a
//     staging directory exactly as they will be shipped, builds the
//     programs there with no network (GOPROXY=off), and produces every
//     example output and every report figure by running those builds, so an
//     archive only ever shows what its own sources print.
//   - Every README and report is a text/template under docs/<course>/
//     (*.tmpl), filled with the figures of those runs; a missing field is an
//     error, so nothing ships half filled.
//   - Deterministic: nothing depends on the clock, map order or the machine
//     beyond the Go toolchain, so two runs on the same commit write
//     identical bytes (the tests build every archive twice).
//
// The generic pieces:
//
//   - [CollectSources] finds, with `go list -deps -json`, every package of
//     this module that a list of main packages imports, directly or not, for
//     each target platform (linux/amd64, windows/amd64, darwin/amd64 and
//     darwin/arm64 by default, so files behind build constraints such as
//     proc_windows.go are shipped too), and the modules outside the standard
//     library they need.
//   - [Sources.AddTo] copies their non-test files into a src/ tree of an
//     [Archive], with its own go.mod: the same module path and go version,
//     and no require lines when only the standard library is used (with
//     outside modules, the require lines and their go.sum lines).
//   - [Archive] holds the other files too (README, reports, examples,
//     executables) and writes a deterministic zip: entries sorted by name, no
//     directory entries, the fixed time [Epoch], mode 0644 for files and 0755
//     for executables, Deflate. The same entries always give the same bytes.
//     [Archive.WriteZip] writes it atomically.
//   - [GoBuild] builds a shipped tree the way a grader would: GOPROXY=off,
//     GOWORK=off, CGO_ENABLED=0; [Unzip] unpacks an
//     archive for checking (and refuses entries that would land outside its
//     directory).
//
// The Congo Part 6 round robin, shipped in the Congo archive, is package
// pkg/congo/arena/roundrobin; the MiniChess report generator, shipped in the
// MiniChess archives, is package pkg/minichess/report.
package pack
