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
// testdata/conformance/minichess/<file> as maps from column name to field.
// The test fails when the file is missing, on a row with the
// wrong number of fields or a file without rows.
func ReadTSV(t testing.TB, file string) []map[string]string {
	t.Helper()
	path := testutil.Conformance(t, "minichess", file)
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

// BadCase is a bad invocation of a player: a state file (nil: none), flags,
// and text its one stderr line must contain.
type BadCase struct {
	Name  string
	State []byte
	Args  []string
	Want  string
}

// BadStates returns the malformed state files of docs/minichess.md ("Common
// rules for players"), made from the valid state file good of
// "kqbnr/ppppp/5/5/PPPPP/RNBQK w".
func BadStates(good []byte) []BadCase {
	return []BadCase{
		{"missing", nil, nil, "state: open"},
		{"non-integer", bytes.Replace(good, []byte("1 1 1 1 1"), []byte("1 x 1 1 1"), 1), nil, `:6: byte 2: field 2: "x" is not a non-negative integer`},
		{"side", append([]byte("7"), good[1:]...), nil, ":1: byte 0: side to move must be 0 or 1, got 7"},
		{"code", bytes.Replace(good, []byte("2 3 4 5 6"), []byte("2 3 4 5 9"), 1), nil, ":7: byte 8: field 5: piece code 9 is not in 0..6"},
		{"truncated", good[:90], nil, "expected 61 integers, found 41"},
		{"empty", []byte{}, nil, "expected 61 integers, found 0"},
		{"extra", append(append([]byte{}, good...), "0\n"...), nil, `:16: byte 0: unexpected data "0" after the 61st integer`},
		{"two pieces", append(append([]byte{}, good[:len(good)-23]...), append([]byte("3"), good[len(good)-22:]...)...), nil, ":13: byte 0: field 1: square A2 holds a white pawn and a black knight"},
		{"binary", []byte("\x00\xff"), nil, `:1: byte 0: field 1: "\x00\xff" is not a non-negative integer`},
		{"BOM", append([]byte("\ufeff"), good...), nil, `:1: byte 0: field 1: "\ufeff0" is not a non-negative integer`},
		{"long token", append(append([]byte{}, good...), bytes.Repeat([]byte("z"), 10<<20)...), nil,
			`:16: byte 0: unexpected data "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"… after the 61st integer`},
	}
}

// CheckBadInput runs the player called name on each case and checks the
// bad-input rule: exit status 2, nothing on stdout, no action file, and exactly one
// stderr line, shorter than 300 bytes, that starts with "name: " and
// contains the case's Want.
func CheckBadInput(t *testing.T, name string, run RunFunc, cases []BadCase) {
	t.Helper()
	for _, c := range cases {
		code, out, errs, act := Run(t, run, c.State, c.Args...)
		assert.Equal(t, code, 2, "%s %s", name, c.Name)
		assert.Equal(t, out, "", "%s %s", name, c.Name)
		assert.Assert(t, act == nil, "%s %s: action file written", name, c.Name)
		assert.Assert(t, strings.HasPrefix(errs, name+": ") && strings.Count(errs, "\n") == 1 && strings.HasSuffix(errs, "\n") && len(errs) < 300,
			"%s %s: %.300q", name, c.Name, errs)
		assert.Assert(t, strings.Contains(errs, c.Want), "%s %s: %q", name, c.Name, errs)
	}
}

// CheckActionIsState runs the player called name with an action file that
// is its state file, however named (the same path, another spelling, a
// symbolic or a hard link), and checks that it refuses: exit status 2,
// nothing on stdout, one stderr line, the state file untouched.
func CheckActionIsState(t *testing.T, name string, run RunFunc, state []byte) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	assert.NilError(t, os.WriteFile(path, state, 0o644))
	assert.NilError(t, os.Symlink(path, filepath.Join(dir, "link")))
	assert.NilError(t, os.Link(path, filepath.Join(dir, "hard")))
	t.Chdir(dir)
	for _, c := range []struct{ state, action, want string }{
		{"state", "state", "output state is also the input file"},
		{path, path, "output " + path + " is also the input file"},
		{"state", "./state", "output ./state is the input file state"},
		{"state", path, "output " + path + " is the input file state"},
		{"state", "link", "output link is the input file state"},
		{"link", "hard", "output hard is the input file link"},
		{"state", "sub/../state", "output sub/../state is the input file state"},
	} {
		var out, errb bytes.Buffer
		code := run([]string{c.state, c.action}, strings.NewReader(""), &out, &errb)
		assert.Equal(t, code, 2, "%s %s %s", name, c.state, c.action)
		assert.Equal(t, out.String(), "")
		assert.Equal(t, errb.String(), name+": "+c.want+"\n")
		data, err := os.ReadFile(path)
		assert.NilError(t, err)
		assert.Equal(t, string(data), string(state), "%s %s %s: the state file changed", name, c.state, c.action)
	}
}
