package gamedef

import (
	"fmt"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"github.com/gamesearch/gamesearch/pkg/starcircle/arena"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// starcircleMatch is the match support of Star/Circle, over the rules,
// openings and players of pkg/starcircle/arena.
var starcircleMatch = kit.MatchGame{
	Notes: `minimax[:depth=D], alphabeta[:depth=D]: the homework's MINIMAX / ALPHABETA (default
depth 4), utility from the mover's view. exec: the program runs in a fresh temporary
directory holding input.txt (player to move, algorithm, depth, board, row values) and must
write output.txt (first line: the move, "F4-H2" or "pass"); settings
algorithm=minimax|alphabeta (default alphabeta), depth=D (default 4), timeout=DUR (default 60s).
Openings: the 49 positions after two plies from the start (Star first, values 10..80;
-plies K: after K plies, 379 for 3), or
-start FILE (a homework input file, both colours from it). A game ends as the spec says (a
side without pieces, or two passes in a row) or at -maxplies (default 400, never reached
from the start); the sign of the utility decides it.`,
	Play:  playStarcircleMatch,
	Plies: true,
}

func playStarcircleMatch(s *kit.MatchSettings) (*kit.MatchSummary, error) {
	if s.Variant != "" {
		return nil, fmt.Errorf("-variant %q: starcircle has no variants", s.Variant)
	}
	arg := s.Start
	if arg == "" {
		arg = "start"
	}
	prob, err := (&starcircleAdapter{}).problem(arg, s.Stdin)
	if err != nil {
		return nil, fmt.Errorf("-start %v", err)
	}
	w := starcircle.NewWeights(prob.Values)
	rules := arena.MatchRules{Weights: w, MaxPlies: s.MaxPlies}
	plies, err := s.OpeningPlies()
	if err != nil {
		return nil, err
	}
	start := arena.Start(prob)
	list := []arena.GamePos{start}
	if s.Start == "" {
		list = rules.Openings(start, plies)
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
		return newStarcirclePlayer(sp, prob, w, s.MoveTime)
	})
	if err != nil {
		return nil, err
	}
	defer kit.ClosePlayers(players[:])
	return kit.PlayMatch(s, rules, players, openings, [2]string{"Star", "Circle"}, starcircle.Move.String)
}

// newStarcirclePlayer builds the player of sp.
func newStarcirclePlayer(sp *kit.PlayerSpec, prob *starcircle.Problem, w *starcircle.Weights, moveTime time.Duration) (arena.Player, error) {
	switch sp.Kind {
	case "engine":
		return kit.EnginePlayer(sp, starcircle.EngineOptions(), moveTime, func(o engine.Options) *match.EnginePlayer[arena.GamePos, starcircle.Move] {
			return arena.NewEnginePlayer(sp.Text, starcircle.NewEngine(w, o))
		})
	case "minimax", "alphabeta":
		d, err := sp.Int("depth", 4, 1, 64)
		if err != nil {
			return nil, err
		}
		return arena.NewCoursePlayer(sp.Text, w, scAlgorithm(sp.Kind), d), sp.Done()
	case "exec":
		algo, err := sp.Choice("algorithm", "alphabeta", "minimax", "alphabeta")
		if err != nil {
			return nil, err
		}
		d, err := sp.Int("depth", 4, 1, starcircle.MaxDepth)
		if err != nil {
			return nil, err
		}
		argv, timeout, err := kit.ProgramSpec(sp)
		if err != nil {
			return nil, err
		}
		in := *prob
		in.Depth, in.Algorithm = d, scAlgorithm(algo)
		return arena.NewProgramPlayer(sp.Text, argv, in, timeout), sp.Done()
	}
	return nil, fmt.Errorf("player %q: unknown player %q for starcircle (want engine, minimax, alphabeta or exec)", sp.Text, sp.Kind)
}

// scAlgorithm returns the search named "minimax" or "alphabeta".
func scAlgorithm(name string) starcircle.Algorithm {
	if name == "alphabeta" {
		return starcircle.AlphaBeta
	}
	return starcircle.Minimax
}
