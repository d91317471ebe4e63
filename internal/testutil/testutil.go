// Package testutil holds helpers shared by the tests of gamesearch: locating
// the repository root and the vendored conformance corpora under
// testdata/conformance, and building the repository's commands.
package testutil

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// RepoRoot returns the directory holding the repository's go.mod, found by
// walking up from the working directory of the test.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatalf("getwd: %v", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("go.mod not found above the test's directory")
		}
		dir = parent
	}
}

// Conformance returns the path of elem inside testdata/conformance, the
// repository's copy of the published expected outputs (one folder per game).
// The corpora are part of the repository, so a missing path fails the test.
func Conformance(t testing.TB, elem ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{RepoRoot(t), "testdata", "conformance"}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("conformance corpus: %v", err)
	}
	return p
}

// UnwritableDir returns an existing directory in which the test process
// cannot create files: a temporary directory with mode 0555, or, when the
// process ignores permissions (root), /sys where even root cannot create
// files on Linux. It skips the test, saying why, when there is no such
// directory.
func UnwritableDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(dir, 0o555); err != nil {
		t.Fatalf("mkdir: %v", err)
	}
	for _, d := range []string{dir, "/sys"} {
		f, err := os.CreateTemp(d, "probe*")
		if err != nil {
			if os.IsPermission(err) {
				return d
			}
			continue
		}
		f.Close()
		os.Remove(f.Name())
	}
	t.Skip("no unwritable directory: the process may write everywhere")
	return ""
}

// BuildCommands builds the repository's cmd/<name> for every name with one
// go build (cheaper than one each) into dir, each under its own name, with
// env added to the environment of go build.
func BuildCommands(t testing.TB, dir string, env []string, names ...string) error {
	t.Helper()
	args := []string{"build", "-o", dir + string(filepath.Separator)}
	for _, name := range names {
		args = append(args, "./cmd/"+name)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = RepoRoot(t)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %v: %v\n%s", args[3:], err, out)
	}
	return nil
}
