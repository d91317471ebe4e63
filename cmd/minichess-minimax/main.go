// Command minichess-minimax is the MiniChess program player_minimax, the iterative-deepening minimax reference player (spec 9.2)
// (see pkg/minichess/player): player_minimax [-depth N] [-time D] [-nodes N] [-v] <state_file> <action_file>.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/player"
)

func main() {
	os.Exit(player.MinimaxPlayer.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
