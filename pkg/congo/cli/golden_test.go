package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

// runFunc is the signature of every program of this package.
type runFunc func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// programs maps each program name to its function.
var programs = map[string]runFunc{
	"congo-setup":     Setup.Run,
	"congo-moves":     Moves.Run,
	"congo-move":      Move.Run,
	"congo-eval":      Eval.Run,
	"congo-minimax":   Minimax.Run,
	"congo-adveval":   AdvEval.Run,
	"congo-alphabeta": AlphaBeta.Run,
}

// TestGolden runs every program on the handout samples kept in
// testdata/<program>/<name>.in and compares with <name>.golden (transcribed
// from the handouts; -update rewrites them from the programs' output).
func TestGolden(t *testing.T) {
	tests := []struct {
		prog, name string
		args       []string
	}{
		{"congo-setup", "part1_handout", nil},
		{"congo-setup", "part1_intext", nil},
		{"congo-moves", "2021_lion", []string{"-piece", "lion"}},
		{"congo-moves", "2021_zebra", []string{"-piece", "zebra"}},
		{"congo-moves", "2021_elephant", []string{"-piece", "elephant"}},
		{"congo-moves", "2021_pawn", []string{"-piece", "pawn", "-rules", "2021"}},
		{"congo-moves", "2022_lion", []string{"-piece=lion"}},
		{"congo-moves", "2022_zebra", []string{"-piece", "zebra"}},
		{"congo-moves", "2022_giraffe", []string{"-piece", "giraffe"}},
		{"congo-moves", "2022_pawn", []string{"-piece", "pawn"}},
		{"congo-moves", "2022_superpawn", []string{"-piece", "superpawn"}},
		{"congo-move", "2021_part3", []string{"-rules", "2021"}},
		{"congo-move", "2022_part3", nil},
		{"congo-eval", "seed000_2022", nil},
		{"congo-eval", "2021_part4", nil},
		{"congo-minimax", "seed000_2022", nil},
		{"congo-minimax", "2021_part4", []string{"-rules=2021"}},
		{"congo-adveval", "seed001_2021", nil},
		{"congo-adveval", "2022_part5", nil},
		{"congo-alphabeta", "seed001_2021", nil},
		{"congo-alphabeta", "2022_part5", []string{"-rules", "2022"}},
	}
	root := testutil.RepoRoot(t)
	for _, tc := range tests {
		t.Run(tc.prog+"/"+tc.name, func(t *testing.T) {
			dir := filepath.Join(root, "testdata", tc.prog)
			in, err := os.ReadFile(filepath.Join(dir, tc.name+".in"))
			assert.NilError(t, err)
			var out, errb bytes.Buffer
			code := programs[tc.prog](tc.args, bytes.NewReader(in), &out, &errb)
			assert.Equal(t, code, 0, errb.String())
			assert.Equal(t, errb.String(), "")
			golden.Assert(t, out.String(), filepath.Join(dir, tc.name+".golden"))
		})
	}
}
