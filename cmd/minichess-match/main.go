// Command minichess-match plays in-process MiniChess matches under the
// runner's rules (docs/minichess.md, "Strength") between player_submission,
// the baselines, player_alphabeta and external programs; see package
// github.com/gamesearch/gamesearch/pkg/minichess/arena.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/arena"
)

func main() {
	os.Exit(arena.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
