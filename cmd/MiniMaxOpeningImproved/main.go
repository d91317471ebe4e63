// Command MiniMaxOpeningImproved is the Morris-Variant program of the same name (see
// pkg/morris and the spec): MiniMaxOpeningImproved [-board KIND] INPUT OUTPUT DEPTH.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/morris"
)

func main() {
	os.Exit(morris.MiniMaxOpeningImproved.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
