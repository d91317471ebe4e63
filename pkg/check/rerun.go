package check

// This file runs a case again with more time when its run was stopped at
// its time limit, so that the report can say plainly whether the program
// is too slow but right, wrong, or still running.

import (
	"fmt"
	"time"
)

// Rerun is what a case run again with more time gave.
type Rerun struct {
	// Limit is the time the run again had, Cpu what it used.
	Limit, Cpu time.Duration
	// Right: the answer was right then; Stopped: the run was stopped at
	// Limit too.
	Right, Stopped bool
}

// timeCauses are the causes of a case not answered before the time limit.
const timeCauses = 1<<CauseSlowRight | 1<<CauseSlow | 1<<CauseTimeout

// stoppedAtLimit reports whether the failure r is a case not answered
// because its run was stopped at its time limit (the CPU limit, a
// wall-clock limit, or the wall-clock backstop of a CPU limit; not a run
// stopped for using no CPU time, which more time does not help).
func stoppedAtLimit(r *Result) bool {
	if r.Passed || r.Run == nil || !r.Run.TimedOut || r.Causes == nil {
		return false
	}
	switch r.Run.Killed {
	case "cpu", "time", "wall":
		return r.Causes()&timeCauses != 0
	}
	return false
}

// Splitter is a unit of several cases answered in one run (a batch) that
// can make a unit of one of them alone.
type Splitter interface {
	// Alone returns a unit of the unit's case i alone.
	Alone(i int) Unit
}

// rerun runs unit u again with the Generous limit when some of its cases,
// rs, were not answered because the run was stopped at its limit: once per
// unit, when the budget leaves that time, and not after a run again that
// was itself stopped (a program that loops would cost each case ten times
// its limit). Each such case then says what the run again gave: right
// (too slow only), wrong (its answer is judged as the case's), or still
// running. Of a batch (a Splitter), only the first case left unanswered
// runs again, alone.
func (k *keeper) rerun(u Unit, c *Command, o *Options, rs []*Result) error {
	var stopped []int
	var limit time.Duration
	for i, r := range rs {
		if stoppedAtLimit(r) {
			stopped = append(stopped, i)
			limit = r.Run.Limit
		}
	}
	if len(stopped) == 0 {
		return nil
	}
	sp, batch := u.(Splitter)
	if batch && len(rs) > 1 {
		// A batch asks its first case left unanswered alone: what it
		// was doing when the limit stopped it.
		limit = o.Limit(1, 0)
		for _, i := range stopped[1:] {
			rs[i].Problem += "; not run again with more time: a batch runs again only its first case left unanswered, alone"
		}
		stopped = stopped[:1]
		u, rs = sp.Alone(stopped[0]), rs[stopped[0]:stopped[0]+1]
		stopped[0] = 0
	}
	g := Generous(limit)
	why := ""
	switch {
	case g <= limit:
		why = fmt.Sprintf("not run again with more time: its limit is already %s or more", Secs(GenerousCap))
	case k.looped:
		why = "not run again with more time: an earlier case was still running with ten times its limit"
	case !k.deadline.IsZero() && time.Until(k.deadline) < g:
		why = fmt.Sprintf("not run again with more time: the -budget leaves less than the %s it would get", Secs(g))
	}
	if why != "" {
		for _, i := range stopped {
			rs[i].Problem += "; " + why
		}
		return nil
	}
	more := *o
	more.generous = true
	again, err := u.Run(c, &more)
	if err != nil {
		return err
	}
	if interrupted.Load() {
		return errInterrupted
	}
	for _, i := range stopped {
		if i < len(again) {
			k.merge(rs[i], again[i], g)
		}
	}
	return nil
}

// merge records in r, a case stopped at its limit, what its run again with
// limit g gave, a.
func (k *keeper) merge(r, a *Result, g time.Duration) {
	rr := r.Run
	var cpu time.Duration
	if a.Run != nil {
		cpu = a.Run.Cpu
	}
	r.Rerun = &Rerun{Limit: g, Cpu: cpu}
	with := fmt.Sprintf("run again with %s", Secs(g))
	if rr.Killed == "time" {
		with += " (wall clock)"
	} else {
		with += " of CPU time"
	}
	switch {
	case a.Passed:
		r.Rerun.Right = true
		r.Problem = fmt.Sprintf("too slow, but right: %s; %s, it answered right after %s", rr.Status(), with, Secs(cpu))
		r.Causes = func() CauseSet { return SetOf(CauseSlowRight, CauseTimeout, CauseRunMixed) }
	case stoppedAtLimit(a):
		r.Rerun.Stopped = true
		k.looped = true
		r.Problem += fmt.Sprintf("; %s, it was still running at that limit", with)
	default:
		// A wrong answer (or a crash) with more time: the case is
		// diagnosed as that answer.
		r.Problem = fmt.Sprintf("%s (%s, after it was stopped at its limit: %s)", a.Problem, with, rr.Status())
		r.Expected, r.Actual, r.Causes, r.Shrink = a.Expected, a.Actual, a.Causes, a.Shrink
	}
}
