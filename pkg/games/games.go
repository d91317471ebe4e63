// Package games is the registry of the games the gamesearch tools know:
// one line per game, its gamedef package's Game value. It is the only
// package of the tools that imports a game's packages; the tools take
// their games from All.
package games

import (
	"github.com/gamesearch/gamesearch/pkg/check"
	congo "github.com/gamesearch/gamesearch/pkg/congo/gamedef"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/gamekit"
	minichess "github.com/gamesearch/gamesearch/pkg/minichess/gamedef"
	morris "github.com/gamesearch/gamesearch/pkg/morris/gamedef"
	starcircle "github.com/gamesearch/gamesearch/pkg/starcircle/gamedef"
	tictactoe "github.com/gamesearch/gamesearch/pkg/tictactoe/gamedef"
	tree "github.com/gamesearch/gamesearch/pkg/tree/gamedef"
)

// All lists the games in the order of the tools' usage texts.
var All = []*gamekit.Game{
	congo.Game,
	morris.Game,
	minichess.Game,
	starcircle.Game,
	tree.Game,
	tictactoe.Game,
}

// Find returns the game called name, or nil.
func Find(name string) *gamekit.Game {
	for _, g := range All {
		if g.Name == name {
			return g
		}
	}
	return nil
}

// Names returns the games' names in order.
func Names() []string {
	out := make([]string, len(All))
	for i, g := range All {
		out[i] = g.Name
	}
	return out
}

// Explorers returns the explorer pages of the games that have them, in
// order, for "gamesearch serve".
func Explorers() []explorer.Game {
	var out []explorer.Game
	for _, g := range All {
		if g.Explorer != nil {
			out = append(out, g.Explorer)
		}
	}
	return out
}

// CheckFamilies returns the program families of the games, in order, for
// check, gen, grade and autograder.
func CheckFamilies() []*check.Family {
	var out []*check.Family
	for _, g := range All {
		out = append(out, g.Check...)
	}
	return out
}
