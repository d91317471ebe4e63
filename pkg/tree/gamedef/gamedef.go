// Package gamedef describes the textbook game tree (pkg/tree) to the
// gamesearch tools: perft and tree in tools.go, a bench workload in
// bench.go, the explorer's pages in explore.go, listed by package games. A
// tree is an exercise, not a game to play or a course's archive: no match,
// play, check or packaging.
package gamedef

import (
	"github.com/gamesearch/gamesearch/pkg/gamekit"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// Game is the textbook tree for the tools.
var Game = &gamekit.Game{
	Name:     "tree",
	Title:    "Textbook tree",
	Graded:   []string{"tree-minimax", "tree-alphabeta"},
	Tools:    func() kit.Game { return adapter{} },
	Bench:    Bench,
	Explorer: explorerGame{},
}
