// Command congo-strength plays the congo-agent acceptance match of
// specification section 6.9 and the agent's self-play matches; see package
// github.com/gamesearch/gamesearch/pkg/congo/agent (Strength).
package main

import (
	"os"

	"github.com/gamesearch/gamesearch/pkg/congo/agent"
)

func main() {
	os.Exit(agent.Strength(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
