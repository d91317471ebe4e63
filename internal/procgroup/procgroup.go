// Package procgroup kills a child process together with everything it
// started: on Unix the child leads a new process group, on Windows it is
// put into a kill-on-close job object. The MiniChess runner and the
// autograder (pkg/check) use it so that a timed-out program cannot leave a
// grandchild behind.
//
// Use: New(cmd) before cmd.Start, Started after it, then Terminate (a polite
// request on Unix), Kill and finally Release. KillAll kills every group
// started and not yet released, for a program that is interrupted.
// Start does New, cmd.Start and Started in one call, and makes and starts
// the command again while its executable is busy (just written, still open
// in a child being started).
//
// On Linux it also measures a group's CPU time (CPUTime, read from /proc),
// tells when a group is empty, and catches what escapes a group: after
// Subreap, a descendant that leaves with setsid and is orphaned becomes this
// process's child, and KillEscaped kills it. Elsewhere a process that leaves
// its group (Unix) is not found.
package procgroup

import (
	"errors"
	"os/exec"
	"syscall"
	"time"
)

// busyTries and busyPause bound StartBusy's retries: 10 starts over about
// 50 ms.
const (
	busyTries = 10
	busyPause = 5 * time.Millisecond
)

// Start starts the command that mk makes in a new group (New, cmd.Start,
// Started) and returns both, making and starting a new command again with
// StartBusy while the start fails with "text file busy".
func Start(mk func() *exec.Cmd) (*exec.Cmd, *Group, error) {
	var cmd *exec.Cmd
	var g *Group
	if err := StartBusy(func() error {
		cmd = mk()
		g = New(cmd)
		return cmd.Start()
	}); err != nil {
		return nil, nil, err
	}
	g.Started()
	return cmd, g, nil
}

// StartBusy calls start, which makes a new command and starts it, again
// while it fails with "text file busy" (ETXTBSY), up to busyTries times
// busyPause apart. An executable that this process has just written stays
// open for writing in every child that another goroutine forks meanwhile,
// until that child's exec closes it (golang.org/issue/22315): starting it
// right after the write can fail for that moment.
func StartBusy(start func() error) error {
	var err error
	for range busyTries {
		if err = start(); !errors.Is(err, syscall.ETXTBSY) {
			return err
		}
		time.Sleep(busyPause)
	}
	return err
}
