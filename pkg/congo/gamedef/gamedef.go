// Package gamedef describes Congo (Wits COMS3005A) to the gamesearch tools: its Game value
// (perft, tree and play in tools.go, matches in match.go, bench workloads
// in bench.go, the explorer's pages in explore.go, the submission
// archive's recipe in pack.go), listed by package games.
package gamedef

import (
	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/gamekit"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// Game is Congo (Wits COMS3005A) for the tools.
var Game = &gamekit.Game{
	Name:  "congo",
	Title: "Congo",
	Graded: []string{"congo-setup", "congo-moves", "congo-move", "congo-eval", "congo-minimax", "congo-adveval", "congo-alphabeta",
		"congo-agent", "congo-baseline", "congo-checker"},
	Tools:    func() kit.Game { return &congoAdapter{} },
	Match:    congoMatch,
	Check:    []*check.Family{congoCheck, agentCheck},
	Bench:    Bench,
	Explorer: explorerGame{},
	Pack:     packRecipe,
}
