// Command minichess-baseline is the MiniChess TA baseline player, installed
// as baseline1 ... baseline4 (see pkg/minichess/player and docs/minichess.md):
// baselineN [-level N] [-v] <state_file> <action_file>. The level comes from
// -level or from the program's own name.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/player"
)

func main() {
	os.Exit(player.BaselineProgram(os.Args[0]).Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
