package check

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	// timeout is the course's time limit where a handout states one.
	timeout time.Duration
	about   string
}

// defaultTimeout is the time limit of a run when the course states none.
const defaultTimeout = 10 * time.Second

// programs lists every program check knows, in the order of the usage text.
var programs = []*programInfo{
	{name: "congo-setup", family: famCongo, exact: true, congo: cli.Setup.Run, rules: congo.Edition2022, about: "Congo Part 1: piece listing"},
	{name: "congo-moves", family: famCongo, exact: true, congo: cli.Moves.Run, rules: congo.Edition2022, about: "Congo Part 2: sorted moves (-piece KIND: one kind)"},
	{name: "congo-move", family: famCongo, exact: true, congo: cli.Move.Run, rules: congo.Edition2022, about: "Congo Part 3: FEN and move in, new FEN and status out"},
	{name: "congo-eval", family: famCongo, exact: true, congo: cli.Eval.Run, rules: congo.Edition2022, about: "Congo Part 4.1: evaluation"},
	{name: "congo-minimax", family: famCongo, exact: true, congo: cli.Minimax.Run, rules: congo.Edition2022, about: "Congo Part 4.2: minimax depth 2"},
	{name: "congo-adveval", family: famCongo, exact: true, congo: cli.AdvEval.Run, rules: congo.Edition2021, about: "Congo Part 5.1: advanced evaluation"},
	{name: "congo-alphabeta", family: famCongo, exact: true, congo: cli.AlphaBeta.Run, rules: congo.Edition2021, about: "Congo Part 5.2: alpha-beta depth 4"},
	{name: "MiniMaxOpening", family: famMorris, exact: true, morris: morris.MiniMaxOpening, about: "Morris Part I"},
	{name: "MiniMaxGame", family: famMorris, exact: true, morris: morris.MiniMaxGame, about: "Morris Part I"},
	{name: "ABOpening", family: famMorris, exact: true, morris: morris.ABOpening, about: "Morris Part II"},
	{name: "ABGame", family: famMorris, exact: true, morris: morris.ABGame, about: "Morris Part II"},
	{name: "MiniMaxOpeningBlack", family: famMorris, exact: true, morris: morris.MiniMaxOpeningBlack, about: "Morris Part III"},
	{name: "MiniMaxGameBlack", family: famMorris, exact: true, morris: morris.MiniMaxGameBlack, about: "Morris Part III"},
	{name: "starcircle", family: famStarCircle, exact: true, about: "Star/Circle: input.txt to output.txt"},
	{name: "MiniMaxOpeningImproved", family: famMorris, morris: morris.MiniMaxOpeningImproved, timeout: 20 * time.Second, about: "Morris Part IV (validity; 20 s per move, the tournament's limit)"},
	{name: "MiniMaxGameImproved", family: famMorris, morris: morris.MiniMaxGameImproved, timeout: 20 * time.Second, about: "Morris Part IV (validity; 20 s per move)"},
	{name: "player", family: famMiniChess, timeout: 10 * time.Second, about: "a MiniChess player: COMMAND state action (validity; the runner's 10 s)"},
	{name: "congo-agent", family: famAgent, about: "the Congo tournament agent's text protocol (validity; -timeout is the go time)"},
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

// options are the settings of one check or gen run.
type options struct {
	prog    *programInfo
	rules   congo.Edition
	board   morris.Kind
	piece   string
	suite   string
	n       int
	seed    uint64
	cases   string
	corpus  string
	timeout time.Duration
}

// unit is one run of the command and the cases it answers.
type unit interface {
	// run runs c on the unit and judges every case; the error is a failure
	// to start c at all.
	run(c *command, o *options) ([]*result, error)
	// size is the number of cases.
	size() int
}

// suite is a named list of units.
type suite struct {
	name  string
	units []unit
}

// cases returns the number of cases of the suite.
func (s *suite) cases() int {
	n := 0
	for _, u := range s.units {
		n += u.size()
	}
	return n
}

// buildSuites returns the suites o selects: the public corpora, and random
// cases (or the set of -cases instead).
func buildSuites(o *options) ([]*suite, error) {
	var out []*suite
	if o.suite != "random" {
		s, err := publicSuite(o)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if o.suite != "public" {
		var s *suite
		var err error
		if o.cases != "" {
			s, err = casesSuite(o)
		} else {
			var units []unit
			units, err = randomUnits(o, o.n, o.seed)
			s = &suite{name: "random", units: units}
		}
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// publicSuite returns the vendored corpora of the program.
func publicSuite(o *options) (*suite, error) {
	if o.corpus == "" {
		return nil, fmt.Errorf("the public suite needs the conformance corpus: run inside the repository (testdata/conformance) or pass -corpus DIR; -suite random needs nothing")
	}
	var units []unit
	var err error
	switch o.prog.family {
	case famCongo:
		units, err = congoPublic(o)
	case famMorris:
		var cs []morrisCase
		cs, err = readMorrisTSV(filepath.Join(o.corpus, "morris", "cases.tsv"), o.prog.morris, o.board, false)
		for i := range cs {
			units = append(units, &cs[i])
		}
	case famStarCircle:
		units, err = starcirclePublic(o)
	case famMiniChess:
		units, err = chessPublic(o)
	case famAgent:
		units = agentPublic(o)
	}
	if err != nil {
		return nil, fmt.Errorf("public suite: %v", err)
	}
	return &suite{name: "public", units: units}, nil
}

// randomUnits returns n random cases from seed.
func randomUnits(o *options, n int, seed uint64) ([]unit, error) {
	var units []unit
	switch o.prog.family {
	case famCongo:
		u, err := congoRandom(o, n, seed)
		if err != nil {
			return nil, err
		}
		units = []unit{u}
	case famMorris:
		cs := morrisRandom(o.prog.morris, o.board, n, seed)
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
func casesSuite(o *options) (*suite, error) {
	if st, err := os.Stat(o.cases); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("-cases %q: not a directory", o.cases)
	}
	var units []unit
	var err error
	switch o.prog.family {
	case famCongo:
		var u unit
		u, err = congoReadSet(o)
		units = []unit{u}
	case famMorris:
		var cs []morrisCase
		cs, err = readMorrisTSV(filepath.Join(o.cases, "cases.tsv"), o.prog.morris, o.board, true)
		for i := range cs {
			units = append(units, &cs[i])
		}
	case famStarCircle:
		units, err = starcircleDir(o.cases, "")
	default:
		err = fmt.Errorf("%s is checked for validity only; gen writes no sets for it", o.prog.name)
	}
	if err != nil {
		return nil, fmt.Errorf("-cases: %v", err)
	}
	if len(units) == 0 {
		return nil, fmt.Errorf("-cases %q: no cases for %s", o.cases, o.prog.name)
	}
	return &suite{name: "cases", units: units}, nil
}

// FindCorpus returns dir, or the testdata/conformance folder found above
// the working directory or the executable ("" when there is none). The
// gamesearch bench command finds the corpus the same way.
func FindCorpus(dir string) string {
	if dir != "" {
		return dir
	}
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		starts = append(starts, filepath.Dir(exe))
	}
	for _, s := range starts {
		for d := s; ; d = filepath.Dir(d) {
			c := filepath.Join(d, "testdata", "conformance")
			if st, err := os.Stat(c); err == nil && st.IsDir() {
				return c
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return ""
}
