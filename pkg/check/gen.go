package check

// gamesearch gen: a fresh test set with the reference's expected outputs,
// written whole into a new or empty folder.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
)

const genNotes = `Writes a fresh test set with the reference's expected outputs, in the course's
own layout: Congo DIR/PROGRAM.in and DIR/PROGRAM.out (congo-moves -piece K:
DIR/congo-moves.K.out); Morris DIR/cases.tsv; Star/Circle DIR/<k>/input.txt and
output.txt; a program of one case on stdin DIR/<k>.in and DIR/<k>.out. The same
seed gives the same bytes. Check a program against the set
with gamesearch check PROGRAM -cases DIR -- COMMAND.

`

// Gen is "gamesearch gen"; args are the arguments after "gen". It returns
// the exit status: 0 on success, 2 for a usage error or an unwritable DIR.
func Gen(fams []*Family, args []string, stdout, stderr io.Writer) int {
	return exitCode("gen", gen(fams, args, stdout), stderr)
}

// genUsage is gen's usage line, with the families' settings flags.
func genUsage(fams []*Family) string {
	return "gen PROGRAM " + settingsUsage(fams) + " [-n N] [-seed S] -o DIR"
}

func gen(fams []*Family, args []string, stdout io.Writer) error {
	usage := genUsage(fams)
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	var cf common
	cf.register(fs, true, fams)
	outDir := fs.String("o", "", "the `DIR` to write (created if missing)")
	pos, err := parseFlags(fs, args, stdout, usage, genNotes+programList(fams, true))
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one PROGRAM, got %d arguments (usage: gamesearch %s)", len(pos), usage)
	}
	o := &Options{Suites: map[string]bool{"random": true}}
	if o.Prog, err = findProgram(fams, pos[0]); err != nil {
		return usagef("%v", err)
	}
	if !o.Prog.Exact {
		return usagef("%s is checked for validity only: there are no expected outputs to write", o.Prog.Name)
	}
	if err := cf.apply(fs, o); err != nil {
		return err
	}
	if *outDir == "" {
		return usagef("missing -o DIR (usage: gamesearch %s)", usage)
	}
	if err := newFolder(*outDir, "gen writes a new set"); err != nil {
		return err
	}
	files, err := genFiles(o)
	if err != nil {
		return err
	}
	if err := writeSet(*outDir, files); err != nil {
		return fmt.Errorf("-o %s: %v", *outDir, err)
	}
	_, err = fmt.Fprintf(stdout, "wrote %d cases of %s (%s) to %s\n", o.N, o.Prog.Name, caseSettings(o), *outDir)
	return err
}

// newFolder refuses an output folder that holds anything (who says which
// command writes it): gen writes a whole new folder and grade a new one
// or its own, and neither replaces or mixes with files it did not write.
func newFolder(dir, who string) error {
	st, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return usagef("-o %s: %v", dir, atomicfile.Cause(err))
	case !st.IsDir():
		return usagef("-o %s: exists and is not a folder", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return usagef("-o %s: %v", dir, atomicfile.Cause(err))
	}
	if len(entries) > 0 {
		return usagef("-o %s: the folder is not empty (%d entries): %s into a new or empty folder, so remove it or name another", dir, len(entries), who)
	}
	return nil
}

// writeSet writes files into a new folder beside dir and renames it to dir
// (absent or empty) when every file is written, so a failing gen leaves
// nothing half-written.
func writeSet(dir string, files []File) error {
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return atomicfile.Cause(err)
	}
	tmp, err := os.MkdirTemp(parent, ".gen-*")
	if err != nil {
		return atomicfile.Cause(err)
	}
	fail := func(err error) error {
		os.RemoveAll(tmp)
		return atomicfile.Cause(err)
	}
	for _, f := range files {
		path := filepath.Join(tmp, f.Name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fail(err)
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			return fail(err)
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fail(err)
	}
	// genTarget allowed only an empty folder, which os.Rename does not
	// replace.
	if st, err := os.Lstat(dir); err == nil && st.IsDir() {
		if err := os.Remove(dir); err != nil {
			return fail(err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		return fail(err)
	}
	return nil
}

// genFiles returns the files of a gen set, in a fixed order.
func genFiles(o *Options) ([]File, error) {
	units, err := randomUnits(o, o.N, o.Seed)
	if err != nil {
		return nil, err
	}
	files := o.Prog.Family.SetFiles(o, units)
	readme := fmt.Sprintf("Test set for %s written by gamesearch gen (%s).\n"+
		"Expected outputs come from the gamesearch reference.\n"+
		"Check a program with: gamesearch check %s %s -- COMMAND\n",
		o.Prog.Name, caseSettings(o), o.Prog.Name, setFlags(o))
	return append(files, File{"README.txt", []byte(readme)}), nil
}

// setFlags are the flags check needs to read a set back.
func setFlags(o *Options) string {
	if f := o.Prog.Family.SetFlags; f != nil {
		return f(o)
	}
	return "-cases DIR"
}
