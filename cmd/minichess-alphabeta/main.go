// Command minichess-alphabeta is the MiniChess program player_alphabeta, the iterative-deepening alpha-beta reference player (spec 9.3)
// (see pkg/minichess/player): player_alphabeta [-depth N] [-time D] [-nodes N] [-v] <state_file> <action_file>.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/player"
)

func main() {
	os.Exit(player.AlphaBetaPlayer.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
