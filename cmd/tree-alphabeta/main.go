// Command tree-alphabeta reads a textbook game tree (nested lists of leaf
// values) on stdin and prints its value, the best move, the leaves
// evaluated and the nodes entered by the textbook's alphabeta. See pkg/tree.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/tree"
)

func main() {
	os.Exit(tree.AlphaBeta.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
