// Command congo-setup is the Congo program of the same name; see package
// github.com/gamesearch/gamesearch/pkg/congo/cli (Setup).
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/congo/cli"
)

func main() {
	os.Exit(cli.Setup.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
