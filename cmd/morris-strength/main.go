// Command morris-strength plays a Morris-Variant match between two players
// (the tournament engine, the course programs at a depth, or external
// programs) and reports W/D/L, the score and the Elo difference; see
// morris.StrengthMain.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/morris"
)

func main() {
	os.Exit(morris.StrengthMain(os.Args[1:], os.Stdout, os.Stderr))
}
