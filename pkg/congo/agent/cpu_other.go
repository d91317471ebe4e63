//go:build !linux

package agent

import "time"

// threadCPU returns 0: the thread's CPU time is read only on Linux.
func threadCPU() time.Duration { return 0 }
