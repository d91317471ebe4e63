// Command congo-roundrobin plays the Congo Part 6 round robin and prints its
// tables; see package github.com/gamesearch/gamesearch/pkg/congo/arena/roundrobin.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/congo/arena/roundrobin"
)

func main() {
	os.Exit(roundrobin.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
