package tree

import (
	"fmt"
	"io"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// Program is one of the two graded programs: tree-minimax or
// tree-alphabeta.
type Program struct {
	// Name is the program's name; AlphaBeta selects its search.
	Name      string
	AlphaBeta bool
}

// The programs.
var (
	Minimax   = Program{Name: "tree-minimax"}
	AlphaBeta = Program{Name: "tree-alphabeta", AlphaBeta: true}
)

// Answer is a program's result for a tree.
type Answer struct {
	Value Value
	// Move is the best move, the first best in the order written.
	Move string
	// Leaves is the number of leaves evaluated, Nodes of nodes entered
	// (the root included).
	Leaves, Nodes uint64
}

// Solve searches t to its height with the program's search.
func (p Program) Solve(t *Tree) Answer {
	s := NewSearcher(t)
	var r search.Result[Move]
	if p.AlphaBeta {
		r = s.AlphaBeta(Position{}, t.Height)
	} else {
		r = s.Minimax(Position{}, t.Height)
	}
	return Answer{Value: r.Value, Move: t.Label[t.Kids[0][r.Move]], Leaves: r.Evals, Nodes: r.Nodes}
}

// Format returns the program's output: four lines.
func (a Answer) Format() string {
	return fmt.Sprintf("value: %d\nmove: %s\nleaves evaluated: %d\nnodes entered: %d\n", a.Value, a.Move, a.Leaves, a.Nodes)
}

// Run is the program: it reads a tree ([Parse]) on stdin and prints its
// [Answer]. It takes no arguments; -h prints the usage. A bad tree prints
// one line on stderr with the byte offset and returns 2.
func (p Program) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	usage := fmt.Sprintf("usage: %s < tree  (nested lists of leaf values, e.g. [[3,12,8],[2,4,6],[14,5,2]])", p.Name)
	answer := func(input []byte) (string, error) {
		out, err := p.Reference(input)
		if err != nil {
			return "", fmt.Errorf("stdin: %v", err)
		}
		return out, nil
	}
	return cliutil.RunStdin(p.Name, usage, 1<<20, answer, args, stdin, stdout, stderr)
}

// Reference returns the program's stdout on input, a tree, or the parse
// error.
func (p Program) Reference(input []byte) (string, error) {
	t, err := Parse(input)
	if err != nil {
		return "", err
	}
	return p.Solve(t).Format(), nil
}
