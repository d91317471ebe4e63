// Package testutil holds helpers shared by the tests of gamesearch: locating
// the repository root and the workplace's shared/ folder of conformance data.
package testutil

import (
	"os"
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

// Shared returns the path of elem inside ../shared (relative to the
// repository root). When that path does not exist, as in a clone outside the
// workplace, the test is skipped with a message saying so.
func Shared(t testing.TB, elem ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{RepoRoot(t), "..", "shared"}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("skipping: %s is absent (../shared exists only in the gamesearch workplace)", p)
	}
	return p
}
