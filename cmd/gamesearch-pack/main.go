// Command gamesearch-pack builds the submission archives of the courses
// (run by scripts/package.sh); see package internal/pack, docs/packaging.md.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/internal/pack"
)

func main() {
	os.Exit(pack.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
