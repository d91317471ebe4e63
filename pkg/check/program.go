package check

import (
	"github.com/gamesearch/gamesearch/internal/sandbox"

	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"
)

// Program describes one program check knows.
type Program struct {
	// Name is the program's name on the command line.
	Name string
	// Family is the family the program belongs to (set by findProgram).
	Family *Family
	// Exact: the output is compared with the reference; otherwise only its
	// validity is checked.
	Exact bool
	// Ref is the family's own description of the program: its reference
	// and conventions.
	Ref any
	// PerCase is the CPU time one case may take by default (docs/check.md
	// gives the reasons); PerWork is added per unit of the reference's work
	// on the case, the unit WorkUnit names ("static evaluation", "node").
	PerCase, PerWork time.Duration
	WorkUnit         string
	// Batch: one run answers every case of a batch (N and the cases on
	// stdin) and gets Startup more CPU time.
	Batch bool
	// WallClock: the limits are wall-clock time (programs that play under
	// a tournament's clock).
	WallClock bool
	// About is the program's line in the usage text.
	About string
}

// Startup is the CPU time a batch gets on top of its cases unless -startup
// says otherwise: a Java virtual machine uses up to a second of CPU time
// starting.
const Startup = 2 * time.Second

// Limit returns the CPU time of a run answering n cases on which the
// reference does work units of work: n times the per-case limit (-timeout,
// or the program's default plus PerWork for each unit of work), plus
// the start-up for a batch.
func (o *Options) Limit(n int, work uint64) time.Duration {
	per := o.Timeout
	if !o.TimeoutSet {
		per += time.Duration(work) * o.Prog.PerWork
	}
	l := time.Duration(n) * per
	if o.Prog.Batch {
		l += o.startup()
	}
	if o.generous {
		l = Generous(l)
	}
	return l
}

// GenerousCap is the most time a run gets when it is run again with more
// time after its limit stopped it.
const GenerousCap = 5 * time.Minute

// Generous returns the limit of a run run again after the limit l stopped
// it: ten times l or GenerousCap, whichever is less (l itself when it is
// more than the cap).
func Generous(l time.Duration) time.Duration { return max(l, min(10*l, GenerousCap)) }

// startup is the CPU time a batch gets on top of its cases: -startup, or
// Startup.
func (o *Options) startup() time.Duration {
	if o.StartupSet {
		return o.Startup
	}
	return Startup
}

// Options are the settings of one check or gen run.
type Options struct {
	Prog *Program
	// Settings are the values of the families' settings flags, by name;
	// Game is what the program's family made of them (Family.Apply).
	Settings map[string]string
	Game     any
	// Suites are the suites to run, by name; Cases is the -cases set.
	// Chosen tells that the default suite runs: of the public suite and,
	// with chosenRandom (-n and -seed not given), of the random one, only
	// the cases the family's list chose.
	Suites       map[string]bool
	Chosen       bool
	chosenRandom bool
	N            int
	Seed         uint64
	Cases        string
	// Corpus is the conformance corpus (built in, or -corpus DIR).
	Corpus Files
	// Timeout is the per-case limit (-timeout, or the program's PerCase);
	// TimeoutSet tells that -timeout gave it.
	Timeout    time.Duration
	TimeoutSet bool
	// Startup is what a batch gets on top of its cases when StartupSet
	// tells that -startup gave it (Startup, the constant, otherwise).
	Startup    time.Duration
	StartupSet bool
	// Budget is the wall-clock time the runs of one submission may take
	// (-budget; 0: no budget): once it is spent, the units left are not
	// started and their cases fail, "not run".
	Budget time.Duration
	// generous makes Limit the Generous limit: a unit stopped at its
	// limit is run again so (rerun).
	generous bool
	// Dir is the submission directory linked into every run directory.
	Dir string
	// Box is the sandbox of every run of the student's code (its Dir and
	// ReadOnly are set per run); NoSandbox tells that -no-sandbox turned
	// it off, and Unsandboxed why there is none.
	Box         sandbox.Config
	NoSandbox   bool
	Unsandboxed string
}

// Unit is one run of the command and the cases it answers.
type Unit interface {
	// Run runs c on the unit and judges every case; the error is a failure
	// to start c at all.
	Run(c *Command, o *Options) ([]*Result, error)
	// Size is the number of cases.
	Size() int
}

// UnitsOf returns the elements of cs, by pointer, as units (err, when not
// nil, is returned instead).
func UnitsOf[T any, PT interface {
	*T
	Unit
}](cs []T, err error) ([]Unit, error) {
	if err != nil {
		return nil, err
	}
	units := make([]Unit, len(cs))
	for i := range cs {
		units[i] = PT(&cs[i])
	}
	return units, nil
}

// suite is a named list of units.
type suite struct {
	name  string
	units []Unit
	// of is the number of cases the default suite chose these from (0:
	// the suite is whole).
	of int
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
	// The -cases folder is read first: a mistake in it is reported before
	// the random cases are drawn and solved.
	var cases *suite
	if o.Cases != "" {
		s, err := casesSuite(o)
		if err != nil {
			return nil, err
		}
		cases = s
	}
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
	if cases != nil {
		out = append(out, cases)
	}
	if o.Runs("extra") {
		s, err := publicSuite(o, true)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if err := chooseSuites(o, out); err != nil {
		return nil, err
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
	units, err := o.Prog.Family.Public(o)
	if err != nil {
		return nil, fmt.Errorf("%s suite: %v", name, err)
	}
	list := map[string]bool{}
	if f := o.Prog.Family.Extra; f != "" {
		if list, err = readExtra(o.Corpus, f); err != nil {
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

// corpusKey names a corpus case as its family's extra list does ("" for
// a unit without a key).
func corpusKey(u Unit) string {
	if k, ok := u.(Keyed); ok {
		return k.Key()
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
	return o.Prog.Family.Random(o, n, seed)
}

// casesSuite reads a set written by gen.
func casesSuite(o *Options) (*suite, error) {
	if st, err := os.Stat(o.Cases); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("-cases %q: not a directory", o.Cases)
	}
	if o.Prog.Family.ReadSet == nil {
		return nil, fmt.Errorf("-cases: %s is checked for validity only; gen writes no sets for it", o.Prog.Name)
	}
	units, err := o.Prog.Family.ReadSet(o)
	if err != nil {
		return nil, fmt.Errorf("-cases: %v", err)
	}
	if len(units) == 0 {
		return nil, fmt.Errorf("-cases %q: no cases for %s", o.Cases, o.Prog.Name)
	}
	return &suite{name: "cases", units: units}, nil
}
