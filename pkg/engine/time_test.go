package engine_test

import (
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"gotest.tools/v3/assert"
)

// TestTimeManager checks the limits against a manual clock.
func TestTimeManager(t *testing.T) {
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
	ms := time.Millisecond
	assert.Equal(t, engine.HardLimit(100*ms, 0.8, 30*ms, ms/2), 50*ms)
	assert.Equal(t, engine.HardLimit(20*ms, 0.8, 30*ms, ms/2), ms/2)
	assert.Equal(t, engine.HardLimit(10*time.Second, 0.9, 20*ms, ms), 8980*ms)
}

// TestSystemClock checks that the system clock is monotonic from zero.
func TestSystemClock(t *testing.T) {
	c := engine.NewSystemClock()
	a := c.Now()
	b := c.Now()
	assert.Assert(t, a >= 0 && b >= a)
}
