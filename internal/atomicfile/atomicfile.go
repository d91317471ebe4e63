// Package atomicfile writes output files all at once: the data go to a
// temporary file in the same directory, which is renamed over the target only
// when everything was written, so a failed run never leaves a half-written
// file behind.
package atomicfile

import (
	"os"
	"path/filepath"
)

// WriteFile writes data to name atomically, with permissions perm (before
// umask) for a new file. On error the target is untouched and no temporary
// file is left.
func WriteFile(name string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(name)
	f, err := os.CreateTemp(dir, "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Chmod(perm); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, name); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
