package gamedef

import (
	"fmt"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// minichessMatch is the match support of MiniChess 6x5, over the rules,
// openings and players of pkg/minichess/submission.
var minichessMatch = kit.MatchGame{
	Notes: `baseline1 .. baseline4: the course's baselines; alphabeta[,nodes=N|,depth=D]
(also player_alphabeta): the course's player_alphabeta (default 20000 nodes). The engine
is player_submission's (its evaluation; a fresh table per move); extra setting ply=on tells
it the ply count. exec[,timeout=DUR]:COMMAND (or exe=COMMAND[,timeout=DUR]): an external
program run as "COMMAND state action" in a temporary directory (default timeout 10s).
Openings: the 49 two-ply openings (-plies K: every K-ply line), or -start FEN. A game ends by a king capture, a side
without legal moves, or at -maxplies (default 50) by material.`,
	Play:  playMinichessMatch,
	Plies: true,
}

func playMinichessMatch(s *kit.MatchSettings) (*kit.MatchSummary, error) {
	if s.Variant != "" {
		return nil, fmt.Errorf("-variant %q: minichess has no variants", s.Variant)
	}
	rules := arena.MatchRules{MaxPlies: s.MaxPlies}
	plies, err := s.OpeningPlies()
	if err != nil {
		return nil, err
	}
	list := match.Enumerate[arena.GamePos, minichess.Move](rules, arena.StartGame(), plies)
	if s.Start != "" {
		p, err := minichess.ParseFEN(s.Start)
		if err != nil {
			return nil, fmt.Errorf("-start %s: %v", cliutil.Quote(s.Start), err)
		}
		list = []arena.GamePos{{N: p.Node()}}
	}
	openings, err := kit.ChooseOpenings(list, s.Openings, s.Seed)
	if err != nil {
		return nil, err
	}
	players, err := kit.Players(s.Specs, func(text string) (match.Player[arena.GamePos, minichess.Move], error) {
		return newMinichessPlayer(text, s.MoveTime)
	})
	if err != nil {
		return nil, err
	}
	defer kit.ClosePlayers(players[:]) // an exec player's last game directory
	return kit.PlayMatch(s, rules, players, openings, [2]string{"White", "Black"}, minichess.Move.String)
}

// newMinichessPlayer builds the player of the PLAYER argument text.
func newMinichessPlayer(text string, moveTime time.Duration) (match.Player[arena.GamePos, minichess.Move], error) {
	switch kind := kit.SpecKind(text); kind {
	case "engine":
		sp, err := kit.ParsePlayerSpec(text)
		if err != nil {
			return nil, err
		}
		knows, err := sp.Bool("ply", false)
		if err != nil {
			return nil, err
		}
		return kit.EnginePlayer(sp, submission.EngineOptions(16), moveTime, func(o engine.Options) *match.EnginePlayer[arena.GamePos, minichess.Move] {
			return arena.NewEnginePlayer(text, &arena.ProgramThinker{Engine: submission.NewEngine(o, minichess.DefaultEvalWeights()), KnowsPly: knows})
		})
	case "exec":
		sp, err := kit.ParsePlayerSpec(text)
		if err != nil {
			return nil, err
		}
		timeout, err := sp.Duration("timeout", 10*time.Second)
		if err != nil {
			return nil, err
		}
		prog, err := kit.ResolveProgram(sp.Command[0])
		if err != nil {
			return nil, fmt.Errorf("player %q: %v", text, err)
		}
		return &arena.ProgramPlayer{Label: text, Argv: append([]string{prog}, sp.Command[1:]...), Timeout: timeout}, sp.Done()
	case "player_alphabeta":
		text = "alphabeta" + strings.TrimPrefix(text, "player_alphabeta")
	}
	return arena.ParsePlayer(text, kit.DefaultEngineNodes)
}
