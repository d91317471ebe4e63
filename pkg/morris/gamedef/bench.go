package gamedef

import (
	"fmt"

	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// morrisBenchBoard is the E21 position of the largest MiniMaxGameBlack
// depth-5 case of the conformance table (6,449,983 evaluations).
const morrisBenchBoard = "xWWxxxxxxxxWxxxBBBxxW"

// Bench returns the bench workloads of morris: the graded programs' reference
// runs, or small versions of them when quick.
func Bench(quick bool) []kit.BenchCase {
	mPerft, mSearch := kit.Size(quick, 5, 3), kit.Size(quick, 5, 3)
	return []kit.BenchCase{
		{Workload: fmt.Sprintf("perft E21 %s black depth %d", morrisBenchBoard, mPerft), Unit: "leaves", Run: func(string) (uint64, error) {
			p, k, _ := morris.ParseBoard([]byte(morrisBenchBoard), morris.E21, true)
			return morrisPerft(morris.BoardOf(k), morris.Node{Position: p, Black: true}, morris.Game, mPerft).Total, nil
		}},
		{Workload: fmt.Sprintf("MiniMaxGameBlack E21 depth %d", mSearch), Unit: "evals", Run: func(string) (uint64, error) {
			p, _, _ := morris.ParseBoard([]byte(morrisBenchBoard), morris.E21, true)
			r := morris.NewProgramSearcher(morris.MiniMaxGameBlack, morris.BoardOf(morris.E21)).Search(p, mSearch)
			return r.Evaluated, nil
		}},
		{Workload: fmt.Sprintf("ABGame E21 depth %d (same board, swapped)", mSearch+1), Unit: "evals", Run: func(string) (uint64, error) {
			p, _, _ := morris.ParseBoard([]byte(morrisBenchBoard), morris.E21, true)
			r := morris.NewProgramSearcher(morris.ABGame, morris.BoardOf(morris.E21)).Search(p.Swap(), mSearch+1)
			return r.Evaluated, nil
		}},
	}
}
