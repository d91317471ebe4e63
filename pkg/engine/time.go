package engine

import "time"

// Clock reports the time elapsed since a fixed origin of its own. The engine
// reads time only through a Clock, so tests can drive it with a [ManualClock].
type Clock interface {
	Now() time.Duration
}

// SystemClock is the monotonic wall clock, measured from its creation.
type SystemClock struct{ origin time.Time }

// NewSystemClock returns a SystemClock whose origin is now.
func NewSystemClock() SystemClock { return SystemClock{origin: time.Now()} }

// Now returns the time elapsed since the clock was created.
func (c SystemClock) Now() time.Duration { return time.Since(c.origin) }

// ManualClock is a clock for tests: it returns T and then advances T by Step
// on every call, and moves only when told otherwise.
type ManualClock struct {
	// T is the current reading.
	T time.Duration
	// Step is added to T after each reading.
	Step time.Duration
}

// Now returns T, then advances it by Step.
func (c *ManualClock) Now() time.Duration {
	t := c.T
	c.T += c.Step
	return t
}

// Advance moves the clock forward by d.
func (c *ManualClock) Advance(d time.Duration) { c.T += d }

// TimeManager holds the time limits of one move, measured on a [Clock] from
// the moment the manager was created (the moment the move was asked for).
//
//   - Soft limit: the engine does not start a new iteration once it has passed.
//   - Hard limit: the engine aborts the search when it has passed. The clock
//     is read every [Options.PollEvery] nodes, so the search stops at
//     most that many nodes after the hard limit: give the hard limit a margin
//     for that and for writing the reply.
//
// A zero limit means no limit.
type TimeManager struct {
	clock      Clock
	start      time.Duration
	soft, hard time.Duration
}

// NewTimeManager starts measuring now on clock c, with the soft and hard
// limits given relative to now.
func NewTimeManager(c Clock, soft, hard time.Duration) *TimeManager {
	if hard > 0 && (soft <= 0 || soft > hard) {
		soft = hard
	}
	return &TimeManager{clock: c, start: c.Now(), soft: soft, hard: hard}
}

// NewTimeManagerFrom is NewTimeManager with an explicit start reading of the
// clock, for budgets that run from an earlier moment (process start).
func NewTimeManagerFrom(c Clock, start, soft, hard time.Duration) *TimeManager {
	tm := NewTimeManager(c, soft, hard)
	tm.start = start
	return tm
}

// Elapsed returns the time since the start.
func (tm *TimeManager) Elapsed() time.Duration { return tm.clock.Now() - tm.start }

// Soft returns the soft limit (0: none).
func (tm *TimeManager) Soft() time.Duration { return tm.soft }

// Hard returns the hard limit (0: none).
func (tm *TimeManager) Hard() time.Duration { return tm.hard }

// SoftExpired reports whether the soft limit has passed.
func (tm *TimeManager) SoftExpired() bool { return tm.soft > 0 && tm.Elapsed() >= tm.soft }

// HardExpired reports whether the hard limit has passed.
func (tm *TimeManager) HardExpired() bool { return tm.hard > 0 && tm.Elapsed() >= tm.hard }

// HardLimit returns the hard limit to use for a reply due within total:
// max(floor, frac*total - reserve). For example Congo's rule "reply within
// max(1 ms, 0.9 T - 20 ms)" with a further safety margin is
// HardLimit(T, 0.8, 30*time.Millisecond, time.Millisecond/2).
func HardLimit(total time.Duration, frac float64, reserve, floor time.Duration) time.Duration {
	h := time.Duration(frac*float64(total)) - reserve
	if h < floor {
		h = floor
	}
	return h
}
