// Command gamesearch is the toolkit of the gamesearch repository: perft with
// divide, speed figures, search-tree pictures and play against the engine,
// for Congo, Morris-Variant, MiniChess 6x5 and Star/Circle. Run
// "gamesearch help" for the subcommands; see pkg/toolkit.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/toolkit"
)

func main() {
	os.Exit(toolkit.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
