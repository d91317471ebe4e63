package toolkit

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
)

// minichessMatch is the match support of MiniChess 6x5, over the rules,
// openings and players of pkg/minichess/submission.
var minichessMatch = matchGame{
	name: "minichess",
	notes: `baseline1 .. baseline4: the course's baselines; alphabeta[,nodes=N|,depth=D]
(also player_alphabeta): the course's player_alphabeta (default 20000 nodes). The engine
is player_submission's (its evaluation; a fresh table per move); extra setting ply=on tells
it the ply count. exec[,timeout=DUR]:COMMAND (or exe=COMMAND[,timeout=DUR]): an external
program run as "COMMAND state action" in a temporary directory (default timeout 10s).
Openings: the 49 two-ply openings (-plies K: every K-ply line), or -start FEN. A game ends by a king capture, a side
without legal moves, or at -maxplies (default 50) by material.`,
	play: playMinichessMatch,
}

func playMinichessMatch(s *matchSettings) (*matchSummary, error) {
	if s.variant != "" {
		return nil, fmt.Errorf("-variant %q: minichess has no variants", s.variant)
	}
	rules := arena.MatchRules{MaxPlies: s.maxPlies}
	plies, err := s.openingPlies()
	if err != nil {
		return nil, err
	}
	list := match.Enumerate[arena.GamePos, minichess.Move](rules, arena.StartGame(), plies)
	if s.start != "" {
		p, err := minichess.ParseFEN(s.start)
		if err != nil {
			return nil, fmt.Errorf("-start %s: %v", cliutil.Quote(s.start), err)
		}
		list = []arena.GamePos{{N: p.Node()}}
	}
	openings, err := chooseOpenings(list, s.openings, s.seed)
	if err != nil {
		return nil, err
	}
	var players [2]match.Player[arena.GamePos, minichess.Move]
	for i, text := range s.specs {
		if players[i], err = newMinichessPlayer(text, s.moveTime); err != nil {
			return nil, err
		}
		if c, ok := players[i].(io.Closer); ok {
			defer c.Close() // an exec player's last game directory
		}
	}
	return playMatch(s, rules, players, openings, [2]string{"White", "Black"}, minichess.Move.String)
}

// newMinichessPlayer builds the player of the PLAYER argument text.
func newMinichessPlayer(text string, moveTime time.Duration) (match.Player[arena.GamePos, minichess.Move], error) {
	switch kind := specKind(text); kind {
	case "engine":
		sp, err := parsePlayerSpec(text)
		if err != nil {
			return nil, err
		}
		knows, err := sp.boolSetting("ply", false)
		if err != nil {
			return nil, err
		}
		e, err := parseEngineSpec(sp, submission.EngineOptions(16), moveTime)
		if err != nil {
			return nil, err
		}
		t := &arena.ProgramThinker{Engine: submission.NewEngine(e.opt, minichess.DefaultEvalWeights()), KnowsPly: knows}
		return limit(arena.NewEnginePlayer(text, t), e), nil
	case "exec":
		sp, err := parsePlayerSpec(text)
		if err != nil {
			return nil, err
		}
		timeout, err := sp.durationSetting("timeout", 10*time.Second)
		if err != nil {
			return nil, err
		}
		prog, err := resolveProgram(sp.command[0])
		if err != nil {
			return nil, fmt.Errorf("player %q: %v", text, err)
		}
		return &arena.ProgramPlayer{Label: text, Argv: append([]string{prog}, sp.command[1:]...), Timeout: timeout}, sp.done()
	case "player_alphabeta":
		text = "alphabeta" + strings.TrimPrefix(text, "player_alphabeta")
	}
	return arena.ParsePlayer(text, defaultEngineNodes)
}
