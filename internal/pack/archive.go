package pack

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
)

// Epoch is the modification time of every archive entry: fixed, so that two
// runs on the same inputs give the same bytes. (Zip timestamps are MS-DOS
// local times with a 1980 origin; this one is representable exactly.)
var Epoch = time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC)

// Archive is a set of files to be zipped, keyed by their slash-separated
// path inside the archive. The zero value is not usable; call [NewArchive].
type Archive struct {
	files map[string]entry
}

// entry is one file of an Archive.
type entry struct {
	data []byte
	exec bool
}

// NewArchive returns an empty archive.
func NewArchive() *Archive { return &Archive{files: map[string]entry{}} }

// checkName reports whether name is a clean relative slash path usable as
// an archive entry.
func checkName(name string) error {
	if name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, "\\") ||
		path.Clean(name) != name || name == "." || name == ".." || strings.HasPrefix(name, "../") {
		return fmt.Errorf("archive path %q is not a clean relative path", name)
	}
	return nil
}

// Add adds a file with the given content at name (a clean, relative,
// slash-separated path). Executables are stored with mode 0755, other files
// with 0644. Adding the same name twice is an error, as is a name that is
// also the directory of another entry.
func (a *Archive) Add(name string, data []byte, executable bool) error {
	if err := checkName(name); err != nil {
		return err
	}
	if _, dup := a.files[name]; dup {
		return fmt.Errorf("archive path %q added twice", name)
	}
	for other := range a.files {
		if strings.HasPrefix(other, name+"/") || strings.HasPrefix(name, other+"/") {
			return fmt.Errorf("archive path %q conflicts with %q", name, other)
		}
	}
	a.files[name] = entry{data: bytes.Clone(data), exec: executable}
	return nil
}

// AddFile adds the file at src (in the file system) as name. It is stored as
// an executable when any execute bit of src is set.
func (a *Archive) AddFile(name, src string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	info, err := os.Stat(src)
	if err != nil {
		return err
	}
	return a.Add(name, data, info.Mode().Perm()&0o111 != 0)
}

// AddTree adds every regular file under the directory root, as prefix/<path
// relative to root>. Executable bits are kept as in [Archive.AddFile].
func (a *Archive) AddTree(prefix, root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s: not a regular file", p)
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		return a.AddFile(path.Join(prefix, filepath.ToSlash(rel)), p)
	})
}

// Names returns the entry names in ascending byte order.
func (a *Archive) Names() []string {
	names := make([]string, 0, len(a.files))
	for n := range a.files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Data returns the content of the entry name and whether it exists.
func (a *Archive) Data(name string) ([]byte, bool) {
	e, ok := a.files[name]
	return e.data, ok
}

// Zip returns the archive as a zip file. The bytes depend only on the
// entries: they are written in ascending name order, each with the time
// [Epoch], mode 0644 (or 0755 for executables), Deflate compression, and no
// directory entries or extra fields.
func (a *Archive) Zip() ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range a.Names() {
		e := a.files[name]
		h := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: Epoch}
		mode := os.FileMode(0o644)
		if e.exec {
			mode = 0o755
		}
		h.SetMode(mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(e.data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteZip writes the archive to the file out, creating its directory, all
// at once: a failed run leaves no partial zip behind.
func (a *Archive) WriteZip(out string) error {
	data, err := a.Zip()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(out, data, 0o644)
}

// Unzip extracts the zip file data into the directory dir, keeping the
// executable bit of each entry. It rejects entries that would land outside
// dir. It is used to check an archive the way a grader would see it.
func Unzip(data []byte, dir string) error {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return err
	}
	for _, f := range zr.File {
		if err := checkName(strings.TrimSuffix(f.Name, "/")); err != nil {
			return err
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if f.FileInfo().IsDir() {
			if err := os.MkdirAll(p, 0o755); err != nil {
				return err
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		rc, err := f.Open()
		if err != nil {
			return err
		}
		var b bytes.Buffer
		_, err = b.ReadFrom(rc)
		rc.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		if err := os.WriteFile(p, b.Bytes(), f.Mode().Perm()|0o200); err != nil {
			return err
		}
	}
	return nil
}

// Extract writes the entries whose names start with prefix + "/" into the
// directory dir, under their names without the prefix, with mode 0755 for
// executables and 0644 otherwise. It lets a recipe build and run exactly the
// files it ships before zipping them.
func (a *Archive) Extract(prefix, dir string) error {
	for _, name := range a.Names() {
		rel, ok := strings.CutPrefix(name, prefix+"/")
		if !ok {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		e := a.files[name]
		mode := os.FileMode(0o644)
		if e.exec {
			mode = 0o755
		}
		if err := os.WriteFile(p, e.data, mode); err != nil {
			return err
		}
	}
	return nil
}
