package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"

	"gotest.tools/v3/assert"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.txt")
	assert.NilError(t, os.WriteFile(name, []byte("old"), 0o644))
	assert.NilError(t, WriteFile(name, []byte("new\n"), 0o644))
	got, err := os.ReadFile(name)
	assert.NilError(t, err)
	assert.Equal(t, string(got), "new\n")
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 1)
}

func TestWriteFileMissingDir(t *testing.T) {
	dir := t.TempDir()
	err := WriteFile(filepath.Join(dir, "no", "such", "out.txt"), []byte("x"), 0o644)
	assert.Assert(t, err != nil)
	entries, _ := os.ReadDir(dir)
	assert.Equal(t, len(entries), 0)
}

func TestPrepare(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.txt")
	assert.NilError(t, os.WriteFile(old, []byte("old"), 0o600))
	assert.NilError(t, os.Chmod(old, 0o600))
	perm, err := Prepare(old)
	assert.NilError(t, err)
	assert.Equal(t, perm, os.FileMode(0o600))
	perm, err = Prepare(filepath.Join(dir, "new.txt"))
	assert.NilError(t, err)
	assert.Equal(t, perm, os.FileMode(0o644))
	sub := filepath.Join(dir, "sub")
	assert.NilError(t, os.Mkdir(sub, 0o755))
	link := filepath.Join(dir, "link")
	assert.NilError(t, os.Symlink(sub, link))
	// A device, reached through a link so that a faulty Prepare followed by
	// a rename replaces only the link, never the device itself.
	dev := filepath.Join(dir, "dev")
	assert.NilError(t, os.Symlink(os.DevNull, dev))

	for _, tc := range []struct{ name, err string }{
		{"", "empty file name"},
		{sub, "is a directory"},
		{sub + "/", "is a directory"},
		{link, "is a directory"},
		{filepath.Join(dir, "missing", "out.txt"), "no such file or directory"},
		{filepath.Join(old, "out.txt"), "not a directory"},
		{dev, "is not a regular file"},
	} {
		_, err := Prepare(tc.name)
		assert.ErrorContains(t, err, tc.err, "%q", tc.name)
		assert.Assert(t, !strings.Contains(err.Error(), ".probe"), "%q: %v names the probe", tc.name, err)
	}
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 4, "probe files left behind: %v", entries)
}

func TestPrepareUnwritable(t *testing.T) {
	dir := testutil.UnwritableDir(t)
	_, err := Prepare(filepath.Join(dir, "out.txt"))
	assert.ErrorContains(t, err, "denied")
}

func TestReplaceable(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old")
	assert.NilError(t, os.WriteFile(old, nil, 0o640))
	assert.NilError(t, os.Chmod(old, 0o640))
	perm, err := Replaceable(old)
	assert.NilError(t, err)
	assert.Equal(t, perm, os.FileMode(0o640))
	perm, err = Replaceable(filepath.Join(dir, "new"))
	assert.NilError(t, err)
	assert.Equal(t, perm, os.FileMode(0o644))
	// Unlike Prepare, it does not need a writable directory.
	_, err = Replaceable(filepath.Join(dir, "missing", "new"))
	assert.NilError(t, err)
	_, err = Replaceable(dir)
	assert.Error(t, err, "is a directory")
	_, err = Replaceable("")
	assert.Error(t, err, "empty file name")
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 1)
}
