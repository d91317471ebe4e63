// Command morris-selfplay plays the improved Morris-Variant estimators
// against the standard ones (spec §7.3) and prints one summary line per depth.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/morris"
)

func main() {
	os.Exit(morris.SelfPlayMain(os.Args[1:], os.Stdout, os.Stderr))
}
