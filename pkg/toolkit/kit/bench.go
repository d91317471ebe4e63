package kit

import (
	"fmt"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// BenchCase is one workload of the bench table. Run returns the number of
// nodes (or static evaluations, as Unit says) it visited; corpus is the
// conformance folder ("" when none was found), for workloads that read it.
type BenchCase struct {
	Workload string
	Unit     string
	Run      func(corpus string) (uint64, error)
}

// Size returns full, or small for the quick table.
func Size(quick bool, full, small int) int {
	if quick {
		return small
	}
	return full
}

// Bench returns the bench workloads of a [Basic] game from its start
// position ("start"): the perft and the course minimax (the graded
// program's search, named program) and alpha-beta, each to depth (small
// when quick).
func (b *Basic[P, M, G]) Bench(program string, start P, depth, small int) func(quick bool) []BenchCase {
	return func(quick bool) []BenchCase {
		d := Size(quick, depth, small)
		course := func(alphaBeta bool) func(string) (uint64, error) {
			return func(string) (uint64, error) {
				s := search.New[P, M](b.Course, b.Options)
				if alphaBeta {
					return s.AlphaBeta(start, d).Nodes, nil
				}
				return s.Minimax(start, d).Nodes, nil
			}
		}
		return []BenchCase{
			{Workload: fmt.Sprintf("perft start depth %d", d), Unit: "leaves",
				Run: func(string) (uint64, error) { return b.Perft(start, d).Total, nil }},
			{Workload: fmt.Sprintf("%s start depth %d", program, d), Unit: "nodes", Run: course(false)},
			{Workload: fmt.Sprintf("alphabeta start depth %d", d), Unit: "nodes", Run: course(true)},
		}
	}
}
