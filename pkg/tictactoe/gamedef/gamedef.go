// Package gamedef describes tic-tac-toe to the gamesearch tools: its Game
// value (perft, tree and play in tools.go, matches in match.go, bench
// workloads in bench.go, the program for check in check.go, the explorer's
// pages in explore.go), listed by package games. Tic-tac-toe has no course
// archive, so no packaging recipe.
package gamedef

import (
	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/gamekit"
)

// Game is tic-tac-toe for the tools.
var Game = &gamekit.Game{
	Name:     "tictactoe",
	Title:    "Tic-tac-toe",
	Graded:   []string{"tictactoe-minimax"},
	Tools:    tools.Tools,
	Match:    matches.Game(),
	Bench:    Bench,
	Check:    []*check.Family{minimaxCheck},
	Explorer: explorerGame.Game(),
}
