// Command minichess-submission is the MiniChess program player_submission:
// the strong engine (docs/minichess.md). Usage: player_submission [-time D] [-depth N]
// [-nodes N] [-hash MiB] [-ply N] [-v] <state_file> <action_file>. The logic
// lives in pkg/minichess/submission.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
)

func main() {
	os.Exit(submission.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
