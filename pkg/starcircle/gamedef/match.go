package toolkit

import (
	"fmt"
	"time"

	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"github.com/gamesearch/gamesearch/pkg/starcircle/arena"
)

// starcircleMatch is the match support of Star/Circle, over the rules,
// openings and players of pkg/starcircle/arena.
var starcircleMatch = matchGame{
	name: "starcircle",
	notes: `minimax[:depth=D], alphabeta[:depth=D]: the homework's MINIMAX / ALPHABETA (default
depth 4), utility from the mover's view. exec: the program runs in a fresh temporary
directory holding input.txt (player to move, algorithm, depth, board, row values) and must
write output.txt (first line: the move, "F4-H2" or "pass"); settings
algorithm=minimax|alphabeta (default alphabeta), depth=D (default 4), timeout=DUR (default 60s).
Openings: the 49 positions after two plies from the start (Star first, values 10..80;
-plies K: after K plies, 379 for 3), or
-start FILE (a homework input file, both colours from it). A game ends as the spec says (a
side without pieces, or two passes in a row) or at -maxplies (default 400, never reached
from the start); the sign of the utility decides it.`,
	play: playStarcircleMatch,
}

func playStarcircleMatch(s *matchSettings) (*matchSummary, error) {
	if s.variant != "" {
		return nil, fmt.Errorf("-variant %q: starcircle has no variants", s.variant)
	}
	arg := s.start
	if arg == "" {
		arg = "start"
	}
	prob, err := (&starcircleAdapter{}).problem(arg, s.stdin)
	if err != nil {
		return nil, fmt.Errorf("-start %v", err)
	}
	w := starcircle.NewWeights(prob.Values)
	rules := arena.MatchRules{Weights: w, MaxPlies: s.maxPlies}
	plies, err := s.openingPlies()
	if err != nil {
		return nil, err
	}
	start := arena.Start(prob)
	list := []arena.GamePos{start}
	if s.start == "" {
		list = rules.Openings(start, plies)
	}
	openings, err := chooseOpenings(list, s.openings, s.seed)
	if err != nil {
		return nil, err
	}
	var players [2]arena.Player
	for i, text := range s.specs {
		sp, err := parsePlayerSpec(text)
		if err != nil {
			return nil, err
		}
		if players[i], err = newStarcirclePlayer(sp, prob, w, s.moveTime); err != nil {
			return nil, err
		}
	}
	return playMatch(s, rules, players, openings, [2]string{"Star", "Circle"}, starcircle.Move.String)
}

// newStarcirclePlayer builds the player of sp.
func newStarcirclePlayer(sp *playerSpec, prob *starcircle.Problem, w *starcircle.Weights, moveTime time.Duration) (arena.Player, error) {
	switch sp.kind {
	case "engine":
		e, err := parseEngineSpec(sp, starcircle.EngineOptions(), moveTime)
		if err != nil {
			return nil, err
		}
		return limit(arena.NewEnginePlayer(sp.text, starcircle.NewEngine(w, e.opt)), e), nil
	case "minimax", "alphabeta":
		d, err := sp.intSetting("depth", 4, 1, 64)
		if err != nil {
			return nil, err
		}
		return arena.NewCoursePlayer(sp.text, w, scAlgorithm(sp.kind), d), sp.done()
	case "exec":
		algo, err := sp.choice("algorithm", "alphabeta", "minimax", "alphabeta")
		if err != nil {
			return nil, err
		}
		d, err := sp.intSetting("depth", 4, 1, starcircle.MaxDepth)
		if err != nil {
			return nil, err
		}
		timeout, err := sp.durationSetting("timeout", arena.DefaultTimeout)
		if err != nil {
			return nil, err
		}
		prog, err := resolveProgram(sp.command[0])
		if err != nil {
			return nil, fmt.Errorf("player %q: %v", sp.text, err)
		}
		p := &arena.ProgramPlayer{Label: sp.text, Argv: append([]string{prog}, sp.command[1:]...),
			Problem: *prob, Timeout: timeout}
		p.Problem.Depth, p.Problem.Algorithm = d, scAlgorithm(algo)
		return p, sp.done()
	}
	return nil, fmt.Errorf("player %q: unknown player %q for starcircle (want engine, minimax, alphabeta or exec)", sp.text, sp.kind)
}

// scAlgorithm returns the search named "minimax" or "alphabeta".
func scAlgorithm(name string) starcircle.Algorithm {
	if name == "alphabeta" {
		return starcircle.AlphaBeta
	}
	return starcircle.Minimax
}
