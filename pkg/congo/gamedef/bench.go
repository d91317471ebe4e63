package gamedef

import (
	"fmt"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// Bench returns the bench workloads of congo: the graded programs' reference
// runs, or small versions of them when quick.
func Bench(quick bool) []kit.BenchCase {
	cPerft, cPos, cAB := kit.Size(quick, 5, 3), kit.Size(quick, 500, 10), kit.Size(quick, 500, 3)
	return []kit.BenchCase{
		{Workload: fmt.Sprintf("perft start (2022) depth %d", cPerft), Unit: "leaves", Run: func(string) (uint64, error) {
			p, _ := congo.ParseFEN(congo.StartFEN(congo.Edition2022))
			return congo.NewPerft(congo.Edition2022).Count(p, cPerft).Leaves, nil
		}},
		{Workload: fmt.Sprintf("congo-minimax depth 2, %d positions", cPos), Unit: "nodes", Run: func(corpus string) (uint64, error) {
			return congoBench(corpus, cPos, false)
		}},
		{Workload: fmt.Sprintf("congo-alphabeta depth 4, %d positions", cAB), Unit: "nodes", Run: func(corpus string) (uint64, error) {
			return congoBench(corpus, cAB, true)
		}},
	}
}

// congoBench runs congo-minimax or congo-alphabeta on the first n positions
// of the 2022 conformance positions.
func congoBench(corpus string, n int, ab bool) (uint64, error) {
	if corpus == "" {
		return 0, fmt.Errorf("needs the conformance corpus (-corpus DIR)")
	}
	data, err := kit.ReadCorpusFile(corpus, "congo", "2022", "positions_500.in")
	if err != nil {
		return 0, fmt.Errorf("needs congo/2022/positions_500.in of the corpus")
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(lines) < 1+n {
		return 0, fmt.Errorf("congo/2022/positions_500.in has fewer than %d positions", n)
	}
	ps := make([]congo.Position, n)
	for i := range ps {
		if ps[i], err = congo.ParseFEN(lines[1+i]); err != nil {
			return 0, fmt.Errorf("congo/2022/positions_500.in line %d: %v", i+2, err)
		}
	}
	var nodes uint64
	if ab {
		s := congo.NewAlphaBeta(congo.Edition2022)
		for i := range ps {
			nodes += s.AlphaBeta(ps[i], 4).Nodes
		}
	} else {
		s := congo.NewMinimax(congo.Edition2022)
		for i := range ps {
			nodes += s.Minimax(ps[i], 2).Nodes
		}
	}
	return nodes, nil
}
