package match

import (
	"errors"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
)

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
	// UseTime plays within the match's MoveTime: hard limit
	// HardLimit(MoveTime, Frac, Reserve, 0.5 ms), soft limit half of it.
	// Frac 0 means 0.6, which leaves room for a loaded machine (a 0.8
	// fraction once replied 20 ms late at 100 ms per move with 8 processes
	// on 2 cores).
	UseTime bool
	Frac    float64
	Reserve time.Duration
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
	if p.UseTime && t.MoveTime > 0 {
		frac := p.Frac
		if frac == 0 {
			frac = 0.6
		}
		hard := engine.HardLimit(t.MoveTime, frac, p.Reserve, time.Millisecond/2)
		clock := p.Clock
		if clock == nil {
			clock = engine.NewSystemClock()
		}
		lim.Time = engine.NewTimeManager(clock, hard/2, hard)
	}
	res := p.Engine.Search(t.Pos, lim)
	if !res.HasMove {
		var zero M
		return zero, ErrNoMove
	}
	return res.Move, nil
}
