//go:build unix

package procgroup

import (
	"os/exec"
	"syscall"
)

// Group is the process group of one child process. The child is its leader,
// so the group id is the child's pid.
type Group struct {
	cmd *exec.Cmd
	pid int
}

// New prepares cmd to start in a new process group.
func New(cmd *exec.Cmd) *Group {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return &Group{cmd: cmd}
}

// Started records the group of the started command.
func (g *Group) Started() {
	g.pid = g.cmd.Process.Pid
	register(g)
}

// Terminate asks the whole group to stop (SIGTERM), as the timeout command
// does.
func (g *Group) Terminate() { g.signal(syscall.SIGTERM) }

// Kill kills every process left in the group (SIGKILL).
func (g *Group) Kill() { g.signal(syscall.SIGKILL) }

// Release forgets the group; call it once the group is killed.
func (g *Group) Release() { unregister(g) }

func (g *Group) signal(sig syscall.Signal) {
	if g.pid > 0 {
		syscall.Kill(-g.pid, sig) // ESRCH once the group is empty
	}
}
