// Command congo-roundrobin plays the Congo Part 6 round robin and prints its
// tables; see package internal/pack/roundrobin.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/internal/pack/roundrobin"
)

func main() {
	os.Exit(roundrobin.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
