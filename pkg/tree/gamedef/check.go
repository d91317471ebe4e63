package gamedef

import (
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/tree"
)

// treeCheck is tree-minimax and tree-alphabeta for check, gen and grade: a
// tree on stdin, stdout (value, move, leaves evaluated, nodes entered)
// compared with the reference's line by line; the corpus holds each
// program's outputs of the same trees.
var treeCheck = (&check.Stdout{
	Title: "Textbook tree",
	Programs: []*check.Program{
		{Name: tree.Minimax.Name, Exact: true, Ref: tree.Minimax, PerCase: 5 * time.Second,
			About: "Textbook tree: a tree on stdin, its minimax value, move, leaves evaluated and nodes entered out"},
		{Name: tree.AlphaBeta.Name, Exact: true, Ref: tree.AlphaBeta, PerCase: 5 * time.Second,
			About: "Textbook tree: the same by alpha-beta"},
	},
	Corpus:     "tree",
	PerProgram: true,
	Input:      tree.RandomInput,
	Reference:  func(p *check.Program, in []byte) (string, error) { return p.Ref.(tree.Program).Reference(in) },
	Causes:     treeCauses,
	Explore:    true,
}).Family()

// treeCauses returns the known mistakes whose answer on the tree in is
// exactly got: alpha-beta without cut-offs (minimax's answer), the model
// mistakes of package check (strict cut-offs, a root that keeps alpha,
// ties to the last move, the moves in reverse), and, when the value and
// the move are right, the counting mistakes (or an unexplained alpha-beta
// count).
func treeCauses(p *check.Program, in []byte, got []string) check.CauseSet {
	prog := p.Ref.(tree.Program)
	t, err := tree.Parse(in)
	if err != nil {
		return 0
	}
	model := func(ab bool, m check.Mistake) (check.ModelResult, bool) {
		r := check.RunModel[tree.Position, tree.Move](tree.CourseGame{T: t}, tree.Position{}, t.Height, ab, m, nil, nil)
		a := tree.Answer{Value: r.Value, Move: t.Label[t.Kids[0][r.Idx]], Leaves: r.Evals, Nodes: r.Nodes}
		return r, strings.Join(check.SplitLines(a.Format()), "\n") == strings.Join(got, "\n")
	}
	var s check.CauseSet
	if _, ok := model(false, check.Mistake{}); ok && prog.AlphaBeta {
		s |= check.SetOf(check.CauseNoCut)
	}
	for _, v := range check.Variants {
		if v.Keyed || v.MorrisOnly || v.M.Depth != 0 || v.AbOnly && !prog.AlphaBeta {
			continue
		}
		if _, ok := model(prog.AlphaBeta, v.M); ok {
			s |= check.SetOf(v.C)
		}
	}
	ref, _ := model(prog.AlphaBeta, check.Mistake{})
	want := check.SplitLines(prog.Solve(t).Format())
	if s != 0 || len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		return s
	}
	if n, ok := count(got[2], "leaves evaluated: "); ok {
		s |= check.CountCauses(ref, n, false) & check.SetOf(check.CauseCountRoot, check.CauseCountNodes)
	}
	if n, ok := count(got[3], "nodes entered: "); ok {
		s |= check.CountCauses(ref, n, true) & check.SetOf(check.CauseCountNoRoot, check.CauseCountLeaves, check.CauseCountInternal)
	}
	if s == 0 && prog.AlphaBeta {
		s = check.SetOf(check.CauseCutoff)
	}
	return s
}

// count reads the number of an answer's count line ("nodes entered: 13").
func count(line, prefix string) (uint64, bool) {
	n, err := strconv.ParseUint(strings.TrimPrefix(line, prefix), 10, 64)
	return n, err == nil && strings.HasPrefix(line, prefix)
}
