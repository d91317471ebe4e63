package check

// gamesearch autograder: a Gradescope autograder bundle for one program:
// setup.sh, run_autograder, a linux/amd64 gamesearch and a frozen hidden
// case set written by gen, so that every student gets the same cases.

import (
	"archive/zip"
	"bytes"
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/internal/cliutil"
)

const autograderUsage = "autograder PROGRAM [-rules R] [-board B] [-piece K] [-n N] [-seed S] [-timeout D] [-startup D] [-budget D] [-memory S] [-procs N] [-disk S] [-binary PATH] -o FILE.zip"

const autograderNotes = `Writes a Gradescope autograder bundle for PROGRAM: setup.sh (the Debian/Ubuntu
packages of the languages grade builds), run_autograder (builds the submission
in /autograder/submission as gamesearch grade does, checks it on the public
suite, visible to the students, and on the bundle's hidden cases, shown once
the grades are published, and writes /autograder/results/results.json after
each suite and at the end), a linux/amd64 gamesearch (this one, or -binary
PATH) and cases/, a set written by gamesearch gen with -n and -seed, the same
for every student. The variable AUTOGRADER_ROOT moves /autograder. See
docs/check.md.

`

// setupScript is the bundle's setup.sh.
const setupScript = `#!/bin/sh
# Gradescope runs this once, as root, when it builds the autograder's image
# (Ubuntu): the compilers and interpreters gamesearch grade builds with.
set -e
apt-get update
apt-get install -y --no-install-recommends python3 default-jdk-headless g++ gcc make
`

// Autograder is "gamesearch autograder"; it returns the exit status: 0 when
// the bundle was written, 2 for a usage error.
func Autograder(fams []*Family, args []string, stdout, stderr io.Writer) int {
	return exitCode("autograder", autograder(fams, args, stdout), stderr)
}

func autograder(fams []*Family, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("autograder", flag.ContinueOnError)
	sf := registerSuiteFlags(fs, true, fams)
	out := fs.String("o", "", "the bundle `FILE` to write (a .zip)")
	binary := fs.String("binary", "", "the linux/amd64 gamesearch `PATH` to put in the bundle (default: this program, when it is one)")
	pos, err := parseFlags(fs, args, stdout, autograderUsage, autograderNotes+programList(fams, true))
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one PROGRAM, got %d arguments (usage: gamesearch %s)", len(pos), autograderUsage)
	}
	for _, f := range []string{"suite", "cases", "corpus", "max"} {
		if cliutil.IsSet(fs, f) {
			return usagef("-%s does not apply: the bundle checks the public suite and its own hidden cases", f)
		}
	}
	o, err := sf.options(fs, pos[0])
	if err != nil {
		return err
	}
	if !o.Prog.Exact {
		return usagef("%s is checked for validity only: there are no hidden cases to freeze", o.Prog.Name)
	}
	if *out == "" {
		return usagef("missing -o FILE.zip (usage: gamesearch %s)", autograderUsage)
	}
	if _, err := atomicfile.Prepare(*out); err != nil {
		return usagef("-o %s: %v", *out, err)
	}
	exe := *binary
	if exe == "" {
		if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
			return usagef("this gamesearch is for %s/%s: pass -binary PATH of a linux/amd64 one (scripts/release.sh builds it)", runtime.GOOS, runtime.GOARCH)
		}
		if exe, err = os.Executable(); err != nil {
			return err
		}
	}
	bin, err := os.ReadFile(exe)
	if err != nil {
		return usagef("-binary %s: %v", exe, atomicfile.Cause(err))
	}
	if !bytes.HasPrefix(bin, []byte("\x7fELF")) {
		return usagef("-binary %s: not a Linux executable", exe)
	}
	o.Suites = map[string]bool{"random": true}
	set, err := genFiles(o)
	if err != nil {
		return err
	}
	files := []zipFile{{"setup.sh", []byte(setupScript), 0o755}, {"run_autograder", []byte(runScript(o, sf.sb.given(fs))), 0o755},
		{"gamesearch", bin, 0o755}}
	for _, f := range set {
		files = append(files, zipFile{"cases/" + strings.ReplaceAll(f.Name, string(os.PathSeparator), "/"), f.Data, 0o644})
	}
	data, err := zipFiles(files)
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(*out, data, 0o644); err != nil {
		return fmt.Errorf("-o %s: %v", *out, atomicfile.Cause(err))
	}
	_, err = fmt.Fprintf(stdout, "wrote %s: the Gradescope autograder of %s (%d hidden cases, %s)\n", *out, o.Prog.Name, o.N, caseSettings(o))
	return err
}

// BundleBudget is the time budget of one submission's check in the bundle
// unless autograder is given -budget: Gradescope stops an autograder after
// 10 minutes by default, and building takes up to 2 of them.
const BundleBudget = 6 * time.Minute

// runScript is the bundle's run_autograder: the check's settings as given
// to autograder, the budget, and the sandbox flags given (sandboxFlags).
func runScript(o *Options, sandboxFlags []string) string {
	flags := gameSettings(o)
	if o.TimeoutSet {
		flags = append(flags, "-timeout", o.Timeout.String())
	}
	if o.StartupSet {
		flags = append(flags, "-startup", o.Startup.String())
	}
	flags = append(flags, "-budget", cmp.Or(o.Budget, BundleBudget).String())
	flags = append(flags, sandboxFlags...)
	return fmt.Sprintf(`#!/bin/sh
# Gradescope's entry point, written by gamesearch autograder: builds and
# checks the submission and writes results.json. AUTOGRADER_ROOT moves
# /autograder (for tests).
root="${AUTOGRADER_ROOT:-/autograder}"
cd "$root/source" || exit 1
# As root, nothing here is for other users: where the students' programs
# run as another uid without namespaces, file modes alone keep them from
# the hidden cases, this gamesearch and the results (grade refuses to run
# them while these are open).
if [ "$(id -u)" = 0 ]; then
	chmod 700 "$root/source" 2>/dev/null
fi
# The unzip that made this folder may have dropped the executable bits;
# where they cannot be set, a copy runs.
gamesearch=./gamesearch
if ! chmod 755 gamesearch 2>/dev/null; then
	gamesearch="$(mktemp -d)/gamesearch" && install -m 755 ./gamesearch "$gamesearch" || exit 1
fi
exec "$gamesearch" grade %s %s -suite default -cases cases -gradescope "$root/results/results.json" "$root/submission"
`, o.Prog.Name, strings.Join(flags, " "))
}

// zipFile is one entry of a bundle.
type zipFile struct {
	name string
	data []byte
	mode os.FileMode
}

// zipFiles writes a deterministic zip: entries sorted, one fixed time.
func zipFiles(files []zipFile) ([]byte, error) {
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	stamp := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, f := range files {
		h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: stamp}
		h.SetMode(f.mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
