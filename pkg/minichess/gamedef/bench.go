package gamedef

import (
	"fmt"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// Bench returns the bench workloads of minichess: the graded programs' reference
// runs, or small versions of them when quick.
func Bench(quick bool) []kit.BenchCase {
	xPerft, xAB, xMM := kit.Size(quick, 7, 4), kit.Size(quick, 7, 4), kit.Size(quick, 5, 3)
	return []kit.BenchCase{
		{Workload: fmt.Sprintf("T-perft start depth %d", xPerft), Unit: "leaves", Run: func(string) (uint64, error) {
			return minichess.CountPerft(minichess.StartPosition(), xPerft, true), nil
		}},
		{Workload: fmt.Sprintf("player_alphabeta start depth %d", xAB), Unit: "nodes", Run: func(string) (uint64, error) {
			return minichessBench(true, xAB), nil
		}},
		{Workload: fmt.Sprintf("player_minimax start depth %d", xMM), Unit: "nodes", Run: func(string) (uint64, error) {
			return minichessBench(false, xMM), nil
		}},
	}
}

func minichessBench(ab bool, depth int) uint64 {
	s := search.New[minichess.Node, minichess.Move](minichess.CourseGame{}, minichess.CourseOptions())
	start := minichess.StartPosition()
	n := start.Node()
	if ab {
		return s.AlphaBeta(n, depth).Nodes
	}
	return s.Minimax(n, depth).Nodes
}
