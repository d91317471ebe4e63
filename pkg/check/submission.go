package check

// This file turns a student's submission (a folder or a .zip of sources)
// into a command check can run: it is copied or unpacked into a private
// folder, refusing what could escape it, and built the way the course
// expects for its language.

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/internal/sandbox"
)

// Limits of one submission's files.
const (
	maxSubmissionFiles = 2000
	maxSubmissionFile  = 32 << 20
	maxSubmissionBytes = 128 << 20
	// buildTimeout bounds one build (javac, g++, make).
	buildTimeout = 2 * time.Minute
)

// errRefused marks a submission refused for its files (an entry that
// escapes its folder, a link out of it, a bomb): a result for that student,
// not a failure of the run.
var errRefused = errors.New("refused")

// unpackZip extracts the zip file src into the empty folder dst, refusing
// absolute or escaping entry names, links, and more than the limits.
func unpackZip(src, dst string) error {
	zr, err := zip.OpenReader(src)
	if err != nil {
		return fmt.Errorf("%w: not a readable zip file: %v", errRefused, err)
	}
	defer zr.Close()
	if len(zr.File) > maxSubmissionFiles {
		return fmt.Errorf("%w: %d entries, more than %d", errRefused, len(zr.File), maxSubmissionFiles)
	}
	var total int64
	for _, f := range zr.File {
		name := strings.ReplaceAll(f.Name, "\\", "/")
		clean := path.Clean(name)
		if path.IsAbs(name) || clean == ".." || strings.HasPrefix(clean, "../") || strings.Contains(name, ":") {
			return fmt.Errorf("%w: entry %s escapes the submission's folder", errRefused, quoteName(f.Name))
		}
		mode := f.Mode()
		switch {
		case mode&fs.ModeSymlink != 0:
			return fmt.Errorf("%w: entry %s is a symbolic link", errRefused, quoteName(f.Name))
		case mode.IsDir() || strings.HasSuffix(name, "/"):
			if err := os.MkdirAll(filepath.Join(dst, filepath.FromSlash(clean)), 0o755); err != nil {
				return err
			}
			continue
		case !mode.IsRegular():
			return fmt.Errorf("%w: entry %s is not a regular file", errRefused, quoteName(f.Name))
		}
		if f.UncompressedSize64 > maxSubmissionFile {
			return fmt.Errorf("%w: entry %s holds %d bytes, more than %d", errRefused, quoteName(f.Name), f.UncompressedSize64, maxSubmissionFile)
		}
		out := filepath.Join(dst, filepath.FromSlash(clean))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		rc, err := f.Open()
		if err != nil {
			return fmt.Errorf("%w: entry %s: %v", errRefused, quoteName(f.Name), err)
		}
		w, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644|mode.Perm()&0o111)
		if err != nil {
			rc.Close()
			return fmt.Errorf("%w: entry %s: %v", errRefused, quoteName(f.Name), atomicfile.Cause(err))
		}
		// The sizes in the zip's directory may lie: count what comes out.
		n, err := io.Copy(w, io.LimitReader(rc, maxSubmissionFile+1))
		rc.Close()
		w.Close()
		total += n
		switch {
		case err != nil:
			return fmt.Errorf("%w: entry %s: %v", errRefused, quoteName(f.Name), err)
		case n > maxSubmissionFile:
			return fmt.Errorf("%w: entry %s unpacks to more than %d bytes", errRefused, quoteName(f.Name), maxSubmissionFile)
		case total > maxSubmissionBytes:
			return fmt.Errorf("%w: the zip unpacks to more than %d bytes", errRefused, maxSubmissionBytes)
		}
	}
	return nil
}

// copyFolder copies the regular files of src into dst; a link that points
// outside src refuses the submission, a link inside it is copied as the
// file it names.
func copyFolder(src, dst string) error {
	root, err := filepath.EvalSymlinks(src)
	if err != nil {
		return err
	}
	count := 0
	var total int64
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		if d.Type()&fs.ModeSymlink != 0 {
			target, err := filepath.EvalSymlinks(p)
			if err != nil {
				return fmt.Errorf("%w: %s is a broken link", errRefused, quoteName(rel))
			}
			if r, err := filepath.Rel(root, target); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
				return fmt.Errorf("%w: %s is a link out of the submission's folder", errRefused, quoteName(rel))
			}
			p = target
		}
		st, err := os.Stat(p)
		if err != nil || !st.Mode().IsRegular() {
			return nil // a link to a folder, a pipe: not a source
		}
		if count++; count > maxSubmissionFiles {
			return fmt.Errorf("%w: more than %d files", errRefused, maxSubmissionFiles)
		}
		if total += st.Size(); st.Size() > maxSubmissionFile || total > maxSubmissionBytes {
			return fmt.Errorf("%w: %s is too large", errRefused, quoteName(rel))
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(out, data, 0o644|st.Mode().Perm()&0o111)
	})
}

// quoteName quotes a file name from a submission for a message.
func quoteName(s string) string { return fmt.Sprintf("%q", Clip(s, 60)) }

// built is a submission made runnable: its language, its folder and the
// command that runs it there.
type built struct {
	lang string
	dir  string
	argv []string
}

// javaMain finds a Java class with a main method.
var javaMain = regexp.MustCompile(`public\s+static\s+void\s+main\s*\(`)

// pyMain finds Python's main guard.
var pyMain = regexp.MustCompile(`if\s+__name__\s*==\s*['"]__main__['"]`)

// buildSubmission detects the language of the sources in dir and builds
// them for program prog as the course expects: a run.sh overrides
// detection; a Makefile is run with make; Java is compiled with javac;
// C++ with g++ -O2 -std=c++17; C with gcc -O2; Python 3 runs PROG.py, or
// the one .py file with a main guard. A build that fails returns an error
// whose text starts with the compiler's first error line.
func buildSubmission(dir, prog string, box sandbox.Config) (*built, error) {
	runBuild := func(dir string, argv ...string) error { return buildIn(dir, box, argv...) }
	files := map[string][]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			files[strings.ToLower(filepath.Ext(p))] = append(files[strings.ToLower(filepath.Ext(p))], rel)
		}
		return nil
	})
	for _, l := range files {
		sort.Strings(l)
	}
	has := func(name string) bool {
		_, err := os.Stat(filepath.Join(dir, name))
		return err == nil
	}
	// A course program named like a Java class or a file: ABGame, starcircle.
	base := strings.ReplaceAll(prog, "-", "_")
	switch {
	case has("run.sh"):
		return &built{"shell (run.sh)", dir, []string{"sh", "run.sh"}}, nil
	case has("Makefile") || has("makefile"):
		if err := runBuild(dir, "make"); err != nil {
			return nil, err
		}
		for _, name := range []string{prog, base, "a.out", "main"} {
			if st, err := os.Stat(filepath.Join(dir, name)); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
				return &built{"make", dir, []string{"./" + name}}, nil
			}
		}
		return nil, fmt.Errorf("build failed: make built no executable named %s or a.out", prog)
	case len(files[".java"]) > 0:
		args := append([]string{"javac", "-d", "."}, files[".java"]...)
		if err := runBuild(dir, args...); err != nil {
			return nil, err
		}
		class := ""
		var mains []string
		for _, f := range files[".java"] {
			data, _ := os.ReadFile(filepath.Join(dir, f))
			name := strings.TrimSuffix(filepath.Base(f), ".java")
			if javaMain.Match(data) {
				mains = append(mains, name)
				if name == base {
					class = name
				}
			}
		}
		if class == "" && len(mains) == 1 {
			class = mains[0]
		}
		if class == "" {
			return nil, fmt.Errorf("build failed: no class %s, and %d classes with a main method", base, len(mains))
		}
		return &built{"Java", dir, []string{"java", class}}, nil
	case len(files[".cpp"])+len(files[".cc"])+len(files[".cxx"]) > 0:
		srcs := append(append(append([]string{}, files[".cpp"]...), files[".cc"]...), files[".cxx"]...)
		if err := runBuild(dir, append([]string{"g++", "-O2", "-std=c++17", "-o", base}, srcs...)...); err != nil {
			return nil, err
		}
		return &built{"C++", dir, []string{"./" + base}}, nil
	case len(files[".c"]) > 0:
		if err := runBuild(dir, append(append([]string{"gcc", "-O2", "-o", base}, files[".c"]...), "-lm")...); err != nil {
			return nil, err
		}
		return &built{"C", dir, []string{"./" + base}}, nil
	case len(files[".py"]) > 0:
		script := ""
		var guarded []string
		for _, f := range files[".py"] {
			if strings.TrimSuffix(filepath.Base(f), ".py") == base {
				script = f
			}
			if data, _ := os.ReadFile(filepath.Join(dir, f)); pyMain.Match(data) {
				guarded = append(guarded, f)
			}
		}
		switch {
		case script != "":
		case len(guarded) == 1:
			script = guarded[0]
		case len(files[".py"]) == 1:
			script = files[".py"][0]
		default:
			return nil, fmt.Errorf("build failed: no %s.py, and %d .py files with a main guard", base, len(guarded))
		}
		return &built{"Python", dir, []string{"python3", script}}, nil
	}
	return nil, errors.New("build failed: no sources found (.java, .cpp, .c, .py, a Makefile or run.sh)")
}

// buildIn runs a compiler (or the submission's make) in dir, in the
// sandbox box like every student process, dir its writable run folder,
// for at most buildTimeout of wall-clock time; its error is "build
// failed: " and the first error line of its output.
func buildIn(dir string, box sandbox.Config, argv ...string) error {
	c, err := newCommand(argv, dir)
	if err != nil {
		if _, lerr := exec.LookPath(argv[0]); lerr != nil {
			return fmt.Errorf("build failed: %s is not installed", argv[0])
		}
		return fmt.Errorf("build failed: %v", err)
	}
	c.Box = box
	var out CapBuffer
	p, err := c.Start(dir, nil, nil, &out, &out)
	if err != nil {
		return fmt.Errorf("build failed: %v", err)
	}
	r := &RunResult{Limit: buildTimeout, box: box.Limits}
	r.Killed = p.wait(buildTimeout, true)
	r.TimedOut = timeLimit(r.Killed)
	r.ExitCode, r.Signal = p.Finish()
	switch {
	case r.Killed != "":
		return fmt.Errorf("build failed: %s %s", argv[0], r.Status())
	case r.ExitCode != 0 || r.Signal != "":
		return fmt.Errorf("build failed: %s", firstErrorLine(out.Bytes(), errors.New(argv[0]+": "+r.Status())))
	}
	return nil
}

// firstErrorLine returns the first line of a compiler's output that says
// "error", else its first line, else err.
func firstErrorLine(out []byte, err error) string {
	var first string
	for _, l := range bytes.Split(out, []byte("\n")) {
		s := strings.TrimSpace(string(l))
		if s == "" {
			continue
		}
		if first == "" {
			first = s
		}
		if strings.Contains(strings.ToLower(s), "error") {
			return Clip(s, 200)
		}
	}
	if first != "" {
		return Clip(first, 200)
	}
	return err.Error()
}
