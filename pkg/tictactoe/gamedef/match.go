package gamedef

import (
	"fmt"

	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"github.com/gamesearch/gamesearch/pkg/tictactoe/arena"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// matches is the match support of tic-tac-toe, over the rules, openings
// and players of pkg/tictactoe/arena.
var matches = &kit.BasicMatch[tictactoe.Position, tictactoe.Move]{
	Name: "tictactoe",
	Notes: `minimax[:depth=D]: tictactoe-minimax's search (default depth 9, the end of the game);
alphabeta[:depth=D]: the course alpha-beta. exec[,timeout=DUR]:COMMAND: an external
program of tictactoe-minimax's protocol (the board on stdin, the move's square number on
stdout's first line; default timeout 60s). Openings: the 72 positions after two plies
(-plies K: after K plies), or -start POSITION (nine cells such as "X...O...."). A game
ends with three in a row or a full board.`,
	Rules:    arena.MatchRules{},
	Colors:   [2]string{"X", "O"},
	Label:    tictactoe.Move.String,
	Openings: func(plies int) []tictactoe.Position { return arena.MatchRules{}.Openings(tictactoe.Start(), plies) },
	Start:    tictactoe.ParsePosition,
	Player:   newPlayer,
}

// newPlayer builds the player of sp.
func newPlayer(sp *kit.PlayerSpec, s *kit.MatchSettings) (arena.Player, error) {
	switch sp.Kind {
	case "engine":
		e, err := kit.ParseEngineSpec(sp, tictactoe.EngineOptions(), s.MoveTime)
		if err != nil {
			return nil, err
		}
		return kit.Limit(arena.NewEnginePlayer(sp.Text, tictactoe.NewEngine(e.Options)), e), nil
	case "minimax", "alphabeta":
		d, err := sp.Int("depth", tictactoe.FullDepth, 1, tictactoe.FullDepth)
		if err != nil {
			return nil, err
		}
		return arena.NewCoursePlayer(sp.Text, sp.Kind == "alphabeta", d), sp.Done()
	case "exec":
		argv, timeout, err := kit.ProgramSpec(sp)
		if err != nil {
			return nil, err
		}
		return arena.NewProgramPlayer(sp.Text, argv, timeout), sp.Done()
	}
	return nil, fmt.Errorf("player %q: unknown player %q for tictactoe (want engine, minimax, alphabeta or exec)", sp.Text, sp.Kind)
}
