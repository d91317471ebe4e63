// Package gamedef describes the textbook game tree (pkg/tree) to the
// gamesearch tools: perft, tree and play in tools.go, a bench workload in
// bench.go, the programs for check in check.go, the explorer's pages in
// explore.go, listed by package games. A tree is an exercise, not a game
// to play matches of or a course's archive: no match or packaging.
package gamedef

import (
	"github.com/gamesearch/gamesearch/pkg/check"
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
	Check:    []*check.Family{treeCheck},
	Explorer: explorerGame.Game(),
}
