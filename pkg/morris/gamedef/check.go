package gamedef

// Morris-Variant: one run per case, as the course's grader runs a
// submission: "COMMAND board1.txt board2.txt DEPTH" in a fresh directory
// holding board1.txt; the three lines on stdout and board2.txt are compared.

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/morris/arena"
)

// The file names of the handout's example call.
const (
	morrisIn  = "board1.txt"
	morrisOut = "board2.txt"
)

// morrisCase is one Morris input with the reference's answer.
type morrisCase struct {
	name string
	// line is the case's line in its cases.tsv (0 for a random case).
	line  int
	prog  morris.Program
	kind  morris.Kind
	depth int
	input string
	want  morris.Result
	// models keeps the answers of the mistake models run on the case
	// ([morrisCase.model]): a case's diagnosis asks each variant once, but
	// the tests judge one case's answers under every variant, and grade
	// judges it for every submission. The corpus and random cases have
	// one; without it each model runs when asked.
	models *modelCache
}

// standardOf returns the standard program whose tree an improved program
// searches (itself for the standard programs).
func standardOf(p morris.Program) morris.Program {
	if p.Estimator == morris.Standard {
		return p
	}
	if p.Phase == morris.Opening {
		return morris.MiniMaxOpening
	}
	return morris.MiniMaxGame
}

// morrisStdout is the reference's standard output for res on a board of n
// points.
func morrisStdout(res morris.Result, n int) string {
	return fmt.Sprintf("Board Position: %s\nPositions evaluated by static estimation: %d.\nMINIMAX estimate: %d.\n",
		res.Board.Format(n), res.Evaluated, res.Estimate)
}

// morrisSolve runs the reference program p on input at depth.
func morrisSolve(p morris.Program, kind morris.Kind, input string, depth int) (morris.Result, error) {
	pos, _, err := morris.ParseBoard([]byte(input), kind, true)
	if err != nil {
		return morris.Result{}, err
	}
	return morris.NewProgramSearcher(p, morris.BoardOf(kind)).Search(pos, depth), nil
}

// The columns of cases.tsv (testdata/conformance/morris/README.md).
const morrisHeader = "program\tboard_kind\tdepth\tinput\toutput_board\tevaluated\testimate\tsource"

// readMorrisTSV reads the rows of a cases.tsv file for program p (for an
// improved program: its standard program's rows) on board kind (all boards
// when anyBoard).
func readMorrisTSV(f check.Files, name string, p morris.Program, kind morris.Kind, anyBoard bool) ([]morrisCase, error) {
	data, err := f.Read(name)
	if err != nil {
		return nil, err
	}
	path := f.Path(name)
	want := standardOf(p).Name
	var out []morrisCase
	text := strings.TrimSuffix(string(data), "\n")
	for i, row := range strings.Split(text, "\n") {
		line := i + 1
		row = strings.TrimSuffix(row, "\r")
		if line == 1 {
			if row != morrisHeader {
				return nil, fmt.Errorf("%s: line 1: not the cases.tsv header %q", path, morrisHeader)
			}
			continue
		}
		if len(row) > 1000 {
			return nil, fmt.Errorf("%s: line %d: %d bytes, too long for a case", path, line, len(row))
		}
		f := strings.Split(row, "\t")
		if len(f) != 8 {
			return nil, fmt.Errorf("%s: line %d: %d fields, want 8", path, line, len(f))
		}
		k, ok := morris.ParseKind(f[1])
		depth, dok := morris.ParseDepth(f[2])
		ev, eerr := strconv.ParseUint(f[5], 10, 64)
		est, serr := strconv.ParseInt(f[6], 10, 64)
		if !ok || !dok || eerr != nil || serr != nil {
			return nil, fmt.Errorf("%s: line %d: bad board kind, depth, evaluated or estimate", path, line)
		}
		if f[0] != want || (!anyBoard && k != kind) {
			continue
		}
		board, _, err := morris.ParseBoard([]byte(f[4]), k, true)
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: output_board: %v", path, line, err)
		}
		if _, _, err := morris.ParseBoard([]byte(f[3]), k, true); err != nil {
			return nil, fmt.Errorf("%s: line %d: input: %v", path, line, err)
		}
		out = append(out, morrisCase{
			name: fmt.Sprintf("%s line %d", filepath.Base(path), line), line: line, prog: p, kind: k, depth: depth,
			input: f[3], want: morris.Result{Board: board, Evaluated: ev, Estimate: est}, models: newModelCache(),
		})
	}
	return out, nil
}

// writeMorrisTSV writes cases as a cases.tsv file.
func writeMorrisTSV(cases []morrisCase) []byte {
	var b bytes.Buffer
	b.WriteString(morrisHeader + "\n")
	for _, c := range cases {
		n := morris.BoardOf(c.kind).N
		fmt.Fprintf(&b, "%s\t%s\t%d\t%s\t%s\t%d\t%d\treference\n", c.prog.Name, c.kind, c.depth, c.input,
			c.want.Board.Format(n), c.want.Evaluated, c.want.Estimate)
	}
	return b.Bytes()
}

// morrisRandom returns n random cases of program p on board kind: positions
// reached from the empty board by random games (placements with removals,
// then moves), with the side the program plays to move, in the phase it
// searches, at depths 1 to 4.
func morrisRandom(p morris.Program, kind morris.Kind, n int, seed uint64) []morrisCase {
	g := newMorrisDraws(p, kind, seed)
	out := make([]morrisCase, 0, n)
	misses := 0
	for len(out) < n {
		mc, ok := g.next()
		if !ok {
			continue
		}
		mc.name = fmt.Sprintf("#%d", len(out)+1)
		// One game case in six is a search that meets a side without a
		// move: rare in random games, so others are passed over (at most
		// 100 times) until one is found.
		if p.Phase == morris.Game && len(out)%6 == 5 && misses < 100 && !mc.meetsBlocked() {
			misses++
			continue
		}
		misses = 0
		out = append(out, mc)
	}
	check.ForEach(len(out), func(i int) {
		out[i].want, _ = morrisSolve(standardOf(p), kind, out[i].input, out[i].depth)
	})
	return out
}

// morrisDraws draws the positions and depths of morrisRandom from its
// seed.
type morrisDraws struct {
	p     morris.Program
	kind  morris.Kind
	rules arena.MatchRules
	r     *match.Rand
	buf   []morris.Node
}

// newMorrisDraws returns the draws for program p on board kind from seed.
func newMorrisDraws(p morris.Program, kind morris.Kind, seed uint64) *morrisDraws {
	return &morrisDraws{p: p, kind: kind, rules: arena.MatchRules{Board: morris.BoardOf(kind)}, r: match.NewRand(seed)}
}

// next plays the next random game and returns its case without a name or
// an answer; ok is false when that game ended before its last ply.
func (g *morrisDraws) next() (mc morrisCase, ok bool) {
	b, r := g.rules.Board, g.r
	// plies: even for White programs, odd for Black ones; within the
	// opening for the opening programs, after it for the game programs.
	var plies int
	if g.p.Phase == morris.Opening {
		plies = r.Intn(b.Pieces) * 2
	} else {
		plies = 2*b.Pieces + r.Intn(25)*2
	}
	if g.p.Black {
		plies++
	}
	s := g.rules.Start(morris.Position{})
	for range plies {
		if g.rules.Over(&s) {
			return morrisCase{}, false
		}
		if g.buf = g.rules.Moves(&s, g.buf[:0]); len(g.buf) == 0 {
			return morrisCase{}, false
		}
		s = g.rules.Play(&s, g.buf[r.Intn(len(g.buf))])
	}
	return morrisCase{prog: g.p, kind: g.kind, depth: 1 + r.Intn(4), input: s.Position.Format(b.N), models: newModelCache()}, true
}

// Run runs the command on the case and judges it.
func (mc *morrisCase) Run(c *check.Command, o *check.Options) ([]*check.Result, error) {
	rr, err := mc.exec(c, o, mc.depth)
	if err != nil {
		return nil, err
	}
	var r *check.Result
	if mc.prog.Estimator == morris.Standard {
		// probe runs the program on the same board at another depth.
		probe := check.MemoDepth(func(d int) *check.RunResult {
			rr, err := mc.exec(c, o, d)
			if err != nil {
				return nil
			}
			return rr
		})
		r = mc.judge(rr, probe)
		r.Features = check.Memo(mc.features)
		if !r.Passed {
			kind := check.FailKind(rr)
			r.Shrink = check.Memo(func() string { return mc.shrink(probe, kind) })
		}
	} else {
		r = mc.judgeValid(rr)
	}
	return []*check.Result{r}, nil
}

// Size implements check.Unit.
func (mc *morrisCase) Size() int { return 1 }

// exec runs the command on the case's board at depth.
func (mc *morrisCase) exec(c *check.Command, o *check.Options, depth int) (*check.RunResult, error) {
	return c.Run(check.RunSpec{
		Args:  []string{morrisIn, morrisOut, strconv.Itoa(depth)},
		Files: []check.File{{Name: morrisIn, Data: []byte(mc.input + "\n")}},
		Read:  []string{morrisOut},
		Limit: o.Limit(1, mc.want.Evaluated),
		// The improved programs play under the tournament's wall-clock
		// rule.
		WallClock: mc.prog.Estimator != morris.Standard,
	})
}

// describe returns the input as the report shows it.
func (mc *morrisCase) describe(depth int) string {
	return fmt.Sprintf("%s (board %s) holds %q\nCOMMAND %s %s %d", morrisIn, mc.kind, mc.input+"\n", morrisIn, morrisOut, depth)
}

// morrisLines matches the three lines of a Morris answer.
var morrisLines = [3]*regexp.Regexp{
	regexp.MustCompile(`^Board Position: ([WBx]+)$`),
	regexp.MustCompile(`^Positions evaluated by static estimation: ([0-9]+)\.$`),
	regexp.MustCompile(`^MINIMAX estimate: (-?[0-9]+)\.$`),
}

// morrisAnswer is a parsed answer.
type morrisAnswer struct {
	board    string
	count    uint64
	estimate int64
}

// parseMorris parses three normalized stdout lines.
func parseMorris(lines []string) (morrisAnswer, bool) { return parseLines(lines, morrisLines) }

// parseLines parses three normalized stdout lines, each matched by its
// expression, whose first group is the line's value.
func parseLines(lines []string, res [3]*regexp.Regexp) (morrisAnswer, bool) {
	if len(lines) != 3 {
		return morrisAnswer{}, false
	}
	var m [3]string
	for i, re := range res {
		s := re.FindStringSubmatch(lines[i])
		if s == nil {
			return morrisAnswer{}, false
		}
		m[i] = s[1]
	}
	count, err1 := strconv.ParseUint(m[1], 10, 64)
	est, err2 := strconv.ParseInt(m[2], 10, 64)
	return morrisAnswer{m[0], count, est}, err1 == nil && err2 == nil
}

// morrisLoose matches the three lines of an answer whose words may differ
// from the course's in letter case, punctuation and spacing.
var morrisLoose = [3]*regexp.Regexp{
	regexp.MustCompile(`^\W*(?i:board\W*position)\W*([WBx]+)\W*$`),
	regexp.MustCompile(`^\W*(?i:positions\W*evaluated\W*by\W*static\W*estimation)\W*([0-9]+)\W*$`),
	regexp.MustCompile(`^\W*(?i:minimax\W*estimate)\W*?(-?[0-9]+)\W*$`),
}

// parseLoose parses three normalized stdout lines whose words may differ
// from the course's in letter case, punctuation and spacing.
func parseLoose(lines []string) (morrisAnswer, bool) { return parseLines(lines, morrisLoose) }

// judge compares an exact program's run with the reference; probe runs
// the program at other depths, for the diagnosis.
func (mc *morrisCase) judge(rr *check.RunResult, probe func(d int) *check.RunResult) *check.Result {
	n := morris.BoardOf(mc.kind).N
	wantOut := morrisStdout(mc.want, n)
	wantFile := mc.want.Board.Format(n)
	r := &check.Result{Name: mc.name, Input: mc.describe(mc.depth),
		Expected: wantOut + morrisOut + ": " + wantFile + "\n"}
	got, w := check.Normalize(rr.Stdout, true)
	fileData, written := rr.Files[morrisOut]
	gotFile, fw := check.Normalize(fileData, true)
	r.Warn = w | fw
	r.Actual = string(rr.Stdout) + morrisOut + ": " + check.FileState(fileData, written)
	want := check.SplitLines(wantOut)
	r.Problem = check.FirstDiff(want, got, "stdout", 1)
	if r.Problem == "" {
		r.Problem = fileDiff(wantFile, gotFile, written)
		if !written {
			r.Problem = rr.Missing(morrisOut)
		}
	}
	r.Passed = r.Problem == ""
	r.NoteRun(rr)
	if !r.Passed {
		r.Problem = check.RunNote(rr, r.Problem)
		r.Causes = check.Memo(func() check.CauseSet { return mc.causes(rr, want, got, probe) })
	}
	return r
}

// fileDiff compares an output file holding one line with want.
func fileDiff(want string, got []string, written bool) string {
	if !written {
		return morrisOut + " was not written"
	}
	return check.FirstDiff([]string{want}, got, morrisOut, 1)
}

// shrink reruns the command at the smaller depths and returns the first
// that fails the same way (a wrong answer, a crash, a timeout).
func (mc *morrisCase) shrink(probe func(d int) *check.RunResult, kind string) string {
	for d := 1; d < mc.depth; d++ {
		want, err := morrisSolve(mc.prog, mc.kind, mc.input, d)
		if err != nil {
			return ""
		}
		rr := probe(d)
		if rr == nil {
			return ""
		}
		dc := *mc
		// The case at depth d: the models kept for mc's depth are not its.
		dc.depth, dc.want, dc.models = d, want, newModelCache()
		if r := dc.judge(rr, nil); !r.Passed && check.FailKind(rr) == kind {
			return fmt.Sprintf("smallest depth that still differs: %d\n%s\n%s", d, dc.describe(d), r.Problem)
		}
	}
	if mc.depth > 1 {
		return check.OnlyAtDepth(mc.depth)
	}
	return "depth 1 is the smallest depth"
}

// judgeValid checks an improved program's run: three lines in the right
// form naming a legal board (a child of the input for White, or the input
// when White has none), the same board in board2.txt, within the time
// limit, no crash.
func (mc *morrisCase) judgeValid(rr *check.RunResult) *check.Result {
	r := &check.Result{Name: mc.name, Input: mc.describe(mc.depth), Run: rr}
	got, w := check.Normalize(rr.Stdout, true)
	fileData, written := rr.Files[morrisOut]
	gotFile, fw := check.Normalize(fileData, true)
	r.Warn = w | fw
	r.Actual = string(rr.Stdout) + morrisOut + ": " + check.FileState(fileData, written)
	fail := func(c check.Cause, problem string) *check.Result {
		r.Problem = check.RunNote(rr, problem)
		r.Causes = func() check.CauseSet { return check.WithMixed(c) }
		return r
	}
	switch {
	case rr.TimedOut:
		return fail(check.CauseTimeout, "no answer before the time limit")
	case rr.Crashed():
		return fail(check.CauseCrash, "the program crashed")
	case len(got) == 0:
		return fail(check.CauseEmpty, "stdout is empty")
	}
	a, ok := parseMorris(got)
	if _, loose := parseLoose(got); !ok && loose {
		return fail(check.CauseWording, "stdout differs from the three lines \"Board Position: …\", "+
			"\"Positions evaluated by static estimation: N.\", \"MINIMAX estimate: V.\" in letter case, punctuation or spacing")
	}
	if !ok {
		return fail(check.CauseFormat, "stdout is not the three lines \"Board Position: …\", "+
			"\"Positions evaluated by static estimation: N.\", \"MINIMAX estimate: V.\"")
	}
	if !mc.legal(a.board) {
		return fail(check.CauseIllegal, fmt.Sprintf("board %s is not a position White can reach from %s in one move", a.board, mc.input))
	}
	if !written || len(gotFile) != 1 || gotFile[0] != a.board {
		return fail(check.CauseNoOutputFile, fmt.Sprintf("%s must hold the printed board %s", morrisOut, a.board))
	}
	if a.count != mc.want.Evaluated {
		r.Warn.Add(check.WarnCount)
	}
	r.Passed = true
	return r
}

// legal reports whether board is a child of the input for White (in the
// program's phase), or the input itself when White has no move.
func (mc *morrisCase) legal(board string) bool {
	b := morris.BoardOf(mc.kind)
	pos, _, err1 := morris.ParseBoard([]byte(mc.input), mc.kind, true)
	got, _, err2 := morris.ParseBoard([]byte(board), mc.kind, true)
	if err1 != nil || err2 != nil {
		return false
	}
	children := b.AppendChildren(nil, &morris.Node{Position: pos}, mc.prog.Phase)
	if len(children) == 0 {
		return got == pos
	}
	for _, ch := range children {
		if ch.Position == got {
			return true
		}
	}
	return false
}
