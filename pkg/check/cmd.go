package check

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/internal/procgroup"
)

// maxN is the most random cases one check or gen makes.
const maxN = 100000

// DefaultSeed is the seed of the random cases when -seed is not given.
const DefaultSeed = 1

const checkUsage = "check PROGRAM [flags] -- COMMAND [ARG...]"

// usagef returns a usage mistake (exit status 2, like every error of
// check and gen).
func usagef(format string, a ...any) error { return fmt.Errorf(format, a...) }

// errHelp is returned after the help text was printed.
var errHelp = errors.New("help")

// common holds the flags check and gen share: the families' settings
// flags and the random cases'.
type common struct {
	fams     []*Family
	settings map[string]*string
	n        int
	seed     uint64
}

// register registers the shared flags on fs: each settings flag of the
// families once (the first family's help), then -n and -seed.
func (cf *common) register(fs *flag.FlagSet, gen bool, fams []*Family) {
	cf.fams, cf.settings = fams, map[string]*string{}
	for _, of := range settingsFlags(fams, gen) {
		if cf.settings[of.Name] == nil {
			cf.settings[of.Name] = fs.String(of.Name, of.Default, of.Usage)
		}
	}
	fs.IntVar(&cf.n, "n", 200, "number of random cases (1 to 100000)")
	fs.Uint64Var(&cf.seed, "seed", DefaultSeed, "seed of the random cases")
}

// ownedFlag is a settings flag with the family that has it.
type ownedFlag struct {
	Flag
	fam *Family
}

// settingsFlags lists the settings flags of the families, in order (gen:
// with gen's help).
func settingsFlags(fams []*Family, gen bool) []ownedFlag {
	var out []ownedFlag
	for _, f := range fams {
		if f.Flags != nil {
			for _, fl := range f.Flags(gen) {
				out = append(out, ownedFlag{fl, f})
			}
		}
	}
	return out
}

// settingsUsage is the usage text's part for the settings flags:
// "[-rules 2021|2022] [-board KIND] ...".
func settingsUsage(fams []*Family) string {
	var parts []string
	seen := map[string]bool{}
	for _, of := range settingsFlags(fams, true) {
		if !seen[of.Name] {
			seen[of.Name] = true
			parts = append(parts, fmt.Sprintf("[-%s %s]", of.Name, of.Meta))
		}
	}
	return strings.Join(parts, " ")
}

// apply checks the shared flags against the program and fills o: a
// settings flag set for a program whose family has no such flag is a
// usage error; the family reads its own.
func (cf *common) apply(fs *flag.FlagSet, o *Options) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	o.Settings = map[string]string{}
	for name, v := range cf.settings {
		o.Settings[name] = *v
	}
	own := map[string]bool{}
	for _, of := range settingsFlags([]*Family{o.Prog.Family}, false) {
		own[of.Name] = true
	}
	var names []string
	for name := range cf.settings {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if set[name] && !own[name] {
			return usagef("-%s applies to %s only", name, flagOwners(cf.fams, name))
		}
	}
	if o.Prog.Family.Apply != nil {
		if err := o.Prog.Family.Apply(o, set); err != nil {
			return err
		}
	}
	if cf.n < 1 || cf.n > maxN {
		return usagef("-n %d: want 1 to %d", cf.n, maxN)
	}
	o.N, o.Seed = cf.n, cf.seed
	return nil
}

// parseFlags parses flags anywhere among args and returns the positional
// arguments; help prints the usage on stdout.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer, usage, notes string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprintf(stdout, "usage: gamesearch %s\n\n%s\n\nflags:\n", usage, notes)
				fs.SetOutput(stdout)
				fs.PrintDefaults()
				return nil, errHelp
			}
			return nil, usagef("%v (usage: gamesearch %s)", err, usage)
		}
		args = fs.Args()
		for len(args) > 0 && !strings.HasPrefix(args[0], "-") {
			pos = append(pos, args[0])
			args = args[1:]
		}
		if len(args) == 0 {
			return pos, nil
		}
	}
}

// flagOwners names the programs that have the settings flag name: its
// scope, or "the Congo programs".
func flagOwners(fams []*Family, name string) string {
	var titles []string
	for _, of := range settingsFlags(fams, false) {
		switch {
		case of.Name != name:
		case of.Scope != "":
			return of.Scope
		case !slices.Contains(titles, of.fam.Title):
			titles = append(titles, of.fam.Title)
		}
	}
	return "the " + strings.Join(titles, " and ") + " programs"
}

// programList is the usage text's list of programs (the exact ones only,
// for gen).
func programList(fams []*Family, exactOnly bool) string {
	var b strings.Builder
	b.WriteString("programs:\n")
	for _, f := range fams {
		for _, p := range f.Programs {
			if exactOnly && !p.Exact {
				continue
			}
			fmt.Fprintf(&b, "  %-23s %s\n", p.Name, p.About)
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

const checkNotes = `Runs COMMAND as the course's grader runs a submission, each case in a fresh
directory (Congo: N and the cases on stdin; Morris: COMMAND board1.txt board2.txt
DEPTH; Star/Circle: input.txt to output.txt; MiniChess: COMMAND state action;
congo-agent: the text protocol), compares with the reference and explains the
failures. Exit status: 0 every case passed, 1 a case failed, 2 usage error or
COMMAND cannot start. See docs/check.md.

`

// Check is "gamesearch check"; args are the arguments after "check". It
// writes the report and returns the exit status: 0 when every case passed,
// 1 when a case failed, 2 for a usage error or a COMMAND that cannot start.
func Check(fams []*Family, args []string, stdout, stderr io.Writer) int {
	interrupted.Store(false)
	return exitCode("check", check(fams, args, stdout, stderr), stderr)
}

// exitCode is the exit status of command cmd that ended with err: 0 for
// none (or help), 1 for a failed case, 130 when interrupted, 2 for the
// rest, whose one-line message goes to stderr.
func exitCode(cmd string, err error, stderr io.Writer) int {
	var fe failedError
	switch {
	case err == nil, errors.Is(err, errHelp):
		return 0
	case errors.As(err, &fe):
		return 1
	case errors.Is(err, errInterrupted):
		fmt.Fprintf(stderr, "gamesearch %s: %v\n", cmd, errInterrupted)
		return 130
	}
	fmt.Fprintf(stderr, "gamesearch %s: %s\n", cmd, strings.ReplaceAll(err.Error(), "\n", " "))
	return 2
}

// failedError reports that some case failed (exit status 1, no message).
type failedError struct{}

// Error implements error.
func (failedError) Error() string { return "a case failed" }

func check(fams []*Family, args []string, stdout, stderr io.Writer) error {
	dash := len(args)
	for i, a := range args {
		if a == "--" {
			dash = i
			break
		}
	}
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	sf := registerSuiteFlags(fs, false, fams)
	dirFlag := fs.String("dir", ".", "the submission `DIR`: each case runs in a fresh directory holding links to its entries, and a COMMAND naming a path is taken relative to it")
	format := fs.String("format", "text", "report format, `text|json|gradescope`")
	outFlag := fs.String("o", "", "write the report to `FILE` instead of stdout")
	batch := fs.String("batch", "", "check each subfolder of `DIR` as a submission (its -dir), {} in COMMAND standing for its path; one CSV row each")
	jobs := fs.Int("j", 1, "with -batch: check `N` submissions at a time")
	pos, err := parseFlags(fs, args[:dash], stdout, checkUsage, checkNotes+programList(fams, false))
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one PROGRAM before --, got %d arguments (usage: gamesearch %s)", len(pos), checkUsage)
	}
	if dash == len(args) {
		return usagef("missing -- COMMAND (usage: gamesearch %s)", checkUsage)
	}
	argv := args[dash+1:]
	o, err := sf.options(fs, pos[0])
	if err != nil {
		return err
	}
	o.Dir = *dirFlag
	if err := sf.sb.apply(o, false, stderr, "check"); err != nil {
		return err
	}
	maxFlag := sf.max
	switch {
	case *format != "text" && *format != "json" && *format != "gradescope":
		return usagef("-format %q: want text, json or gradescope", *format)
	case *jobs < 1:
		return usagef("-j %d: want at least 1", *jobs)
	}
	if *outFlag != "" {
		if err := checkReportFile(*outFlag, o, argv); err != nil {
			return err
		}
	}
	suites, err := buildSuites(o)
	if err != nil {
		return err
	}
	total := 0
	for _, s := range suites {
		total += s.cases()
	}
	if total == 0 {
		return usagef("no cases: the corpora have none for %s with these -rules, -board or -piece; add -suite random", o.Prog.Name)
	}
	stop := watchSignals()
	defer stop()
	if *batch != "" {
		if *format != "text" {
			return usagef("-batch writes one CSV row per submission: -format must be text")
		}
		return runBatch(o, argv, suites, *batch, *jobs, *outFlag, stdout)
	}
	c, err := newCommand(argv, o.Dir)
	if err != nil {
		return err
	}
	c.Box = o.Box
	if err := guardShown(c, o.Cases); err != nil {
		return err
	}
	rep, err := checkOne(o, c, suites, *maxFlag, true)
	if err != nil {
		return err
	}
	var text string
	switch *format {
	case "json":
		text = rep.jsonText()
	case "gradescope":
		text = rep.gradescopeText()
	default:
		text = rep.text()
	}
	if err := writeOut(*outFlag, text, stdout); err != nil {
		return err
	}
	if !rep.ok() {
		return failedError{}
	}
	return nil
}

// suiteFlags are the flags that choose the cases and their limits, shared
// by check and grade.
type suiteFlags struct {
	cf                                             common
	suite, cases, corpus, timeout, startup, budget *string
	max                                            *int
	sb                                             *sandboxFlags
}

// registerSuiteFlags registers the flags of suiteFlags on fs.
func registerSuiteFlags(fs *flag.FlagSet, gen bool, fams []*Family) *suiteFlags {
	sf := &suiteFlags{}
	sf.cf.register(fs, gen, fams)
	sf.suite = fs.String("suite", "default", "the suites to run: default (the few cases of the public and random suites chosen to meet every class of case), full (the public and random suites whole), all (and extra), or a comma-separated `LIST` of public (the course corpora), random and extra (our own speed cases and decisions where the handouts are silent)")
	sf.cases = fs.String("cases", "", "run the set in `DIR` written by gamesearch gen (only that set, unless -suite adds more)")
	sf.corpus = fs.String("corpus", "", "the conformance `DIR` (default: the copy built into gamesearch)")
	sf.timeout = fs.String("timeout", "", "CPU time one case may take, a `duration` with its unit such as 10s or 500ms (default: the program's, see docs/check.md; congo-agent: the time of each go)")
	sf.startup = fs.String("startup", "", "CPU time a batch (Congo's batch programs) gets on top of its cases for starting, a `duration` such as 2s or 0s (default: "+Startup.String()+")")
	sf.budget = fs.String("budget", "", "wall-clock time all the runs of one submission may take, a `duration` such as 7m; once it is spent the cases left are not run and fail (default 0: no budget)")
	sf.max = fs.Int("max", 5, "show at most `N` failures")
	sf.sb = registerSandboxFlags(fs)
	return sf
}

// options checks the parsed flags for the program called name and returns
// the options of the check.
func (sf *suiteFlags) options(fs *flag.FlagSet, name string) (*Options, error) {
	o := &Options{Cases: *sf.cases}
	var err error
	if o.Prog, err = findProgram(sf.cf.fams, name); err != nil {
		return nil, usagef("%v", err)
	}
	if err := sf.cf.apply(fs, o); err != nil {
		return nil, err
	}
	if o.Suites, o.Chosen, err = parseSuites(*sf.suite, cliutil.IsSet(fs, "suite"), o.Cases != ""); err != nil {
		return nil, err
	}
	o.chosenRandom = o.Chosen && !cliutil.IsSet(fs, "n") && !cliutil.IsSet(fs, "seed")
	if o.Chosen && o.Cases != "" {
		// The -cases set (gen's random cases) stands for the default
		// suite's random part.
		delete(o.Suites, "random")
	}
	switch {
	case *sf.max < 0:
		return nil, usagef("-max %d: want 0 or more", *sf.max)
	case o.Cases != "" && !o.Prog.Exact:
		return nil, usagef("-cases: %s is checked for validity only; gen writes no sets for it", o.Prog.Name)
	}
	o.Timeout = o.Prog.PerCase
	if t := *sf.timeout; t != "" {
		d, err := parseDuration("timeout", t)
		if err != nil {
			return nil, err
		}
		if d <= 0 {
			return nil, usagef("-timeout %s: want a positive duration", t)
		}
		o.Timeout, o.TimeoutSet = d, true
	}
	if t := *sf.startup; t != "" {
		if !o.Prog.Batch {
			return nil, usagef("-startup: %s runs one case a run, and only a batch gets a start-up", o.Prog.Name)
		}
		d, err := parseDuration("startup", t)
		if err != nil {
			return nil, err
		}
		if d < 0 {
			return nil, usagef("-startup %s: want 0 or a positive duration", t)
		}
		o.Startup, o.StartupSet = d, true
	}
	if t := *sf.budget; t != "" {
		d, err := parseDuration("budget", t)
		if err != nil {
			return nil, err
		}
		if d < 0 {
			return nil, usagef("-budget %s: want 0 (no budget) or a positive duration", t)
		}
		o.Budget = d
	}
	if o.Runs("public") || o.Runs("extra") {
		o.Corpus = embeddedCorpus()
		if *sf.corpus != "" {
			if st, err := os.Stat(*sf.corpus); err != nil || !st.IsDir() {
				return nil, usagef("-corpus %q: not a directory", *sf.corpus)
			}
			o.Corpus = DirFiles(*sf.corpus)
		}
	}
	return o, nil
}

// suiteNames are the suites in the order they run.
var suiteNames = []string{"public", "random", "extra"}

// parseSuites reads -suite: a comma-separated list of public, random and
// extra, or default (the cases chosen from public and random: chosen),
// full (public and random whole) or all (the three whole). With -cases and
// no -suite, only the set runs.
func parseSuites(list string, set, cases bool) (out map[string]bool, chosen bool, err error) {
	out = map[string]bool{}
	if cases && !set {
		return out, false, nil
	}
	for _, name := range strings.Split(list, ",") {
		switch name = strings.TrimSpace(name); name {
		case "all":
			for _, n := range suiteNames {
				out[n] = true
			}
		case "default", "full":
			out["public"], out["random"] = true, true
			chosen = chosen || name == "default"
		case "public", "random", "extra":
			out[name] = true
		default:
			return nil, false, usagef("-suite %s: want default, full, all, or a comma-separated list of public, random and extra", cliutil.Quote(name))
		}
	}
	return out, chosen, nil
}

// checkReportFile refuses a report file that would replace something the
// check reads: a file COMMAND names, a file of the -cases set, or a file
// that cannot be replaced (a directory, a device).
func checkReportFile(name string, o *Options, argv []string) error {
	if _, err := atomicfile.Replaceable(name); err != nil {
		return usagef("-o %s: %v", name, err)
	}
	var inputs []string
	for _, a := range argv {
		if a == "" {
			continue
		}
		inputs = append(inputs, a)
		if !filepath.IsAbs(a) {
			inputs = append(inputs, filepath.Join(o.Dir, a))
		}
	}
	if err := cliutil.DistinctOutput(name, inputs...); err != nil {
		return usagef("-o %s: the report would replace a file of COMMAND", name)
	}
	if o.Cases != "" {
		abs, err1 := filepath.Abs(name)
		set, err2 := filepath.Abs(o.Cases)
		if err1 == nil && err2 == nil {
			if rel, err := filepath.Rel(set, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				return usagef("-o %s: the report would be written into the -cases set %s", name, o.Cases)
			}
		}
	}
	return nil
}

// watchSignals makes SIGINT and SIGTERM stop the check cleanly: every
// program it started is killed (with what escaped its group), no run
// starts after it, and the runs' directories are removed as they return.
// The returned function stops watching.
func watchSignals() func() {
	procgroup.Subreap()
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
			interrupted.Store(true)
			procgroup.KillAll()
			procgroup.KillEscaped()
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// writeOut writes text to the file name, or to stdout when name is "".
func writeOut(name, text string, stdout io.Writer) error {
	if name == "" {
		if _, err := io.WriteString(stdout, text); err != nil {
			return fmt.Errorf("writing the report: %v", err)
		}
		return nil
	}
	if err := atomicfile.WriteFile(name, []byte(text), 0o644); err != nil {
		return fmt.Errorf("-o %s: %v", name, atomicfile.Cause(err))
	}
	return nil
}

// checkOne runs every case of the suites with command c; the report shows
// at most maxFail failures, shrunk when shrink is set.
func checkOne(o *Options, c *Command, suites []*suite, maxFail int, shrink bool) (*report, error) {
	results, notRun, err := runSuites(o, c, suites, maxFail, shrink, nil)
	if err != nil {
		return nil, err
	}
	return newReport(o, c, suites, results, notRun, maxFail), nil
}

// runSuites runs the units of the suites with command c, in order, and
// settles each result as soon as its unit has run (keeper.settle), so that
// the runs' output is dropped once judged. With a budget (o.Budget), a unit
// starts only while the budget lasts: notRun counts, per suite, the cases
// of the units left. After each suite, suiteDone (when not nil) gets how
// many suites are done and the results so far.
func runSuites(o *Options, c *Command, suites []*suite, maxFail int, shrink bool,
	suiteDone func(done int, results [][]*Result, notRun []int)) ([][]*Result, []int, error) {
	k := keeper{maxFail: maxFail, shrink: shrink}
	if o.Budget > 0 {
		k.deadline = time.Now().Add(o.Budget)
	}
	results := make([][]*Result, len(suites))
	notRun := make([]int, len(suites))
	for i, s := range suites {
		for _, u := range s.units {
			if k.spent() {
				notRun[i] += u.Size()
				continue
			}
			rs, err := u.Run(c, o)
			if err != nil {
				return nil, nil, err
			}
			if interrupted.Load() {
				return nil, nil, errInterrupted
			}
			if err := k.rerun(u, c, o, rs); err != nil {
				return nil, nil, err
			}
			for _, r := range rs {
				k.settle(r)
			}
			results[i] = append(results[i], rs...)
		}
		if suiteDone != nil {
			suiteDone(i+1, results, notRun)
		}
	}
	return results, notRun, nil
}
