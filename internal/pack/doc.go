// Package pack is the generic packager of gamesearch: it builds the
// submission archives of the courses (issue 7) from the repository.
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
//   - [Build] and [CheckBuild] build a shipped tree the way a grader would:
//     GOPROXY=off, GOWORK=off, CGO_ENABLED=0; [Unzip] unpacks an archive for
//     checking (and refuses entries that would land outside its directory).
//   - [NetID] checks a NetID: lower-cased, ^[a-z0-9]{3,20}$.
//
// The course recipes (Congo, Star/Circle, MiniChess) are in package
// internal/pack/course and run by the command internal/pack/cmd/pack, which
// scripts/package_<course>.sh call. The Congo Part 6 round robin is package
// pkg/congo/arena/roundrobin (cmd/congo-roundrobin). What each archive holds, and why, is written in
// docs/packaging.md.
//
// The layout of the Morris submission (specs/morris.md §10: NETID/README.txt,
// NETID/REPORT.md, NETID/src/, NETID/bin/, NETID/examples/, entries sorted,
// fixed times, 0644/0755, identical bytes on two runs) is covered by these
// pieces; TestMorrisLayout builds one.
package pack
