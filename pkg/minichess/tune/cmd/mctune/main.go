// Command mctune fits player_submission's evaluation weights to self-play
// results (pkg/minichess/tune). The logic lives in tune.Main.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/tune"
)

func main() {
	os.Exit(tune.Main(os.Args[1:], os.Stdout, os.Stderr))
}
