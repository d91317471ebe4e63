// Package gamedef describes Morris-Variant (UT Dallas AI) to the gamesearch tools: its Game value
// (perft, tree and play in tools.go, matches in match.go, bench workloads
// in bench.go, the explorer's pages in explore.go, the submission
// archive's recipe in pack.go), listed by package games.
package gamedef

import (
	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/gamekit"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// Game is Morris-Variant (UT Dallas AI) for the tools.
var Game = &gamekit.Game{
	Name:  "morris",
	Title: "Morris-Variant",
	Graded: []string{"MiniMaxOpening", "MiniMaxGame", "ABOpening", "ABGame", "MiniMaxOpeningBlack", "MiniMaxGameBlack",
		"MiniMaxOpeningImproved", "MiniMaxGameImproved"},
	Tools:    func() kit.Game { return &morrisAdapter{} },
	Match:    morrisMatch,
	Check:    []*check.Family{morrisCheck},
	Bench:    Bench,
	Explorer: explorerGame{},
	Pack:     packRecipe,
}
