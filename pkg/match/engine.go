package match

import (
	"errors"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
)

// TimePolicy is the time-policy hook of the engine players: it turns the
// time allowed for one reply into the engine's soft limit (no new
// iteration) and hard limit (abort). Each game's players use one: the
// default, or the policy of the game's tournament programs (Morris'
// -movetime limits).
type TimePolicy func(moveTime time.Duration) (soft, hard time.Duration)

// DefaultTimePolicy aborts at 60% of the move time (at least 0.5 ms), which
// leaves room for a loaded machine (a 0.8 fraction once replied 20 ms late at
// 100 ms per move with 8 processes on 2 cores), and starts no iteration
// after half of that.
func DefaultTimePolicy(moveTime time.Duration) (soft, hard time.Duration) {
	hard = engine.HardLimit(moveTime, 0.6, 0, time.Millisecond/2)
	return hard / 2, hard
}

// Start returns the time manager of a reply due within moveTime, started
// now on clock (nil: the system clock), or nil when moveTime is not
// positive. A nil policy is [DefaultTimePolicy].
func (tp TimePolicy) Start(clock engine.Clock, moveTime time.Duration) *engine.TimeManager {
	if moveTime <= 0 {
		return nil
	}
	if tp == nil {
		tp = DefaultTimePolicy
	}
	if clock == nil {
		clock = engine.NewSystemClock()
	}
	soft, hard := tp(moveTime)
	return engine.NewTimeManager(clock, soft, hard)
}

// Thinker is a tournament program's decision, played by an [EnginePlayer]:
// Think returns the program's move in the match position pos within lim (the
// reply's depth, node budget and time manager); ok is false when it has no
// move. Clear forgets what its searches learned (the table and the
// heuristics). Each game's arena gives its program's root rules this way;
// [EngineThinker] is the bare engine.
type Thinker[P, M any] interface {
	Think(pos *P, lim engine.Limits[M]) (m M, ok bool, err error)
	Clear()
}

// EngineThinker is the [Thinker] of an [engine.Engine] alone: the move of
// its search of View(pos).
type EngineThinker[MP, P any, M comparable, G engine.Game[P, M]] struct {
	Engine *engine.Engine[P, M, G]
	// View returns the engine's position of a match position, for games
	// whose match positions carry more (nil: the match positions are the
	// engine's, MP is P).
	View func(*MP) P
}

// Think searches the engine's view of pos within lim.
func (t EngineThinker[MP, P, M, G]) Think(pos *MP, lim engine.Limits[M]) (M, bool, error) {
	var p P
	if t.View != nil {
		p = t.View(pos)
	} else {
		p = *any(pos).(*P)
	}
	res := t.Engine.Search(p, lim)
	return res.Move, res.HasMove, nil
}

// Clear clears the engine's table and heuristics.
func (t EngineThinker[MP, P, M, G]) Clear() { t.Engine.Clear() }

// NewEnginePlayer returns the player of engine e alone on a game whose match
// positions are the engine's, without limits: set Depth, Nodes or the time.
func NewEnginePlayer[P any, M comparable, G engine.Game[P, M]](label string, e *engine.Engine[P, M, G]) *EnginePlayer[P, M] {
	return &EnginePlayer[P, M]{Label: label, Thinker: EngineThinker[P, P, M, G]{Engine: e}}
}

// EnginePlayer is the one engine player of every game: it plays a
// [Thinker] (the bare engine, or a tournament program's decision) within
// the limits of each reply, so two engine settings can meet in a self-play
// match or a program can meet its baselines. It is deterministic with Depth
// or Nodes and no time.
type EnginePlayer[P, M any] struct {
	// Label is the player's name.
	Label string
	// Thinker decides the moves.
	Thinker Thinker[P, M]
	// Depth and Nodes limit each reply (0: no limit).
	Depth int
	Nodes uint64
	// MoveTime, when positive, is the time of every reply; with
	// UseMatchTime the match's move time is used instead. Policy turns it
	// into the limits (nil: [DefaultTimePolicy]).
	MoveTime     time.Duration
	UseMatchTime bool
	Policy       TimePolicy
	// Fresh clears the Thinker before every reply, as a program started for
	// each move has an empty table (the clearing counts in the reply's
	// time); otherwise it is cleared for every game.
	Fresh bool
	// Clock measures the time (nil: the system clock from the reply's
	// start).
	Clock engine.Clock
	// Replies counts the replies made with a time limit, Slowest is the
	// longest of them and Late counts those longer than their move time, as
	// measured by Clock.
	Replies, Late int
	Slowest       time.Duration
}

// Name returns the label.
func (p *EnginePlayer[P, M]) Name() string { return p.Label }

// NewGame clears the Thinker.
func (p *EnginePlayer[P, M]) NewGame(uint64) { p.Thinker.Clear() }

// ErrNoMove is returned by a player asked to move in a position where its
// Thinker finds no move.
var ErrNoMove = errors.New("no move")

// ReplyStats returns the number of timed replies, the slowest one and the
// number of replies that took longer than their move time.
func (p *EnginePlayer[P, M]) ReplyStats() (replies int, slowest time.Duration, late int) {
	return p.Replies, p.Slowest, p.Late
}

// Move decides the current position within the player's limits.
func (p *EnginePlayer[P, M]) Move(t *Turn[P, M]) (M, error) {
	lim := engine.Limits[M]{Depth: p.Depth, Nodes: p.Nodes}
	mt := p.MoveTime
	if p.UseMatchTime {
		mt = t.MoveTime
	}
	lim.Time = p.Policy.Start(p.Clock, mt)
	if p.Fresh {
		p.Thinker.Clear()
	}
	m, ok, err := p.Thinker.Think(&t.Pos, lim)
	if lim.Time != nil {
		took := lim.Time.Elapsed()
		p.Replies++
		p.Slowest = max(p.Slowest, took)
		if took > mt {
			p.Late++
		}
	}
	switch {
	case err != nil:
		return m, err
	case !ok:
		return m, ErrNoMove
	}
	return m, nil
}
