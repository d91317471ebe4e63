package gamedef_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/tree"
	"github.com/gamesearch/gamesearch/pkg/tree/gamedef"
	"gotest.tools/v3/assert"
)

// brokenProgram is a student's tree program with a mistake: "nocut", an
// alpha-beta that never cuts (it prints minimax's answer); "leaves", an
// alpha-beta that counts every node entered as a leaf evaluated; "noroot",
// a minimax that does not count the root among the nodes entered.
func brokenProgram(mistake string, stdin io.Reader, stdout, stderr io.Writer) int {
	if mistake == "nocut" {
		return tree.Minimax.Run(nil, stdin, stdout, stderr)
	}
	data, _ := io.ReadAll(stdin)
	t, err := tree.Parse(data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	var a tree.Answer
	switch mistake {
	case "leaves":
		a = tree.AlphaBeta.Solve(t)
		a.Leaves = a.Nodes
	case "noroot":
		a = tree.Minimax.Solve(t)
		a.Nodes--
	}
	fmt.Fprint(stdout, a.Format())
	return 0
}

// checkTree runs gamesearch check on a tree program and returns its exit
// status and report.
func checkTree(t *testing.T, args ...string) (int, string) {
	var out, errb bytes.Buffer
	code := check.Check(gamedef.Game.Check, args, &out, &errb)
	return code, out.String() + errb.String()
}

// TestCheckTree: gamesearch check passes tree-minimax and tree-alphabeta
// on the corpus and 40 random trees, and fails a student's program with
// each mistake of brokenProgram (the test binary acting as it) with the
// first differing line of the first textbook case and the mistake named.
func TestCheckTree(t *testing.T) {
	dir := t.TempDir()
	assert.NilError(t, testutil.BuildCommands(t, dir, nil, "tree-minimax", "tree-alphabeta"))
	for _, p := range []string{"tree-minimax", "tree-alphabeta"} {
		code, out := checkTree(t, p, "-n", "40", "-dir", dir, "--", filepath.Join(dir, p))
		assert.Equal(t, code, 0, out)
		assert.Assert(t, strings.Contains(out, "public  4/4 passed\nrandom  40/40 passed\n"), out)
	}
	self, err := os.Executable()
	assert.NilError(t, err)
	bin := filepath.Join(dir, "student")
	assert.NilError(t, testutil.CopyExecutable(bin, self))
	for _, c := range []struct {
		prog, mistake, first string
		cause                check.Cause
	}{
		{"tree-alphabeta", "nocut", `stdout line 3: want "leaves evaluated: 7", got "leaves evaluated: 9"`, check.CauseNoCut},
		{"tree-alphabeta", "leaves", `stdout line 3: want "leaves evaluated: 7", got "leaves evaluated: 11"`, check.CauseCountNodes},
		{"tree-minimax", "noroot", `stdout line 4: want "nodes entered: 13", got "nodes entered: 12"`, check.CauseCountNoRoot},
	} {
		code, out := checkTree(t, c.prog, "-n", "30", "-dir", dir, "--", bin, "tree-program", c.mistake)
		assert.Equal(t, code, 1, out)
		assert.Assert(t, strings.Contains(out, "FAIL public aima_fig5_2: "+c.first+"\n"), "%s:\n%s", c.mistake, out)
		assert.Assert(t, strings.Contains(out, "likely cause: "+check.CauseText[c.cause]+" (it fits all "), "%s:\n%s", c.mistake, out)
	}
}
