// Command congo-move is the Congo program of the same name; see package
// github.com/gamesearch/gamesearch/pkg/congo/cli (Move).
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/congo/cli"
)

func main() {
	os.Exit(cli.Move.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
