// Command morris-selfplay plays the improved Morris-Variant estimators
// against the standard ones (docs/morris.md §7.3) and prints one summary
// line per depth; see package
// github.com/gamesearch/gamesearch/pkg/morris/arena/selfplay.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/morris/arena/selfplay"
)

func main() {
	os.Exit(selfplay.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
