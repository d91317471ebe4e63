//go:build windows

package procgroup

import (
	"os/exec"
	"syscall"
	"unsafe"
)

var (
	kernel32                     = syscall.NewLazyDLL("kernel32.dll")
	procCreateJobObjectW         = kernel32.NewProc("CreateJobObjectW")
	procSetInformationJobObject  = kernel32.NewProc("SetInformationJobObject")
	procAssignProcessToJobObject = kernel32.NewProc("AssignProcessToJobObject")
	procTerminateJobObject       = kernel32.NewProc("TerminateJobObject")
)

const (
	jobObjectExtendedLimitInformation = 9
	jobObjectLimitKillOnJobClose      = 0x2000
	processTerminate                  = 0x0001
	processSetQuota                   = 0x0100
)

// jobExtendedLimit mirrors JOBOBJECT_EXTENDED_LIMIT_INFORMATION.
type jobExtendedLimit struct {
	PerProcessUserTimeLimit int64
	PerJobUserTimeLimit     int64
	LimitFlags              uint32
	MinimumWorkingSetSize   uintptr
	MaximumWorkingSetSize   uintptr
	ActiveProcessLimit      uint32
	Affinity                uintptr
	PriorityClass           uint32
	SchedulingClass         uint32
	IoInfo                  [6]uint64
	ProcessMemoryLimit      uintptr
	JobMemoryLimit          uintptr
	PeakProcessMemoryUsed   uintptr
	PeakJobMemoryUsed       uintptr
}

// Group is the child and the processes it starts: a job object that kills
// all of them when it is terminated or closed. When a job object cannot be
// made, only the child itself is killed.
type Group struct {
	cmd *exec.Cmd
	job syscall.Handle
}

// New prepares cmd; the child is started directly (no "start /min").
func New(cmd *exec.Cmd) *Group { return &Group{cmd: cmd} }

// Started puts the started child into a new kill-on-close job object.
func (g *Group) Started() {
	register(g)
	job, _, _ := procCreateJobObjectW.Call(0, 0)
	if job == 0 {
		return
	}
	var info jobExtendedLimit
	info.LimitFlags = jobObjectLimitKillOnJobClose
	r, _, _ := procSetInformationJobObject.Call(job, jobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), unsafe.Sizeof(info))
	if r == 0 {
		syscall.CloseHandle(syscall.Handle(job))
		return
	}
	h, err := syscall.OpenProcess(processTerminate|processSetQuota, false, uint32(g.cmd.Process.Pid))
	if err != nil {
		syscall.CloseHandle(syscall.Handle(job))
		return
	}
	r, _, _ = procAssignProcessToJobObject.Call(job, uintptr(h))
	syscall.CloseHandle(h)
	if r == 0 {
		syscall.CloseHandle(syscall.Handle(job))
		return
	}
	g.job = syscall.Handle(job)
}

// Terminate kills the child and its job: Windows has no polite signal.
func (g *Group) Terminate() { g.Kill() }

// Kill kills the child and every process of its job.
func (g *Group) Kill() {
	if g.job != 0 {
		procTerminateJobObject.Call(uintptr(g.job), 1)
	}
	if g.cmd.Process != nil {
		g.cmd.Process.Kill()
	}
}

// Release closes the job handle, which kills anything still in it.
func (g *Group) Release() {
	unregister(g)
	if g.job != 0 {
		syscall.CloseHandle(g.job)
		g.job = 0
	}
}
