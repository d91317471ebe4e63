// Command minichess-tune fits player_submission's evaluation weights to self-play
// results or Fairy-Stockfish's scores (pkg/minichess/arena/tune). The logic lives in tune.Run.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/arena/tune"
)

func main() {
	os.Exit(tune.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
