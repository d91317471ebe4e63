package check

// This file prepares the student's command: COMMAND as typed, its
// executable looked up, and the host paths a sandbox must show for it to
// run (the interpreter's install prefix, the paths its arguments name).

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/internal/sandbox"
)

// Command is the student's program: COMMAND as typed, run in a copy of
// the submission directory made of links.
type Command struct {
	// Argv is COMMAND as typed; it is passed on unchanged.
	Argv []string
	// Exe is the executable: found in PATH (absolute), or argv[0] itself
	// when it names a path (resolved in the run directory).
	Exe string
	// Dir is the submission directory (absolute) and entries its names.
	Dir     string
	Entries []string
	// Box is the sandbox every run gets (its Mode None: none); real is
	// Exe with its links resolved, and show the host paths outside Dir
	// the sandbox must show (the interpreter's install prefix).
	Box  sandbox.Config
	real string
	show []string
}

// newCommand prepares argv to run in copies of the submission directory
// dir: argv[0] is looked up in PATH unless it names a path, which is taken
// relative to dir, as the course's grader would run it there.
func newCommand(argv []string, dir string) (*Command, error) {
	if len(argv) == 0 {
		return nil, errors.New("missing COMMAND after --")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("-dir %s: %v", cliutil.Quote(dir), err)
	}
	f, err := os.Open(abs)
	if err != nil {
		return nil, fmt.Errorf("-dir %s: %v", cliutil.Quote(dir), atomicfile.Cause(err))
	}
	names, err := f.Readdirnames(maxLinks + 1)
	f.Close()
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("-dir %s: %v", cliutil.Quote(dir), atomicfile.Cause(err))
	}
	if len(names) > maxLinks {
		return nil, fmt.Errorf("-dir %s: more than %d entries: name the submission's own folder", cliutil.Quote(dir), maxLinks)
	}
	c := &Command{Argv: argv, Dir: abs, Entries: names}
	name := argv[0]
	var path string
	if strings.ContainsRune(name, '/') || strings.ContainsRune(name, filepath.Separator) {
		path = name
		if !filepath.IsAbs(name) {
			path = filepath.Join(abs, name)
		}
		st, err := os.Stat(path)
		switch {
		case err != nil:
			return nil, fmt.Errorf("%w %s: %v (looked in %s)", errCannotStart, name, atomicfile.Cause(err), abs)
		case st.IsDir():
			return nil, fmt.Errorf("%w %s: is a directory", errCannotStart, name)
		case runtime.GOOS != "windows" && st.Mode()&0o111 == 0:
			return nil, fmt.Errorf("%w %s: not executable (chmod +x %s, or name its interpreter: python3 %s)", errCannotStart, name, name, name)
		}
		c.Exe = name
	} else {
		lp, err := exec.LookPath(name)
		if err != nil {
			return nil, fmt.Errorf("%w %s: not found in PATH", errCannotStart, name)
		}
		path, c.Exe = lp, lp
	}
	if err := checkInterpreter(path, name); err != nil {
		return nil, err
	}
	c.real, c.show = c.Exe, append(interpreterPrefixes(path, abs), toolPrefixes()...)
	for _, a := range argv[1:] {
		// The absolute paths COMMAND names: "python3 /home/me/hw1.py",
		// "java -cp /home/me/build ABGame", "env X=1 /opt/py/bin/python3".
		for _, part := range strings.Split(a, string(filepath.ListSeparator)) {
			if _, v, ok := strings.Cut(part, "="); ok && !filepath.IsAbs(part) {
				part = v
			}
			if filepath.IsAbs(part) && !sandbox.Within(part, abs) {
				c.show = append(c.show, sandbox.Shown(part)...)
			}
		}
	}
	if filepath.IsAbs(c.Exe) && !sandbox.Within(path, abs) {
		c.real, _ = sandbox.Prefixes(path)
	}
	return c, nil
}

// interpreterPrefixes returns the host folders outside the submission
// folder dir that the program at path needs to run in a sandbox: its own
// install prefix and, for a script, its #! interpreter's (through env).
func interpreterPrefixes(path, dir string) []string {
	var out []string
	add := func(p string) {
		if real, err := filepath.EvalSymlinks(p); err == nil && sandbox.Within(real, dir) {
			return
		}
		_, pre := sandbox.Prefixes(p)
		out = append(out, pre...)
	}
	add(path)
	if line, ok := shebang(path); ok && len(strings.Fields(line)) > 0 {
		fields := strings.Fields(line)
		add(fields[0])
		if filepath.Base(fields[0]) == "env" && len(fields) > 1 {
			if lp, err := exec.LookPath(fields[1]); err == nil {
				add(lp)
			}
		}
	}
	return out
}

// tools are the compilers and interpreters a script of the submission
// (run.sh, a Makefile) may run by name.
var tools = []string{"python3", "python", "java", "javac", "g++", "gcc", "make", "node"}

var (
	toolsOnce sync.Once
	toolsDirs []string
)

// toolPrefixes returns the install prefixes, outside the system's trees,
// of the tools found in PATH (pyenv's python3, sdkman's java), which a
// sandbox shows so that a script running "python3" gets the interpreter
// check itself would start.
func toolPrefixes() []string {
	toolsOnce.Do(func() {
		seen := map[string]bool{}
		for _, t := range tools {
			lp, err := exec.LookPath(t)
			if err != nil {
				continue
			}
			for _, p := range interpreterPrefixes(lp, "") {
				if !seen[p] {
					seen[p] = true
					toolsDirs = append(toolsDirs, p)
				}
			}
		}
	})
	return toolsDirs
}

// shebang returns the #! line of the file at path, without "#!" and the
// newline (ok is false for a file without one).
func shebang(path string) (line string, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	if !bytes.HasPrefix(head[:n], []byte("#!")) {
		return "", false
	}
	l, _, _ := bytes.Cut(head[2:n], []byte("\n"))
	return string(l), true
}

// checkInterpreter refuses a script whose "#!" interpreter does not exist,
// which exec would report as the script itself missing.
func checkInterpreter(path, name string) error {
	line, ok := shebang(path)
	if !ok {
		return nil
	}
	fields := strings.Fields(strings.TrimSuffix(line, "\r"))
	if len(fields) == 0 {
		return fmt.Errorf("%w %s: its #! line names no interpreter", errCannotStart, name)
	}
	if strings.HasSuffix(line, "\r") {
		return fmt.Errorf("%w %s: its #! line ends in a CR (the script has Windows line ends: convert it with dos2unix)", errCannotStart, name)
	}
	if _, err := os.Stat(fields[0]); err != nil {
		return fmt.Errorf("%w %s: its interpreter %s (line 1, #!) does not exist", errCannotStart, name, cliutil.Quote(fields[0]))
	}
	return nil
}

// String returns the command line as the report shows it.
func (c *Command) String() string { return joinArgs(c.Argv) }

// joinArgs writes a command line's words, quoting those with blanks,
// quotes or backslashes.
func joinArgs(args []string) string {
	parts := append([]string{}, args...)
	for i, p := range parts {
		if p == "" || strings.ContainsAny(p, " \t\"'\\\n") {
			parts[i] = fmt.Sprintf("%q", p)
		}
	}
	return strings.Join(parts, " ")
}

// link fills the run directory dir with links to the submission's entries,
// except the names check writes or reads back itself.
func (c *Command) link(dir string, skip map[string]bool) error {
	for _, name := range c.Entries {
		if skip[name] {
			continue
		}
		if err := os.Symlink(filepath.Join(c.Dir, name), filepath.Join(dir, name)); err != nil {
			return err
		}
	}
	return nil
}
