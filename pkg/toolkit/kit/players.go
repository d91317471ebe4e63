package kit

import (
	"fmt"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// EnginePlayer is the "engine" player of sp: its settings are read by
// [ParseEngineSpec] over base, and the player newPlayer(options) is
// limited by them. Depth, nodes and time combine (the first reached ends
// the reply); without any of them the match's move time limits it.
func EnginePlayer[P, M any](sp *PlayerSpec, base engine.Options, moveTime time.Duration,
	newPlayer func(o engine.Options) *match.EnginePlayer[P, M]) (match.Player[P, M], error) {
	e, err := ParseEngineSpec(sp, base, moveTime)
	if err != nil {
		return nil, err
	}
	p := newPlayer(e.Options)
	p.Depth, p.Nodes, p.MoveTime = e.Depth, e.Nodes, e.Time
	p.UseMatchTime = e.Depth == 0 && e.Nodes == 0 && e.Time == 0
	return p, nil
}

// PlayerKinds are the usual players of a game, each offered when its field
// is set ([PlayerKinds.Player] builds them):
//   - engine[:SETTINGS]: the engine of Engine with EngineOptions and the
//     settings ([EnginePlayer]);
//   - minimax[:depth=D] and alphabeta[:depth=D]: Course, to depth D (Depth
//     by default, 1 to MaxDepth; both must be set with Course);
//   - exec[,timeout=DUR]:COMMAND: the program COMMAND, played as Program
//     (its Label, Argv and Timeout set from the argument, [ProgramSpec]).
type PlayerKinds[P, M any] struct {
	Engine        func(label string, o engine.Options) *match.EnginePlayer[P, M]
	EngineOptions engine.Options
	Course        func(label string, alphaBeta bool, depth int) match.Player[P, M]
	Depth         int
	MaxDepth      int
	Program       *match.ProgramPlayer[P, M]
}

// Engine returns the Engine of [PlayerKinds] that plays the engines of
// newEngine.
func Engine[P any, M comparable, G engine.Game[P, M]](newEngine func(engine.Options) *engine.Engine[P, M, G]) func(string, engine.Options) *match.EnginePlayer[P, M] {
	return func(label string, o engine.Options) *match.EnginePlayer[P, M] {
		return match.NewEnginePlayer(label, newEngine(o))
	}
}

// Course returns the Course of [PlayerKinds] that plays the course search
// of a new searcher (a [match.CoursePlayer]).
func Course[P, M any, G search.Game[P, M]](newSearcher func() *search.Searcher[P, M, G]) func(string, bool, int) match.Player[P, M] {
	return func(label string, alphaBeta bool, depth int) match.Player[P, M] {
		return &match.CoursePlayer[P, M, G]{Label: label, Searcher: newSearcher(), AlphaBeta: alphaBeta, Depth: depth}
	}
}

// Player builds the player of sp; a kind the game does not offer is an
// error naming game and the kinds it offers.
func (k *PlayerKinds[P, M]) Player(game string, sp *PlayerSpec, s *MatchSettings) (match.Player[P, M], error) {
	switch {
	case sp.Kind == "engine" && k.Engine != nil:
		return EnginePlayer(sp, k.EngineOptions, s.MoveTime, func(o engine.Options) *match.EnginePlayer[P, M] {
			return k.Engine(sp.Text, o)
		})
	case (sp.Kind == "minimax" || sp.Kind == "alphabeta") && k.Course != nil:
		if k.Depth < 1 || k.MaxDepth < k.Depth {
			return nil, fmt.Errorf("player %q: %s's course players have no depth (PlayerKinds.Depth %d, MaxDepth %d)", sp.Text, game, k.Depth, k.MaxDepth)
		}
		d, err := sp.Int("depth", k.Depth, 1, k.MaxDepth)
		if err != nil {
			return nil, err
		}
		return k.Course(sp.Text, sp.Kind == "alphabeta", d), sp.Done()
	case sp.Kind == "exec" && k.Program != nil:
		argv, timeout, err := ProgramSpec(sp)
		if err != nil {
			return nil, err
		}
		p := *k.Program
		p.Label, p.Argv, p.Timeout = sp.Text, argv, timeout
		return &p, sp.Done()
	}
	var kinds []string
	for _, k := range []struct {
		name string
		ok   bool
	}{{"engine", k.Engine != nil}, {"minimax", k.Course != nil}, {"alphabeta", k.Course != nil}, {"exec", k.Program != nil}} {
		if k.ok {
			kinds = append(kinds, k.name)
		}
	}
	return nil, fmt.Errorf("player %q: unknown player %q for %s (want %s)", sp.Text, sp.Kind, game, cliutil.OrList(kinds))
}
