//go:build linux

package procgroup

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// clockTick is the unit of the CPU times in /proc/PID/stat (USER_HZ, 100
// on every Linux architecture Go supports).
const clockTick = 10 * time.Millisecond

// procStat is what one /proc/PID/stat line says about a process.
type procStat struct {
	pid, ppid, pgrp, sid int
	zombie               bool
	// cpu is the process's user and system time plus that of the
	// children it has waited for.
	cpu time.Duration
	// rss is the process's resident set, in bytes; self the part of cpu
	// that the process used itself.
	rss  int64
	self time.Duration
}

// readProcs returns the stat of every process that can be read.
func readProcs() []procStat {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	out := make([]procStat, 0, len(names))
	for _, n := range names {
		if n == "" || n[0] < '0' || n[0] > '9' {
			continue
		}
		data, err := os.ReadFile("/proc/" + n + "/stat")
		if err != nil {
			continue
		}
		if st, ok := parseStat(data); ok {
			out = append(out, st)
		}
	}
	return out
}

// parseStat parses a /proc/PID/stat line: the fields after the command
// name, which ends at the last ')'.
func parseStat(data []byte) (procStat, bool) {
	var st procStat
	open, end := bytes.IndexByte(data, '('), bytes.LastIndexByte(data, ')')
	if open < 1 || end < open {
		return st, false
	}
	pid, err := strconv.Atoi(string(bytes.TrimSpace(data[:open])))
	if err != nil {
		return st, false
	}
	f := bytes.Fields(data[end+1:])
	// f[0] is field 3 (state); ppid 4, pgrp 5, utime 14, stime 15,
	// cutime 16, cstime 17, rss 24 (pages).
	if len(f) < 22 {
		return st, false
	}
	st.pid = pid
	st.zombie = len(f[0]) == 1 && (f[0][0] == 'Z' || f[0][0] == 'X')
	st.ppid, _ = strconv.Atoi(string(f[1]))
	st.pgrp, _ = strconv.Atoi(string(f[2]))
	st.sid, _ = strconv.Atoi(string(f[3]))
	var ticks, self int64
	for _, i := range []int{11, 12, 13, 14} {
		v, _ := strconv.ParseInt(string(f[i]), 10, 64)
		ticks += v
		if i < 13 {
			self += v
		}
	}
	st.cpu = time.Duration(ticks) * clockTick
	st.self = time.Duration(self) * clockTick
	pages, _ := strconv.ParseInt(string(f[21]), 10, 64)
	st.rss = pages * int64(os.Getpagesize())
	return st, true
}

// readStat reads the stat of process pid.
func readStat(pid int) (procStat, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	return parseStat(data)
}

// children returns the children of process pid, read from its threads'
// children files; ok is false where the kernel has none.
func children(pid int) (kids []int, ok bool) {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	d, err := os.Open(dir)
	if err != nil {
		return nil, false
	}
	tids, _ := d.Readdirnames(-1)
	d.Close()
	for _, tid := range tids {
		data, err := os.ReadFile(dir + "/" + tid + "/children")
		if err != nil {
			return nil, false
		}
		for _, f := range bytes.Fields(data) {
			if k, err := strconv.Atoi(string(f)); err == nil {
				kids = append(kids, k)
			}
		}
	}
	return kids, true
}

// members returns the processes of the group: the leader's descendants in
// the group, found through the children files, or by reading every process
// where they are missing.
func (g *Group) members() []procStat {
	var out []procStat
	queue := []int{g.pid}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		st, ok := readStat(pid)
		if !ok {
			continue
		}
		if st.pgrp == g.pid {
			out = append(out, st)
		}
		kids, ok := children(pid)
		if !ok {
			out = out[:0]
			for _, st := range readProcs() {
				if st.pgrp == g.pid {
					out = append(out, st)
				}
			}
			return out
		}
		queue = append(queue, kids...)
	}
	return out
}

// CPUTime returns the CPU time, user and system, used so far by the
// processes of the group (and the children they waited for); ok is false
// where it cannot be measured.
func (g *Group) CPUTime() (cpu time.Duration, ok bool) {
	if g.pid <= 0 {
		return 0, false
	}
	found := false
	for _, st := range g.members() {
		cpu += st.cpu
		found = true
	}
	return cpu, found
}

// Empty reports whether no process of the group is left (zombies waiting
// for their parent count as gone).
func (g *Group) Empty() bool {
	if g.pid <= 0 || syscall.Kill(-g.pid, 0) == syscall.ESRCH {
		return true
	}
	for _, st := range readProcs() {
		if st.pgrp == g.pid && !st.zombie {
			return false
		}
	}
	return true
}

var (
	subreapOnce sync.Once
	subreapErr  error
)

// prSetChildSubreaper is prctl's PR_SET_CHILD_SUBREAPER.
const prSetChildSubreaper = 36

// Subreap makes this process the reaper of its descendants' orphans: a
// program that leaves its group (setsid) and then loses its parent becomes
// a child of this process, where KillEscaped finds it. It is idempotent.
func Subreap() error {
	subreapOnce.Do(func() {
		if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
			subreapErr = e
		}
	})
	return subreapErr
}

// KillEscaped kills and reaps every child of this process that escaped
// into a session of its own: a descendant of a group that called setsid and
// was orphaned (Subreap makes this process its parent). The children this
// process starts itself stay in its session and are never touched. It
// returns how many it found.
func KillEscaped() int {
	self := os.Getpid()
	sid, _, e := syscall.RawSyscall(syscall.SYS_GETSID, 0, 0, 0)
	if e != 0 {
		return 0
	}
	own := int(sid)
	procs := readProcs
	if kids, ok := children(self); ok {
		procs = func() []procStat {
			var out []procStat
			for _, k := range kids {
				if st, ok := readStat(k); ok {
					out = append(out, st)
				}
			}
			return out
		}
	}
	n := 0
	for _, st := range procs() {
		if st.ppid != self || st.sid == own {
			continue
		}
		n++
		syscall.Kill(st.pid, syscall.SIGKILL)
		var ws syscall.WaitStatus
		syscall.Wait4(st.pid, &ws, 0, nil)
	}
	return n
}

// Usage is what a tree of processes uses: their CPU time (with that of the
// children they waited for), their resident memory added up, and how many
// they are.
type Usage struct {
	CPU   time.Duration
	RSS   int64
	Procs int
	// Pids are the processes measured.
	Pids []int
}

// TreeUsage returns the usage of process pid and all its descendants,
// found through the children files (a process that leaves the tree by
// losing its parent is reparented to the tree's root when pid is the init
// of a PID namespace, as a sandbox's is), less the CPU time pid used
// itself (a sandbox's init: not the program's). ok is false when pid is
// gone.
func TreeUsage(pid int) (u Usage, ok bool) {
	queue := []int{pid}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		st, found := readStat(p)
		if !found {
			continue
		}
		ok = true
		u.CPU += st.cpu
		if p == pid {
			u.CPU -= st.self
		}
		u.RSS += st.rss
		u.Procs++
		u.Pids = append(u.Pids, p)
		kids, _ := children(p)
		queue = append(queue, kids...)
	}
	return u, ok
}

// PSS returns the proportional set size of the processes pids added up: a
// page shared by n of them counts 1/n in each (forked children share their
// parent's pages, which their resident sets each count whole). ok is false
// when a process's smaps_rollup cannot be read.
func PSS(pids []int) (total int64, ok bool) {
	for _, pid := range pids {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/smaps_rollup")
		if err != nil {
			if _, serr := os.Stat("/proc/" + strconv.Itoa(pid)); serr != nil {
				continue // gone meanwhile
			}
			return 0, false
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			if rest, found := bytes.CutPrefix(line, []byte("Pss:")); found {
				f := bytes.Fields(rest)
				if len(f) > 0 {
					kb, _ := strconv.ParseInt(string(f[0]), 10, 64)
					total += kb << 10
				}
				break
			}
		}
	}
	return total, true
}
