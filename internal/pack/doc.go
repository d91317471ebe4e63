// Package pack is the packager of gamesearch: it builds the submission
// archive of a course from the repository by the course's [Recipe]. It
// knows no game: each game's recipe is in its pkg/<game>/gamedef/pack.go,
// the Pack of its gamekit.Game, and the command cmd/gamesearch-pack
// (package packcmd, which takes the recipes of the registered games, run
// by scripts/package.sh) runs it with [Recipe.Build]. What each archive
// holds, and why, is written in docs/packaging.md.
//
// Conventions:
//
//   - One path scheme: the archives of course go to DIST/<course>/, named
//     after the NETID (MiniChess: one minichess-<os>-<arch>.zip per
//     platform); see [Config.ZipPath].
//   - The NETID is checked once, by [Recipe.Build] with [NetID], before any work;
//     bad arguments are a [*UsageError] (exit status 2 in packcmd.Run).
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
//   - A recipe works in a [Stage] (a temporary directory: [Stage.Ship]
//     the sources, [Stage.BuildAll] the programs), runs them with
//     [RunProgram], fills its templates with [Render] and writes a NETID
//     archive with [Config.WriteNetID].
package pack
