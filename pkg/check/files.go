package check

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gamesearch/gamesearch"
	"github.com/gamesearch/gamesearch/internal/atomicfile"
)

// maxCaseFile is the largest corpus or case-set file read.
const maxCaseFile = 64 << 20

// Files is a folder cases are read from: the conformance corpus (embedded
// in the binary, or -corpus DIR) or a -cases set. Names inside it use
// slashes; name is what messages call the folder.
type Files struct {
	fsys fs.FS
	name string
}

// DirFiles is the folder dir on disk.
func DirFiles(dir string) Files { return Files{os.DirFS(dir), dir} }

// embeddedCorpus is the corpus built into the binary.
func embeddedCorpus() Files {
	return Files{gamesearch.Conformance(), "testdata/conformance (built in)"}
}

// Path returns the name of p for messages.
func (f Files) Path(p string) string { return filepath.Join(f.name, filepath.FromSlash(p)) }

// Read returns the content of the regular file p, refusing a named pipe, a
// device or a file over maxCaseFile bytes; errors name the file.
func (f Files) Read(p string) ([]byte, error) {
	st, err := fs.Stat(f.fsys, p)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: %w", f.Path(p), atomicfile.Cause(err))
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("%s: not a regular file", f.Path(p))
	case st.Size() > maxCaseFile:
		return nil, fmt.Errorf("%s: %d bytes, more than a case file holds", f.Path(p), st.Size())
	}
	data, err := fs.ReadFile(f.fsys, p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Path(p), atomicfile.Cause(err))
	}
	return data, nil
}

// ReadDir returns the entries of the folder p, sorted by name.
func (f Files) ReadDir(p string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(f.fsys, p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Path(p), atomicfile.Cause(err))
	}
	return entries, nil
}
