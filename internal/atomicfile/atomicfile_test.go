package atomicfile

import (
	"os"
	"path/filepath"
	"testing"

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
