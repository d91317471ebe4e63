// Package sandbox runs an untrusted program (a student's submission) so that
// it can neither cheat the grader nor harm the machine or other students.
//
// On Linux with unprivileged user namespaces (Namespaces mode) the program
// runs in new user, mount, PID, network, IPC and UTS namespaces. Their init
// is this same executable, started again with argv[0] "gamesearch-sandbox"
// (the package's init function takes it over before main runs): it builds a
// new root in which the program sees only the system's runtime read-only
// (/usr, /bin, /lib*, a few files of /etc), the folders the caller names
// read-only (the submission, the interpreter's install prefix), its run
// folder writable at the same path, a private size-limited /tmp, a minimal
// /dev and a fresh /proc of its own PID namespace; no network. It then
// starts the program as an unprivileged user with no capabilities, reaps
// every process of the namespace, and when the program exits kills what is
// left. The executable itself is hidden wherever a visible tree holds it.
// Killing the init kills the whole namespace; the init dies with its
// parent.
//
// Where namespaces are refused but the caller is root (UID mode), the
// program runs as an unprivileged uid with the same limits, and its
// processes are killed by uid at the end. Otherwise (None) nothing isolates
// it; callers decide whether to run it anyway.
//
// Limits: the resident memory of all the program's processes (measured by
// the caller's polling through Usage), the number of processes and threads
// (RLIMIT_NPROC, counted per user namespace), the size of every file
// (RLIMIT_FSIZE), /tmp's size, and the run folder's total (DiskUsage, polled
// by the caller).
package sandbox

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Mode is how a program is isolated.
type Mode int

// The modes, weakest first.
const (
	// None: the program runs as the caller, with no isolation.
	None Mode = iota
	// UID: the caller is root without namespaces; the program runs as an
	// unprivileged uid, with the limits.
	UID
	// Namespaces: the program runs in namespaces of its own, in a root of
	// its own.
	Namespaces
)

// String names the mode as the reports do.
func (m Mode) String() string {
	switch m {
	case Namespaces:
		return "namespaces"
	case UID:
		return "unprivileged uid"
	}
	return "not sandboxed"
}

// Limits bound what one sandboxed program may use.
type Limits struct {
	// Memory is the most resident memory, in bytes, of all the program's
	// processes together.
	Memory int64
	// Procs is the most processes and threads the program may run at once.
	Procs int
	// Disk is the size, in bytes, of /tmp, of the largest file the program
	// may write, and of its run folder's contents together.
	Disk int64
}

// DefaultLimits are the limits of a run unless the caller sets others: 1
// GiB of memory, 256 processes and threads, 256 MiB of disk.
var DefaultLimits = Limits{Memory: 1 << 30, Procs: 256, Disk: 256 << 20}

// BaseUID is the first of the unprivileged uids (and gids) programs run as
// when the caller is root (UIDOf). No user needs to exist for them.
const BaseUID = 600000000

// UIDOf is the uid (and gid) the program of sandbox slot runs as when the
// caller is root: one per student of a class (slot modulo 1000), and per
// grader process (its pid modulo 100000), so that two graders running at
// once never share a uid, nor kill each other's programs by it.
func UIDOf(slot int) int {
	return BaseUID + (os.Getpid()%100000)*1000 + slot%1000
}

// Config is one sandboxed run.
type Config struct {
	// Dir is the run folder (absolute): writable, the working directory,
	// seen at the same path.
	Dir string
	// ReadOnly are more host paths (absolute) seen read-only at the same
	// paths: the submission's folder, the interpreter's install prefix.
	ReadOnly []string
	// Hidden are host folders the program must not see although they lie
	// in Dir or ReadOnly (a grader's hidden cases inside the submission's
	// folder): each shows as an empty folder.
	Hidden []string
	Limits
	// Mode is the isolation; None runs the program unconfined.
	Mode Mode
	// Slot tells apart the sandboxes of different students (their uid when
	// the caller is root); runs of one student share it.
	Slot int
}

// initName is the argv[0] of a sandbox's init, and envInit the variable
// that marks it.
const (
	initName = "gamesearch-sandbox"
	envInit  = "GAMESEARCH_SANDBOX_INIT"
)

// config is what the init reads on file descriptor 3.
type config struct {
	Mode      Mode
	Root      string
	Dir       string
	ReadOnly  []string
	Hide      []string
	Exe       string
	Args      []string
	Env       []string
	Limits    Limits
	Rootless  bool
	StudentID int
	Probe     bool
}

// EnvMode is the variable that makes Detect weaker than what it finds:
// "uid" (no namespaces: what a Docker profile that refuses them leaves) or
// "none". It never makes a sandbox stronger.
const EnvMode = "GAMESEARCH_SANDBOX"

// ErrUnavailable reports that no isolation is possible here.
var ErrUnavailable = errors.New("no sandbox is possible here")

// Prefixes returns the install prefix of the interpreter or program exe
// (absolute, as looked up in PATH) that must be visible for it to run, and
// the path to start: exe with its links resolved. A program of the
// system's trees (/usr, /bin, /lib) needs none; pyenv's python3
// (~/.pyenv/versions/V/bin/python3) needs ~/.pyenv/versions/V, a shim in
// ~/.pyenv/shims the whole of ~/.pyenv, conda's and sdkman's likewise. A
// prefix that may not be shown whole ([unshowable]) is narrowed to the
// program's own folder, and that folder, when it may not be shown either,
// to the program alone (~/a.out, /tmp/a.out).
func Prefixes(exe string) (path string, prefixes []string) {
	real, err := filepath.EvalSymlinks(exe)
	if err != nil {
		return exe, nil
	}
	path = real
	if system(real) {
		return path, nil
	}
	dir := filepath.Dir(real)
	prefix := dir
	if b := filepath.Base(dir); (b == "bin" || b == "shims" || b == "sbin") && installPrefix(filepath.Dir(dir)) {
		prefix = filepath.Dir(dir)
	}
	if unshowable(prefix) {
		prefix = dir
		if unshowable(dir) {
			prefix = path
		}
	}
	return path, []string{prefix}
}

// unshowable reports whether the host folder dir may not be shown whole in
// a sandbox: it is [TooWide], or a tree that holds this executable.
func unshowable(dir string) bool {
	self, _ := os.Executable()
	return TooWide(dir) || (self != "" && Within(resolved(self), dir))
}

// resolved returns path with its links resolved, or path itself when they
// cannot be.
func resolved(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	return path
}

// TooWide reports whether the host folder dir holds far more than one
// program's files: the root, the home folder or one of its parents, or a
// temporary folder or one of its parents (the sandbox has a /tmp of its
// own, and the host's holds other runs' files).
func TooWide(dir string) bool {
	home, _ := os.UserHomeDir()
	if dir == "/" || Within(home, dir) {
		return true
	}
	for _, t := range []string{"/tmp", "/var/tmp", "/dev/shm", os.TempDir()} {
		if Within(t, dir) {
			return true
		}
	}
	return false
}

// installPrefix reports whether dir looks like the install prefix of an
// interpreter or a toolchain: it holds lib, lib64 or libexec.
func installPrefix(dir string) bool {
	for _, sub := range []string{"lib", "lib64", "libexec"} {
		if st, err := os.Stat(filepath.Join(dir, sub)); err == nil && st.IsDir() {
			return true
		}
	}
	return false
}

// Shown returns what the sandbox must show for a host path that a command
// names as an argument (absolute): an executable its Prefixes, a folder
// itself, a file its folder; never a folder that is [unshowable] (a file
// there is shown alone).
func Shown(path string) []string {
	st, err := os.Stat(path)
	if err != nil || system(path) {
		return nil
	}
	if st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
		_, pre := Prefixes(path)
		return pre
	}
	dir := path
	if !st.IsDir() {
		dir = filepath.Dir(path)
	}
	if unshowable(dir) {
		if st.IsDir() {
			return nil
		}
		return []string{path}
	}
	return []string{dir}
}

// systemTrees are the host's trees every sandbox shows read-only.
var systemTrees = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}

// etcFiles are the entries of /etc the compilers and interpreters read
// (glob patterns): the dynamic linker's, the users', time zone, the
// alternatives (Debian's java and python links) and Java's configuration.
var etcFiles = []string{"/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
	"/etc/localtime", "/etc/timezone", "/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/etc/hosts",
	"/etc/java*", "/etc/python3*", "/etc/mime.types", "/etc/ssl/certs", "/etc/ca-certificates*"}

// system reports whether path lies in one of the system trees.
func system(path string) bool {
	for _, t := range systemTrees {
		if Within(path, t) {
			return true
		}
	}
	return false
}

// Within reports whether path is dir or lies inside it.
func Within(path, dir string) bool {
	if path == "" || dir == "" {
		return false
	}
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// DiskUsage returns the bytes the regular files under dir hold, counting
// each entry as at least one block so that a flood of empty files counts
// too; it stops counting once past limit.
func DiskUsage(dir string, limit int64) int64 {
	var total int64
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		total += 4096
		if d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				total += info.Size()
			}
		}
		if total > limit {
			return fs.SkipAll
		}
		return nil
	})
	return total
}

// Status is how a sandboxed program ended.
type Status struct {
	// ExitCode is its exit status, -1 after a signal.
	ExitCode int
	// Signal is the signal that ended it (0 otherwise).
	Signal int
	// CPU is the CPU time of all its processes.
	CPU time.Duration
}

// Program is what to run in the sandbox.
type Program struct {
	// Path is the executable (absolute, or relative to the run folder);
	// Args its argv, Args[0] included; Env its environment.
	Path string
	Args []string
	Env  []string
	// Stdin, Stdout and Stderr are connected through pipes (nil: the null
	// device).
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// WaitDelay bounds how long Wait waits for output still held open
	// after the program ended.
	WaitDelay time.Duration
}

// errorf formats an error of the sandbox.
func errorf(format string, a ...any) error { return fmt.Errorf("sandbox: "+format, a...) }
