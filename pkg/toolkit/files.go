package toolkit

import (
	"os"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
)

// writeFileAtomic writes an output file all at once: a failed run leaves
// no half-written file.
func writeFileAtomic(name string, data []byte) error {
	return atomicfile.Cause(atomicfile.WriteFile(name, data, 0o644))
}

// sameFile reports whether the paths a and b both exist and name the same
// file (os.SameFile: also through links and different spellings).
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
