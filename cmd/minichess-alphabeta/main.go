// Command minichess-alphabeta is the MiniChess program player_alphabeta: the
// same search with alpha-beta pruning (docs/minichess.md). Usage: player_alphabeta
// [-depth N] [-time D] [-nodes N] [-v] <state_file> <action_file>. The logic
// lives in pkg/minichess/player.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/player"
)

func main() {
	os.Exit(player.AlphaBetaPlayer.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
