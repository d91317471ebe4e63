// Command minichess-minimax is the MiniChess program player_minimax:
// iterative-deepening minimax with the course's evaluation (docs/minichess.md).
// Usage: player_minimax [-depth N] [-time D] [-nodes N] [-v] <state_file>
// <action_file>. The logic lives in pkg/minichess/player.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/player"
)

func main() {
	os.Exit(player.MinimaxPlayer.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
