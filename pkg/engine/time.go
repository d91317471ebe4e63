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
//   - Stall guard ([TimeManager.GuardStalls], optional): on a loaded
//     machine the process waits for a CPU, and the wait that comes after
//     the last reading of the clock delays the reply. The manager records
//     the longest gap between two of its readings (a stall: the clock is
//     read every few hundred nodes, a fraction of a millisecond of work) and
//     counts the hard limit as passed as soon as the elapsed time plus a
//     multiple of that gap reaches the deadline of the reply.
//
// A zero limit means no limit.
type TimeManager struct {
	clock      Clock
	start      time.Duration
	soft, hard time.Duration
	// The stall guard: the reply's deadline (0: no guard), the multiple of
	// the longest gap that must fit before it, the last reading and the
	// longest gap between two readings (at least the prior gap).
	deadline time.Duration
	factor   time.Duration
	last     time.Duration
	stall    time.Duration
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

// Elapsed returns the time since the start. With the stall guard on, every
// reading also measures the gap since the previous one.
func (tm *TimeManager) Elapsed() time.Duration {
	e := tm.clock.Now() - tm.start
	if tm.deadline > 0 {
		tm.stall = max(tm.stall, e-tm.last)
		tm.last = e
	}
	return e
}

// GuardStalls turns the stall guard on: from now on the hard limit also
// counts as passed when the elapsed time plus factor times the longest gap
// between two readings of the clock reaches deadline (measured from the
// start, like the limits), so that a stall as long as factor times the
// longest one seen still leaves the reply in time. prior is a gap measured
// before this manager (by the searches of earlier moves): the longest gap
// is never taken as shorter. The soft limit is then at most half of what
// the guard leaves.
func (tm *TimeManager) GuardStalls(deadline time.Duration, factor int, prior time.Duration) {
	tm.deadline, tm.factor, tm.stall = deadline, time.Duration(factor), prior
	tm.last = tm.clock.Now() - tm.start
	// The time between the start and now (a line waiting to be handled)
	// counts as a stall too.
	tm.stall = max(tm.stall, tm.last)
}

// Stall returns the longest gap between two readings of the clock seen by
// the stall guard (at least its prior gap; 0 without the guard).
func (tm *TimeManager) Stall() time.Duration { return tm.stall }

// Soft returns the soft limit (0: none).
func (tm *TimeManager) Soft() time.Duration { return tm.soft }

// Hard returns the hard limit (0: none).
func (tm *TimeManager) Hard() time.Duration { return tm.hard }

// SoftExpired reports whether the soft limit has passed (with the stall
// guard: or half of the time the guard leaves).
func (tm *TimeManager) SoftExpired() bool {
	e := tm.Elapsed()
	if tm.deadline > 0 && e >= (tm.deadline-tm.factor*tm.stall)/2 {
		return true
	}
	return tm.soft > 0 && e >= tm.soft
}

// HardExpired reports whether the hard limit has passed (with the stall
// guard: or the deadline is closer than factor times the longest gap).
func (tm *TimeManager) HardExpired() bool {
	e := tm.Elapsed()
	if tm.deadline > 0 && e+tm.factor*tm.stall >= tm.deadline {
		return true
	}
	return tm.hard > 0 && e >= tm.hard
}

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
