//go:build unix

package runner

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"gotest.tools/v3/assert"
)

// TestForeignFilesFIFO checks that a named pipe called action is refused
// before the game and left in place (the runner would remove it).
func TestForeignFilesFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, ActionFile)
	assert.NilError(t, syscall.Mkfifo(fifo, 0o644))
	var stdout, stderr bytes.Buffer
	cfg := Config{Dir: dir, Timeout: time.Second, MaxSteps: 2, NoClear: true}
	code := Play(cfg, "sh -c true", "sh -c true", &stdout, &stderr, nil)
	assert.Equal(t, code, 2)
	assert.Equal(t, stderr.String(), "main: "+fifo+": is not a regular file (the runner writes this file in its working directory and may remove it)\n")
	st, err := os.Lstat(fifo)
	assert.NilError(t, err)
	assert.Assert(t, st.Mode()&os.ModeNamedPipe != 0)
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 1)
}
