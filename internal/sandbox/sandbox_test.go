package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// needMode skips the test where this machine has no sandbox of mode m.
func needMode(t testing.TB, m Mode) {
	t.Helper()
	got, why := Detect()
	switch {
	case m == UID && os.Geteuid() != 0:
		t.Skip("UID mode needs root")
	case m == Namespaces && got != Namespaces:
		t.Skipf("no namespaces here (%s): enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1)", why)
	}
}

// run runs sh -c script in a sandbox of cfg, in a new run folder, and
// returns its stdout, stderr and status.
func run(t *testing.T, cfg Config, script string) (string, string, Status) {
	t.Helper()
	if cfg.Dir == "" {
		cfg.Dir = t.TempDir()
	}
	if cfg.Limits == (Limits{}) {
		cfg.Limits = DefaultLimits
	}
	var out, errb bytes.Buffer
	b, err := Start(cfg, Program{Path: "/bin/sh", Args: []string{"sh", "-c", script}, Env: []string{"PATH=/usr/bin:/bin"},
		Stdout: &out, Stderr: &errb})
	if err != nil {
		t.Fatal(err)
	}
	st, err := b.Wait()
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), st
}

// TestView: what a program sees in the namespaces: the system's trees,
// its run folder, /tmp, /dev and /proc of its own; no network, no
// capability, not root, and the caller's files elsewhere are not there.
func TestView(t *testing.T) {
	needMode(t, Namespaces)
	secret := filepath.Join(t.TempDir(), "secret.txt")
	os.WriteFile(secret, []byte("hidden\n"), 0o644)
	shown := t.TempDir()
	os.WriteFile(filepath.Join(shown, "lib.py"), []byte("x = 1\n"), 0o644)
	out, errb, st := run(t, Config{Mode: Namespaces, ReadOnly: []string{shown}}, `
ls / | tr '\n' ' '; echo
hostname
id -u
grep CapEff /proc/self/status
ls /proc | grep -c '^[0-9]'
tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | tr '\n' ' '; echo
cat `+secret+` 2>/dev/null || echo no secret
cat `+shown+`/lib.py
echo x > `+shown+`/new 2>/dev/null || echo read-only
echo x > /usr/new 2>/dev/null || echo usr read-only
echo ok > here && cat here
echo ok > /tmp/t && cat /tmp/t
cat /dev/null && echo null`)
	if st.ExitCode != 0 {
		t.Fatalf("exit %d: %s", st.ExitCode, errb)
	}
	lines := strings.Split(out, "\n")
	want := []string{"bin dev etc lib lib64 proc sbin tmp usr ", "sandbox", "1000", "CapEff:\t0000000000000000"}
	for i, w := range want {
		if i >= len(lines) || (i == 0 && !strings.HasPrefix(lines[0], "bin dev etc")) || (i > 0 && lines[i] != w) {
			t.Errorf("line %d: %q; want %q\n%s", i+1, lines[i], w, out)
		}
	}
	for _, w := range []string{"\nlo \n", "no secret", "x = 1", "read-only", "usr read-only", "ok\nok\nnull"} {
		if !strings.Contains(out, w) {
			t.Errorf("want %q in:\n%s", w, out)
		}
	}
	// The init, the program and the commands it ran: a handful of pids.
	if n := lines[4]; len(n) > 1 {
		t.Errorf("%s processes in /proc: want fewer than 10", n)
	}
}

// TestNoUserNamespaces: the program cannot make a user namespace, in which
// it would hold every capability and could mount file systems (the
// namespace, then a mount in it, succeeded before the limit).
func TestNoUserNamespaces(t *testing.T) {
	needMode(t, Namespaces)
	out, errb, _ := run(t, Config{Mode: Namespaces}, `
unshare -U -r sh -c 'mount -t tmpfs x /tmp && echo mounted'; echo $?
unshare -U true; echo $?`)
	if out != "1\n1\n" || strings.Count(errb, "No space left on device") != 2 {
		t.Errorf("stdout %q, stderr %q; want two refused unshares", out, errb)
	}
}

// TestRefusedCalls: the calls of refused fail with EPERM in the sandbox
// where they fail otherwise, or succeed, outside it (io_uring_setup,
// perf_event_open and keyctl reach the kernel here), and so does an x32
// call on amd64; in the namespaces and in the uid sandbox.
func TestRefusedCalls(t *testing.T) {
	if _, err := os.Stat("/usr/bin/python3"); err != nil {
		t.Skip("needs /usr/bin/python3 (apt-get install python3)")
	}
	calls := map[string]uintptr{"io_uring_setup": unix.SYS_IO_URING_SETUP, "perf_event_open": unix.SYS_PERF_EVENT_OPEN,
		"keyctl": unix.SYS_KEYCTL, "bpf": unix.SYS_BPF, "userfaultfd": unix.SYS_USERFAULTFD}
	if _, x32, _ := auditArch(); x32 {
		calls["x32 getpid"] = x32Bit + unix.SYS_GETPID
	}
	var script strings.Builder
	script.WriteString("import ctypes\nl = ctypes.CDLL(None, use_errno=True)\n")
	for name, nr := range calls {
		fmt.Fprintf(&script, "ctypes.set_errno(0); r = l.syscall(%d, 0, 0, 0, 0, 0); print(%q, r, ctypes.get_errno())\n", nr, name)
	}
	results := func(out string) map[string]string {
		m := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if f := strings.Fields(line); len(f) >= 3 {
				m[strings.Join(f[:len(f)-2], " ")] = f[len(f)-2] + " " + f[len(f)-1]
			}
		}
		return m
	}
	host, err := exec.Command("/usr/bin/python3", "-c", script.String()).Output()
	if err != nil {
		t.Fatal(err)
	}
	outside := results(string(host))
	reached := 0
	for name := range calls {
		if outside[name] != "-1 1" {
			reached++
		}
	}
	if reached < 3 {
		t.Fatalf("only %d of the calls reach the kernel outside the sandbox (%q): the test would show nothing", reached, host)
	}
	for _, m := range []Mode{Namespaces, UID} {
		t.Run(m.String(), func(t *testing.T) {
			needMode(t, m)
			out, errb, st := run(t, Config{Mode: m}, "/usr/bin/python3 -c '"+script.String()+"'")
			if st.ExitCode != 0 {
				t.Fatalf("exit %d: %s", st.ExitCode, errb)
			}
			inside := results(out)
			for name := range calls {
				if inside[name] != "-1 1" {
					t.Errorf("%s in the sandbox: %q; want -1 EPERM (1)", name, inside[name])
				}
			}
		})
	}
}

// TestHidesSelf: this executable reads as empty wherever a shown tree
// holds it, and the init's /proc entries are closed to the program.
func TestHidesSelf(t *testing.T) {
	needMode(t, Namespaces)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out, _, _ := run(t, Config{Mode: Namespaces, ReadOnly: []string{filepath.Dir(self)}},
		`wc -c < `+self+`; head -c 4 /proc/1/exe 2>/dev/null | od -c | head -1 || true; cat /proc/1/environ 2>/dev/null | wc -c`)
	if f := strings.Fields(out); len(f) == 0 || f[0] != "0" || strings.Contains(out, "E   L   F") {
		t.Errorf("the executable shows: %q", out)
	}
}

// TestLimits: the processes, file size and memory limits, each stopping
// the program with a cause the caller can name.
func TestLimits(t *testing.T) {
	needMode(t, Namespaces)
	const forks = `for i in $(seq 30); do sleep 1 & done; echo started 30`
	for _, c := range []struct {
		procs int
		want  string
	}{{40, "started 30"}, {10, "fork"}} {
		out, errb, _ := run(t, Config{Mode: Namespaces, Limits: Limits{Memory: 1 << 30, Procs: c.procs, Disk: 1 << 20}}, forks)
		if !strings.Contains(out+errb, c.want) {
			t.Errorf("30 processes under -procs %d: %q %q; want %q", c.procs, out, errb, c.want)
		}
	}
	_, _, st := run(t, Config{Mode: Namespaces, Limits: Limits{Memory: 1 << 30, Procs: 10, Disk: 1 << 20}},
		`exec head -c 2000000 /dev/zero > big`)
	if st.Signal != int(syscall.SIGXFSZ) {
		t.Errorf("a 2 MB file under -disk 1MiB: %+v; want SIGXFSZ", st)
	}
}

// TestUIDMode: without namespaces, a root caller's program runs as its
// slot's uid, and what it leaves behind is killed by uid.
func TestUIDMode(t *testing.T) {
	needMode(t, UID)
	dir := t.TempDir()
	marker := "sleep 41.5"
	out, errb, st := run(t, Config{Mode: UID, Dir: dir, Slot: 7}, `id -u; setsid sh -c '`+marker+`' & echo started`)
	if st.ExitCode != 0 || !strings.HasPrefix(out, strconv.Itoa(UIDOf(7))+"\nstarted") {
		t.Fatalf("exit %d, %q %q", st.ExitCode, out, errb)
	}
	if ps, _ := exec.Command("pgrep", "-f", marker).Output(); len(ps) > 0 {
		t.Errorf("the setsid child survived: %s", ps)
		exec.Command("pkill", "-f", marker).Run()
	}
	if info, err := os.Stat(dir); err != nil || info.Sys().(*syscall.Stat_t).Uid != uint32(UIDOf(7)) || info.Mode().Perm() != 0o700 {
		t.Errorf("run folder %v %v: want uid %d, mode 0700", info.Mode(), err, UIDOf(7))
	}
}

// BenchmarkStart measures a sandbox's start and end around /bin/true
// (compare BenchmarkPlain).
func BenchmarkStart(b *testing.B) {
	needMode(b, Namespaces)
	dir := b.TempDir()
	for b.Loop() {
		box, err := Start(Config{Mode: Namespaces, Dir: dir, Limits: DefaultLimits}, Program{Path: "/bin/true", Args: []string{"true"}})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := box.Wait(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlain measures /bin/true started without a sandbox.
func BenchmarkPlain(b *testing.B) {
	for b.Loop() {
		if err := exec.Command("/bin/true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestShownThroughLink: a folder to show that is a link (a submission
// folder linked from elsewhere) is shown as what it names, at the link's
// path. Before, the link was made again and pointed at nothing.
func TestShownThroughLink(t *testing.T) {
	needMode(t, Namespaces)
	real := t.TempDir()
	os.WriteFile(filepath.Join(real, "hw1.py"), []byte("print(1)\n"), 0o644)
	link := filepath.Join(t.TempDir(), "hw")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	out, errb, _ := run(t, Config{Mode: Namespaces, ReadOnly: []string{link}}, `cat `+link+`/hw1.py`)
	if out != "print(1)\n" {
		t.Errorf("through the link: %q %q", out, errb)
	}
}

// TestStartError: a program the sandbox cannot start is Start's error,
// as exec's is, not a program that ended without output.
func TestStartError(t *testing.T) {
	needMode(t, Namespaces)
	b, err := Start(Config{Mode: Namespaces, Dir: t.TempDir(), Limits: DefaultLimits},
		Program{Path: "/nonexistent/prog", Args: []string{"prog"}})
	if err == nil {
		st, _ := b.Wait()
		t.Fatalf("started, status %+v; want an error", st)
	}
	if !strings.Contains(err.Error(), "cannot start prog: no such file or directory") {
		t.Errorf("error %q: want the program named and why", err)
	}
}

// TestShowRules: what a sandbox shows of a program and of the paths a
// command names. A temporary folder ($TMPDIR, /tmp) is never shown whole:
// it holds other runs' files, and the sandbox has a /tmp of its own; a
// program there is shown alone.
func TestShowRules(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	file := func(p string, mode os.FileMode) string {
		p = filepath.Join(tmp, p)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("#!/bin/sh\necho ran\nls /tmp\n"), mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	alone, inDir, py := file("a.out", 0o755), file("hw/prog", 0o755), file("py/3.11/bin/python3", 0o755)
	os.Mkdir(filepath.Join(tmp, "py/3.11/lib"), 0o755)
	secret, data := file("secret.txt", 0o644), file("hw/data.txt", 0o644)
	for _, c := range []struct {
		got, want []string
	}{
		{second(Prefixes(alone)), []string{alone}},
		{second(Prefixes(inDir)), []string{filepath.Join(tmp, "hw")}},
		{second(Prefixes(py)), []string{filepath.Join(tmp, "py/3.11")}},
		{second(Prefixes("/bin/sh")), nil},
		{Shown(secret), []string{secret}},
		{Shown(tmp), nil},
		{Shown(data), []string{filepath.Join(tmp, "hw")}},
		{Shown("/tmp"), nil},
	} {
		if strings.Join(c.got, " ") != strings.Join(c.want, " ") {
			t.Errorf("shown %q; want %q", c.got, c.want)
		}
	}
	needMode(t, Namespaces)
	_, show := Prefixes(alone)
	out, errb, st := run(t, Config{Mode: Namespaces, ReadOnly: show}, alone+"; cat "+secret+" 2>&1 || true")
	if st.ExitCode != 0 || !strings.HasPrefix(out, "ran\n") || !strings.Contains(out, "No such file") {
		t.Errorf("a program alone in $TMPDIR: exit %d, %q %q", st.ExitCode, out, errb)
	}
}

// second returns its second argument.
func second(_ string, s []string) []string { return s }

// TestHidden: a hidden folder inside a shown one shows empty, also where
// the shown folder is reached through a link; the rest stays readable.
func TestHidden(t *testing.T) {
	needMode(t, Namespaces)
	d := t.TempDir()
	sub := filepath.Join(d, "sub")
	os.MkdirAll(filepath.Join(sub, "hidden"), 0o755)
	os.WriteFile(filepath.Join(sub, "hidden", "answers.txt"), []byte("42\n"), 0o644)
	os.WriteFile(filepath.Join(sub, "code.txt"), []byte("mine\n"), 0o644)
	link := filepath.Join(d, "link")
	if err := os.Symlink(sub, link); err != nil {
		t.Fatal(err)
	}
	out, errb, st := run(t, Config{Mode: Namespaces, ReadOnly: []string{link}, Hidden: []string{filepath.Join(sub, "hidden")}},
		`cat `+link+`/code.txt; ls `+link+`/hidden | wc -l; cat `+link+`/hidden/answers.txt 2>/dev/null || echo hidden`)
	if st.ExitCode != 0 || out != "mine\n0\nhidden\n" {
		t.Errorf("exit %d, %q %q; want the code, an empty folder and no answers", st.ExitCode, out, errb)
	}
}

// TestForeignArch: a 64-bit program that makes an i386 system call (int
// 0x80), the other way past the filter's numbers, is killed with SIGSYS.
func TestForeignArch(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("amd64 only: the i386 calls of a 64-bit process")
	}
	needMode(t, Namespaces)
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("needs gcc (apt-get install gcc)")
	}
	dir := t.TempDir()
	src, bin := filepath.Join(dir, "int80.c"), filepath.Join(dir, "int80")
	os.WriteFile(src, []byte("int main(void) { int r; __asm__ volatile(\"int $0x80\" : \"=a\"(r) : \"a\"(20)); return r > 0 ? 0 : 1; }\n"), 0o644)
	if out, err := exec.Command(gcc, "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v: %s", err, out)
	}
	if err := exec.Command(bin).Run(); err != nil {
		t.Fatalf("outside the sandbox: %v; want the call to work", err)
	}
	_, errb, st := run(t, Config{Mode: Namespaces, ReadOnly: []string{dir}}, "exec "+bin)
	if st.Signal != int(syscall.SIGSYS) {
		t.Errorf("in the sandbox: %+v, %q; want SIGSYS", st, errb)
	}
}
