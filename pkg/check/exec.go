package check

// This file runs the student's command: one run per unit, in a fresh
// temporary directory that links the submission's files, in its own process
// group, stopped with everything it started when its CPU time runs out.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/internal/procgroup"
	"github.com/gamesearch/gamesearch/internal/sandbox"
)

// KillGrace is how long a program may take to exit after the termination
// signal of a time-out before its process group is killed, as the MiniChess
// runner (and the timeout command the course graders use) allow.
const KillGrace = time.Second

// maxCapture is the most output kept of one stream or one output file of
// one run; more is dropped and reported.
const maxCapture = 8 << 20

// maxLinks is the most entries of a submission directory linked into a run
// directory.
const maxLinks = 10000

// idleLimit is how long a program may use no CPU time at all before it is
// taken as blocked (waiting for input that never comes) and stopped.
const idleLimit = 10 * time.Second

// errCannotStart marks a command that could not be started at all (exit
// status 2 of check).
var errCannotStart = errors.New("cannot start")

// errInterrupted reports that check was interrupted by a signal.
var errInterrupted = errors.New("interrupted: every program check started was stopped and its files removed")

// interrupted is set when check receives SIGINT or SIGTERM; no run starts
// after it.
var interrupted atomic.Bool

// File is a File written into a run's directory before the run.
type File struct {
	Name string
	Data []byte
}

// RunSpec is one run of the command: the arguments check appends, the files
// it provides, stdin, the files read back afterwards and the CPU time the
// run may use (wall-clock time with wallClock, for the programs whose
// course limits the time of a move).
type RunSpec struct {
	Args      []string
	Files     []File
	Stdin     []byte
	Read      []string
	Limit     time.Duration
	WallClock bool
}

// RunResult is what one run produced.
type RunResult struct {
	Stdout, Stderr []byte
	// Files holds the files named in RunSpec.Read that exist after the run
	// as regular Files; odd names the others that exist, with what they
	// are ("a named pipe").
	Files map[string][]byte
	Odd   map[string]string
	// ExitCode is the exit status, or -1 when a signal ended the program.
	ExitCode int
	// Signal names the Signal that ended the program ("" otherwise).
	Signal string
	// TimedOut reports that the program was stopped by a time limit;
	// Killed says which limit stopped it: "cpu" (the CPU time), "time" (a
	// wall-clock limit), "wall" (the backstop of a CPU limit), "idle" (no
	// CPU time used for idleLimit), or, not a time-out, "memory" and
	// "disk" (the sandbox's limits).
	TimedOut bool
	Killed   string
	// Limit is the CPU time the run was given; Cpu and Wall what it used.
	Limit, Cpu, Wall time.Duration
	// Overflow reports that a stream or a file exceeded maxCapture bytes.
	Overflow bool
	// box holds the sandbox's limits, for the messages.
	box sandbox.Limits
}

// timeLimit reports whether the limit that stopped a run, as wait names it
// (RunResult.Killed), is a time limit: the sandbox's memory and disk
// limits are not ("" is no limit).
func timeLimit(killed string) bool { return killed != "" && killed != "memory" && killed != "disk" }

// Crashed reports whether the program ended abnormally on its own: a
// non-zero exit status or a signal, not a limit.
func (r *RunResult) Crashed() bool { return !r.TimedOut && r.ExitCode != 0 }

// Status describes how the program ended, for problem lines.
func (r *RunResult) Status() string {
	switch {
	case r.Killed == "memory":
		return fmt.Sprintf("killed: its processes held more than %s of memory (the -memory limit)", Bytes(r.box.Memory))
	case r.Killed == "disk":
		return fmt.Sprintf("killed: it wrote more than %s into its folder (the -disk limit)", Bytes(r.box.Disk))
	case r.Signal == "SIGXFSZ":
		return fmt.Sprintf("killed by signal SIGXFSZ: it wrote a file larger than %s (the -disk limit)", Bytes(r.box.Disk))
	case r.Signal == "SIGSYS":
		return "killed by signal SIGSYS: a system call the sandbox refuses, one of another architecture; a 32-bit program? build it for this machine"
	case r.Killed == "idle":
		return fmt.Sprintf("stopped after %s without using any CPU time (waiting for input that never comes?)", Secs(idleLimit))
	case r.Killed == "wall":
		return fmt.Sprintf("killed at the wall-clock backstop after %s (%s of CPU time; the limit is %s of CPU time)", Secs(r.Wall), Secs(r.Cpu), Secs(r.Limit))
	case r.Killed == "time":
		return fmt.Sprintf("killed at the time limit of %s (wall clock)", Secs(r.Limit))
	case r.TimedOut:
		return fmt.Sprintf("killed at the time limit: %s of CPU time used (%s wall clock)", Secs(r.Limit), Secs(r.Wall))
	case r.Signal != "":
		return "killed by signal " + r.Signal
	default:
		return fmt.Sprintf("exit status %d", r.ExitCode)
	}
}

// Slow reports whether a run that ended by itself used more than half of
// its CPU limit.
func (r *RunResult) Slow() bool { return !r.TimedOut && r.Limit > 0 && 2*r.Cpu > r.Limit }

// Bytes prints a size in bytes with the largest binary unit that divides
// it ("1 GiB", "256 MiB").
func Bytes(n int64) string {
	for _, u := range []struct {
		unit string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.unit)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// Secs prints a duration in seconds with at most two decimals ("2.5 s").
func Secs(d time.Duration) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", d.Seconds()), "0"), ".") + " s"
}

// Missing says why an output file the run should have written cannot be
// read.
func (r *RunResult) Missing(name string) string {
	if what, ok := r.Odd[name]; ok {
		return name + " is " + what + ", not a regular file: not read"
	}
	return name + " was not written"
}

// CrashLine returns the line of stderr that says why the program crashed:
// the exception line of a Python traceback or a Java stack trace, else the
// first non-empty line; "" when stderr is empty.
func (r *RunResult) CrashLine() string {
	lines := strings.Split(strings.ReplaceAll(string(r.Stderr), "\r\n", "\n"), "\n")
	var nonEmpty []string
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			nonEmpty = append(nonEmpty, l)
		}
	}
	if len(nonEmpty) == 0 {
		return ""
	}
	for i, l := range nonEmpty {
		// Python: the exception is the last unindented line after the
		// traceback.
		if strings.HasPrefix(l, "Traceback (most recent call last):") {
			for j := len(nonEmpty) - 1; j > i; j-- {
				if t := nonEmpty[j]; t[0] != ' ' && t[0] != '\t' {
					return Clip(strings.TrimSpace(t), 160)
				}
			}
		}
		// Java: "Exception in thread "main" java.lang.X: message".
		if strings.HasPrefix(l, "Exception in thread ") {
			return Clip(strings.TrimSpace(l), 160)
		}
	}
	return Clip(strings.TrimSpace(nonEmpty[0]), 160)
}

// Run executes the command once in a fresh directory.
func (c *Command) Run(s RunSpec) (*RunResult, error) {
	if interrupted.Load() {
		return nil, errInterrupted
	}
	dir, err := os.MkdirTemp("", "gamesearch-check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	skip := map[string]bool{}
	for _, f := range s.Files {
		skip[f.Name] = true
	}
	for _, name := range s.Read {
		skip[name] = true
	}
	if err := c.link(dir, skip); err != nil {
		return nil, err
	}
	for _, f := range s.Files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			return nil, err
		}
	}
	var stdout, stderr CapBuffer
	p, err := c.Start(dir, s.Args, bytes.NewReader(s.Stdin), &stdout, &stderr)
	if err != nil {
		return nil, err
	}
	res := &RunResult{Limit: s.Limit, box: c.Box.Limits}
	res.Killed = p.wait(s.Limit, s.WallClock)
	res.TimedOut = timeLimit(res.Killed)
	res.ExitCode, res.Signal = p.Finish()
	res.Cpu, res.Wall = max(p.cpu, p.leaderCPU()), time.Since(p.began)
	res.Stdout, res.Stderr = stdout.Bytes(), stderr.Bytes()
	res.Overflow = stdout.over || stderr.over
	for _, name := range s.Read {
		data, what, over := readOutput(filepath.Join(dir, name))
		switch {
		case what != "":
			if res.Odd == nil {
				res.Odd = make(map[string]string)
			}
			res.Odd[name] = what
		case data != nil:
			if res.Files == nil {
				res.Files = make(map[string][]byte)
			}
			res.Files[name] = data
			res.Overflow = res.Overflow || over
		}
	}
	if interrupted.Load() {
		return nil, errInterrupted
	}
	return res, nil
}

// readOutput reads an output file the program wrote: at most maxCapture
// bytes of a regular file (over reports more), never following a link or
// opening a named pipe or device. data is nil when the file does not exist;
// what names a file that is not regular.
func readOutput(path string) (data []byte, what string, over bool) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, "", false
	}
	switch m := st.Mode(); {
	case m&fs.ModeSymlink != 0:
		return nil, "a symbolic link", false
	case m&fs.ModeNamedPipe != 0:
		return nil, "a named pipe", false
	case m&fs.ModeDevice != 0:
		return nil, "a device", false
	case m.IsDir():
		return nil, "a directory", false
	case !m.IsRegular():
		return nil, "a special file", false
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, "", false
	}
	defer f.Close()
	data, _ = io.ReadAll(io.LimitReader(f, maxCapture+1))
	if len(data) > maxCapture {
		return data[:maxCapture], "", true
	}
	if data == nil {
		data = []byte{}
	}
	return data, "", false
}

// Process is one started run of the command: a process group, or a
// sandbox.
type Process struct {
	cmd   *exec.Cmd
	group *procgroup.Group
	box   *sandbox.Box
	// limits and dir are the sandbox's limits and run folder.
	limits sandbox.Limits
	dir    string
	Done   chan struct{}
	began  time.Time
	// cpu is the group's CPU time at the last measurement, mem the
	// sandbox's resident memory.
	cpu time.Duration
	mem int64
}

// Start starts the command with extra arguments in dir, in the sandbox of
// c.Box when its Mode is not None. stdin, stdout and stderr are connected
// through pipes; Wait gives up on output still held open by an escaped
// grandchild one kill grace after the program exits.
func (c *Command) Start(dir string, extra []string, stdin io.Reader, stdout, stderr io.Writer) (*Process, error) {
	path := c.Exe
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	args := append(append([]string{}, c.Argv...), extra...)
	if c.Box.Mode != sandbox.None {
		cfg := c.Box
		cfg.Dir = dir
		cfg.ReadOnly = append(append([]string{}, c.show...), c.Dir)
		exe := c.real
		if !filepath.IsAbs(exe) {
			exe = filepath.Join(dir, exe)
		}
		box, err := sandbox.Start(cfg, sandbox.Program{Path: exe, Args: args, Env: sandboxEnv(),
			Stdin: stdin, Stdout: stdout, Stderr: stderr, WaitDelay: KillGrace})
		if err != nil {
			return nil, fmt.Errorf("%w %s: %v", errCannotStart, c.Argv[0], err)
		}
		p := &Process{box: box, limits: cfg.Limits, dir: dir, Done: make(chan struct{}), began: time.Now()}
		go func() {
			<-box.Done()
			close(p.Done)
		}()
		return p, nil
	}
	cmd, g, err := procgroup.Start(func() *exec.Cmd {
		return &exec.Cmd{
			Path:      path,
			Args:      args,
			Dir:       dir,
			Stdin:     stdin,
			Stdout:    stdout,
			Stderr:    stderr,
			WaitDelay: KillGrace,
		}
	})
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", errCannotStart, c.Argv[0], unwrapExec(err))
	}
	p := &Process{cmd: cmd, group: g, Done: make(chan struct{}), began: time.Now()}
	go func() {
		cmd.Wait()
		close(p.Done)
	}()
	return p, nil
}

// sandboxEnv is the environment of a sandboxed program: of this
// process's, only what finds and runs programs and their interpreters
// (keptEnv), never the TA's other variables (a token, a password); TMPDIR
// is the sandbox's own /tmp.
func sandboxEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if keptEnv(name) {
			env = append(env, kv)
		}
	}
	return append(env, "TMPDIR=/tmp")
}

// keptEnv reports whether a sandboxed program gets the variable name.
func keptEnv(name string) bool {
	switch name {
	case "PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "TERM", "TZ",
		"JAVA_HOME", "CLASSPATH", "LD_LIBRARY_PATH", "VIRTUAL_ENV":
		return true
	}
	for _, prefix := range []string{"LC_", "PYTHON", "PYENV_", "CONDA_", "SDKMAN_", "JDK_", "_JAVA_OPTIONS"} {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}

// unwrapExec drops the "exec: "name":" prefix of exec errors, which the
// message names already.
func unwrapExec(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return ee.Err
	}
	return atomicfile.Cause(err)
}

// backstop is the wall-clock time a run of CPU limit l may take at most,
// however loaded the machine.
func backstop(l time.Duration) time.Duration { return 3*l + 5*time.Second }

// wait waits until the program exits or a limit passes: its group's CPU
// time reaches limit ("cpu"), the wall clock reaches the backstop ("wall"),
// or the group uses no CPU time for idleLimit ("idle"); with wallClock, the
// wall clock reaches limit ("time"). Then the group is
// asked to stop, and killed one grace period later. With wallClock, or
// where CPU time cannot be measured, limit is wall-clock time.
func (p *Process) wait(limit time.Duration, wallClock bool) string {
	wall := backstop(limit)
	if wallClock {
		wall = limit
	}
	idle := min(idleLimit, wall)
	lastMove := p.began
	reason := ""
	for interval := 20 * time.Millisecond; reason == ""; interval = min(2*interval, 100*time.Millisecond) {
		t := time.NewTimer(interval)
		select {
		case <-p.Done:
			t.Stop()
			return ""
		case now := <-t.C:
			el := now.Sub(p.began)
			cpu, ok := p.cpuTime()
			switch {
			case !ok && runtime.GOOS != "linux":
				if el >= limit {
					reason = "time"
				}
				continue
			case !ok:
				continue
			}
			if cpu > p.cpu {
				p.cpu, lastMove = cpu, now
			}
			switch {
			case p.box != nil && p.mem > p.limits.Memory:
				reason = "memory"
			case p.box != nil && sandbox.DiskUsage(p.dir, p.limits.Disk) > p.limits.Disk:
				reason = "disk"
			case cpu >= limit && !wallClock:
				reason = "cpu"
			case el >= wall && wallClock:
				reason = "time"
			case el >= wall:
				reason = "wall"
			case now.Sub(lastMove) >= idle:
				reason = "idle"
			}
		}
	}
	if reason == "memory" || reason == "disk" {
		p.kill()
		<-p.Done
		return reason
	}
	p.terminate()
	grace := time.NewTimer(KillGrace)
	defer grace.Stop()
	select {
	case <-p.Done:
	case <-grace.C:
		p.kill()
		<-p.Done
	}
	return reason
}

// cpuTime measures the CPU time of the program's processes, and in a
// sandbox the memory they hold (p.mem).
func (p *Process) cpuTime() (time.Duration, bool) {
	if p.box == nil {
		return p.group.CPUTime()
	}
	u, ok := p.box.Usage()
	p.mem = u.RSS
	if p.mem > p.limits.Memory {
		// The resident sets count the pages forked processes share once
		// each: past the limit, count them once in all.
		if pss, ok := procgroup.PSS(u.Pids); ok {
			p.mem = pss
		}
	}
	return u.CPU, ok
}

// terminate asks the program's processes to stop.
func (p *Process) terminate() {
	if p.box != nil {
		p.box.Terminate()
	} else {
		p.group.Terminate()
	}
}

// kill kills the program's processes.
func (p *Process) kill() {
	if p.box != nil {
		p.box.Kill()
	} else {
		p.group.Kill()
	}
}

// Finish kills whatever is left of the program's group and whatever
// escaped it, waits for the program itself and returns its exit code (-1
// after a signal) and the signal's name.
func (p *Process) Finish() (int, string) {
	if p.box != nil {
		p.box.Kill()
		st, _ := p.box.Wait()
		if st.Signal != 0 {
			return -1, signalName(syscall.Signal(st.Signal))
		}
		return st.ExitCode, ""
	}
	p.group.Kill()
	<-p.Done
	for deadline := time.Now().Add(KillGrace); !p.group.Empty() && time.Now().Before(deadline); {
		p.group.Kill()
		time.Sleep(5 * time.Millisecond)
	}
	p.group.Release()
	procgroup.KillEscaped()
	st := p.cmd.ProcessState
	if st == nil {
		return -1, "unknown"
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return -1, signalName(ws.Signal())
	}
	return st.ExitCode(), ""
}

// leaderCPU is the CPU time of the program and the children it waited
// for, as the system reported it when the program ended.
func (p *Process) leaderCPU() time.Duration {
	if p.box != nil {
		st, _ := p.box.Wait()
		return st.CPU
	}
	if st := p.cmd.ProcessState; st != nil {
		return st.UserTime() + st.SystemTime()
	}
	return 0
}

// signalName returns the conventional name of a signal, e.g. "SIGSEGV".
func signalName(s syscall.Signal) string {
	names := map[syscall.Signal]string{
		syscall.SIGABRT: "SIGABRT", syscall.SIGSEGV: "SIGSEGV", syscall.SIGKILL: "SIGKILL",
		syscall.SIGTERM: "SIGTERM", syscall.SIGFPE: "SIGFPE", syscall.SIGILL: "SIGILL",
		syscall.SIGINT: "SIGINT", syscall.SIGPIPE: "SIGPIPE", syscall.SIGBUS: "SIGBUS",
		syscall.SIGXFSZ: "SIGXFSZ", syscall.SIGXCPU: "SIGXCPU", syscall.SIGSYS: "SIGSYS",
	}
	if n, ok := names[s]; ok {
		return n
	}
	return s.String()
}

// CapBuffer keeps the first maxCapture bytes written to it.
type CapBuffer struct {
	mu   sync.Mutex
	b    []byte
	over bool
}

// Write keeps what fits and always reports success, so that the program
// never blocks on a full pipe.
func (c *CapBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	room := maxCapture - len(c.b)
	if len(p) > room {
		c.b = append(c.b, p[:max(room, 0)]...)
		c.over = true
	} else {
		c.b = append(c.b, p...)
	}
	return len(p), nil
}

// Bytes returns what was captured.
func (c *CapBuffer) Bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b
}
