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

// Replaceable checks that name can be replaced by a regular file without
// destroying anything else: name is not empty, and it is absent or (after
// symbolic links) a regular file, not a directory nor a device, pipe or
// socket. It returns the permission bits the new file should get: those of
// an existing regular file, else 0644. Its errors do not repeat name: "is a
// directory", "is not a regular file".
func Replaceable(name string) (fs.FileMode, error) {
	if name == "" {
		return 0, errors.New("empty file name")
	}
	st, err := os.Stat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return 0o644, nil
	case err != nil:
		return 0, Cause(err)
	case st.IsDir():
		return 0, errors.New("is a directory")
	case !st.Mode().IsRegular():
		return 0, errors.New("is not a regular file")
	}
	return st.Mode().Perm(), nil
}

// Prepare checks, before a possibly long computation, that [WriteFile] can
// replace name: name is [Replaceable] and a temporary file can be created
// in its directory (it is removed at once). It returns the permission bits
// the new file should get, as Replaceable. Its errors do not repeat name:
// "is a directory", "no such file or directory", "permission denied".
func Prepare(name string) (fs.FileMode, error) {
	perm, err := Replaceable(name)
	if err != nil {
		return 0, err
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".probe*")
	if err != nil {
		return 0, Cause(err)
	}
	probe := f.Name()
	f.Close()
	if err := os.Remove(probe); err != nil {
		return 0, Cause(err)
	}
	return perm, nil
}

// Cause strips the operation and path from a file-system error (an
// *fs.PathError or *os.LinkError): messages name the file themselves, and a
// temporary file's name would only confuse.
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
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
