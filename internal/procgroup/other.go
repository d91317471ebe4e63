//go:build !linux

package procgroup

import "time"

// CPUTime returns the CPU time used so far by the group; it is measured on
// Linux only (ok is false elsewhere, where the callers fall back on wall
// time).
func (g *Group) CPUTime() (cpu time.Duration, ok bool) { return 0, false }

// Empty reports whether no process of the group is left; without /proc it
// cannot be told, and the group is taken as empty.
func (g *Group) Empty() bool { return true }

// Subreap does nothing outside Linux: there, the process group (Unix) or
// the job object (Windows) is the only containment.
func Subreap() error { return nil }

// KillEscaped finds nothing outside Linux.
func KillEscaped() int { return 0 }

// Usage is what a tree of processes uses; it is measured on Linux only.
type Usage struct {
	CPU   time.Duration
	RSS   int64
	Procs int
	// Pids are the processes measured.
	Pids []int
}

// TreeUsage cannot measure a tree outside Linux: ok is false.
func TreeUsage(pid int) (u Usage, ok bool) { return Usage{}, false }

// PSS cannot be measured outside Linux: ok is false.
func PSS(pids []int) (int64, bool) { return 0, false }
