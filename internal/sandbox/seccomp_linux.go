package sandbox

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// refused are the system calls the program may not make, which fail with
// EPERM: kernel interfaces that a grading run never needs and that carry
// much of the kernel's attack surface open to a process without a
// capability (io_uring, BPF, perf events, userfaultfd, the key rings),
// and the calls a capability already guards that container sandboxes
// refuse as well (handles, fanotify, modules, kexec).
var refused = []uintptr{
	unix.SYS_IO_URING_SETUP, unix.SYS_IO_URING_ENTER, unix.SYS_IO_URING_REGISTER,
	unix.SYS_BPF, unix.SYS_PERF_EVENT_OPEN, unix.SYS_USERFAULTFD,
	unix.SYS_KEYCTL, unix.SYS_ADD_KEY, unix.SYS_REQUEST_KEY,
	unix.SYS_OPEN_BY_HANDLE_AT, unix.SYS_FANOTIFY_INIT,
	unix.SYS_INIT_MODULE, unix.SYS_FINIT_MODULE, unix.SYS_DELETE_MODULE,
	unix.SYS_KEXEC_LOAD, unix.SYS_KEXEC_FILE_LOAD,
}

// auditArch is the seccomp architecture of this build, and x32 whether
// system call numbers at or above x32Bit are the x32 ABI's (amd64).
func auditArch() (arch uint32, x32 bool, ok bool) {
	switch runtime.GOARCH {
	case "amd64":
		return unix.AUDIT_ARCH_X86_64, true, true
	case "arm64":
		return unix.AUDIT_ARCH_AARCH64, false, true
	}
	return 0, false, false
}

// x32Bit marks the system calls of amd64's x32 ABI.
const x32Bit = 0x40000000

// filter returns the seccomp program that refuses the calls of refused
// (and every x32 call, which would name them by other numbers) with
// EPERM, kills a process of another architecture and allows the rest.
func filter(arch uint32, x32 bool) []unix.SockFilter {
	const (
		ld   = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
		jeq  = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
		jge  = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
		ret  = unix.BPF_RET | unix.BPF_K
		deny = unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)
	)
	// The offsets of struct seccomp_data: nr, then arch.
	p := []unix.SockFilter{
		{Code: ld, K: 4},
		{Code: jeq, Jt: 1, K: arch},
		{Code: ret, K: unix.SECCOMP_RET_KILL_PROCESS},
		{Code: ld, K: 0},
	}
	if x32 {
		p = append(p, unix.SockFilter{Code: jge, Jf: 1, K: x32Bit}, unix.SockFilter{Code: ret, K: deny})
	}
	for _, nr := range refused {
		p = append(p, unix.SockFilter{Code: jeq, Jf: 1, K: uint32(nr)}, unix.SockFilter{Code: ret, K: deny})
	}
	return append(p, unix.SockFilter{Code: ret, K: unix.SECCOMP_RET_ALLOW})
}

// refuseCalls installs the filter on every thread of the init, so that
// the program it starts inherits it. It sets no_new_privs first (which the
// filter needs without CAP_SYS_ADMIN, as root in a Docker container has
// none), from the same thread: the program gains no privilege through a
// set-user-ID file either. An architecture without a filter here runs
// without one.
func refuseCalls() error {
	arch, x32, ok := auditArch()
	if !ok {
		return nil
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %v", err)
	}
	p := filter(arch, x32)
	prog := unix.SockFprog{Len: uint16(len(p)), Filter: &p[0]}
	if _, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_TSYNC,
		uintptr(unsafe.Pointer(&prog))); errno != 0 {
		return fmt.Errorf("seccomp filter: %v", errno)
	}
	return nil
}
