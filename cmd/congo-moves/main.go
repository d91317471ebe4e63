// Command congo-moves is the Congo program of the same name; see package
// github.com/gamesearch/gamesearch/pkg/congo/cli (Moves).
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/congo/cli"
)

func main() {
	os.Exit(cli.Moves.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
