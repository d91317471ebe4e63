package tictactoe_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

// TestGolden runs the program on every input of testdata/tictactoe-minimax
// and compares what it prints with NAME.golden (regenerate with go test
// ./pkg/tictactoe -update): its stdout when it succeeds, otherwise "exit N"
// and its stderr. A failure prints nothing on stdout and one line on
// stderr.
func TestGolden(t *testing.T) {
	dir := filepath.Join(testutil.RepoRoot(t), "testdata", "tictactoe-minimax")
	ins, err := filepath.Glob(filepath.Join(dir, "*.in"))
	assert.NilError(t, err)
	assert.Assert(t, len(ins) >= 14)
	for _, in := range ins {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(in)
			assert.NilError(t, err)
			var stdout, stderr bytes.Buffer
			code := tictactoe.Run(nil, bytes.NewReader(data), &stdout, &stderr)
			got := stdout.String()
			if code != 0 {
				assert.Equal(t, stdout.String(), "")
				assert.Equal(t, strings.Count(stderr.String(), "\n"), 1, stderr.String())
				got = fmt.Sprintf("exit %d\n%s", code, stderr.String())
			} else {
				assert.Equal(t, stderr.String(), "")
			}
			golden.Assert(t, got, filepath.Join(dir, name+".golden"))
			want, rerr := tictactoe.Reference(data)
			if code == 0 {
				assert.NilError(t, rerr)
				assert.Equal(t, got, want)
			} else {
				assert.Equal(t, stderr.String(), "tictactoe-minimax: "+rerr.Error()+"\n")
			}
		})
	}
}

// TestUsage checks -h and the usage errors: no arguments are accepted.
func TestUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	assert.Equal(t, tictactoe.Run([]string{"-h"}, strings.NewReader(""), &stdout, &stderr), 0)
	assert.Equal(t, stdout.String(), "usage: tictactoe-minimax < board  (three lines of three cells X, O or ., top row first)\n")
	assert.Equal(t, stderr.String(), "")
	for _, args := range [][]string{{"board.txt"}, {"-depth", "3"}} {
		stdout.Reset()
		stderr.Reset()
		assert.Equal(t, tictactoe.Run(args, strings.NewReader("...\n...\n...\n"), &stdout, &stderr), 2)
		assert.Equal(t, stdout.String(), "")
		assert.Assert(t, strings.HasPrefix(stderr.String(), "tictactoe-minimax: "), stderr.String())
		assert.Equal(t, strings.Count(stderr.String(), "\n"), 1)
	}
	assert.Equal(t, stderr.String(), "tictactoe-minimax: flag provided but not defined: -depth (usage: tictactoe-minimax < board  (three lines of three cells X, O or ., top row first))\n")
}

// failing is a reader and a writer that always fail.
type failing struct{}

func (failing) Read([]byte) (int, error)  { return 0, errors.New("broken pipe") }
func (failing) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestIOErrors: an unreadable stdin exits 2, an unwritable stdout 1, each
// with one stderr line.
func TestIOErrors(t *testing.T) {
	var stdout, stderr bytes.Buffer
	assert.Equal(t, tictactoe.Run(nil, failing{}, &stdout, &stderr), 2)
	assert.Equal(t, stderr.String(), "tictactoe-minimax: cannot read input: broken pipe\n")
	stderr.Reset()
	assert.Equal(t, tictactoe.Run(nil, strings.NewReader("X..\n.O.\n..X\n"), failing{}, &stderr), 1)
	assert.Equal(t, stderr.String(), "tictactoe-minimax: cannot write output: disk full\n")
}

// TestInputErrors checks the position of each kind of error in odd layouts:
// lines are counted with the blank ones, bytes from the start of the line.
func TestInputErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"\n\n  X.O\r\n .?. \n...\n", `line 4: byte 2: square 5: "?" is not X, O or .`},
		{"...\n\n....\n...\n", `line 3: byte 0: board row 2 "...." has 4 characters, want 3 cells (X, O or .)`},
		{"", "line 1: missing board row 1 (top): the input has 0 non-blank lines, want 3"},
		{"...\n...\n\n", "line 4: missing board row 3 (bottom): the input has 2 non-blank lines, want 3"},
		{"...\n...\n...\n  #", `line 4: byte 2: unexpected extra line "#" after the three board rows`},
		{"\nXX.\n...\n\n...", "line 2: board (lines 2-5): X has 2 marks and O 0: X moves first, so X has as many marks as O or one more"},
		{"XXX\nOO.\n...", "line 1: board (lines 1-3): the game is over: X has three in a row (squares 1-2-3)"},
		{"XOX\nXOO\nOXX", "line 1: board (lines 1-3): the game is over: the board is full"},
	}
	for _, c := range cases {
		_, err := tictactoe.Parse([]byte(c.in))
		assert.Error(t, err, c.want, "%q", c.in)
		var ie *tictactoe.InputError
		assert.Assert(t, errors.As(err, &ie))
	}
}
