// Package playertest holds test helpers shared by the MiniChess players'
// tests: running a player's Run entry point on a state file in a fresh
// directory, and building state files from FEN-like positions.
package playertest

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"gotest.tools/v3/assert"
)

// RunFunc is a player's entry point: Run(args, stdin, stdout, stderr) int.
type RunFunc func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Run runs a player in a fresh directory holding a state file with the given
// content (none when state is nil), with args followed by the state and
// action paths, and returns the exit status, stdout, stderr and the action
// file (nil when absent).
func Run(t *testing.T, run RunFunc, state []byte, args ...string) (int, string, string, []byte) {
	t.Helper()
	dir := t.TempDir()
	if state != nil {
		assert.NilError(t, os.WriteFile(filepath.Join(dir, "state"), state, 0o644))
	}
	action := filepath.Join(dir, "action")
	full := append(append([]string{}, args...), filepath.Join(dir, "state"), action)
	var out, errb bytes.Buffer
	code := run(full, strings.NewReader(""), &out, &errb)
	data, err := os.ReadFile(action)
	if err != nil {
		data = nil
	}
	return code, out.String(), errb.String(), data
}

// State returns the state file of the position written in the FEN-like
// notation fen.
func State(t *testing.T, fen string) []byte {
	t.Helper()
	p, err := minichess.ParseFEN(fen)
	assert.NilError(t, err)
	return p.AppendState(nil)
}
