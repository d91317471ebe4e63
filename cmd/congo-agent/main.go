// Command congo-agent is the Congo tournament player of specification
// section 6.9; see package github.com/gamesearch/gamesearch/pkg/congo/agent.
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/congo/agent"
)

func main() {
	os.Exit(agent.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
