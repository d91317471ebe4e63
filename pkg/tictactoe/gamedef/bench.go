package gamedef

import (
	"fmt"

	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// Bench returns the bench workloads of tic-tac-toe: the perft of the empty
// board and the searches of tictactoe-minimax and the course alpha-beta
// from it (small versions of them when quick).
func Bench(quick bool) []kit.BenchCase {
	d := kit.Size(quick, tictactoe.FullDepth, 6)
	return []kit.BenchCase{
		{Workload: fmt.Sprintf("perft start depth %d", d), Unit: "leaves", Run: func(string) (uint64, error) {
			return tools.Perft(tictactoe.Start(), d).Total, nil
		}},
		{Workload: fmt.Sprintf("tictactoe-minimax start depth %d", d), Unit: "nodes", Run: func(string) (uint64, error) {
			return tictactoe.NewSearcher().Minimax(tictactoe.Start(), d).Nodes, nil
		}},
		{Workload: fmt.Sprintf("alphabeta start depth %d", d), Unit: "nodes", Run: func(string) (uint64, error) {
			return tictactoe.NewSearcher().AlphaBeta(tictactoe.Start(), d).Nodes, nil
		}},
	}
}
