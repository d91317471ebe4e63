package gamedef

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
	"github.com/gamesearch/gamesearch/pkg/tree"
)

// uniform writes the uniform tree of branching b and height d whose
// leaves, in order, are k*7919 mod 1000 - 500.
func uniform(b, d int) string {
	var w strings.Builder
	k := 0
	var node func(d int)
	node = func(d int) {
		if d == 0 {
			w.WriteString(strconv.Itoa(k*7919%1000 - 500))
			k++
			return
		}
		w.WriteByte('[')
		for i := range b {
			if i > 0 {
				w.WriteByte(',')
			}
			node(d - 1)
		}
		w.WriteByte(']')
	}
	node(d)
	return w.String()
}

// Bench is the game's bench workload: tree-alphabeta's search of a
// uniform tree (branching 4; height 6, 4 when quick), its nodes entered.
func Bench(quick bool) []kit.BenchCase {
	d := kit.Size(quick, 6, 4)
	in := uniform(4, d)
	return []kit.BenchCase{{Workload: fmt.Sprintf("tree-alphabeta, uniform tree 4^%d", d), Unit: "nodes",
		Run: func(string) (uint64, error) {
			t, err := tree.Parse([]byte(in))
			if err != nil {
				return 0, err
			}
			return tree.AlphaBeta.Solve(t).Nodes, nil
		}}}
}
