package check

// Star/Circle: the grader runs a submission in a fresh directory holding
// input.txt and reads output.txt; lines are compared after trimming trailing
// white space, and the last line needs no newline.

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

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
func starcircleDir(dir, prefix string) ([]unit, error) {
	entries, err := os.ReadDir(dir)
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
	var units []unit
	for _, name := range names {
		in, err := os.ReadFile(filepath.Join(dir, name, "input.txt"))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Join(dir, name), unwrapPath(err))
		}
		want, err := os.ReadFile(filepath.Join(dir, name, "output.txt"))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Join(dir, name, "output.txt"), unwrapPath(err))
		}
		p, err := starcircle.Parse(in)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Join(dir, name, "input.txt"), err)
		}
		units = append(units, &scCase{name: prefix + name, prob: p, input: in, want: string(want)})
	}
	return units, nil
}

// starcirclePublic returns the vendored cases.
func starcirclePublic(o *options) ([]unit, error) {
	return starcircleDir(filepath.Join(o.corpus, "starcircle", "cases"), "")
}

// starcircleRandom returns n random problems: positions reached from the
// start position by random games (captures preferred half the time), either
// player to move, either algorithm, depths 1 to 4, the handout's row values
// or other increasing ones. Every fourth game is played towards its end, for
// passes and stacks on the last rows.
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
		pos := p.Position()
		plies := r.Intn(40)
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
	forEach(len(out), func(i int) { out[i] = newSCCase(out[i].name, out[i].prob) })
	return out, nil
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

func (sc *scCase) size() int { return 1 }

// run runs the command in a directory holding input.txt.
func (sc *scCase) run(c *command, o *options) ([]*result, error) {
	rr, err := sc.exec(c, o, sc.input)
	if err != nil {
		return nil, err
	}
	r := sc.judge(rr)
	if !r.passed {
		r.shrink = memo(func() string { return sc.shrink(c, o) })
	}
	r.features = memo(sc.features)
	return []*result{r}, nil
}

func (sc *scCase) exec(c *command, o *options, input []byte) (*runResult, error) {
	return c.run(runSpec{files: []file{{"input.txt", input}}, read: []string{"output.txt"}, limit: o.limit(1, sc.nodes())})
}

// nodes is the node count of the expected output (its last line).
func (sc *scCase) nodes() uint64 {
	lines := splitLines(sc.want)
	if len(lines) == 0 {
		return 0
	}
	n, _ := strconv.ParseUint(lines[len(lines)-1], 10, 64)
	return n
}

// judge compares output.txt with the expected one.
func (sc *scCase) judge(rr *runResult) *result {
	r := &result{name: sc.name, input: "input.txt:\n" + showBytes(sc.input), expected: sc.want + "\n"}
	data, written := rr.files["output.txt"]
	got, w := normalize(data, false)
	want := splitLines(sc.want)
	r.warn = w
	r.actual = fileState(data, written)
	if !written {
		r.problem = rr.missing("output.txt")
	} else {
		r.problem = firstDiff(want, got, "output.txt", 1)
	}
	r.passed = r.problem == ""
	if r.passed && rr.crashed() {
		r.warn.add(warnExit)
	}
	if !r.passed {
		r.problem = runNote(rr, r.problem)
		r.causes = memo(func() causeSet { return sc.causes(rr, want, got, written) })
	}
	return r
}

// causes returns the mistakes that explain a failed run.
func (sc *scCase) causes(rr *runResult, want, got []string, written bool) causeSet {
	if !written && !rr.timedOut && !rr.crashed() {
		return setOf(causeNoOutputFile)
	}
	if s := runCauses(rr, want, got, nil); s != 0 {
		return s
	}
	if len(got) != 4 {
		return setOf(causeFormat)
	}
	nodes, err := strconv.ParseUint(got[3], 10, 64)
	if err != nil {
		return setOf(causeFormat)
	}
	var s causeSet
	if got[0] != want[0] && got[2] == want[2] && got[3] == want[3] {
		s |= setOf(causeTie)
	}
	if got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		return s
	}
	base, ok := sc.model(mistake{}, nil)
	if !ok {
		return s
	}
	s |= countCauses(base.r, nodes, true)
	if sc.prob.Algorithm == starcircle.AlphaBeta {
		s |= setOf(causeCutoff)
		for _, m := range []struct {
			m mistake
			c cause
		}{{mistake{strict: true}, causeStrictCut}, {mistake{rootAlphaFixed: true}, causeRootAlpha}} {
			if v, ok := sc.model(m.m, nil); ok && v.lines == strings.Join(got, "\n") {
				s |= setOf(m.c)
			}
		}
	}
	return s
}

// scModel is a model search's answer.
type scModel struct {
	lines string
	r     modelResult
}

// model runs the mistake model on the case.
func (sc *scCase) model(m mistake, visit func(*starcircle.Position, starcircle.Move)) (scModel, bool) {
	p := sc.prob
	g := starcircle.NewCourseGame(starcircle.NewWeights(p.Values), p.Player)
	root := p.Position()
	r := runModel(g, root, p.Depth, p.Algorithm == starcircle.AlphaBeta, m, visit)
	if r.aborted {
		return scModel{}, false
	}
	a := starcircle.Answer{Move: starcircle.Pass, Myopic: r.value, Farsighted: r.value, Nodes: r.nodes}
	if r.idx >= 0 {
		a.Move = g.Moves(&root, nil)[r.idx]
		var next starcircle.Position
		g.Play(&next, &root, a.Move)
		a.Myopic = g.Evaluate(&next)
	}
	return scModel{a.Format(p.Scale), r}, true
}

// features reports whether the search meets a pass, and whether a stack
// stands on the board or a move lands on its own last-row pieces.
func (sc *scCase) features() causeSet {
	var s causeSet
	for _, h := range sc.prob.Board {
		if h > 1 || h < -1 {
			s |= setOf(causeStack)
		}
	}
	_, ok := sc.model(mistake{}, func(parent *starcircle.Position, m starcircle.Move) {
		if m == starcircle.Pass {
			s |= setOf(causePass)
		} else if parent.Pieces[parent.ToMove].Has(m.To()) {
			s |= setOf(causeStack)
		}
	})
	if !ok {
		return setOf(causePass, causeStack) // too large to tell: assume both
	}
	return s
}

// shrink reruns the command at the smaller depths and returns the first
// that still differs.
func (sc *scCase) shrink(c *command, o *options) string {
	for d := 1; d < sc.prob.Depth; d++ {
		p := *sc.prob
		p.Depth = d
		dc := newSCCase(sc.name, &p)
		rr, err := dc.exec(c, o, dc.input)
		if err != nil {
			return ""
		}
		if r := dc.judge(rr); !r.passed {
			return fmt.Sprintf("smallest depth that still differs: %d (the same input with depth %d)\n%s", d, d, r.problem)
		}
	}
	if sc.prob.Depth > 1 {
		return onlyAtDepth(sc.prob.Depth)
	}
	return "depth 1 is the smallest depth"
}
