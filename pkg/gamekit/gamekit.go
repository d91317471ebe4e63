// Package gamekit describes a game to the gamesearch tools. Each game's
// gamedef package (pkg/<game>/gamedef) exports one Game value; package
// games lists them, and the tools read that list, so that no tool names a
// game.
package gamekit

import (
	"github.com/gamesearch/gamesearch/internal/pack"
	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// Game is everything the tools need of one game.
type Game struct {
	// Name is the game's name on the command line ("congo"); Title is its
	// name in prose ("Congo").
	Name, Title string
	// Graded are the commands (cmd/<name>) of the game's graded programs:
	// they link rules and searches only (internal/layout holds them to it).
	Graded []string
	// Tools returns a new adapter of perft, tree and play; its flags set
	// its fields, so every command gets its own.
	Tools func() kit.Game
	// Match plays matches of the game.
	Match kit.MatchGame
	// Bench returns the game's bench workloads, small ones when quick.
	Bench func(quick bool) []kit.BenchCase
	// Explorer shows the searches of the game's graded programs and plays
	// it in "gamesearch serve"; nil when the game has no explorer pages.
	Explorer explorer.Game
	// Check are the families of the course's programs for gamesearch
	// check, gen and grade; nil when there is no program to check.
	Check []*check.Family
	// Pack is the recipe of the course's submission archive for
	// gamesearch-pack; nil when the course has no archive.
	Pack *pack.Recipe
}
