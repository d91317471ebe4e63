package match_test

import (
	"errors"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"gotest.tools/v3/assert"
)

// recorder is a Thinker that records what the player passes it and takes
// took of the clock for every reply.
type recorder struct {
	clock   *engine.ManualClock
	took    time.Duration
	clears  int
	limits  []engine.Limits[int]
	cleared []int // clears seen by each reply
	move    int
	ok      bool
	err     error
}

func (r *recorder) Think(pos *int, lim engine.Limits[int]) (int, bool, error) {
	r.limits = append(r.limits, lim)
	r.cleared = append(r.cleared, r.clears)
	r.clock.Advance(r.took)
	return *pos + 1, r.ok, r.err
}

func (r *recorder) Clear() { r.clears++ }

// TestEnginePlayerLimits checks what the one engine player passes its
// Thinker: depth and nodes, a time manager from its policy with its own or
// the match's move time, clearing for every game or every reply, the reply
// statistics, and no-move and error replies.
func TestEnginePlayerLimits(t *testing.T) {
	clock := &engine.ManualClock{}
	r := &recorder{clock: clock, took: 30 * time.Millisecond, ok: true}
	var asked []time.Duration
	p := &match.EnginePlayer[int, int]{Label: "rec", Thinker: r, Depth: 3, Nodes: 500, Clock: clock,
		Policy: func(mt time.Duration) (soft, hard time.Duration) {
			asked = append(asked, mt)
			return mt / 4, mt / 2
		}}
	assert.Equal(t, p.Name(), "rec")
	p.NewGame(1)
	assert.Equal(t, r.clears, 1)

	// No time: the limits only.
	m, err := p.Move(&match.Turn[int, int]{Pos: 41, MoveTime: time.Second})
	assert.NilError(t, err)
	assert.Equal(t, m, 42)
	assert.Equal(t, r.limits[0].Depth, 3)
	assert.Equal(t, r.limits[0].Nodes, uint64(500))
	assert.Assert(t, r.limits[0].Time == nil)
	n, _, _ := p.ReplyStats()
	assert.Equal(t, n, 0)

	// Its own move time, through its policy; a reply over it is late.
	p.MoveTime = 20 * time.Millisecond
	_, err = p.Move(&match.Turn[int, int]{Pos: 1, MoveTime: time.Second})
	assert.NilError(t, err)
	assert.DeepEqual(t, asked, []time.Duration{20 * time.Millisecond})
	assert.Assert(t, r.limits[1].Time != nil)
	n, slowest, late := p.ReplyStats()
	assert.Equal(t, n, 1)
	assert.Equal(t, slowest, 30*time.Millisecond)
	assert.Equal(t, late, 1)

	// The match's move time, and a fresh player cleared before the reply.
	p.MoveTime, p.UseMatchTime, p.Fresh = 0, true, true
	_, err = p.Move(&match.Turn[int, int]{Pos: 1, MoveTime: time.Second})
	assert.NilError(t, err)
	assert.DeepEqual(t, asked, []time.Duration{20 * time.Millisecond, time.Second})
	assert.DeepEqual(t, r.cleared, []int{1, 1, 2})
	n, _, late = p.ReplyStats()
	assert.Equal(t, n, 2)
	assert.Equal(t, late, 1)

	// No move, and the Thinker's own error.
	r.ok = false
	_, err = p.Move(&match.Turn[int, int]{Pos: 1})
	assert.ErrorIs(t, err, match.ErrNoMove)
	r.err = errors.New("wrote no move")
	_, err = p.Move(&match.Turn[int, int]{Pos: 1})
	assert.Error(t, err, "wrote no move")
}

// TestEngineThinkerView: the bare engine searches the view of a match
// position that carries more than the engine's position.
func TestEngineThinkerView(t *testing.T) {
	type withHistory struct {
		pos  xo
		seen int
	}
	e := engine.New[xo, int](xoEngine{}, engine.DefaultOptions())
	views := 0
	th := match.EngineThinker[withHistory, xo, int, xoEngine]{Engine: e, View: func(p *withHistory) xo {
		views++
		return p.pos
	}}
	p := &match.EnginePlayer[withHistory, int]{Label: "view", Thinker: th, Depth: 9}
	// X on 0 and 1 (x = 3), O on 3 and 4: X wins at once on square 2.
	m, err := p.Move(&match.Turn[withHistory, int]{Pos: withHistory{pos: xo{x: 3, o: 24, n: 4}}})
	assert.NilError(t, err)
	assert.Equal(t, m, 2)
	assert.Equal(t, views, 1)
}
