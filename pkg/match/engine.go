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

// EnginePlayer plays a game with a [engine.Engine], so two engine settings
// (one technique on, one off) can meet in a self-play match.
type EnginePlayer[P any, M comparable, G engine.Game[P, M]] struct {
	// Label is the player's name.
	Label string
	// Engine searches the moves; NewGame clears it.
	Engine *engine.Engine[P, M, G]
	// Depth and Nodes limit each search (0: no limit). With one of them and
	// no time the player is deterministic.
	Depth int
	Nodes uint64
	// UseTime plays within the match's MoveTime, limited by Policy (nil:
	// [DefaultTimePolicy]).
	UseTime bool
	Policy  TimePolicy
	// Clock measures the time (nil: the system clock from the move's start).
	Clock engine.Clock
}

// Name returns the label.
func (p *EnginePlayer[P, M, G]) Name() string { return p.Label }

// NewGame clears the engine's table and heuristics.
func (p *EnginePlayer[P, M, G]) NewGame(uint64) { p.Engine.Clear() }

// ErrNoMove is returned by a player asked to move in a position where its
// engine finds no move.
var ErrNoMove = errors.New("no move")

// Move searches the current position.
func (p *EnginePlayer[P, M, G]) Move(t *Turn[P, M]) (M, error) {
	lim := engine.Limits[M]{Depth: p.Depth, Nodes: p.Nodes}
	if p.UseTime {
		lim.Time = p.Policy.Start(p.Clock, t.MoveTime)
	}
	res := p.Engine.Search(t.Pos, lim)
	if !res.HasMove {
		var zero M
		return zero, ErrNoMove
	}
	return res.Move, nil
}
