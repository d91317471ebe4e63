//go:build unix

package runner

import (
	"io/fs"
	"os"
	"os/exec"
	"syscall"
)

// group is the process group of one player run. The player is its leader,
// so the group id is the player's pid.
type group struct {
	cmd *exec.Cmd
	pid int
}

// newGroup prepares cmd to start in a new process group.
func newGroup(cmd *exec.Cmd) *group {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return &group{cmd: cmd}
}

// started records the group of the started command.
func (g *group) started() { g.pid = g.cmd.Process.Pid }

// terminate asks the whole group to stop (SIGTERM), as the C++ runner's
// timeout command does.
func (g *group) terminate() { g.signal(syscall.SIGTERM) }

// kill kills every process left in the group (SIGKILL).
func (g *group) kill() { g.signal(syscall.SIGKILL) }

// release frees what the group holds; nothing on Unix.
func (g *group) release() {}

func (g *group) signal(sig syscall.Signal) {
	if g.pid > 0 {
		syscall.Kill(-g.pid, sig) // ESRCH once the group is empty
	}
}

// isExecutable reports whether fi has an execute permission bit.
func isExecutable(fi fs.FileInfo) bool { return fi.Mode().Perm()&0o111 != 0 }

// interruptSignals are the signals that end a game early (docs/minichess.md,
// "The runner").
var interruptSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM}

// exitCodeFor is the runner's exit status after sig: 128 + signal number.
func exitCodeFor(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}
