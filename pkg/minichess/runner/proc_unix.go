//go:build unix

package runner

import (
	"io/fs"
	"os"
	"syscall"
)

// isExecutable reports whether fi has an execute permission bit.
func isExecutable(fi fs.FileInfo) bool { return fi.Mode().Perm()&0o111 != 0 }

// interruptSignals are the signals that end a game early (docs/minichess.md,
// "The runner").
var interruptSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM}

// exitCodeFor is the runner's exit status after sig: 128 + signal number.
func exitCodeFor(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}
