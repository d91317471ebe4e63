package arena

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/morris"
)

// This file connects Morris-Variant to pkg/match: the game rules of a match
// and the built-in players.

// GameState is a position of a match: the [morris.State] and the number of
// midgame turns played, which the draw rule needs.
type GameState struct {
	morris.State
	// Turns counts the turns played since both sides placed all their
	// pieces.
	Turns int
}

// MatchRules are the [match.Rules] of a complete Morris-Variant game on one
// board, those of the self-play test (docs/morris.md §7.3):
//
//   - White moves first; a side with pieces left to place places one
//     (the pieces on the start position count as placed), otherwise it moves;
//   - once both sides have placed all their pieces, at the start of a turn
//     the side to move loses with 2 pieces or fewer, or without a legal move;
//   - the game is a draw when Cap midgame turns have been played (both
//     sides' turns; the self-play test's 100 turns, 50 per side).
//
// Colour 0 is White. A move is the child board the mover chose; it is legal
// when it is one of the children of docs/morris.md §4.6/§4.7 for the mover's
// phase.
type MatchRules struct {
	Board *morris.Board
	// Cap is the number of midgame turns after which the game is drawn
	// (0: 100).
	Cap int
}

// DefaultCap is the midgame turn limit of docs/morris.md §7.3.
const DefaultCap = 100

// Start returns the match position of a game starting from pos (White to
// move, the pieces on pos counting as placed).
func (r MatchRules) Start(pos morris.Position) GameState {
	return GameState{State: morris.GameStart(r.Board, pos)}
}

// ToMove returns 0 when White is to move, 1 for Black.
func (r MatchRules) ToMove(p *GameState) int { return p.Side() }

// Result applies the end-of-game tests of the midgame.
func (r MatchRules) Result(p *GameState) (over bool, winner int, reason string) {
	if !p.Midgame() {
		return false, -1, ""
	}
	side := p.Side()
	me := p.W
	if p.Black {
		me = p.B
	}
	n := p.Node()
	switch {
	case bits.OnesCount32(me) <= 2:
		return true, 1 - side, "two pieces"
	case r.Board.CountMoves(&n, morris.Game) == 0:
		return true, 1 - side, "blocked"
	}
	limit := r.Cap
	if limit <= 0 {
		limit = DefaultCap
	}
	if p.Turns >= limit {
		return true, -1, fmt.Sprintf("%d midgame turns", limit)
	}
	return false, -1, ""
}

// Legal reports whether m is a child of p for the side to move.
func (r MatchRules) Legal(p *GameState, m morris.Node) bool {
	var buf [3 * morris.MaxPoints * morris.MaxPoints]morris.Node
	n := p.Node()
	for _, c := range r.Board.AppendChildren(buf[:0], &n, p.Phase()) {
		if c == m {
			return true
		}
	}
	return false
}

// Play returns the position after m.
func (r MatchRules) Play(p *GameState, m morris.Node) GameState {
	q := GameState{Turns: p.Turns}
	if p.Midgame() {
		q.Turns++
	}
	p.State.Play(&q.State, m)
	return q
}

// Over, Moves and PlayMove make MatchRules a [match.Mover] for the opening
// helpers (match.Random).

// Over reports whether the game has ended in p.
func (r MatchRules) Over(p *GameState) bool {
	over, _, _ := r.Result(p)
	return over
}

// Moves appends the children of p to buf.
func (r MatchRules) Moves(p *GameState, buf []morris.Node) []morris.Node {
	n := p.Node()
	return r.Board.AppendChildren(buf, &n, p.Phase())
}

// Mover returns r as a [match.Mover] (whose Play returns the new position).
func (r MatchRules) Mover() match.Mover[GameState, morris.Node] { return mover{r} }

type mover struct{ MatchRules }

func (m mover) Play(p *GameState, n morris.Node) GameState { return m.MatchRules.Play(p, n) }

// CoursePlayer plays like the course programs at a fixed depth: while it has
// pieces to place, the Opening program (GenerateMovesOpening at every ply)
// with estimator Opening; then the Game program with estimator Game;
// ALPHA-BETA, which chooses MINIMAX's move (docs/morris.md §6.5); Black by the
// colour swap (docs/morris.md §6.7). With Standard estimators it is
// MiniMaxOpening / MiniMaxGame at Depth.
type CoursePlayer struct {
	Label         string
	Depth         int
	opening, game *morris.Searcher
}

// NewCoursePlayer returns a course player on board b.
func NewCoursePlayer(label string, b *morris.Board, depth int, opening, game morris.Estimator) *CoursePlayer {
	op := morris.Program{Name: label, Phase: morris.Opening, AlphaBeta: true, Estimator: opening}
	gp := morris.Program{Name: label, Phase: morris.Game, AlphaBeta: true, Estimator: game}
	return &CoursePlayer{Label: label, Depth: depth, opening: morris.NewProgramSearcher(op, b), game: morris.NewProgramSearcher(gp, b)}
}

// Name returns the label.
func (p *CoursePlayer) Name() string { return p.Label }

// NewGame does nothing: the player keeps no state.
func (p *CoursePlayer) NewGame(uint64) {}

// Move searches the position to the player's depth.
func (p *CoursePlayer) Move(t *match.Turn[GameState, morris.Node]) (morris.Node, error) {
	s := p.game
	if t.Pos.Phase() == morris.Opening {
		s = p.opening
	}
	pos := t.Pos.Position
	if t.Pos.Black {
		pos = pos.Swap()
	}
	r := s.Search(pos, p.Depth)
	if !r.HasMove {
		return morris.Node{}, match.ErrNoMove
	}
	board := r.Board
	if t.Pos.Black {
		board = board.Swap()
	}
	return morris.Node{Position: board, Black: !t.Pos.Black}, nil
}

// ProgramThinker is the [match.Thinker] of the tournament programs: [morris.Think]
// (the engine with the programs' root rules) on the match state, which
// includes the pieces left to place.
type ProgramThinker struct {
	Engine *engine.Engine[morris.State, morris.Node, morris.EngineGame]
}

// Think returns the program's move in s within lim.
func (p ProgramThinker) Think(s *GameState, lim engine.Limits[morris.Node]) (morris.Node, bool, error) {
	r := morris.Think(p.Engine, s.State, lim)
	if !r.HasMove {
		return morris.Node{}, false, nil
	}
	return morris.Node{Position: r.Board, Black: !s.Black}, true, nil
}

// Clear clears the engine.
func (p ProgramThinker) Clear() { p.Engine.Clear() }

// NewEnginePlayer returns the player of the tournament programs with engine
// e: its times are the -movetime limits ([morris.TimeLimits]); it has no
// limit until one is set.
func NewEnginePlayer(label string, e *engine.Engine[morris.State, morris.Node, morris.EngineGame]) *match.EnginePlayer[GameState, morris.Node] {
	return &match.EnginePlayer[GameState, morris.Node]{Label: label, Thinker: ProgramThinker{Engine: e}, Policy: morris.TimeLimits}
}

// PlayerSpecHelp describes the player specifications of [ParsePlayer].
const PlayerSpecHelp = `players:
  standard:D          MiniMaxOpening/MiniMaxGame at depth D (standard estimators)
  improved:D          MiniMaxOpeningImproved/MiniMaxGameImproved at depth D
  engine:DURATION     the tournament engine, DURATION per move (like -movetime)
  engine:nodes=N      the tournament engine, N nodes per move (deterministic)
  engine:depth=D      the tournament engine, iterations up to D (deterministic)
  exec:D:OPENING:GAME external programs speaking PROGRAM INPUT OUTPUT DEPTH;
                      OPENING and GAME are command lines (split on spaces);
                      D = 0 passes no DEPTH; Black moves by colour swap
`

// ParsePlayer returns the player described by spec on board b (see
// [PlayerSpecHelp]). Engine players get [morris.EngineOptions] with opt applied
// when opt is not nil.
func ParsePlayer(spec string, b *morris.Board, opt func(*engine.Options)) (match.Player[GameState, morris.Node], error) {
	kind, arg, _ := strings.Cut(spec, ":")
	bad := func(why string) error { return fmt.Errorf("player %q: %s", spec, why) }
	switch kind {
	case "standard", "improved":
		d, ok := morris.ParseDepth(arg)
		if !ok {
			return nil, bad("want a depth >= 1 after the colon")
		}
		e := morris.Standard
		if kind == "improved" {
			e = morris.Improved
		}
		return NewCoursePlayer(spec, b, d, e, e), nil
	case "engine":
		o := morris.EngineOptions()
		if opt != nil {
			opt(&o)
		}
		p := NewEnginePlayer(spec, morris.NewEngine(b, morris.Improved, o))
		switch {
		case strings.HasPrefix(arg, "nodes="):
			n, err := strconv.ParseUint(arg[6:], 10, 64)
			if err != nil || n == 0 {
				return nil, bad("want nodes=N with N >= 1")
			}
			p.Nodes = n
		case strings.HasPrefix(arg, "depth="):
			d, ok := morris.ParseDepth(arg[6:])
			if !ok || d >= engine.MaxPly {
				return nil, bad("want depth=D with 1 <= D < 128")
			}
			p.Depth = d
		default:
			d, err := time.ParseDuration(arg)
			if err != nil || d <= 0 {
				return nil, bad("want a duration (1s), nodes=N or depth=D after the colon")
			}
			p.MoveTime, p.Fresh = d, true
		}
		return p, nil
	case "exec":
		parts := strings.SplitN(arg, ":", 3)
		if len(parts) != 3 {
			return nil, bad("want exec:DEPTH:OPENING:GAME")
		}
		d := 0
		if parts[0] != "0" {
			var ok bool
			if d, ok = morris.ParseDepth(parts[0]); !ok {
				return nil, bad("DEPTH must be 0 or an integer >= 1")
			}
		}
		op, gp := strings.Fields(parts[1]), strings.Fields(parts[2])
		if len(op) == 0 || len(gp) == 0 {
			return nil, bad("empty command")
		}
		return &ProgramPlayer{Label: spec, Board: b, Opening: op, Game: gp, Depth: d}, nil
	}
	return nil, bad("unknown kind (want standard, improved, engine or exec)")
}
