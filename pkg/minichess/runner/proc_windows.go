//go:build windows

package runner

import (
	"io/fs"
	"os"
	"syscall"
)

// isExecutable accepts every regular file: Windows decides by extension.
func isExecutable(fi fs.FileInfo) bool { return true }

// interruptSignals are the signals that end a game early (docs/minichess.md,
// "The runner").
var interruptSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// exitCodeFor is the runner's exit status after sig.
func exitCodeFor(sig os.Signal) int {
	if sig == syscall.SIGTERM {
		return 143
	}
	return 130
}
