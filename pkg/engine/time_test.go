package engine_test

import (
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"gotest.tools/v3/assert"
)

// TestTimeManager checks the limits against a manual clock.
func TestTimeManager(t *testing.T) {
	t.Parallel()
	c := &engine.ManualClock{T: time.Second}
	tm := engine.NewTimeManager(c, 40*time.Millisecond, 100*time.Millisecond)
	assert.Equal(t, tm.Elapsed(), time.Duration(0))
	assert.Assert(t, !tm.SoftExpired() && !tm.HardExpired())
	c.Advance(40 * time.Millisecond)
	assert.Assert(t, tm.SoftExpired() && !tm.HardExpired())
	c.Advance(60 * time.Millisecond)
	assert.Assert(t, tm.HardExpired())
	// No limits.
	none := engine.NewTimeManager(c, 0, 0)
	c.Advance(time.Hour)
	assert.Assert(t, !none.SoftExpired() && !none.HardExpired())
	// A soft limit above the hard one (or none) becomes the hard one.
	assert.Equal(t, engine.NewTimeManager(c, 0, time.Second).Soft(), time.Second)
	assert.Equal(t, engine.NewTimeManager(c, 2*time.Second, time.Second).Soft(), time.Second)
	// Budgets measured from an earlier start.
	from := engine.NewTimeManagerFrom(c, c.T-90*time.Millisecond, 0, 100*time.Millisecond)
	assert.Assert(t, !from.HardExpired())
	c.Advance(10 * time.Millisecond)
	assert.Assert(t, from.HardExpired())
	// A stepping clock advances on each reading.
	s := &engine.ManualClock{Step: time.Millisecond}
	assert.Equal(t, s.Now(), time.Duration(0))
	assert.Equal(t, s.Now(), time.Millisecond)
}

// TestHardLimit checks the budget formula and its floor.
func TestHardLimit(t *testing.T) {
	t.Parallel()
	ms := time.Millisecond
	assert.Equal(t, engine.HardLimit(100*ms, 0.8, 30*ms, ms/2), 50*ms)
	assert.Equal(t, engine.HardLimit(20*ms, 0.8, 30*ms, ms/2), ms/2)
	assert.Equal(t, engine.HardLimit(10*time.Second, 0.9, 20*ms, ms), 8980*ms)
}

// TestSystemClock checks that the system clock is monotonic from zero.
func TestSystemClock(t *testing.T) {
	t.Parallel()
	c := engine.NewSystemClock()
	a := c.Now()
	b := c.Now()
	assert.Assert(t, a >= 0 && b >= a)
}

// TestStallGuard: with the guard on, the hard limit also passes when the
// elapsed time plus twice the longest gap between readings reaches the
// deadline, the soft one at half of what the guard leaves; a prior gap and
// the wait before the guard count as gaps.
func TestStallGuard(t *testing.T) {
	t.Parallel()
	c := &engine.ManualClock{Step: time.Millisecond}
	tm := engine.NewTimeManager(c, 20*time.Millisecond, 40*time.Millisecond) // reading at 0
	tm.GuardStalls(60*time.Millisecond, 2, 0)                                // reading at 1 ms: a 1 ms gap
	assert.Equal(t, tm.Stall(), time.Millisecond)
	for tm.Elapsed() < 10*time.Millisecond {
	}
	assert.Assert(t, !tm.SoftExpired() && !tm.HardExpired())
	c.Advance(20 * time.Millisecond) // a stall: the process was off the CPU
	assert.Assert(t, tm.HardExpired(), "elapsed %v, stall %v", tm.Elapsed(), tm.Stall())
	assert.Assert(t, tm.Stall() >= 20*time.Millisecond)

	// Without stalls the limits alone decide.
	c = &engine.ManualClock{Step: time.Millisecond}
	tm = engine.NewTimeManager(c, 20*time.Millisecond, 40*time.Millisecond)
	tm.GuardStalls(60*time.Millisecond, 2, 0)
	for !tm.HardExpired() {
	}
	assert.Assert(t, tm.Elapsed() >= 40*time.Millisecond && tm.Elapsed() < 44*time.Millisecond, "%v", tm.Elapsed())

	// A prior gap of 15 ms: the hard limit passes at 60 - 30 ms, the soft
	// one at 15 ms.
	c = &engine.ManualClock{Step: time.Millisecond}
	tm = engine.NewTimeManager(c, 20*time.Millisecond, 40*time.Millisecond)
	tm.GuardStalls(60*time.Millisecond, 2, 15*time.Millisecond)
	for !tm.SoftExpired() {
	}
	assert.Assert(t, tm.Elapsed() >= 15*time.Millisecond && tm.Elapsed() < 18*time.Millisecond, "%v", tm.Elapsed())
	for !tm.HardExpired() {
	}
	assert.Assert(t, tm.Elapsed() >= 30*time.Millisecond && tm.Elapsed() < 33*time.Millisecond, "%v", tm.Elapsed())

	// A line that waited 25 ms before the guard: a 25 ms stall, nothing
	// left before 60 ms.
	c = &engine.ManualClock{T: time.Second}
	tm = engine.NewTimeManagerFrom(c, time.Second-25*time.Millisecond, 20*time.Millisecond, 40*time.Millisecond)
	tm.GuardStalls(60*time.Millisecond, 2, 0)
	assert.Equal(t, tm.Stall(), 25*time.Millisecond)
	assert.Assert(t, tm.HardExpired())

	// Without the guard, no gap is measured.
	tm = engine.NewTimeManager(c, 0, 0)
	c.Advance(time.Second)
	assert.Assert(t, !tm.HardExpired() && !tm.SoftExpired())
	assert.Equal(t, tm.Stall(), time.Duration(0))
}
