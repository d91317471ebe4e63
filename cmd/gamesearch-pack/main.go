// Command gamesearch-pack builds the submission archives of the courses
// (run by scripts/package.sh); see package internal/pack/packcmd,
// docs/packaging.md.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/internal/pack/packcmd"
)

func main() {
	os.Exit(packcmd.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
