package toolkit

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
)

// openFile opens an input file, with an error that names it.
func openFile(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read: %v", name, atomicfile.Cause(err))
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s: is a directory, want a file", name)
	}
	return f, nil
}

// writeFileAtomic writes an output file all at once: a failed run leaves
// no half-written file.
func writeFileAtomic(name string, data []byte) error {
	return atomicfile.Cause(atomicfile.WriteFile(name, data, 0o644))
}

// readCorpusFile reads a file of the conformance folder.
func readCorpusFile(corpus string, elem ...string) ([]byte, error) {
	return os.ReadFile(filepath.Join(append([]string{corpus}, elem...)...))
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
