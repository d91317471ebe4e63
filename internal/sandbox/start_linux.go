package sandbox

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gamesearch/gamesearch/internal/procgroup"
)

// nsFlags are the namespaces of a sandbox.
const nsFlags = syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID | syscall.CLONE_NEWNET |
	syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS

// studentID is the uid and gid of the program inside the namespaces.
const studentID = 1000

var (
	detectOnce sync.Once
	detected   Mode
	whyNot     string
)

// Detect returns the strongest mode available here, found once by starting
// a sandbox that only builds its root; why says, for a weaker mode, what
// refused the stronger one.
func Detect() (m Mode, why string) {
	detectOnce.Do(func() {
		detected, whyNot = probe()
		switch os.Getenv(EnvMode) {
		case "uid":
			if detected == Namespaces {
				detected, whyNot = UID, EnvMode+"=uid"
				if os.Geteuid() != 0 {
					detected, whyNot = None, EnvMode+"=uid, and not root"
				}
			}
		case "none":
			detected, whyNot = None, EnvMode+"=none"
		}
	})
	return detected, whyNot
}

// probe tries the namespaces, then the uid.
func probe() (Mode, string) {
	dir, err := os.MkdirTemp("", "gamesearch-probe-")
	if err != nil {
		return None, err.Error()
	}
	defer os.RemoveAll(dir)
	b, err := start(Config{Dir: dir, Limits: DefaultLimits, Mode: Namespaces}, Program{Path: "/bin/true", Args: []string{"true"}}, true)
	if err == nil {
		var st Status
		if st, err = b.Wait(); err == nil && st.ExitCode == 0 {
			return Namespaces, ""
		}
		if err == nil {
			err = fmt.Errorf("the probe ended with status %d", st.ExitCode)
		}
	}
	why := fmt.Sprintf("namespaces refused (%v)", err)
	if os.Geteuid() == 0 {
		return UID, why
	}
	return None, why + ", and not root"
}

// Box is one started sandbox.
type Box struct {
	cmd  *exec.Cmd
	mode Mode
	// status reads the init's lines; closer is its pipe.
	status *bufio.Reader
	closer io.Closer
	root   string
	done   chan struct{}
	st     Status
	err    error
}

// Start starts program p in a sandbox of cfg.Mode (which must not be None).
// The run folder must exist; when the caller is root it is given to the
// unprivileged user.
func Start(cfg Config, p Program) (*Box, error) {
	return start(cfg, p, false)
}

func start(cfg Config, p Program, probe bool) (*Box, error) {
	if cfg.Mode == None {
		return nil, ErrUnavailable
	}
	root := os.Geteuid() == 0
	uid, gid := UIDOf(cfg.Slot), UIDOf(cfg.Slot)
	c := config{Mode: cfg.Mode, Dir: cfg.Dir, ReadOnly: cfg.ReadOnly, Exe: p.Path, Args: p.Args, Env: p.Env,
		Limits: cfg.Limits, Rootless: !root, StudentID: studentID, Probe: probe}
	c.Hide = hiddenAt(cfg)
	if self, err := os.Executable(); err == nil {
		c.Hide = append(c.Hide, self)
		if real, err := filepath.EvalSymlinks(self); err == nil && real != self {
			c.Hide = append(c.Hide, real)
		}
	}
	if root {
		if err := giveTree(cfg.Dir, uid, gid); err != nil {
			return nil, errorf("%v", err)
		}
	}
	attr := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	b := &Box{done: make(chan struct{}), mode: cfg.Mode}
	if cfg.Mode == Namespaces {
		dir, err := os.MkdirTemp("", "gamesearch-root-")
		if err != nil {
			return nil, errorf("%v", err)
		}
		b.root, c.Root = dir, dir
		attr.Cloneflags = nsFlags
		if root {
			attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: 0, Size: 1}, {ContainerID: studentID, HostID: uid, Size: 1}}
			attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: 0, Size: 1}, {ContainerID: studentID, HostID: gid, Size: 1}}
			attr.GidMappingsEnableSetgroups = true
		} else {
			attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}}
			attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}}
		}
	} else {
		c.StudentID = uid
		if err := traversable(cfg.Dir, cfg.ReadOnly); err != nil {
			return nil, errorf("%v", err)
		}
	}
	data, err := json.Marshal(c)
	if err != nil {
		b.release()
		return nil, errorf("%v", err)
	}
	cfgR, cfgW, err := os.Pipe()
	if err != nil {
		b.release()
		return nil, errorf("%v", err)
	}
	stR, stW, err := os.Pipe()
	if err != nil {
		cfgR.Close()
		cfgW.Close()
		b.release()
		return nil, errorf("%v", err)
	}
	b.cmd = &exec.Cmd{Path: "/proc/self/exe", Args: []string{initName}, Env: []string{envInit + "=1"},
		Stdin: p.Stdin, Stdout: p.Stdout, Stderr: p.Stderr, WaitDelay: p.WaitDelay,
		ExtraFiles: []*os.File{cfgR, stW}, SysProcAttr: attr}
	err = b.cmd.Start()
	cfgR.Close()
	stW.Close()
	if err != nil {
		cfgW.Close()
		stR.Close()
		b.release()
		return nil, errorf("cannot start: %v", err)
	}
	go func() {
		cfgW.Write(data)
		cfgW.Close()
	}()
	// The init says "started" once the program runs, or why it could not
	// start it: a start that fails is Start's error, as exec's is.
	b.status = bufio.NewReader(io.LimitReader(stR, 1<<13))
	line, _ := b.status.ReadString('\n')
	if line = strings.TrimSpace(line); line != "started" {
		b.cmd.Wait()
		stR.Close()
		b.release()
		if msg, ok := strings.CutPrefix(line, "error "); ok {
			return nil, errorf("%s", msg)
		}
		return nil, errorf("its init ended before starting the program")
	}
	b.closer = stR
	go b.wait()
	return b, nil
}

// giveTree gives the run folder and what is in it to the unprivileged user
// (uid, gid), which needs to write there, and to no one else: folders
// 0700, files their owner's bits only (no other student's uid reads them).
func giveTree(dir string, uid, gid int) error {
	return filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if err := os.Lchown(p, uid, gid); err != nil {
			return err
		}
		if info.Mode()&os.ModeSymlink != 0 {
			return nil
		}
		return os.Chmod(p, info.Mode().Perm()&0o700)
	})
}

// traversable lets the unprivileged user of UID mode reach the run folder
// and the read-only paths: folders of this process's temporary folder on
// their way get the search permission (never the listing one).
func traversable(dir string, ro []string) error {
	tmp := os.TempDir()
	for _, p := range append([]string{dir}, ro...) {
		for d := filepath.Dir(p); Within(d, tmp) && d != tmp; d = filepath.Dir(d) {
			st, err := os.Stat(d)
			if err != nil {
				return err
			}
			if err := os.Chmod(d, st.Mode().Perm()|0o111); err != nil {
				return err
			}
		}
	}
	return nil
}

// wait waits for the init and reads the program's status.
func (b *Box) wait() {
	defer close(b.done)
	werr := b.cmd.Wait()
	line, _ := b.status.ReadString('\n')
	b.closer.Close()
	st := b.cmd.ProcessState
	if st != nil {
		b.st.CPU = st.UserTime() + st.SystemTime()
	}
	line = strings.TrimSpace(line)
	kind, rest, _ := strings.Cut(line, " ")
	if kind == "exit" || kind == "signal" {
		// "exit CODE SELF" or "signal SIG SELF": SELF is the init's own
		// CPU time, in nanoseconds.
		var self string
		rest, self, _ = strings.Cut(rest, " ")
		if ns, err := strconv.ParseInt(self, 10, 64); err == nil && time.Duration(ns) < b.st.CPU {
			b.st.CPU -= time.Duration(ns)
		}
	}
	switch kind {
	case "exit":
		b.st.ExitCode, _ = strconv.Atoi(rest)
	case "signal":
		b.st.ExitCode = -1
		b.st.Signal, _ = strconv.Atoi(rest)
	default:
		// The init was killed (a limit, the caller) before the program
		// ended: the program ended with it.
		b.st.ExitCode, b.st.Signal = -1, int(syscall.SIGKILL)
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			b.st.Signal = int(ws.Signal())
		} else if werr != nil && st == nil {
			b.err = errorf("%v", werr)
		}
	}
	b.release()
}

// release removes the sandbox's root folder.
func (b *Box) release() {
	if b.root != "" {
		os.Remove(b.root)
	}
}

// Done is closed once the sandbox has ended.
func (b *Box) Done() <-chan struct{} { return b.done }

// Wait waits for the sandbox to end and returns the program's status; the
// error says that its init could not be waited for (a program that could
// not start is Start's error).
func (b *Box) Wait() (Status, error) {
	<-b.done
	return b.st, b.err
}

// Usage returns what the program's processes use now (their CPU time, the
// memory they hold, how many they are); ok is false once they are gone.
func (b *Box) Usage() (procgroup.Usage, bool) {
	return procgroup.TreeUsage(b.cmd.Process.Pid)
}

// Terminate asks every process of the sandbox to stop (SIGTERM).
func (b *Box) Terminate() { b.cmd.Process.Signal(syscall.SIGTERM) }

// Kill kills every process of the sandbox: its init, and with it the
// namespace; in UID mode the init (SIGUSR1) kills every process of the uid
// and exits.
func (b *Box) Kill() {
	select {
	case <-b.done:
	default:
		if b.mode == UID {
			b.cmd.Process.Signal(syscall.SIGUSR1)
		} else {
			b.cmd.Process.Kill()
		}
	}
}

// hiddenAt returns where the folders of cfg.Hidden show in the sandbox:
// under each shown folder (Dir, ReadOnly) that holds one, at the shown
// folder's path, whichever links lead to it.
func hiddenAt(cfg Config) []string {
	var at []string
	for _, h := range cfg.Hidden {
		rh := resolved(h)
		for _, s := range append(append([]string{}, cfg.ReadOnly...), cfg.Dir) {
			if rs := resolved(s); Within(rh, rs) {
				rel, _ := filepath.Rel(rs, rh)
				at = append(at, filepath.Join(s, rel))
			}
		}
	}
	return at
}
