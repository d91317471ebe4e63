// Command minichess-random is the MiniChess program player_random: the
// template's random example player (docs/minichess.md). Usage: player_random [-seed
// S] [-v] <state_file> <action_file>. The logic lives in
// pkg/minichess/player.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/player"
)

func main() {
	os.Exit(player.RandomPlayer.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
