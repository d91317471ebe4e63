package gamedef

import (
	"fmt"

	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// Bench returns the bench workloads of starcircle: the graded programs' reference
// runs, or small versions of them when quick.
func Bench(quick bool) []kit.BenchCase {
	sPerft, sMM, sAB := kit.Size(quick, 8, 5), kit.Size(quick, 8, 5), kit.Size(quick, 10, 6)
	return []kit.BenchCase{
		{Workload: fmt.Sprintf("perft start depth %d", sPerft), Unit: "leaves", Run: func(string) (uint64, error) {
			p, _ := starcircle.Parse([]byte(starcircle.StartInput("MINIMAX", 8)))
			return starcirclePerft(p, sPerft).Total, nil
		}},
		{Workload: fmt.Sprintf("starcircle start MINIMAX %d", sMM), Unit: "nodes", Run: func(string) (uint64, error) {
			return starcircleBench(starcircle.Minimax, sMM), nil
		}},
		{Workload: fmt.Sprintf("starcircle start ALPHABETA %d", sAB), Unit: "nodes", Run: func(string) (uint64, error) {
			return starcircleBench(starcircle.AlphaBeta, sAB), nil
		}},
	}
}

func starcircleBench(a starcircle.Algorithm, depth int) uint64 {
	p, _ := starcircle.Parse([]byte(starcircle.StartInput("MINIMAX", 8)))
	p.Algorithm, p.Depth = a, depth
	return starcircle.Solve(p).Nodes
}
