package check

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/cli"
	"github.com/gamesearch/gamesearch/pkg/morris"
)

// family is the course a program belongs to; it decides how a submission is
// run and judged.
type family uint8

const (
	famCongo family = iota
	famMorris
	famStarCircle
	famMiniChess
	famAgent
)

// runFunc is the signature of the graded programs' Run functions.
type runFunc func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// programInfo describes one program check knows.
type programInfo struct {
	name   string
	family family
	// exact: the output is compared with the reference; otherwise only its
	// validity is checked.
	exact bool
	// congo is the reference of a Congo batch program; rules its default
	// edition.
	congo runFunc
	rules congo.Edition
	// morris is the Morris program.
	morris morris.Program
	// perCase is the CPU time one case may take by default (docs/check.md
	// gives the reasons); perWork is added per unit of the reference's work
	// on the case (Morris: static evaluations; Star/Circle: nodes).
	perCase, perWork time.Duration
	about            string
}

// startup is the CPU time a Congo batch gets on top of its cases: a Java
// virtual machine uses up to a second of CPU time starting.
const startup = 2 * time.Second

// Limit returns the CPU time of a run answering n cases on which the
// reference does work units of work: n times the per-case Limit (-timeout,
// or the program's default plus perWork for each unit of work), plus
// startup for a Congo batch.
func (o *Options) Limit(n int, work uint64) time.Duration {
	per := o.Timeout
	if !o.TimeoutSet {
		per += time.Duration(work) * o.Prog.perWork
	}
	l := time.Duration(n) * per
	if o.Prog.family == famCongo {
		l += startup
	}
	return l
}

// programs lists every program check knows, in the order of the usage text.
var programs = []*programInfo{
	{name: "congo-setup", family: famCongo, exact: true, congo: cli.Setup.Run, rules: congo.Edition2022, perCase: time.Second, about: "Congo Part 1: piece listing"},
	{name: "congo-moves", family: famCongo, exact: true, congo: cli.Moves.Run, rules: congo.Edition2022, perCase: time.Second, about: "Congo Part 2: sorted moves (-piece KIND: one kind)"},
	{name: "congo-move", family: famCongo, exact: true, congo: cli.Move.Run, rules: congo.Edition2022, perCase: time.Second, about: "Congo Part 3: FEN and move in, new FEN and status out"},
	{name: "congo-eval", family: famCongo, exact: true, congo: cli.Eval.Run, rules: congo.Edition2022, perCase: time.Second, about: "Congo Part 4.1: evaluation"},
	{name: "congo-minimax", family: famCongo, exact: true, congo: cli.Minimax.Run, rules: congo.Edition2022, perCase: 2 * time.Second, about: "Congo Part 4.2: minimax depth 2"},
	{name: "congo-adveval", family: famCongo, exact: true, congo: cli.AdvEval.Run, rules: congo.Edition2021, perCase: time.Second, about: "Congo Part 5.1: advanced evaluation"},
	{name: "congo-alphabeta", family: famCongo, exact: true, congo: cli.AlphaBeta.Run, rules: congo.Edition2021, perCase: 5 * time.Second, about: "Congo Part 5.2: alpha-beta depth 4"},
	{name: "MiniMaxOpening", family: famMorris, exact: true, morris: morris.MiniMaxOpening, perCase: 10 * time.Second, perWork: 100 * time.Microsecond, about: "Morris Part I"},
	{name: "MiniMaxGame", family: famMorris, exact: true, morris: morris.MiniMaxGame, perCase: 10 * time.Second, perWork: 100 * time.Microsecond, about: "Morris Part I"},
	{name: "ABOpening", family: famMorris, exact: true, morris: morris.ABOpening, perCase: 10 * time.Second, perWork: 100 * time.Microsecond, about: "Morris Part II"},
	{name: "ABGame", family: famMorris, exact: true, morris: morris.ABGame, perCase: 10 * time.Second, perWork: 100 * time.Microsecond, about: "Morris Part II"},
	{name: "MiniMaxOpeningBlack", family: famMorris, exact: true, morris: morris.MiniMaxOpeningBlack, perCase: 10 * time.Second, perWork: 100 * time.Microsecond, about: "Morris Part III"},
	{name: "MiniMaxGameBlack", family: famMorris, exact: true, morris: morris.MiniMaxGameBlack, perCase: 10 * time.Second, perWork: 100 * time.Microsecond, about: "Morris Part III"},
	{name: "starcircle", family: famStarCircle, exact: true, perCase: 10 * time.Second, perWork: 50 * time.Microsecond, about: "Star/Circle: input.txt to output.txt"},
	{name: "MiniMaxOpeningImproved", family: famMorris, morris: morris.MiniMaxOpeningImproved, perCase: 20 * time.Second, about: "Morris Part IV (validity; 20 s per move, the tournament's limit)"},
	{name: "MiniMaxGameImproved", family: famMorris, morris: morris.MiniMaxGameImproved, perCase: 20 * time.Second, about: "Morris Part IV (validity; 20 s per move)"},
	{name: "player", family: famMiniChess, perCase: 10 * time.Second, about: "a MiniChess player: COMMAND state action (validity; the runner's 10 s)"},
	{name: "congo-agent", family: famAgent, perCase: 10 * time.Second, about: "the Congo tournament agent's text protocol (validity; -timeout is the go time)"},
}

// findProgram returns the program called name.
func findProgram(name string) (*programInfo, error) {
	for _, p := range programs {
		if p.name == name {
			return p, nil
		}
	}
	names := make([]string, len(programs))
	for i, p := range programs {
		names[i] = p.name
	}
	return nil, fmt.Errorf("unknown program %q (want %s)", name, strings.Join(names, ", "))
}

// Options are the settings of one check or gen run.
type Options struct {
	Prog  *programInfo
	Rules congo.Edition
	Board morris.Kind
	Piece string
	// Suites are the Suites to run, by name; cases is the -cases set.
	Suites map[string]bool
	N      int
	Seed   uint64
	Cases  string
	// Corpus is the conformance Corpus (built in, or -Corpus DIR).
	Corpus Files
	// Timeout is the per-case limit (-Timeout, or the program's perCase);
	// timeoutSet tells that -Timeout gave it.
	Timeout    time.Duration
	TimeoutSet bool
	// Dir is the submission directory linked into every run directory.
	Dir string
}

// Unit is one run of the command and the cases it answers.
type Unit interface {
	// Run runs c on the unit and judges every case; the error is a failure
	// to start c at all.
	Run(c *Command, o *Options) ([]*Result, error)
	// Size is the number of cases.
	Size() int
}

// suite is a named list of units.
type suite struct {
	name  string
	units []Unit
}

// cases returns the number of cases of the suite.
func (s *suite) cases() int {
	n := 0
	for _, u := range s.units {
		n += u.Size()
	}
	return n
}

// Runs reports whether the suite called name Runs.
func (o *Options) Runs(name string) bool { return o.Suites[name] }

// buildSuites returns the suites o selects, in the order they run: the
// public corpora, random cases, the -cases set and the extra cases.
func buildSuites(o *Options) ([]*suite, error) {
	var out []*suite
	if o.Runs("public") {
		s, err := publicSuite(o, false)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if o.Runs("random") {
		units, err := randomUnits(o, o.N, o.Seed)
		if err != nil {
			return nil, err
		}
		out = append(out, &suite{name: "random", units: units})
	}
	if o.Cases != "" {
		s, err := casesSuite(o)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if o.Runs("extra") {
		s, err := publicSuite(o, true)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// publicSuite returns the vendored corpora of the program: the course's
// data ("public"), or with extra the cases of the corpora that are not
// course data ("extra": our speed cases and our decisions where the
// handouts are silent, listed in the game's extra.txt beside its corpus).
func publicSuite(o *Options, extra bool) (*suite, error) {
	name := "public"
	if extra {
		name = "extra"
	}
	var units []Unit
	var err error
	var game string
	switch o.Prog.family {
	case famCongo:
		units, err = congoPublic(o)
	case famMorris:
		game = "morris"
		var cs []morrisCase
		cs, err = readMorrisTSV(o.Corpus, "morris/cases.tsv", o.Prog.morris, o.Board, false)
		for i := range cs {
			units = append(units, &cs[i])
		}
	case famStarCircle:
		game = "starcircle"
		units, err = starcirclePublic(o)
	case famMiniChess:
		units, err = chessPublic(o)
	case famAgent:
		units = agentPublic(o)
	}
	if err != nil {
		return nil, fmt.Errorf("%s suite: %v", name, err)
	}
	list := map[string]bool{}
	if game != "" {
		if list, err = readExtra(o.Corpus, game+"/extra.txt"); err != nil {
			return nil, fmt.Errorf("%s suite: %v", name, err)
		}
	}
	kept := units[:0]
	for _, u := range units {
		if list[corpusKey(u)] == extra {
			kept = append(kept, u)
		}
	}
	return &suite{name: name, units: kept}, nil
}

// corpusKey names a corpus case as extra.txt does: "cases.tsv:LINE" for a
// Morris row, the folder name for a Star/Circle case.
func corpusKey(u Unit) string {
	switch u := u.(type) {
	case *morrisCase:
		return fmt.Sprintf("cases.tsv:%d", u.line)
	case *scCase:
		return u.name
	}
	return ""
}

// readExtra reads an extra.txt list: one case a line, a tab and the
// reason after it, # comments. A missing file lists nothing.
func readExtra(f Files, name string) (map[string]bool, error) {
	data, err := f.Read(name)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		key, _, _ := strings.Cut(l, "\t")
		out[strings.TrimSpace(key)] = true
	}
	return out, nil
}

// randomUnits returns n random cases from seed.
func randomUnits(o *Options, n int, seed uint64) ([]Unit, error) {
	var units []Unit
	switch o.Prog.family {
	case famCongo:
		u, err := congoRandom(o, n, seed)
		if err != nil {
			return nil, err
		}
		units = []Unit{u}
	case famMorris:
		cs := morrisRandom(o.Prog.morris, o.Board, n, seed)
		for i := range cs {
			units = append(units, &cs[i])
		}
	case famStarCircle:
		cs, err := starcircleRandom(n, seed)
		if err != nil {
			return nil, err
		}
		for i := range cs {
			units = append(units, &cs[i])
		}
	case famMiniChess:
		units = chessRandom(n, seed)
	case famAgent:
		units = agentRandom(o, n, seed)
	}
	return units, nil
}

// casesSuite reads a set written by gen.
func casesSuite(o *Options) (*suite, error) {
	if st, err := os.Stat(o.Cases); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("-cases %q: not a directory", o.Cases)
	}
	var units []Unit
	var err error
	switch o.Prog.family {
	case famCongo:
		var u Unit
		u, err = congoReadSet(o)
		units = []Unit{u}
	case famMorris:
		var cs []morrisCase
		cs, err = readMorrisTSV(DirFiles(o.Cases), "cases.tsv", o.Prog.morris, o.Board, true)
		for i := range cs {
			units = append(units, &cs[i])
		}
	case famStarCircle:
		units, err = starcircleDir(DirFiles(o.Cases), ".", "")
	default:
		err = fmt.Errorf("%s is checked for validity only; gen writes no sets for it", o.Prog.name)
	}
	if err != nil {
		return nil, fmt.Errorf("-cases: %v", err)
	}
	if len(units) == 0 {
		return nil, fmt.Errorf("-cases %q: no cases for %s", o.Cases, o.Prog.name)
	}
	return &suite{name: "cases", units: units}, nil
}
