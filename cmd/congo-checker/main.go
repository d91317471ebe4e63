// Command congo-checker is the ./checker of the Congo tournament runner;
// see package github.com/gamesearch/gamesearch/pkg/congo/checker.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/congo/checker"
)

func main() {
	os.Exit(checker.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
