// Package gamedef describes Star/Circle (USC CSCI-561 HW1) to the gamesearch tools: its Game value
// (perft, tree and play in tools.go, matches in match.go, bench workloads
// in bench.go, the explorer's pages in explore.go, the submission
// archive's recipe in pack.go), listed by package games.
package gamedef

import (
	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/gamekit"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// Game is Star/Circle (USC CSCI-561 HW1) for the tools.
var Game = &gamekit.Game{
	Name:     "starcircle",
	Title:    "Star/Circle",
	Graded:   []string{"starcircle"},
	Tools:    func() kit.Game { return &starcircleAdapter{} },
	Match:    starcircleMatch,
	Check:    []*check.Family{starcircleCheck},
	Bench:    Bench,
	Explorer: explorerGame{},
	Pack:     packRecipe,
}
