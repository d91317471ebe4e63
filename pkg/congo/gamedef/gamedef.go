// Package gamedef describes Congo (Wits COMS3005A) to the gamesearch tools: its Game value
// (perft, tree and play in tools.go, matches in match.go, bench workloads
// in bench.go, the explorer's pages in explore.go, the submission
// archive's recipe in pack.go), listed by package games.
package gamedef

import (
	"github.com/gamesearch/gamesearch/pkg/gamekit"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// Game is Congo (Wits COMS3005A) for the tools.
var Game = &gamekit.Game{
	Name:     "congo",
	Title:    "Congo",
	Tools:    func() kit.Game { return &congoAdapter{} },
	Match:    congoMatch,
	Bench:    Bench,
	Explorer: explorerGame{},
	Pack:     packRecipe,
}
