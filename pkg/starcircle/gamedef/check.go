package gamedef

// Star/Circle: the grader runs a submission in a fresh directory holding
// input.txt and reads output.txt; lines are compared after trimming trailing
// white space, and the last line needs no newline.

import (
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

// scCase is one Star/Circle input with the expected output.txt.
type scCase struct {
	name string
	prob *starcircle.Problem
	// input is the exact input.txt.
	input []byte
	want  string
}

// starcircleDir reads every folder of dir holding input.txt and output.txt,
// in name order; prefix is put before the folder names.
func starcircleDir(f check.Files, dir, prefix string) ([]check.Unit, error) {
	entries, err := f.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	var units []check.Unit
	for _, name := range names {
		in, err := f.Read(path.Join(dir, name, "input.txt"))
		if err != nil {
			return nil, err
		}
		want, err := f.Read(path.Join(dir, name, "output.txt"))
		if err != nil {
			return nil, err
		}
		p, err := starcircle.Parse(in)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f.Path(path.Join(dir, name, "input.txt")), err)
		}
		units = append(units, &scCase{name: prefix + name, prob: p, input: in, want: string(want)})
	}
	return units, nil
}

// starcirclePublic returns the vendored cases.
func starcirclePublic(o *check.Options) ([]check.Unit, error) {
	return starcircleDir(o.Corpus, "starcircle/cases", "")
}

// starcircleRandom returns n random problems: positions reached from the
// start position by random games (captures preferred half the time), either
// player to move, either algorithm, depths 1 to 4, the handout's row values
// or other increasing ones. Every fourth game is played towards its end, for
// passes; every fourth case instead is a set-up ending: a few pieces of each
// side near its last row, where stacks stand and grow, and blocked pieces
// pass.
func starcircleRandom(n int, seed uint64) ([]scCase, error) {
	start, err := starcircle.Parse([]byte(starcircle.StartInput("MINIMAX", 1)))
	if err != nil {
		return nil, err
	}
	r := match.NewRand(seed)
	out := make([]scCase, 0, n)
	var buf, picks []starcircle.Move
	for len(out) < n {
		p := new(starcircle.Problem)
		*p = *start
		g := starcircle.NewCourseGame(starcircle.NewWeights(p.Values), starcircle.Star)
		if len(out)%4 == 1 {
			setUpEnding(p, r)
		}
		pos := p.Position()
		plies := r.Intn(40)
		if len(out)%4 == 1 {
			plies = r.Intn(3)
		}
		if len(out)%4 == 3 {
			plies = 40 + r.Intn(60)
		}
		for i := 0; i < plies; i++ {
			buf = g.Moves(&pos, buf[:0])
			picks = picks[:0]
			if r.Intn(2) == 0 {
				for _, m := range buf {
					if m != starcircle.Pass && m.IsJump() {
						picks = append(picks, m)
					}
				}
			}
			if len(picks) == 0 {
				picks = append(picks, buf...)
			}
			m := picks[r.Intn(len(picks))]
			var next starcircle.Position
			g.Play(&next, &pos, m)
			if g.Terminal(&next) {
				break
			}
			playHeights(&p.Board, pos.ToMove, m)
			pos = next
		}
		p.Player = pos.ToMove
		p.Algorithm = starcircle.Algorithm(r.Intn(2))
		p.Depth = 1 + r.Intn(4)
		if r.Intn(3) > 0 {
			v := starcircle.Value(r.Intn(5))
			for i := range p.Values {
				v += 1 + starcircle.Value(r.Intn(20))
				p.Values[i] = v
			}
		}
		out = append(out, scCase{name: fmt.Sprintf("#%d", len(out)+1), prob: p})
	}
	check.ForEach(len(out), func(i int) { out[i] = newSCCase(out[i].name, out[i].prob) })
	return out, nil
}

// setUpEnding replaces p's board by an ending: one to four pieces of each
// side on the three rows before its last row and on it, where a piece may
// already stand in a stack of two or three.
func setUpEnding(p *starcircle.Problem, r *match.Rand) {
	p.Board = [64]int{}
	for _, who := range []starcircle.Player{starcircle.Star, starcircle.Circle} {
		sign, last := 1, 7
		if who == starcircle.Circle {
			sign, last = -1, 0
		}
		for k := 1 + r.Intn(4); k > 0; k-- {
			row := last - sign*r.Intn(4)
			col := r.Intn(8)
			sq := starcircle.NewSquare(row, col)
			if !sq.Dark() {
				sq = starcircle.NewSquare(row, col^1)
			}
			if p.Board[sq] != 0 {
				continue
			}
			h := 1
			if row == last && r.Intn(2) == 0 {
				h = 2 + r.Intn(2)
			}
			p.Board[sq] = sign * h
		}
	}
}

// newSCCase returns the case of problem p with the reference's answer.
func newSCCase(name string, p *starcircle.Problem) scCase {
	return scCase{name: name, prob: p, input: []byte(p.Format()), want: starcircle.Solve(p).Format(p.Scale)}
}

// playHeights applies move m of player who to the stack heights of board
// (Star positive, Circle negative).
func playHeights(board *[64]int, who starcircle.Player, m starcircle.Move) {
	if m == starcircle.Pass {
		return
	}
	one := 1
	if who == starcircle.Circle {
		one = -1
	}
	board[m.From()] -= one
	board[m.To()] += one
	if m.IsJump() {
		board[m.Jumped()] = 0
	}
}

// Size implements check.Unit.
func (sc *scCase) Size() int { return 1 }

// Run runs the command in a directory holding input.txt.
func (sc *scCase) Run(c *check.Command, o *check.Options) ([]*check.Result, error) {
	rr, err := sc.exec(c, o, sc.input)
	if err != nil {
		return nil, err
	}
	// probe runs the program on the same input at another depth.
	probe := check.MemoDepth(func(d int) *check.RunResult {
		p := *sc.prob
		p.Depth = d
		dc := newSCCase(sc.name, &p)
		rr, err := dc.exec(c, o, dc.input)
		if err != nil {
			return nil
		}
		return rr
	})
	r := sc.judge(rr, probe)
	if !r.Passed {
		kind := check.FailKind(rr)
		r.Shrink = check.Memo(func() string { return sc.shrink(probe, kind) })
	}
	r.Features = check.Memo(sc.features)
	return []*check.Result{r}, nil
}

func (sc *scCase) exec(c *check.Command, o *check.Options, input []byte) (*check.RunResult, error) {
	return c.Run(check.RunSpec{Files: []check.File{{Name: "input.txt", Data: input}}, Read: []string{"output.txt"}, Limit: o.Limit(1, sc.nodes())})
}

// nodes is the node count of the expected output (its last line).
func (sc *scCase) nodes() uint64 {
	lines := check.SplitLines(sc.want)
	if len(lines) == 0 {
		return 0
	}
	n, _ := strconv.ParseUint(lines[len(lines)-1], 10, 64)
	return n
}

// judge compares output.txt with the expected one; probe runs the program
// at other depths, for the diagnosis.
func (sc *scCase) judge(rr *check.RunResult, probe func(d int) *check.RunResult) *check.Result {
	r := &check.Result{Name: sc.name, Input: "input.txt:\n" + check.ShowBytes(sc.input), Expected: sc.want + "\n"}
	data, written := rr.Files["output.txt"]
	got, w := check.Normalize(data, false)
	want := check.SplitLines(sc.want)
	r.Warn = w
	r.Actual = check.FileState(data, written)
	if !written {
		r.Problem = rr.Missing("output.txt")
	} else {
		r.Problem = check.FirstDiff(want, got, "output.txt", 1)
	}
	r.Passed = r.Problem == ""
	r.NoteRun(rr)
	if !r.Passed {
		r.Problem = check.RunNote(rr, r.Problem)
		r.Causes = check.Memo(func() check.CauseSet { return sc.causes(rr, want, got, written, probe) })
	}
	return r
}

// causes returns the mistakes that explain a failed run.
func (sc *scCase) causes(rr *check.RunResult, want, got []string, written bool, probe func(d int) *check.RunResult) check.CauseSet {
	if rr.Crashed() && check.WrongFileName(rr.CrashLine(), "input.txt", "output.txt") {
		return check.SetOf(check.CauseFileName, check.CauseCrash, check.CauseRunMixed)
	}
	if !written && !rr.TimedOut && !rr.Crashed() {
		return check.SetOf(check.CauseNoOutputFile)
	}
	if s := check.RunCauses(rr, want, got, nil); s != 0 {
		return s
	}
	if len(got) != 4 {
		return check.SetOf(check.CauseFormat)
	}
	nodes, err := strconv.ParseUint(got[3], 10, 64)
	if err != nil {
		return check.SetOf(check.CauseFormat)
	}
	var s check.CauseSet
	joined := strings.Join(got, "\n")
	for _, v := range check.Variants {
		if v.MorrisOnly || v.AbOnly && sc.prob.Algorithm != starcircle.AlphaBeta {
			continue
		}
		if m, ok := sc.model(v.M, nil); ok && m.lines == joined {
			s |= check.SetOf(v.C)
		}
	}
	if got[0] != want[0] && got[2] == want[2] && got[3] == want[3] {
		s |= check.SetOf(check.CauseTie)
	}
	if probe != nil {
		other := 1
		if sc.prob.Depth == 1 {
			other = 2
		}
		if rr1 := probe(other); rr1 != nil && !rr1.TimedOut && !rr1.Crashed() {
			p := *sc.prob
			p.Depth = other
			w1 := starcircle.Solve(&p).Format(p.Scale)
			g1, _ := check.Normalize(rr1.Files["output.txt"], false)
			if strings.Join(g1, "\n") == joined && w1 != sc.want && strings.TrimSuffix(w1, "\n") != joined {
				s |= check.SetOf(check.CauseIgnoresDepth)
			}
		}
	}
	if sc.staticEval(got, probe) {
		s |= check.SetOf(check.CauseStaticEval)
	}
	if got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		return s
	}
	base, ok := sc.model(check.Mistake{}, nil)
	if !ok {
		return s
	}
	s |= check.CountCauses(base.r, nodes, true)
	if sc.prob.Algorithm == starcircle.AlphaBeta {
		s |= check.SetOf(check.CauseCutoff)
	}
	return s
}

// staticEval reports whether the program, at depth 1, counts the nodes
// the course's search counts and prints other values (got is its answer at
// the case's depth): the search is right, the utility is not.
func (sc *scCase) staticEval(got []string, probe func(d int) *check.RunResult) bool {
	p := *sc.prob
	p.Depth = 1
	if sc.prob.Depth != 1 {
		if probe == nil {
			return false
		}
		rr := probe(1)
		if rr == nil || rr.TimedOut || rr.Crashed() {
			return false
		}
		got, _ = check.Normalize(rr.Files["output.txt"], false)
	}
	want := check.SplitLines(starcircle.Solve(&p).Format(p.Scale))
	return len(got) == 4 && len(want) == 4 && got[3] == want[3] && (got[1] != want[1] || got[2] != want[2])
}

// scOrderKey sorts a position's moves into a student's order: the pieces
// stay in board order (the course's), and one piece's moves go jumps first
// (orderJumpsFirst) or, on each landing row, right before left
// (orderRightFirst).
func scOrderKey(o check.MoveOrder, _ *starcircle.Position, m starcircle.Move) int {
	if m == starcircle.Pass {
		return 0
	}
	from, to := int(m.From()), int(m.To())
	k := from * 1024
	switch o {
	case check.OrderJumpsFirst:
		if !m.IsJump() {
			k += 512
		}
		return k + to
	case check.OrderRightFirst:
		right := 1
		if m.To().Col() > m.From().Col() {
			right = 0
		}
		return k + (to>>3)*2 + right
	}
	return k + to
}

// scModel is a model search's answer.
type scModel struct {
	lines string
	r     check.ModelResult
}

// model runs the mistake model on the case.
func (sc *scCase) model(m check.Mistake, visit func(*starcircle.Position, starcircle.Move)) (scModel, bool) {
	p := sc.prob
	if !m.Fits(p.Depth) {
		return scModel{}, false
	}
	g := starcircle.NewCourseGame(starcircle.NewWeights(p.Values), p.Player)
	root := p.Position()
	r := check.RunModel(g, root, p.Depth, p.Algorithm == starcircle.AlphaBeta, m, visit, scOrderKey)
	if r.Aborted {
		return scModel{}, false
	}
	a := starcircle.Answer{Move: starcircle.Pass, Myopic: r.Value, Farsighted: r.Value, Nodes: r.Nodes}
	if r.Idx >= 0 {
		a.Move = g.Moves(&root, nil)[r.Idx]
		var next starcircle.Position
		g.Play(&next, &root, a.Move)
		a.Myopic = g.Evaluate(&next)
	}
	return scModel{a.Format(p.Scale), r}, true
}

// features reports whether the search meets a pass, and whether a stack
// stands on the board or a move lands on its own last-row pieces.
func (sc *scCase) features() check.CauseSet {
	var s check.CauseSet
	for _, h := range sc.prob.Board {
		if h > 1 || h < -1 {
			s |= check.SetOf(check.CauseStack)
		}
	}
	_, ok := sc.model(check.Mistake{}, func(parent *starcircle.Position, m starcircle.Move) {
		if m == starcircle.Pass {
			s |= check.SetOf(check.CausePass)
		} else if parent.Pieces[parent.ToMove].Has(m.To()) {
			s |= check.SetOf(check.CauseStack)
		}
	})
	if !ok {
		return check.SetOf(check.CausePass, check.CauseStack) // too large to tell: assume both
	}
	return s
}

// shrink reruns the command at the smaller depths and returns the first
// that fails the same way (a wrong answer, a crash, a timeout).
func (sc *scCase) shrink(probe func(d int) *check.RunResult, kind string) string {
	for d := 1; d < sc.prob.Depth; d++ {
		p := *sc.prob
		p.Depth = d
		dc := newSCCase(sc.name, &p)
		rr := probe(d)
		if rr == nil {
			return ""
		}
		if r := dc.judge(rr, nil); !r.Passed && check.FailKind(rr) == kind {
			return fmt.Sprintf("smallest depth that still differs: %d (the same input with depth %d)\n%s", d, d, r.Problem)
		}
	}
	if sc.prob.Depth > 1 {
		return check.OnlyAtDepth(sc.prob.Depth)
	}
	return "depth 1 is the smallest depth"
}
