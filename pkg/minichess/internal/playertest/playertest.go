// Package playertest holds test helpers shared by the MiniChess players'
// tests: running a player's Run entry point on a state file in a fresh
// directory, building state files from FEN-like positions, and reading the
// conformance TSV files.
package playertest

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
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

// ReadTSV returns the rows of the MiniChess conformance file
// ../shared/conformance/minichess/<file> as maps from column name to field.
// The test is skipped when ../shared is absent, and fails on a row with the
// wrong number of fields or a file without rows.
func ReadTSV(t testing.TB, file string) []map[string]string {
	t.Helper()
	path := testutil.Shared(t, "conformance", "minichess", file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	head := strings.Split(lines[0], "\t")
	var rows []map[string]string
	for i, l := range lines[1:] {
		f := strings.Split(l, "\t")
		if len(f) != len(head) {
			t.Fatalf("%s:%d: %d fields, want %d", file, i+2, len(f), len(head))
		}
		row := map[string]string{}
		for j, h := range head {
			row[h] = f[j]
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no rows", file)
	}
	return rows
}
