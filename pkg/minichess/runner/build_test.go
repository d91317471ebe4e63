package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
)

// binDir holds the programs the tests build once: main (this runner) and
// the MiniChess players of the repository, under the template's names.
var binDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "minichess-runner-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func exeName(name string) string {
	if runtime.GOOS == "windows" {
		return name + ".exe"
	}
	return name
}

var (
	buildMu   sync.Mutex
	buildDone = map[string]error{}
	staged    map[string]error // the packages of buildPkgs built into binDir/cmd, by the first program call
)

// buildPkgs are the packages under cmd/ that the tests run: this runner and
// our MiniChess players. The first program call builds all of them with one
// go build, cheaper than one go build each.
var buildPkgs = []string{"minichess-runner", "minichess-baseline", "minichess-random", "minichess-minimax", "minichess-alphabeta", "minichess-submission"}

// stage builds every package of buildPkgs that exists into binDir/cmd under
// its own name, and returns the error of each: a skipError for a package
// that does not exist.
func stage(t testing.TB) map[string]error {
	t.Helper()
	root := testutil.RepoRoot(t)
	errs := map[string]error{}
	var built []string
	for _, pkg := range buildPkgs {
		if _, serr := os.Stat(filepath.Join(root, "cmd", pkg)); serr != nil {
			errs[pkg] = skipError("cmd/" + pkg + " does not exist yet")
			continue
		}
		built = append(built, pkg)
		errs[pkg] = nil
	}
	if len(built) == 0 {
		return errs
	}
	if err := testutil.BuildCommands(t, filepath.Join(binDir, "cmd"), []string{"CGO_ENABLED=0"}, built...); err != nil {
		for _, pkg := range built {
			errs[pkg] = err
		}
	}
	return errs
}

// program builds cmd/<pkg> of the repository (once per test binary, with
// the other packages of buildPkgs) and installs it into binDir under name,
// with copies under the names in also, and returns its path. The test is
// skipped when cmd/<pkg> does not exist.
func program(t testing.TB, pkg, name string, also ...string) string {
	t.Helper()
	buildMu.Lock()
	defer buildMu.Unlock()
	if staged == nil {
		staged = stage(t)
	}
	out := filepath.Join(binDir, exeName(name))
	err, done := buildDone[pkg]
	if !done {
		err, done = staged[pkg]
		if !done {
			err = fmt.Errorf("cmd/%s is not in buildPkgs", pkg)
		}
		for _, a := range append([]string{name}, also...) {
			if err == nil {
				err = testutil.CopyExecutable(filepath.Join(binDir, exeName(a)), filepath.Join(binDir, "cmd", exeName(pkg)))
			}
		}
		buildDone[pkg] = err
	}
	if err != nil {
		if s, ok := err.(skipError); ok {
			t.Skipf("skipping: %s", string(s))
		}
		t.Fatal(err)
	}
	return out
}

// skipError marks a program that cannot be built because its package is
// absent: the tests that need it skip.
type skipError string

func (e skipError) Error() string { return string(e) }

// baselines builds cmd/minichess-baseline as baseline1..baseline4 and
// returns the directory holding them.
func baselines(t testing.TB) string {
	program(t, "minichess-baseline", "baseline1", "baseline2", "baseline3", "baseline4")
	return binDir
}

// install puts the program src into dir under name (a hard link when
// possible, else a copy), executable.
func install(t testing.TB, dir, name, src string) {
	t.Helper()
	dst := filepath.Join(dir, name)
	if err := os.Link(src, dst); err == nil {
		return
	}
	if err := testutil.CopyExecutable(dst, src); err != nil {
		t.Fatal(err)
	}
}

// TestCrossBuild: the runner compiles for Windows and macOS (its process
// code is behind build tags). Skipped in short mode: a cold build cache
// compiles the standard library for each target.
func TestCrossBuild(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("skipping cross-compilation in short mode")
	}
	for _, target := range [][2]string{{"windows", "amd64"}, {"darwin", "arm64"}, {"darwin", "amd64"}} {
		env := []string{"GOOS=" + target[0], "GOARCH=" + target[1], "CGO_ENABLED=0"}
		if err := testutil.BuildCommands(t, t.TempDir(), env, "minichess-runner"); err != nil {
			t.Errorf("GOOS=%s GOARCH=%s: %v", target[0], target[1], err)
		}
	}
}
