// Package gamedef describes MiniChess 6x5 (NTHU I2P(II) mini project 3) to the gamesearch tools: its Game value
// (perft, tree and play in tools.go, matches in match.go, bench workloads
// in bench.go, the explorer's pages in explore.go, the submission
// archive's recipe in pack.go), listed by package games.
package gamedef

import (
	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/gamekit"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// Game is MiniChess 6x5 (NTHU I2P(II) mini project 3) for the tools.
var Game = &gamekit.Game{
	Name:     "minichess",
	Title:    "MiniChess 6x5",
	Graded:   []string{"minichess-random", "minichess-minimax", "minichess-alphabeta", "minichess-baseline", "minichess-submission"},
	Tools:    func() kit.Game { return &minichessAdapter{} },
	Match:    minichessMatch,
	Check:    []*check.Family{playerCheck},
	Bench:    Bench,
	Explorer: explorerGame{},
	Pack:     packRecipe,
}
