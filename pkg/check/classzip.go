package check

// This file lists a class's submissions: the entries of a folder, or of a
// class zip as an LMS exports it, split into one zip per student so that a
// bad entry refuses that student only.

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
)

// listSubmissions lists the entries of SUBMISSIONS: a folder, or a .zip
// holding the students' folders or zips, split into one zip per student
// in work (splitClassZip). Warnings go to warn.
func listSubmissions(src, work string, warn io.Writer) ([]submission, error) {
	st, err := os.Stat(src)
	if err != nil {
		return nil, usagef("%s: %v", src, atomicfile.Cause(err))
	}
	var subs []submission
	switch {
	case st.IsDir():
		subs, err = listFolder(src)
	case strings.EqualFold(filepath.Ext(src), ".zip"):
		subs, err = splitClassZip(src, work, warn)
	default:
		return nil, usagef("%s: want a folder of submissions or a .zip holding them", src)
	}
	if err != nil {
		return nil, err
	}
	if len(subs) == 0 {
		return nil, usagef("%s: no submissions in it (one folder or .zip per student)", src)
	}
	sort.Slice(subs, func(i, j int) bool {
		if subs[i].student != subs[j].student {
			return subs[i].student < subs[j].student
		}
		return subs[i].entry < subs[j].entry
	})
	return subs, nil
}

// listFolder lists the students' folders and zips in the folder src.
func listFolder(src string) ([]submission, error) {
	entries, err := os.ReadDir(src)
	if err != nil {
		return nil, usagef("%s: %v", src, atomicfile.Cause(err))
	}
	var subs []submission
	for _, e := range entries {
		name := e.Name()
		if hiddenEntry(name) {
			continue
		}
		s := submission{entry: name, student: name, path: filepath.Join(src, name)}
		switch {
		case e.IsDir():
		case strings.EqualFold(filepath.Ext(name), ".zip"):
			s.zip, s.student = true, strings.TrimSuffix(name, filepath.Ext(name))
		default:
			continue
		}
		subs = append(subs, s)
	}
	return subs, nil
}

// hiddenEntry reports whether an entry of SUBMISSIONS is no student's:
// a hidden file, or the __MACOSX folder of a zip made on a Mac.
func hiddenEntry(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "__MACOSX")
}

// classEntry is an entry of a class zip under a student's entry.
type classEntry struct {
	f *zip.File
	// rest is its path under the student's entry (empty for the entry
	// itself); dir is set for a folder entry.
	rest []string
	dir  bool
}

// splitClassZip reads a class's export, a zip holding the students'
// folders or zips (in one top folder or not), and writes each student's
// entries into a zip of their own in work, copied as they are: the rules
// of unpackZip (no link, no name that escapes, the limits) then refuse
// that student only, as for any zip. An entry is the student's whose
// entry (folder or zip) its first name under the top folder names; an
// entry in no student's folder (an absolute name, ../x) is skipped with a
// warning, a loose file that is no zip is no submission.
func splitClassZip(src, work string, warn io.Writer) ([]submission, error) {
	zr, err := zip.OpenReader(src)
	if err != nil {
		return nil, usagef("%s: not a readable zip file: %v", src, err)
	}
	defer zr.Close()
	names := make([][]string, len(zr.File))
	for i, f := range zr.File {
		names[i] = entryPath(f.Name)
	}
	top := classTop(zr.File, names)
	groups := map[string][]classEntry{}
	var keys []string
	for i, f := range zr.File {
		p := names[i]
		if top != "" && len(p) > 0 && p[0] == top {
			p = p[1:]
		}
		switch {
		case p == nil || len(p) > 0 && (p[0] == ".." || strings.Contains(p[0], ":")):
			fmt.Fprintf(warn, "grade: warning: %s: skipped entry %s, which is in no student's folder\n", src, quoteName(f.Name))
			continue
		case len(p) == 0 || hiddenEntry(p[0]):
			continue
		}
		if groups[p[0]] == nil {
			keys = append(keys, p[0])
		}
		groups[p[0]] = append(groups[p[0]], classEntry{f, p[1:], zipDir(f)})
	}
	sort.Strings(keys)
	if err := os.Mkdir(filepath.Join(work, "class"), 0o755); err != nil {
		return nil, err
	}
	var subs []submission
	for i, key := range keys {
		s := submission{entry: key, student: key, path: filepath.Join(work, "class", strconv.Itoa(i)+".zip"), zip: true}
		var file *zip.File
		var err error
		tree := false
		for _, e := range groups[key] {
			if len(e.rest) == 0 && !e.dir {
				file = e.f
			} else {
				tree = true
			}
		}
		switch {
		case tree && file != nil:
			s.refused = fmt.Errorf("%w: entry %s is both a file and a folder", errRefused, quoteName(key))
		case tree:
			err = studentZip(s.path, groups[key])
		case !strings.EqualFold(path.Ext(key), ".zip"):
			continue // a loose file: no submission
		default:
			s.student = strings.TrimSuffix(key, path.Ext(key))
			err = extractEntry(file, key, s.path)
		}
		if errors.Is(err, errRefused) {
			s.refused, err = err, nil
		}
		if err != nil {
			return nil, err
		}
		subs = append(subs, s)
	}
	return subs, nil
}

// entryPath splits a zip entry's name into its names, without "." and
// empty ones; nil for an absolute name.
func entryPath(name string) []string {
	name = strings.ReplaceAll(name, "\\", "/")
	if path.IsAbs(name) {
		return nil
	}
	p := []string{}
	for _, part := range strings.Split(name, "/") {
		if part != "" && part != "." {
			p = append(p, part)
		}
	}
	return p
}

// zipDir reports whether a zip entry is a folder.
func zipDir(f *zip.File) bool {
	return f.Mode().IsDir() || strings.HasSuffix(strings.ReplaceAll(f.Name, "\\", "/"), "/")
}

// classTop returns the folder that holds the whole class in a class zip
// (an LMS export of one folder), or "" when the students are at its top:
// the first name of every entry but hidden and unattributable ones, when
// it is one folder's.
func classTop(files []*zip.File, names [][]string) string {
	top := ""
	for i, p := range names {
		if len(p) == 0 || p[0] == ".." || strings.Contains(p[0], ":") || hiddenEntry(p[0]) {
			continue
		}
		if len(p) == 1 && !zipDir(files[i]) || top != "" && p[0] != top {
			return ""
		}
		top = p[0]
	}
	return top
}

// studentZip writes a student's entries of a class zip, named under their
// folder and copied without unpacking, as the zip dst. A damaged entry
// refuses the student.
func studentZip(dst string, entries []classEntry) error {
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(out)
	for _, e := range entries {
		if len(e.rest) == 0 {
			continue // the student's folder itself
		}
		h := e.f.FileHeader
		h.Name = strings.Join(e.rest, "/")
		if strings.HasSuffix(strings.ReplaceAll(e.f.Name, "\\", "/"), "/") {
			h.Name += "/"
		}
		if err := copyRaw(zw, &h, e.f); err != nil {
			out.Close()
			return fmt.Errorf("%w: entry %s: %v", errRefused, quoteName(e.f.Name), err)
		}
	}
	if err := zw.Close(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// copyRaw copies the entry f, as stored, into zw under the header h.
func copyRaw(zw *zip.Writer, h *zip.FileHeader, f *zip.File) error {
	w, err := zw.CreateRaw(h)
	if err != nil {
		return err
	}
	r, err := f.OpenRaw()
	if err != nil {
		return err
	}
	_, err = io.Copy(w, r)
	return err
}

// extractEntry unpacks a student's zip, the entry f of the class zip, into
// the file dst, refusing a link or one over maxSubmissionBytes; messages
// call it name.
func extractEntry(f *zip.File, name, dst string) error {
	mode := f.Mode()
	switch {
	case mode&fs.ModeSymlink != 0:
		return fmt.Errorf("%w: entry %s is a symbolic link", errRefused, quoteName(name))
	case !mode.IsRegular():
		return fmt.Errorf("%w: entry %s is not a regular file", errRefused, quoteName(name))
	case f.UncompressedSize64 > maxSubmissionBytes:
		return fmt.Errorf("%w: entry %s holds %d bytes, more than %d", errRefused, quoteName(name), f.UncompressedSize64, maxSubmissionBytes)
	}
	rc, err := f.Open()
	if err != nil {
		return fmt.Errorf("%w: entry %s: %v", errRefused, quoteName(name), err)
	}
	defer rc.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	// The sizes in the zip's directory may lie: count what comes out.
	n, err := io.Copy(out, io.LimitReader(rc, maxSubmissionBytes+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	switch {
	case err != nil:
		return fmt.Errorf("%w: entry %s: %v", errRefused, quoteName(name), err)
	case n > maxSubmissionBytes:
		return fmt.Errorf("%w: entry %s unpacks to more than %d bytes", errRefused, quoteName(name), maxSubmissionBytes)
	}
	return nil
}

// inner returns the one folder dir holds when it holds nothing else, else
// dir: an unpacked archive of one folder.
func inner(dir string) string {
	if entries, _ := os.ReadDir(dir); len(entries) == 1 && entries[0].IsDir() {
		return filepath.Join(dir, entries[0].Name())
	}
	return dir
}
