package check

import (
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/morris"
)

// DefaultSeed is the seed of the random cases when -seed is not given.
const DefaultSeed = 1

const checkUsage = "check PROGRAM [flags] -- COMMAND [ARG...]"

const genUsage = "gen PROGRAM [-rules 2021|2022] [-board KIND] [-piece KIND] [-n N] [-seed S] -o DIR"

// usagef returns a usage mistake (exit status 2, like every error of
// check and gen).
func usagef(format string, a ...any) error { return fmt.Errorf(format, a...) }

// errHelp is returned after the help text was printed.
var errHelp = errors.New("help")

// common holds the flags check and gen share.
type common struct {
	rules, board, piece string
	n                   int
	seed                uint64
}

func (cf *common) register(fs *flag.FlagSet) {
	fs.StringVar(&cf.rules, "rules", "", "Congo edition, `2021|2022` (default: the program's own default)")
	fs.StringVar(&cf.board, "board", "S22", "Morris board of the random cases and of the public cases taken, `S22|E21|F18|B21|D23`")
	fs.StringVar(&cf.piece, "piece", "", "congo-moves: the `kind` the program lists (lion, zebra, elephant, giraffe, pawn, superpawn, crocodile, monkey)")
	fs.IntVar(&cf.n, "n", 200, "number of random cases")
	fs.Uint64Var(&cf.seed, "seed", DefaultSeed, "seed of the random cases")
}

// apply checks the shared flags against the program and fills o.
func (cf *common) apply(fs *flag.FlagSet, o *options) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	p := o.prog
	o.rules = p.rules
	if p.family == famAgent {
		o.rules = congo.Edition2022
	}
	if set["rules"] {
		if p.family != famCongo && p.family != famAgent {
			return usagef("-rules applies to the Congo programs only")
		}
		r, ok := congo.ParseEdition(cf.rules)
		if !ok {
			return usagef("-rules %q: want 2021 or 2022", cf.rules)
		}
		o.rules = r
	}
	k, ok := morris.ParseKind(cf.board)
	if !ok {
		return usagef("-board %q: want S22, E21, F18, B21 or D23", cf.board)
	}
	if set["board"] && p.family != famMorris {
		return usagef("-board applies to the Morris programs only")
	}
	o.board = k
	if set["piece"] {
		if p.name != "congo-moves" {
			return usagef("-piece applies to congo-moves only")
		}
		if _, ok := congo.KindByName(cf.piece); !ok {
			return usagef("-piece %q: unknown kind (want lion, zebra, elephant, giraffe, pawn, superpawn, crocodile, monkey)", cf.piece)
		}
		o.piece = cf.piece
	}
	if cf.n < 1 {
		return usagef("-n %d: want at least 1", cf.n)
	}
	o.n, o.seed = cf.n, cf.seed
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

// programList is the usage text's list of programs.
func programList() string {
	var b strings.Builder
	b.WriteString("programs:\n")
	for _, p := range programs {
		fmt.Fprintf(&b, "  %-23s %s\n", p.name, p.about)
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
func Check(args []string, stdout, stderr io.Writer) int {
	err := check(args, stdout)
	var fe failedError
	switch {
	case err == nil, errors.Is(err, errHelp):
		return 0
	case errors.As(err, &fe):
		return 1
	}
	fmt.Fprintf(stderr, "gamesearch check: %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
	return 2
}

// failedError reports that some case failed (exit status 1, no message).
type failedError struct{}

func (failedError) Error() string { return "a case failed" }

func check(args []string, stdout io.Writer) error {
	dash := len(args)
	for i, a := range args {
		if a == "--" {
			dash = i
			break
		}
	}
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	var cf common
	cf.register(fs)
	suiteFlag := fs.String("suite", "all", "`public|random|all`: the course corpora, random cases, or both")
	casesFlag := fs.String("cases", "", "a `DIR` written by gamesearch gen, used instead of random cases")
	corpusFlag := fs.String("corpus", "", "the conformance `DIR` (default: testdata/conformance found above the working directory)")
	timeoutFlag := fs.Duration("timeout", 0, "time limit of one run (default: the course's limit where a handout states one, else 10s; congo-agent: the time of each go)")
	format := fs.String("format", "text", "report format, `text|json|gradescope`")
	outFlag := fs.String("o", "", "write the report to `FILE` instead of stdout")
	maxFlag := fs.Int("max", 5, "show at most `N` failures")
	batch := fs.String("batch", "", "run COMMAND once per subfolder of `DIR`, {} standing for its path; one CSV row each")
	jobs := fs.Int("j", 1, "with -batch: check `N` submissions at a time")
	pos, err := parseFlags(fs, args[:dash], stdout, checkUsage, checkNotes+programList())
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
	o := &options{suite: *suiteFlag, cases: *casesFlag}
	if o.prog, err = findProgram(pos[0]); err != nil {
		return usagef("%v", err)
	}
	if err := cf.apply(fs, o); err != nil {
		return err
	}
	switch {
	case o.suite != "public" && o.suite != "random" && o.suite != "all":
		return usagef("-suite %q: want public, random or all", o.suite)
	case *format != "text" && *format != "json" && *format != "gradescope":
		return usagef("-format %q: want text, json or gradescope", *format)
	case *maxFlag < 0:
		return usagef("-max %d: want 0 or more", *maxFlag)
	case *jobs < 1:
		return usagef("-j %d: want at least 1", *jobs)
	case o.cases != "" && o.suite == "public":
		return usagef("-cases replaces the random cases: use -suite random or all")
	case o.cases != "" && !o.prog.exact:
		return usagef("-cases: %s is checked for validity only; gen writes no sets for it", o.prog.name)
	}
	o.timeout = *timeoutFlag
	if o.timeout == 0 {
		o.timeout = o.prog.timeout
	}
	if o.timeout == 0 {
		o.timeout = defaultTimeout
	}
	if o.timeout < 0 {
		return usagef("-timeout %v: want a positive duration", o.timeout)
	}
	if o.suite != "random" {
		o.corpus = FindCorpus(*corpusFlag)
		if st, err := os.Stat(o.corpus); *corpusFlag != "" && (err != nil || !st.IsDir()) {
			return usagef("-corpus %q: not a directory", *corpusFlag)
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
		return usagef("no cases: the corpora have none for %s with these -rules, -board or -piece; use -suite random or all", o.prog.name)
	}
	if *batch != "" {
		if *format != "text" {
			return usagef("-batch writes one CSV row per submission: -format must be text")
		}
		return runBatch(o, argv, suites, *batch, *jobs, *outFlag, stdout)
	}
	c, err := newCommand(argv)
	if err != nil {
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

// writeOut writes text to the file name, or to stdout when name is "".
func writeOut(name, text string, stdout io.Writer) error {
	if name == "" {
		if _, err := io.WriteString(stdout, text); err != nil {
			return fmt.Errorf("writing the report: %v", err)
		}
		return nil
	}
	if err := atomicfile.WriteFile(name, []byte(text), 0o644); err != nil {
		return fmt.Errorf("-o %s: %v", name, err)
	}
	return nil
}

// checkOne runs every case of the suites with command c; the report shows
// at most maxFail failures, shrunk when shrink is set.
func checkOne(o *options, c *command, suites []*suite, maxFail int, shrink bool) (*report, error) {
	results := make([][]*result, len(suites))
	for i, s := range suites {
		for _, u := range s.units {
			rs, err := u.run(c, o)
			if err != nil {
				return nil, err
			}
			results[i] = append(results[i], rs...)
		}
	}
	return newReport(o, c, suites, results, maxFail, shrink), nil
}

// runBatch checks every subfolder of dir with argv, "{}" standing for the
// subfolder's path, and writes one CSV row per submission.
func runBatch(o *options, argv []string, suites []*suite, dir string, jobs int, outName string, stdout io.Writer) error {
	found := false
	for _, a := range argv {
		found = found || strings.Contains(a, "{}")
	}
	if !found {
		return usagef("-batch: COMMAND must contain {} for the submission's folder")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return usagef("-batch: %v", err)
	}
	var subs []string
	for _, e := range entries {
		if e.IsDir() {
			subs = append(subs, e.Name())
		}
	}
	sort.Strings(subs)
	total := 0
	for _, s := range suites {
		total += s.cases()
	}
	rows := make([][]string, len(subs))
	allOK := true
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, jobs)
	for i, name := range subs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			path, _ := filepath.Abs(filepath.Join(dir, name))
			sub := make([]string, len(argv))
			for j, a := range argv {
				sub[j] = strings.ReplaceAll(a, "{}", path)
			}
			row := []string{name, "0", strconv.Itoa(total), "0", ""}
			c, err := newCommand(sub)
			var rep *report
			if err == nil {
				rep, err = checkOne(o, c, suites, 1, false)
			}
			ok := false
			if err != nil {
				row[4] = err.Error()
			} else {
				row[1], row[3], row[4] = strconv.Itoa(rep.Passed), fmtScore(rep.Score), rep.firstFailure()
				ok = rep.ok()
			}
			mu.Lock()
			rows[i] = row
			allOK = allOK && ok
			mu.Unlock()
		}()
	}
	wg.Wait()
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.Write([]string{"name", "passed", "total", "score", "first_failure"})
	w.WriteAll(rows)
	if err := writeOut(outName, b.String(), stdout); err != nil {
		return err
	}
	if !allOK {
		return failedError{}
	}
	return nil
}

const genNotes = `Writes a fresh test set with the reference's expected outputs, in the course's
own layout: Congo DIR/PROGRAM.in and DIR/PROGRAM.out (congo-moves -piece K:
DIR/congo-moves.K.out); Morris DIR/cases.tsv; Star/Circle DIR/<k>/input.txt and
output.txt. The same seed gives the same bytes. Check a program against the set
with gamesearch check PROGRAM -cases DIR -- COMMAND.

`

// Gen is "gamesearch gen"; args are the arguments after "gen". It returns
// the exit status: 0 on success, 2 for a usage error or an unwritable DIR.
func Gen(args []string, stdout, stderr io.Writer) int {
	err := gen(args, stdout)
	if err == nil || errors.Is(err, errHelp) {
		return 0
	}
	fmt.Fprintf(stderr, "gamesearch gen: %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
	return 2
}

func gen(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	var cf common
	cf.register(fs)
	outDir := fs.String("o", "", "the `DIR` to write (created if missing)")
	pos, err := parseFlags(fs, args, stdout, genUsage, genNotes+programList())
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one PROGRAM, got %d arguments (usage: gamesearch %s)", len(pos), genUsage)
	}
	o := &options{suite: "random", timeout: defaultTimeout}
	if o.prog, err = findProgram(pos[0]); err != nil {
		return usagef("%v", err)
	}
	if !o.prog.exact {
		return usagef("%s is checked for validity only: there are no expected outputs to write", o.prog.name)
	}
	if err := cf.apply(fs, o); err != nil {
		return err
	}
	if *outDir == "" {
		return usagef("missing -o DIR (usage: gamesearch %s)", genUsage)
	}
	files, err := genFiles(o)
	if err != nil {
		return err
	}
	for _, f := range files {
		path := filepath.Join(*outDir, f.name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("-o %s: %v", *outDir, err)
		}
		if err := atomicfile.WriteFile(path, f.data, 0o644); err != nil {
			return fmt.Errorf("-o %s: %v", *outDir, err)
		}
	}
	_, err = fmt.Fprintf(stdout, "wrote %d cases of %s (%s) to %s\n", o.n, o.prog.name, caseSettings(o), *outDir)
	return err
}

// genFiles returns the files of a gen set, in a fixed order.
func genFiles(o *options) ([]file, error) {
	units, err := randomUnits(o, o.n, o.seed)
	if err != nil {
		return nil, err
	}
	var files []file
	switch o.prog.family {
	case famCongo:
		u := units[0].(*congoUnit)
		in, out := congoSetNames(o)
		var want strings.Builder
		for k := range u.cases {
			for _, l := range u.wantLines(k) {
				want.WriteString(l + "\n")
			}
		}
		files = append(files, file{in, congoInput(u.cases)}, file{out, []byte(want.String())})
	case famMorris:
		cs := make([]morrisCase, len(units))
		for i, u := range units {
			cs[i] = *u.(*morrisCase)
		}
		files = append(files, file{"cases.tsv", writeMorrisTSV(cs)})
	case famStarCircle:
		width := len(strconv.Itoa(len(units)))
		for i, u := range units {
			sc := u.(*scCase)
			dir := fmt.Sprintf("%0*d", width, i+1)
			files = append(files, file{filepath.Join(dir, "input.txt"), sc.input},
				file{filepath.Join(dir, "output.txt"), []byte(sc.want)})
		}
	}
	readme := fmt.Sprintf("Test set for %s written by gamesearch gen (%s).\n"+
		"Expected outputs come from the gamesearch reference.\n"+
		"Check a program with: gamesearch check %s %s -cases DIR -- COMMAND\n",
		o.prog.name, caseSettings(o), o.prog.name, setFlags(o))
	return append(files, file{"README.txt", []byte(readme)}), nil
}

// setFlags are the flags check needs to read a set back.
func setFlags(o *options) string {
	s := "-suite random"
	if o.prog.family == famCongo {
		s = "-rules " + o.rules.String() + " " + s
	}
	if o.piece != "" {
		s += " -piece " + o.piece
	}
	return s
}
