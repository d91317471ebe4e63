package check

// This file holds the flags of the sandbox every student process of check,
// grade and the autograder bundle runs in (internal/sandbox), and what the
// reports say of it.

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/internal/sandbox"
)

// sandboxFlags are -no-sandbox and the limits.
type sandboxFlags struct {
	off          *bool
	memory, disk *string
	procs        *int
}

// registerSandboxFlags registers the sandbox's flags on fs.
func registerSandboxFlags(fs *flag.FlagSet) *sandboxFlags {
	d := sandbox.DefaultLimits
	return &sandboxFlags{
		off:    fs.Bool("no-sandbox", false, "run the student's code without a sandbox (only code you trust: see docs/security.md)"),
		memory: fs.String("memory", Bytes(d.Memory), "the most `SIZE` of memory all of a student's processes may hold together (such as 512MiB or 2GiB)"),
		disk:   fs.String("disk", Bytes(d.Disk), "the `SIZE` of a run's /tmp, of the largest file and of what a run may write into its folder"),
		procs:  fs.Int("procs", d.Procs, "the most processes and threads a student's program may run at once"),
	}
}

// given returns the sandbox flags set on fs, as arguments to pass on (the
// autograder bundle's run_autograder).
func (sf *sandboxFlags) given(fs *flag.FlagSet) []string {
	var out []string
	if *sf.off {
		out = append(out, "-no-sandbox")
	}
	for _, f := range []struct{ name, value string }{{"memory", *sf.memory}, {"procs", strconv.Itoa(*sf.procs)}, {"disk", *sf.disk}} {
		if cliutil.IsSet(fs, f.name) {
			out = append(out, "-"+f.name, f.value)
		}
	}
	return out
}

// apply fills o's sandbox from the flags. strict (grade and the bundle)
// refuses to go on without isolation unless -no-sandbox says so; check
// goes on and says why on warn.
func (sf *sandboxFlags) apply(o *Options, strict bool, warn io.Writer, cmd string) error {
	var err error
	lim := sandbox.Limits{Procs: *sf.procs}
	if lim.Memory, err = parseSize("memory", *sf.memory); err != nil {
		return err
	}
	if lim.Disk, err = parseSize("disk", *sf.disk); err != nil {
		return err
	}
	if lim.Procs < 1 {
		return usagef("-procs %d: want at least 1", lim.Procs)
	}
	o.Box = sandbox.Config{Limits: lim}
	if *sf.off {
		o.NoSandbox, o.Unsandboxed = true, "-no-sandbox"
		return nil
	}
	mode, why := sandbox.Detect()
	o.Box.Mode = mode
	if mode != sandbox.None {
		return nil
	}
	o.Unsandboxed = why
	if strict {
		return usagef("no sandbox is possible here (%s): give -no-sandbox to run the students' code unconfined anyway (see docs/security.md)", why)
	}
	fmt.Fprintf(warn, "gamesearch %s: not sandboxed: %s\n", cmd, why)
	return nil
}

// parseDuration reads the value t of the duration flag name, which needs
// its unit.
func parseDuration(name, t string) (time.Duration, error) {
	d, err := time.ParseDuration(t)
	if err != nil {
		if _, nerr := strconv.ParseFloat(t, 64); nerr == nil {
			return 0, usagef("-%s %s: give a unit, such as %ss or %sms", name, cliutil.Quote(t), t, t)
		}
		return 0, usagef("-%s %s: want a duration such as 10s or 500ms", name, cliutil.Quote(t))
	}
	return d, nil
}

// parseSize reads the size flag name: a number of bytes with a unit (KiB,
// MiB, GiB; KB, MB, GB are taken as the same), or bare bytes.
func parseSize(name, v string) (int64, error) {
	s := strings.TrimSpace(v)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}} {
		if rest, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = strings.TrimSpace(rest), u.size
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || n > (1<<50)/mult {
		return 0, usagef("-%s %q: want a positive size such as 512MiB or 2GiB", name, v)
	}
	return n * mult, nil
}

// sandboxLine says how the student's code ran, for the reports: the
// sandbox and its limits, or "not sandboxed" and why.
func sandboxLine(o *Options) string {
	if o.Box.Mode == sandbox.None {
		return "not sandboxed (" + o.Unsandboxed + ")"
	}
	l := o.Box.Limits
	return fmt.Sprintf("sandboxed (%s): %s of memory, %d processes, %s of disk", o.Box.Mode, Bytes(l.Memory), l.Procs, Bytes(l.Disk))
}

// exposed reports whether other users can reach path (every folder above
// it searchable by them) and read it or, for a folder, enter it.
func exposed(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	st, err := os.Stat(abs)
	if err != nil || st.Mode().Perm()&0o005 == 0 {
		return false
	}
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		if st, err := os.Stat(d); err != nil || st.Mode().Perm()&0o001 == 0 {
			return false
		}
		if d == filepath.Dir(d) {
			return true
		}
	}
}

// guardShown refuses to run c in the namespaces when the sandbox would
// show its program a submission folder that is the home folder, a
// temporary folder or the root (all of it), and hides from the program
// the -cases set (its expected outputs) where a shown folder holds it.
func guardShown(c *Command, cases string) error {
	if c.Box.Mode != sandbox.Namespaces {
		return nil
	}
	if sandbox.TooWide(c.Dir) {
		return usagef("-dir %s: the sandbox would show the program all of it (a home, temporary or root folder): run check in the submission's own folder, or name that folder with -dir", c.Dir)
	}
	if cases != "" {
		abs, err := filepath.Abs(cases)
		if err != nil {
			return usagef("-cases %s: %v", cases, err)
		}
		c.Box.Hidden = append(append([]string{}, c.Box.Hidden...), abs)
	}
	return nil
}

// guardUID refuses, in UID mode (an unprivileged uid without namespaces,
// which file modes alone confine), to grade while the students' uids
// could read what they must not: the paths named, or this executable.
func guardUID(o *Options, paths ...string) error {
	if o.Box.Mode != sandbox.UID {
		return nil
	}
	if self, err := os.Executable(); err == nil {
		paths = append(paths, self)
	}
	for _, p := range paths {
		if p != "" && exposed(p) {
			return usagef("%s is open to other users: without namespaces the students' programs run as other uids and could read it (chmod o-rwx %s, or a folder above it)", p, p)
		}
	}
	return nil
}
