// Package atomicfile writes output files all at once: the data go to a
// temporary file in the same directory, which is renamed over the target only
// when everything was written, so a failed run never leaves a half-written
// file behind.
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Prepare checks, before a possibly long computation, that [WriteFile] can
// replace name: name is not empty, not a directory (nor a symbolic link to
// one) nor another kind of non-regular file such as a device, and a
// temporary file can be created in its directory (it is removed at once).
// It returns the permission bits the new file should get: those of an
// existing regular file, else 0644. Its errors do not repeat name: "is a
// directory", "no such file or directory", "permission denied".
func Prepare(name string) (fs.FileMode, error) {
	if name == "" {
		return 0, errors.New("empty file name")
	}
	perm := fs.FileMode(0o644)
	if st, err := os.Stat(name); err == nil {
		switch {
		case st.IsDir():
			return 0, errors.New("is a directory")
		case !st.Mode().IsRegular():
			return 0, errors.New("is not a regular file")
		}
		perm = st.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".probe*")
	if err != nil {
		return 0, bare(err)
	}
	probe := f.Name()
	f.Close()
	if err := os.Remove(probe); err != nil {
		return 0, bare(err)
	}
	return perm, nil
}

// bare strips the operation and path from a *fs.PathError, whose path is
// a temporary name the caller has never seen.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

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
