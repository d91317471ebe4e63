// Command congo-strength plays the congo-agent acceptance match and the self-play
// matches; see package github.com/gamesearch/gamesearch/pkg/congo/arena/strength.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/congo/arena/strength"
)

func main() {
	os.Exit(strength.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
