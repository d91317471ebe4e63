// Command minichess-fsf makes Fairy-Stockfish a MiniChess player of the
// course's file protocol: minichess-fsf [-movetime D] [-engine PATH]
// <state_file> <action_file>. It is the opponent of
// scripts/minichess-vs-fsf.sh; the logic lives in pkg/minichess/arena/fsf.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/arena/fsf"
)

func main() {
	os.Exit(fsf.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
