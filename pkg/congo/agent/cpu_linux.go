package agent

import (
	"syscall"
	"time"
)

// rusageThread is RUSAGE_THREAD of getrusage(2).
const rusageThread = 1

// threadCPU returns the CPU time (user and system) used so far by the
// calling OS thread, or 0 when it cannot be read. The in-process agent locks
// its goroutine to a thread, so the difference of two readings is the CPU
// time its search used.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
