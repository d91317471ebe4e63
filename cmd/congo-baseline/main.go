// Command congo-baseline is the course's depth-4 alpha-beta behind the
// tournament protocol; see package github.com/gamesearch/gamesearch/pkg/congo/baseline.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/congo/baseline"
)

func main() {
	os.Exit(baseline.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
