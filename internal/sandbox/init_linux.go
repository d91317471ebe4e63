package sandbox

// This file is the sandbox's init: this executable started again as
// "gamesearch-sandbox", before main runs.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

func init() {
	if len(os.Args) == 1 && os.Args[0] == initName && os.Getenv(envInit) == "1" {
		os.Exit(runInit())
	}
}

// rlimitNproc is RLIMIT_NPROC, which package syscall does not name.
const rlimitNproc = 6

// prSetDumpable is prctl's PR_SET_DUMPABLE: an init that is not dumpable
// cannot be read through /proc/1 (its executable, its files) by the
// program.
const prSetDumpable = 4

// prSetChildSubreaper is prctl's PR_SET_CHILD_SUBREAPER.
const prSetChildSubreaper = 36

// runInit builds the sandbox, runs the program, reaps every process and
// writes on file descriptor 4 "started" once the program runs (or "error"
// and why it could not), then the program's status.
func runInit() int {
	syscall.CloseOnExec(3)
	syscall.CloseOnExec(4)
	status := os.NewFile(4, "status")
	fail := func(err error) int {
		fmt.Fprintf(status, "error %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
		return 125
	}
	var c config
	if err := json.NewDecoder(io.LimitReader(os.NewFile(3, "config"), 1<<20)).Decode(&c); err != nil {
		return fail(fmt.Errorf("reading the configuration: %v", err))
	}
	os.Unsetenv(envInit)
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGUSR1)
	if c.Mode == Namespaces {
		if err := buildRoot(&c); err != nil {
			return fail(err)
		}
		if err := noUserNamespaces(c.Rootless); err != nil {
			return fail(err)
		}
	}
	if err := refuseCalls(); err != nil {
		return fail(err)
	}
	syscall.RawSyscall(syscall.SYS_PRCTL, prSetDumpable, 0, 0)
	if c.Mode == UID {
		// Without a PID namespace, what leaves the program's group and
		// loses its parent becomes the init's child.
		syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	}
	for _, l := range []struct {
		res int
		v   uint64
	}{{rlimitNproc, uint64(c.Limits.Procs)}, {syscall.RLIMIT_FSIZE, uint64(c.Limits.Disk)}, {syscall.RLIMIT_CORE, 0}} {
		if err := syscall.Setrlimit(l.res, &syscall.Rlimit{Cur: l.v, Max: l.v}); err != nil {
			return fail(fmt.Errorf("setrlimit: %v", err))
		}
	}
	attr := &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
	switch {
	case c.Mode == Namespaces && c.Rootless:
		// The program gets a user namespace of its own in which it is an
		// ordinary user: it holds no capability over the sandbox's mounts.
		attr.Unshareflags = syscall.CLONE_NEWUSER
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: c.StudentID, HostID: 0, Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: c.StudentID, HostID: 0, Size: 1}}
	default:
		attr.Credential = &syscall.Credential{Uid: uint32(c.StudentID), Gid: uint32(c.StudentID), Groups: []uint32{}}
	}
	var pid int
	var err error
	for try := 0; ; try++ {
		pid, err = syscall.ForkExec(c.Exe, c.Args, &syscall.ProcAttr{Dir: c.Dir, Env: c.Env, Files: []uintptr{0, 1, 2}, Sys: attr})
		if !errors.Is(err, syscall.ETXTBSY) || try == 10 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err != nil {
		return fail(fmt.Errorf("cannot start %s: %v", c.Args[0], err))
	}
	status.WriteString("started\n")
	go func() {
		for s := range sigs {
			if s == syscall.SIGUSR1 {
				killAll(&c, pid)
				fmt.Fprintln(status, "signal 9")
				os.Exit(0)
			}
			if c.Mode == Namespaces {
				syscall.Kill(-1, syscall.SIGTERM)
			} else {
				syscall.Kill(-pid, syscall.SIGTERM)
			}
		}
	}()
	var ws syscall.WaitStatus
	for {
		wpid, err := syscall.Wait4(-1, &ws, 0, nil)
		if err == syscall.EINTR {
			continue
		}
		if err != nil || wpid == pid {
			break
		}
	}
	line := fmt.Sprintf("exit %d\n", ws.ExitStatus())
	if ws.Signaled() {
		line = fmt.Sprintf("signal %d\n", int(ws.Signal()))
	}
	killAll(&c, pid)
	status.WriteString(line[:len(line)-1] + fmt.Sprintf(" %d\n", selfCPU()))
	return 0
}

// maxUserNamespaces is the sandbox's user namespace's limit on the user
// namespaces made in it and below it.
const maxUserNamespaces = "/proc/sys/user/max_user_namespaces"

// noUserNamespaces forbids the program user namespaces of its own: in one
// it would hold every capability, and could mount file systems and reach
// the parts of the kernel that only a capability guards. The limit counts
// every namespace made in the sandbox's and below it; rootless, the one the
// init makes for the program is the only one allowed.
func noUserNamespaces(rootless bool) error {
	limit := "0\n"
	if rootless {
		limit = "1\n"
	}
	f, err := os.OpenFile(maxUserNamespaces, os.O_WRONLY, 0)
	if err == nil {
		_, err = f.WriteString(limit)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return fmt.Errorf("limiting user namespaces: %v", err)
	}
	return nil
}

// selfCPU is the CPU time the init used itself, in nanoseconds, which the
// caller takes off the program's.
func selfCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// killAll kills every process of the program: in a PID namespace every
// other process of it; in UID mode every process of the uid, as that uid
// (which cannot signal anyone else).
func killAll(c *config, pid int) {
	if c.Mode == UID {
		syscall.Kill(-pid, syscall.SIGKILL)
		if err := syscall.Setuid(c.StudentID); err != nil {
			return
		}
	}
	for i := 0; i < 1000; i++ {
		// kill(-1) fails with ESRCH only when it finds no process at all
		// to try: in a PID namespace, none but the init is left. Without
		// one it always finds some, and /proc tells when the uid's are
		// gone.
		err := syscall.Kill(-1, syscall.SIGKILL)
		for {
			var ws syscall.WaitStatus
			if wpid, _ := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil); wpid <= 0 {
				break
			}
		}
		if err == syscall.ESRCH || c.Mode == UID && !uidAlive(c.StudentID) {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// uidAlive reports whether a process other than this one runs with real
// uid uid (zombies count as gone).
func uidAlive(uid int) bool {
	self := os.Getpid()
	names, _ := filepath.Glob("/proc/[0-9]*/status")
	want := fmt.Sprintf("Uid:\t%d\t", uid)
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil || n == fmt.Sprintf("/proc/%d/status", self) {
			continue
		}
		if strings.Contains(string(data), want) && !strings.Contains(string(data), "State:\tZ") {
			return true
		}
	}
	return false
}

// Mount flags that package syscall does not name.
const (
	msStrictAtime = 1 << 24
	stRelatime    = 4096
)

// buildRoot makes the sandbox's root in c.Root and moves into it.
func buildRoot(c *config) error {
	r := c.Root
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making / private: %v", err)
	}
	if err := syscall.Mount("tmpfs", r, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "size=1m,nr_inodes=4096,mode=0755"); err != nil {
		return fmt.Errorf("mounting the root: %v", err)
	}
	var ro []string
	ro = append(ro, systemTrees...)
	for _, pat := range etcFiles {
		m, _ := filepath.Glob(pat)
		ro = append(ro, m...)
	}
	for _, p := range ro {
		if err := bind(p, r, true); err != nil {
			return err
		}
	}
	if err := makeDev(r); err != nil {
		return err
	}
	for _, d := range []struct{ path, fs, opts string }{
		{"/proc", "proc", ""},
		{"/tmp", "tmpfs", fmt.Sprintf("size=%d,nr_inodes=65536,mode=1777", c.Limits.Disk)},
	} {
		dst := filepath.Join(r, d.path)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		if err := syscall.Mount(d.fs, dst, d.fs, syscall.MS_NOSUID|syscall.MS_NODEV, d.opts); err != nil {
			return fmt.Errorf("mounting %s: %v", d.path, err)
		}
	}
	// The caller's folders come last, parents first, so that nothing
	// mounted after them covers them (a run folder under /tmp).
	extra := []string{}
	for _, p := range c.ReadOnly {
		if !Within(p, c.Dir) {
			extra = append(extra, p)
		}
	}
	extra = append(extra, c.Dir)
	sort.Strings(extra)
	for _, p := range extra {
		// A caller's folder reached through a link (a submission folder
		// that is a link elsewhere) is shown as what it names, at its own
		// path; the system's links (/bin to usr/bin) are made again as
		// links.
		if err := bindAt(resolved(p), p, r, p != c.Dir); err != nil {
			return err
		}
	}
	for _, h := range c.Hide {
		// A file is covered by the null device, a folder by an empty
		// read-only tmpfs.
		dst := filepath.Join(r, h)
		st, err := os.Lstat(dst)
		switch {
		case err != nil:
			continue // what the init cannot reach, the program cannot either
		case st.Mode().IsRegular():
			err = syscall.Mount(filepath.Join(r, "dev/null"), dst, "", syscall.MS_BIND, "")
		case st.IsDir():
			err = syscall.Mount("tmpfs", dst, "tmpfs", syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, "size=4k,mode=0555")
		}
		if err != nil {
			return fmt.Errorf("hiding %s: %v", h, err)
		}
	}
	if err := syscall.Mount("", r, "", syscall.MS_REMOUNT|syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NODEV, ""); err != nil {
		return fmt.Errorf("making the root read-only: %v", err)
	}
	if err := syscall.Chdir(r); err != nil {
		return err
	}
	if err := syscall.PivotRoot(".", "."); err != nil {
		return fmt.Errorf("pivot_root: %v", err)
	}
	if err := syscall.Unmount(".", syscall.MNT_DETACH); err != nil {
		return fmt.Errorf("detaching the old root: %v", err)
	}
	if err := syscall.Chdir("/"); err != nil {
		return err
	}
	return syscall.Sethostname([]byte("sandbox"))
}

// bind shows the host path src at the same path under root r, read-only
// when ro is set; a link is made again as a link, and a missing src is
// left out.
func bind(src, r string, ro bool) error { return bindAt(src, src, r, ro) }

// bindAt shows the host path src at the path at under root r, as bind
// does.
func bindAt(src, at, r string, ro bool) error {
	st, err := os.Lstat(src)
	if err != nil {
		return nil
	}
	dst := filepath.Join(r, at)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return fmt.Errorf("showing %s: %v", src, err)
	}
	switch {
	case st.Mode()&os.ModeSymlink != 0:
		target, err := os.Readlink(src)
		if err != nil {
			return nil
		}
		if _, err := os.Lstat(dst); err == nil {
			return nil
		}
		return os.Symlink(target, dst)
	case st.IsDir():
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return fmt.Errorf("showing %s: %v", src, err)
		}
	default:
		if _, err := os.Lstat(dst); err != nil {
			f, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY, 0o644)
			if err != nil {
				return fmt.Errorf("showing %s: %v", src, err)
			}
			f.Close()
		}
	}
	if err := syscall.Mount(src, dst, "", syscall.MS_BIND|syscall.MS_REC, ""); err != nil {
		return fmt.Errorf("showing %s: %v", src, err)
	}
	flags := uintptr(syscall.MS_BIND | syscall.MS_REMOUNT | syscall.MS_NOSUID | syscall.MS_NODEV)
	if ro {
		flags |= syscall.MS_RDONLY
	}
	if err := syscall.Mount("", dst, "", flags|locked(dst), ""); err != nil {
		return fmt.Errorf("restricting %s: %v", src, err)
	}
	return nil
}

// locked returns the mount flags of the mount at path that a remount in a
// user namespace must keep (noexec and the access-time ones).
func locked(path string) uintptr {
	var s syscall.Statfs_t
	if syscall.Statfs(path, &s) != nil {
		return 0
	}
	f := uintptr(s.Flags)
	out := f & (syscall.MS_NOEXEC | syscall.MS_NOATIME | syscall.MS_NODIRATIME)
	switch {
	case f&stRelatime != 0:
		out |= syscall.MS_RELATIME
	case f&(syscall.MS_NOATIME) == 0:
		out |= msStrictAtime
	}
	return out
}

// makeDev makes a minimal /dev: the null, zero, full, random, urandom and
// tty devices of the host, and the standard links.
func makeDev(r string) error {
	dev := filepath.Join(r, "dev")
	if err := os.MkdirAll(dev, 0o755); err != nil {
		return err
	}
	if err := syscall.Mount("tmpfs", dev, "tmpfs", syscall.MS_NOSUID|syscall.MS_NOEXEC, "size=64k,nr_inodes=64,mode=0755"); err != nil {
		return fmt.Errorf("mounting /dev: %v", err)
	}
	for _, name := range []string{"null", "zero", "full", "random", "urandom", "tty"} {
		dst := filepath.Join(dev, name)
		f, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY, 0o666)
		if err != nil {
			return err
		}
		f.Close()
		if err := syscall.Mount("/dev/"+name, dst, "", syscall.MS_BIND, ""); err != nil {
			return fmt.Errorf("showing /dev/%s: %v", name, err)
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0",
		"stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, filepath.Join(dev, name)); err != nil {
			return err
		}
	}
	return nil
}
