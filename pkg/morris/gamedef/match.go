package gamedef

import (
	"fmt"
	"strings"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/morris/arena"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// morrisMatch is the match support of Morris-Variant, over the rules,
// openings and players of pkg/morris/arena (match.go, strength.go, exec.go).
var morrisMatch = kit.MatchGame{
	Notes: `standard:D, improved:D: MiniMaxOpening/MiniMaxGame with the standard or improved
estimator at depth D. exec:D:OPENING:GAME: external programs speaking PROGRAM INPUT OUTPUT
DEPTH (OPENING and GAME are command lines split at blanks; D = 0 passes no DEPTH; Black
moves by colour swap). The engine uses the improved estimator. Openings: the self-play
start positions of the -variant board (S22 by default), or -start BOARD (a board string,
White to move). A game ends when the side to move has two pieces or cannot move, or as a
draw after 100 midgame turns.`,
	Play:     playMorrisMatch,
	Variants: "Morris board S22|E21|F18|B21|D23|U21 (default S22)",
}

func playMorrisMatch(s *kit.MatchSettings) (*kit.MatchSummary, error) {
	kind := morris.S22
	if s.Variant != "" {
		k, ok := morris.ParseKind(s.Variant)
		if !ok {
			return nil, fmt.Errorf("-variant %q: want a Morris board %s", s.Variant, morris.KindList())
		}
		kind = k
	}
	if s.Plies != 0 {
		return nil, fmt.Errorf("-plies %d: morris openings are its self-play start positions", s.Plies)
	}
	b := morris.BoardOf(kind)
	rules := arena.MatchRules{Board: b}
	list := arena.Openings(b, 0, 0, 0)
	if s.Start != "" {
		pos, err := parseMorrisBoard(s.Start, b)
		if err != nil {
			return nil, err
		}
		list = []arena.GameState{rules.Start(pos)}
	}
	openings, err := kit.ChooseOpenings(list, s.Openings, s.Seed)
	if err != nil {
		return nil, err
	}
	players, err := kit.Players(s.Specs, func(text string) (match.Player[arena.GameState, morris.Node], error) {
		if kit.SpecKind(text) != "engine" {
			return arena.ParsePlayer(text, b, nil)
		}
		sp, err := kit.ParsePlayerSpec(text)
		if err != nil {
			return nil, err
		}
		return kit.EnginePlayer(sp, morris.EngineOptions(), s.MoveTime, func(o engine.Options) *match.EnginePlayer[arena.GameState, morris.Node] {
			return arena.NewEnginePlayer(text, morris.NewEngine(b, morris.Improved, o))
		})
	})
	if err != nil {
		return nil, err
	}
	defer kit.ClosePlayers(players[:])
	return kit.PlayMatch(s, rules, players, openings, [2]string{"White", "Black"},
		func(m morris.Node) string { return m.Position.Format(b.N) })
}

// parseMorrisBoard reads a -start board string: one of W, B or x per point.
func parseMorrisBoard(s string, b *morris.Board) (morris.Position, error) {
	var p morris.Position
	if len(s) != b.N {
		return p, fmt.Errorf("-start %s: want a board string of %d letters W, B or x", cliutil.Quote(s), b.N)
	}
	for i := 0; i < b.N; i++ {
		switch s[i] {
		case 'W':
			p.W |= 1 << i
		case 'B':
			p.B |= 1 << i
		case 'x':
		default:
			return p, fmt.Errorf("-start %s: letter %d is %q, want W, B or x", cliutil.Quote(s), i+1, strings.ToUpper(s[i:i+1]))
		}
	}
	return p, nil
}
