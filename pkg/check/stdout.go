package check

import (
	"fmt"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/internal/splitmix"
)

// Stdout is a family of programs that answer one case a run: the case's
// input on stdin (or as arguments), the answer on stdout, compared line by
// line with the reference's ([Normalize]: line ends and trailing blanks
// tolerated and warned). [Stdout.Family] makes it a [Family] from a few
// functions: the corpus cases are files NAME.in and their expected
// outputs, the random cases come from a seeded generator, and gen writes
// sets of the same two files.
type Stdout struct {
	// Title names the game in messages; Programs are its programs, each
	// Exact (their Ref is the game's own, for Reference and Causes).
	Title    string
	Programs []*Program
	// Corpus is the game's folder of the conformance corpus: its cases
	// are NAME.in (the input) and NAME.out (the expected stdout), in name
	// order; with PerProgram, each program's expected stdout is
	// NAME.PROGRAM.out (several programs on the same inputs).
	Corpus     string
	PerProgram bool
	// Input returns the input of a random case from its seed: case i of
	// the random suite of seed S has the i-th number of splitmix.New(S).
	Input func(seed uint64) []byte
	// Reference returns p's expected stdout on input.
	Reference func(p *Program, input []byte) (string, error)
	// Args, when not nil, gives the case to the program as arguments after
	// COMMAND's (stdin empty) instead of on stdin.
	Args func(input []byte) []string
	// Causes, when not nil, returns the known mistakes that explain p's
	// wrong answer on input, got (its stdout's lines), beside those of the
	// run (a crash, a timeout, extra lines, the wording).
	Causes func(p *Program, input []byte, got []string) CauseSet
	// Explore tells that the explorer shows the program's search on a
	// case's stdin: each failure's explore line opens it there.
	Explore bool
}

// Family returns the family.
func (s *Stdout) Family() *Family {
	f := &Family{
		Title:    s.Title,
		Programs: s.Programs,
		Public: func(o *Options) ([]Unit, error) {
			return s.read(o.Corpus, s.Corpus, s.outSuffix(o.Prog))
		},
		Random:   s.random,
		ReadSet:  func(o *Options) ([]Unit, error) { return s.read(DirFiles(o.Cases), ".", "out") },
		SetFiles: setFiles,
	}
	if s.Explore {
		f.Explore = func(_ *Program, _, input string) url.Values { return ExploreInput(input, "stdin:\n") }
	}
	return f
}

// outSuffix is what follows NAME. in the name of p's expected outputs in
// the corpus.
func (s *Stdout) outSuffix(p *Program) string {
	if s.PerProgram {
		return p.Name + ".out"
	}
	return "out"
}

// random returns n random cases of o.Prog from seed.
func (s *Stdout) random(o *Options, n int, seed uint64) ([]Unit, error) {
	units := make([]Unit, n)
	r := splitmix.New(seed)
	for i := range units {
		in := s.Input(r.Uint64())
		want, err := s.Reference(o.Prog, in)
		if err != nil {
			return nil, fmt.Errorf("random case %d: %v", i+1, err)
		}
		units[i] = &stdoutCase{s: s, name: fmt.Sprintf("#%d", i+1), input: in, want: want}
	}
	return units, nil
}

// read reads the NAME.in files of folder dir of f and their expected
// outputs NAME.suffix, in name order.
func (s *Stdout) read(f Files, dir, suffix string) ([]Unit, error) {
	entries, err := f.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".in"); ok && !e.IsDir() {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var units []Unit
	for _, n := range names {
		in, err := f.Read(path.Join(dir, n+".in"))
		if err != nil {
			return nil, err
		}
		out, err := f.Read(path.Join(dir, n+"."+suffix))
		if err != nil {
			return nil, fmt.Errorf("%s.in has no %s.%s: %v", n, n, suffix, err)
		}
		units = append(units, &stdoutCase{s: s, name: n, input: in, want: string(out)})
	}
	return units, nil
}

// setFiles returns the files of a gen set: k.in and k.out for k = 1 … n,
// zero-padded.
func setFiles(_ *Options, units []Unit) []File {
	var files []File
	width := len(strconv.Itoa(len(units)))
	for i, u := range units {
		c := u.(*stdoutCase)
		name := fmt.Sprintf("%0*d", width, i+1)
		files = append(files, File{Name: name + ".in", Data: c.input}, File{Name: name + ".out", Data: []byte(c.want)})
	}
	return files
}

// stdoutCase is one input and the reference's stdout.
type stdoutCase struct {
	s     *Stdout
	name  string
	input []byte
	want  string
}

// Size is one case.
func (c *stdoutCase) Size() int { return 1 }

// Run runs the program on the case and compares its stdout.
func (c *stdoutCase) Run(cmd *Command, o *Options) ([]*Result, error) {
	spec := RunSpec{Stdin: c.input, Limit: o.Limit(1, 0)}
	shown := "stdin:\n" + ShowBytes(c.input)
	if c.s.Args != nil {
		spec.Args, spec.Stdin = c.s.Args(c.input), nil
		shown = "arguments: " + joinArgs(spec.Args) + "\n"
	}
	rr, err := cmd.Run(spec)
	if err != nil {
		return nil, err
	}
	want := SplitLines(c.want)
	got, warn := Normalize(rr.Stdout, true)
	r := &Result{Name: c.name, Input: shown, Expected: c.want, Actual: string(rr.Stdout), Warn: warn, Run: rr}
	if strings.Join(got, "\n") == strings.Join(want, "\n") && !rr.TimedOut && !rr.Crashed() {
		r.Passed = true
		return []*Result{r}, nil
	}
	r.Problem = RunNote(rr, FirstDiff(want, got, "stdout", 1))
	prog := o.Prog
	r.Causes = Memo(func() CauseSet {
		set := RunCauses(rr, want, got, nil)
		if set&stopCauses == 0 && c.s.Causes != nil {
			set |= c.s.Causes(prog, c.input, got)
		}
		return set
	})
	return []*Result{r}, nil
}
