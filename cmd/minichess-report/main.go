// Command minichess-report writes the MiniChess design report, running every
// measurement it quotes; see package pkg/minichess/report.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/minichess/report"
)

func main() {
	os.Exit(report.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
