// Command tictactoe-minimax reads a tic-tac-toe board on stdin and prints
// the best move and the node count of a plain minimax to the end of the
// game. See pkg/tictactoe and docs/tictactoe.md.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/tictactoe"
)

func main() {
	os.Exit(tictactoe.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
