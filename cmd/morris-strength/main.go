// Command morris-strength plays a Morris-Variant match between two players
// (the tournament engine, the course programs at a depth, or external
// programs) and reports W/D/L, the score and the Elo difference; see
// package github.com/gamesearch/gamesearch/pkg/morris/arena.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/morris/arena"
)

func main() {
	os.Exit(arena.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
