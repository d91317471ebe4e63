// Command mcmatch plays in-process MiniChess matches under the runner's rules
// (docs/minichess.md, "Strength") between player_submission, the baselines,
// player_alphabeta and external programs; see submission.Tool.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
)

func main() {
	os.Exit(submission.Tool(os.Args[1:], os.Stdout, os.Stderr))
}
