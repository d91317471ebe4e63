package arena

import (
	"fmt"
	"slices"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/player"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
)

// GamePos is a position of a game under the runner's rules: the board and
// the number of plies played (the runner's step counter minus one).
type GamePos struct {
	// N is the board.
	N minichess.Node
	// Played is the number of plies played since the initial position.
	Played int
}

// StartGame returns the initial position of a game.
func StartGame() GamePos {
	p := minichess.StartPosition()
	return GamePos{N: p.Node()}
}

// MatchRules are the runner's rules (docs/minichess.md, "Game flow and results")
// for pkg/match: a Win position is won by its side to move; once MaxPlies
// plies have been played (0: 50) the material decides, overriding a Win; a
// move must be in the position's list (an invalid move loses, which pkg/match
// applies); a side without moves loses, since whatever it writes is invalid.
type MatchRules struct {
	// MaxPlies is the ply limit (0: minichess.MaxPlies).
	MaxPlies int
}

func (r MatchRules) limit() int {
	if r.MaxPlies <= 0 {
		return minichess.MaxPlies
	}
	return r.MaxPlies
}

// ToMove returns the colour to move.
func (r MatchRules) ToMove(p *GamePos) int { return int(p.N.ToMove()) }

// Result reports whether p ends the game, the winner (-1: draw) and how.
func (r MatchRules) Result(p *GamePos) (bool, int, string) {
	if p.Played >= r.limit() {
		w, b := p.N.Material(minichess.White), p.N.Material(minichess.Black)
		reason := fmt.Sprintf("ply limit, material %d-%d", w, b)
		switch {
		case w > b:
			return true, 0, reason
		case b > w:
			return true, 1, reason
		}
		return true, -1, reason
	}
	side := int(p.N.ToMove())
	if p.N.Status() == minichess.Win {
		return true, side, "king capture"
	}
	if p.N.CountMoves() == 0 {
		return true, 1 - side, "no legal moves"
	}
	return false, 0, ""
}

// Legal reports whether m is in p's list.
func (r MatchRules) Legal(p *GamePos, m minichess.Move) bool {
	var buf [minichess.MaxMoves]minichess.Move
	list, _ := p.N.LegalMoves(buf[:0])
	return slices.Contains(list, m)
}

// Play returns p after m.
func (r MatchRules) Play(p *GamePos, m minichess.Move) GamePos {
	q := GamePos{Played: p.Played + 1}
	p.N.Play(&q.N, m)
	return q
}

// Over reports whether the game ends at p (for the opening helpers).
func (r MatchRules) Over(p *GamePos) bool {
	over, _, _ := r.Result(p)
	return over
}

// Moves appends p's list (for the opening helpers).
func (r MatchRules) Moves(p *GamePos, buf []minichess.Move) []minichess.Move {
	list, _ := p.N.LegalMoves(buf)
	return list
}

// TwoPlyOpenings returns the 49 positions after every white first move and
// every black reply (docs/minichess.md, "Strength"), in list order; their
// step counter starts at 3.
func TwoPlyOpenings() []GamePos {
	return match.Enumerate[GamePos, minichess.Move](MatchRules{}, StartGame(), 2)
}

// RandomOpenings returns n distinct positions reached by plies random moves
// from the start, drawn with seed.
func RandomOpenings(plies, n int, seed uint64) []GamePos {
	return match.Random[GamePos, minichess.Move](MatchRules{}, StartGame(), plies, n, seed)
}

// lastMove collects the last line a player writes.
type lastMove struct {
	m  minichess.Move
	ok bool
}

func (l *lastMove) emit(m minichess.Move) error {
	l.m, l.ok = m, true
	return nil
}

func (l *lastMove) result(name string) (minichess.Move, error) {
	if !l.ok {
		return minichess.Move{}, fmt.Errorf("%s wrote no move", name)
	}
	return l.m, nil
}

// BaselinePlayer plays TA baseline Level (1-4) in-process, through the same
// function as the baseline program.
type BaselinePlayer struct{ Level int }

// Name returns "baselineN".
func (b BaselinePlayer) Name() string { return fmt.Sprintf("baseline%d", b.Level) }

// NewGame does nothing: the baselines keep no state.
func (b BaselinePlayer) NewGame(uint64) {}

// Move returns the last line of the baseline's action file.
func (b BaselinePlayer) Move(t *match.Turn[GamePos, minichess.Move]) (minichess.Move, error) {
	pos := t.Pos.N.Position()
	var l lastMove
	if _, err := player.Baseline(&pos, b.Level, l.emit); err != nil {
		return minichess.Move{}, err
	}
	return l.result(b.Name())
}

// AlphaBetaPlayer plays player_alphabeta in-process with a node budget or a
// depth (deterministic), through the same function as the program.
type AlphaBetaPlayer struct {
	Nodes uint64
	Depth int
}

// Name returns "player_alphabeta".
func (a AlphaBetaPlayer) Name() string { return "player_alphabeta" }

// NewGame does nothing: the player keeps no state.
func (a AlphaBetaPlayer) NewGame(uint64) {}

// Move returns the last line player_alphabeta writes.
func (a AlphaBetaPlayer) Move(t *match.Turn[GamePos, minichess.Move]) (minichess.Move, error) {
	pos := t.Pos.N.Position()
	var l lastMove
	if _, err := player.Deepen(&pos, true, player.Limits{Nodes: a.Nodes, Depth: a.Depth}, l.emit, nil); err != nil {
		return minichess.Move{}, err
	}
	return l.result(a.Name())
}

// ProgramThinker is the [match.Thinker] of player_submission in-process:
// [submission.Engine.ThinkNode], which clears the engine for every move as a
// fresh process does, and, like the program under a runner, without the ply
// count unless KnowsPly.
type ProgramThinker struct {
	// Engine searches; NewEngine(Options(16), DefaultEvalWeights()) when nil.
	Engine *submission.Engine
	// KnowsPly passes the number of plies played (the analysis flag -ply),
	// which the program never gets under a runner.
	KnowsPly bool
	// Depths, when not nil, receives the depth completed for every move
	// decided by a search.
	Depths *[]int
}

// Think returns the last line player_submission writes for pos within lim.
func (s *ProgramThinker) Think(pos *GamePos, lim engine.Limits[minichess.Move]) (minichess.Move, bool, error) {
	if s.Engine == nil {
		s.Engine = submission.NewEngine(submission.EngineOptions(16), minichess.DefaultEvalWeights())
	}
	var l lastMove
	n := pos.N
	res, err := s.Engine.ThinkNode(&n, submission.Limits{Nodes: lim.Nodes, Depth: lim.Depth, Time: lim.Time,
		PlyKnown: s.KnowsPly, Played: pos.Played}, l.emit)
	if err != nil {
		return minichess.Move{}, false, err
	}
	if s.Depths != nil && res.Root == minichess.Search {
		*s.Depths = append(*s.Depths, res.Depth)
	}
	m, err := l.result(submission.Name)
	return m, err == nil, err
}

// Clear does nothing: every move starts from a cleared engine.
func (s *ProgramThinker) Clear() {}

// NewEnginePlayer returns the player of t (label "" names it
// player_submission), with the default time policy and no limit until one is
// set.
func NewEnginePlayer(label string, t *ProgramThinker) *match.EnginePlayer[GamePos, minichess.Move] {
	if label == "" {
		label = submission.Name
	}
	return &match.EnginePlayer[GamePos, minichess.Move]{Label: label, Thinker: t}
}

// SubmissionPlayer returns player_submission in-process with a node budget
// (deterministic).
func SubmissionPlayer(nodes uint64) *match.EnginePlayer[GamePos, minichess.Move] {
	p := NewEnginePlayer("", &ProgramThinker{})
	p.Nodes = nodes
	return p
}
