package check

// This file runs the student's command: one run per unit, in a fresh
// temporary directory, in its own process group, killed with everything it
// started when the time limit expires.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gamesearch/gamesearch/internal/procgroup"
)

// killGrace is how long a program may take to exit after the termination
// signal of a time-out before its process group is killed, as the MiniChess
// runner (and the timeout command the course graders use) allow.
const killGrace = time.Second

// maxCapture is the most output kept of one stream of one run; more is
// dropped and reported.
const maxCapture = 8 << 20

// command is the student's program: an executable and the arguments that
// come before the ones check adds.
type command struct {
	path string
	args []string
}

// errCannotStart marks a command that could not be started at all (exit
// status 2 of check).
var errCannotStart = errors.New("cannot start")

// newCommand resolves argv against the working directory: the cases run in
// fresh directories, so the executable and every argument that names an
// existing file or directory are made absolute first.
func newCommand(argv []string) (*command, error) {
	if len(argv) == 0 {
		return nil, errors.New("missing COMMAND after --")
	}
	path := argv[0]
	if strings.ContainsRune(path, '/') || strings.ContainsRune(path, filepath.Separator) {
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, fmt.Errorf("%w %s: %v", errCannotStart, path, err)
		}
		path = abs
	}
	lp, err := exec.LookPath(path)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", errCannotStart, argv[0], unwrapExec(err))
	}
	c := &command{path: lp}
	for _, a := range argv[1:] {
		if a != "" && !strings.HasPrefix(a, "-") {
			if _, err := os.Stat(a); err == nil {
				if abs, err := filepath.Abs(a); err == nil {
					a = abs
				}
			}
		}
		c.args = append(c.args, a)
	}
	return c, nil
}

// unwrapExec drops the "exec: "name":" prefix of exec errors, which the
// message names already.
func unwrapExec(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return ee.Err
	}
	return err
}

// String returns the command line as the report shows it.
func (c *command) String() string {
	parts := append([]string{c.path}, c.args...)
	for i, p := range parts {
		if p == "" || strings.ContainsAny(p, " \t\"'") {
			parts[i] = fmt.Sprintf("%q", p)
		}
	}
	return strings.Join(parts, " ")
}

// file is a file written into a run's directory before the run.
type file struct {
	name string
	data []byte
}

// runSpec is one run of the command: the arguments check appends, the files
// it provides, stdin, the files read back afterwards and the time limit.
type runSpec struct {
	args    []string
	files   []file
	stdin   []byte
	read    []string
	timeout time.Duration
}

// runResult is what one run produced.
type runResult struct {
	stdout, stderr []byte
	// files holds the files named in runSpec.read that exist after the run.
	files map[string][]byte
	// exitCode is the exit status, or -1 when a signal ended the program.
	exitCode int
	// signal names the signal that ended the program ("" otherwise).
	signal string
	// timedOut reports that the time limit expired and the program was
	// killed.
	timedOut bool
	// overflow reports that a stream exceeded maxCapture bytes.
	overflow bool
}

// crashed reports whether the program ended abnormally on its own: a
// non-zero exit status or a signal, not the time limit.
func (r *runResult) crashed() bool { return !r.timedOut && r.exitCode != 0 }

// status describes how the program ended, for problem lines.
func (r *runResult) status() string {
	switch {
	case r.timedOut:
		return "killed at the time limit"
	case r.signal != "":
		return "killed by signal " + r.signal
	default:
		return fmt.Sprintf("exit status %d", r.exitCode)
	}
}

// stderrLine returns the first non-empty line of stderr, shortened, or "".
func (r *runResult) stderrLine() string {
	for _, l := range strings.Split(string(r.stderr), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return clip(l, 160)
		}
	}
	return ""
}

// run executes the command once in a fresh directory.
func (c *command) run(s runSpec) (*runResult, error) {
	dir, err := os.MkdirTemp("", "gamesearch-check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for _, f := range s.files {
		if err := os.WriteFile(filepath.Join(dir, f.name), f.data, 0o644); err != nil {
			return nil, err
		}
	}
	var stdout, stderr capBuffer
	p, err := c.start(dir, s.args, bytes.NewReader(s.stdin), &stdout, &stderr)
	if err != nil {
		return nil, err
	}
	res := &runResult{timedOut: p.wait(s.timeout)}
	res.exitCode, res.signal = p.finish()
	res.stdout, res.stderr = stdout.bytes(), stderr.bytes()
	res.overflow = stdout.over || stderr.over
	for _, name := range s.read {
		if data, err := os.ReadFile(filepath.Join(dir, name)); err == nil {
			if res.files == nil {
				res.files = make(map[string][]byte)
			}
			res.files[name] = data
		}
	}
	return res, nil
}

// process is one started run of the command.
type process struct {
	cmd   *exec.Cmd
	group *procgroup.Group
	done  chan struct{}
}

// start starts the command with extra arguments in dir. stdin, stdout and
// stderr are connected through pipes; Wait gives up on output still held
// open by an escaped grandchild one kill grace after the program exits.
func (c *command) start(dir string, extra []string, stdin io.Reader, stdout, stderr io.Writer) (*process, error) {
	cmd := &exec.Cmd{
		Path:      c.path,
		Args:      append(append([]string{c.path}, c.args...), extra...),
		Dir:       dir,
		Stdin:     stdin,
		Stdout:    stdout,
		Stderr:    stderr,
		WaitDelay: killGrace,
	}
	g := procgroup.New(cmd)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%w %s: %v", errCannotStart, c.path, unwrapExec(err))
	}
	g.Started()
	p := &process{cmd: cmd, group: g, done: make(chan struct{})}
	go func() {
		cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// wait waits until the program exits or timeout passes; then the program's
// group is asked to stop, and killed one grace period later. It reports
// whether the time limit expired.
func (p *process) wait(timeout time.Duration) bool {
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-p.done:
		return false
	case <-t.C:
	}
	p.group.Terminate()
	grace := time.NewTimer(killGrace)
	defer grace.Stop()
	select {
	case <-p.done:
	case <-grace.C:
		p.group.Kill()
		<-p.done
	}
	return true
}

// finish kills whatever is left of the program's group, waits for the
// program itself and returns its exit code (-1 after a signal) and the
// signal's name.
func (p *process) finish() (int, string) {
	p.group.Kill()
	<-p.done
	p.group.Release()
	st := p.cmd.ProcessState
	if st == nil {
		return -1, "unknown"
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return -1, signalName(ws.Signal())
	}
	return st.ExitCode(), ""
}

// signalName returns the conventional name of a signal, e.g. "SIGSEGV".
func signalName(s syscall.Signal) string {
	names := map[syscall.Signal]string{
		syscall.SIGABRT: "SIGABRT", syscall.SIGSEGV: "SIGSEGV", syscall.SIGKILL: "SIGKILL",
		syscall.SIGTERM: "SIGTERM", syscall.SIGFPE: "SIGFPE", syscall.SIGILL: "SIGILL",
		syscall.SIGINT: "SIGINT", syscall.SIGPIPE: "SIGPIPE",
	}
	if n, ok := names[s]; ok {
		return n
	}
	return s.String()
}

// capBuffer keeps the first maxCapture bytes written to it.
type capBuffer struct {
	mu   sync.Mutex
	b    []byte
	over bool
}

// Write keeps what fits and always reports success, so that the program
// never blocks on a full pipe.
func (c *capBuffer) Write(p []byte) (int, error) {
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

func (c *capBuffer) bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b
}
