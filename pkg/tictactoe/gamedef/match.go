package gamedef

import (
	"fmt"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"github.com/gamesearch/gamesearch/pkg/tictactoe/arena"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// matchGame is the match support of tic-tac-toe, over the rules, openings
// and players of pkg/tictactoe/arena.
var matchGame = kit.MatchGame{
	Notes: `minimax[:depth=D]: tictactoe-minimax's search (default depth 9, the end of the game);
alphabeta[:depth=D]: the course alpha-beta. exec[,timeout=DUR]:COMMAND: an external
program of tictactoe-minimax's protocol (the board on stdin, the move's square number on
stdout's first line; default timeout 60s). Openings: the 72 positions after two plies
(-plies K: after K plies), or -start POSITION (nine cells such as "X...O...."). A game
ends with three in a row or a full board.`,
	Play:  playMatch,
	Plies: true,
}

// playMatch plays a tic-tac-toe match.
func playMatch(s *kit.MatchSettings) (*kit.MatchSummary, error) {
	if s.Variant != "" {
		return nil, fmt.Errorf("-variant %q: tictactoe has no variants", s.Variant)
	}
	var rules arena.MatchRules
	plies, err := s.OpeningPlies()
	if err != nil {
		return nil, err
	}
	list := rules.Openings(tictactoe.Start(), plies)
	if s.Start != "" {
		p, err := tictactoe.ParsePosition(s.Start)
		if err != nil {
			return nil, fmt.Errorf("-start %s: %v", cliutil.Quote(s.Start), err)
		}
		list = []tictactoe.Position{p}
	}
	openings, err := kit.ChooseOpenings(list, s.Openings, s.Seed)
	if err != nil {
		return nil, err
	}
	players, err := kit.Players(s.Specs, func(text string) (arena.Player, error) {
		sp, err := kit.ParsePlayerSpec(text)
		if err != nil {
			return nil, err
		}
		return newPlayer(sp, s)
	})
	if err != nil {
		return nil, err
	}
	defer kit.ClosePlayers(players[:])
	return kit.PlayMatch(s, rules, players, openings, [2]string{"X", "O"}, tictactoe.Move.String)
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
		if sp.Kind == "minimax" {
			return arena.NewCoursePlayer(sp.Text, d), sp.Done()
		}
		return &alphaBetaPlayer{label: sp.Text, depth: d, s: tictactoe.NewSearcher()}, sp.Done()
	case "exec":
		timeout, err := sp.Duration("timeout", arena.DefaultTimeout)
		if err != nil {
			return nil, err
		}
		prog, err := kit.ResolveProgram(sp.Command[0])
		if err != nil {
			return nil, fmt.Errorf("player %q: %v", sp.Text, err)
		}
		return &arena.ProgramPlayer{Label: sp.Text, Argv: append([]string{prog}, sp.Command[1:]...), Timeout: timeout}, sp.Done()
	}
	return nil, fmt.Errorf("player %q: unknown player %q for tictactoe (want engine, minimax, alphabeta or exec)", sp.Text, sp.Kind)
}

// alphaBetaPlayer is the course alpha-beta to a fixed depth as a player:
// the first best move in square order. It is deterministic.
type alphaBetaPlayer struct {
	label string
	depth int
	s     *tictactoe.Searcher
}

// Name returns the label.
func (p *alphaBetaPlayer) Name() string { return p.label }

// NewGame does nothing: the search keeps nothing between moves.
func (p *alphaBetaPlayer) NewGame(uint64) {}

// Move searches the position and returns the move found.
func (p *alphaBetaPlayer) Move(t *match.Turn[tictactoe.Position, tictactoe.Move]) (tictactoe.Move, error) {
	r := p.s.AlphaBeta(t.Pos, p.depth)
	if !r.HasMove {
		return 0, match.ErrNoMove
	}
	return r.Move, nil
}
