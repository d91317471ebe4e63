package gamedef

import (
	"fmt"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/agent"
	"github.com/gamesearch/gamesearch/pkg/congo/arena"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// congoMatch is the match support of Congo, over the rules, openings and
// protocol player of pkg/congo/arena.
var congoMatch = kit.MatchGame{
	Notes: `minimax[:depth=D]: Part 4's minimax (simple evaluation, default depth 2);
alphabeta[:depth=D]: Part 5's fail-hard alpha-beta (advanced evaluation, moves in
ascending order, default depth 4), the course baseline. The engine is congo-agent's
(options and evaluation). exec[,time=DUR]:COMMAND: a program speaking the congo-agent
protocol of docs/congo.md (newgame, position, moves, go SECONDS, quit) on stdin/stdout, told
"go" with time= or -movetime (default 1s); its stderr is passed through. Editions:
-variant 2021|2022 (default 2022). Openings: congo-agent's fixed list of 100 two-ply
openings (-plies K: every K-ply line) without those where the lion can be captured at
once (98 in 2022, 99 in 2021), or -start FEN. A game ends when a lion is
captured, or as a draw with only the two lions, without a legal move, or at -maxplies
(default 200).`,
	Play:     playCongoMatch,
	Variants: "Congo edition 2021|2022 (default 2022)",
	Plies:    true,
}

func playCongoMatch(s *kit.MatchSettings) (*kit.MatchSummary, error) {
	ed := congo.Edition2022
	if s.Variant != "" {
		r, ok := congo.ParseEdition(s.Variant)
		if !ok {
			return nil, fmt.Errorf("-variant %q: want a Congo edition 2021 or 2022", s.Variant)
		}
		ed = r
	}
	var list []congo.Position
	switch {
	case s.Start != "":
		if s.Plies != 0 {
			return nil, fmt.Errorf("-plies %d and -start: give one of them", s.Plies)
		}
		p, err := congo.ParseFEN(s.Start)
		if err != nil {
			return nil, fmt.Errorf("-start %s: %v", cliutil.Quote(s.Start), err)
		}
		list = []congo.Position{p}
	case s.Plies != 0:
		start, _ := congo.ParseFEN(congo.StartFEN(ed))
		list = match.Enumerate[congo.Position, congo.Move](arena.Mover{Edition: ed}, start, s.Plies)
	default:
		list = arena.Openings(ed, 100)
	}
	if s.Start == "" {
		list = congoPlayable(list, ed)
	}
	openings, err := kit.ChooseOpenings(list, s.Openings, s.Seed)
	if err != nil {
		return nil, err
	}
	if s.MaxPlies == 0 {
		s.MaxPlies = arena.MatchPlies
	}
	players, err := kit.Players(s.Specs, func(text string) (match.Player[congo.Position, congo.Move], error) {
		return newCongoPlayer(text, ed, s)
	})
	if err != nil {
		return nil, err
	}
	defer kit.ClosePlayers(players[:])
	return kit.PlayMatch(s, arena.MatchRules{Edition: ed}, players, openings, [2]string{"White", "Black"}, congo.Move.String)
}

// congoPlayable drops the openings where the side to move can capture the
// lion at once (two-ply lines that open the d-file between the lions): such
// a game is decided by its first move whatever the players.
func congoPlayable(list []congo.Position, ed congo.Edition) []congo.Position {
	var out []congo.Position
	var buf [congo.MaxMoves]congo.Move
	var c congo.Position
next:
	for _, p := range list {
		for _, m := range p.GenerateMoves(buf[:0]) {
			if p.Play(&c, m, ed); c.LionMissing() {
				continue next
			}
		}
		out = append(out, p)
	}
	return out
}

// newCongoPlayer builds the player of the PLAYER argument text.
func newCongoPlayer(text string, ed congo.Edition, s *kit.MatchSettings) (match.Player[congo.Position, congo.Move], error) {
	sp, err := kit.ParsePlayerSpec(text)
	if err != nil {
		return nil, err
	}
	switch sp.Kind {
	case "engine":
		return kit.EnginePlayer(sp, agent.EngineOptions(), s.MoveTime, func(o engine.Options) *match.EnginePlayer[congo.Position, congo.Move] {
			return match.NewEnginePlayer(text, engine.New[congo.Position, congo.Move](congo.NewEngineGame(ed), o))
		})
	case "minimax", "alphabeta":
		ab := sp.Kind == "alphabeta"
		def := 2
		if ab {
			def = 4
		}
		d, err := sp.Int("depth", def, 1, 32)
		if err != nil {
			return nil, err
		}
		if ab {
			return arena.NewAlphaBeta(text, ed, d), sp.Done()
		}
		return arena.NewMinimax(text, ed, d), sp.Done()
	case "exec":
		mt := s.MoveTime
		if mt == 0 {
			mt = time.Second
		}
		if mt, err = sp.Duration("time", mt); err != nil {
			return nil, err
		}
		if err := sp.Done(); err != nil {
			return nil, err
		}
		prog, err := kit.ResolveProgram(sp.Command[0])
		if err != nil {
			return nil, fmt.Errorf("player %q: %v", text, err)
		}
		p, err := arena.StartProgram(text, mt, s.Stderr, append([]string{prog}, sp.Command[1:]...)...)
		if err != nil {
			return nil, fmt.Errorf("player %q: %v", text, err)
		}
		return p, nil
	}
	return nil, fmt.Errorf("player %q: unknown player %q for congo (want engine, minimax, alphabeta or exec)", text, sp.Kind)
}
