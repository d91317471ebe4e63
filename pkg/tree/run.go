package tree

import (
	"errors"
	"flag"
	"fmt"
	"io"

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
	fs := flag.NewFlagSet(p.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, usage)
			return 0
		}
		fmt.Fprintf(stderr, "%s: %v (%s)\n", p.Name, err, usage)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %q (%s)\n", p.Name, fs.Arg(0), usage)
		return 2
	}
	data, err := io.ReadAll(io.LimitReader(stdin, 1<<20+1))
	if err != nil {
		fmt.Fprintf(stderr, "%s: cannot read input: %v\n", p.Name, err)
		return 2
	}
	if len(data) > 1<<20 {
		fmt.Fprintf(stderr, "%s: stdin: over 1 MiB\n", p.Name)
		return 2
	}
	t, err := Parse(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: stdin: %v\n", p.Name, err)
		return 2
	}
	if _, err := io.WriteString(stdout, p.Solve(t).Format()); err != nil {
		fmt.Fprintf(stderr, "%s: cannot write output: %v\n", p.Name, err)
		return 1
	}
	return 0
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
