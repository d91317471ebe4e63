// Command minichess-runner is the MiniChess game runner, installed as
// bin/minichess/main: main [-timeout D] [-max-steps N] [-no-clear]
// <white_exe> <black_exe>. See package runner.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/runner"
)

func main() {
	os.Exit(runner.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
