package gamedef

// Congo: the course's grader feeds N and the cases on stdin and compares
// stdout, so one run answers a whole batch; each case is judged on its own
// lines of the output.

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// congoCase is one case of a batch: a FEN (and for congo-move a move) and
// the reference's lines for it.
type congoCase struct {
	fen, move string
	want      []string
}

// congoUnit is one batch: one run of the command.
type congoUnit struct {
	prog  *check.Program
	rules congo.Edition
	piece string
	// label names the batch in case names ("positions_500.in"; empty for
	// random cases).
	label string
	cases []congoCase
}

// linesPerCase is the number of output lines of one case (without the blank
// line that separates congo-setup's blocks).
func linesPerCase(p *check.Program) int {
	switch p.Name {
	case "congo-setup":
		return 17
	case "congo-move":
		return 2
	}
	return 1
}

// withMove reports whether the program's cases are FEN and move pairs.
func withMove(p *check.Program) bool { return p.Name == "congo-move" }

// editionMatters reports whether the program's output depends on -rules.
func editionMatters(p *check.Program) bool {
	switch p.Name {
	case "congo-move", "congo-minimax", "congo-alphabeta":
		return true
	}
	return false
}

// congoInput returns the stdin of a batch of cases.
func congoInput(cases []congoCase) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%d\n", len(cases))
	for _, c := range cases {
		b.WriteString(c.fen + "\n")
		if c.move != "" {
			b.WriteString(c.move + "\n")
		}
	}
	return b.Bytes()
}

// wantLines returns the lines case k of a batch must produce: for
// congo-setup, blocks after the first are preceded by an empty line.
func (u *congoUnit) wantLines(k int) []string {
	if k > 0 && u.prog.Name == "congo-setup" {
		return append([]string{""}, u.cases[k].want...)
	}
	return u.cases[k].want
}

// referenceArgs returns the reference's flags for rules.
func (u *congoUnit) referenceArgs(rules congo.Edition) []string {
	args := []string{"-rules", rules.String()}
	if u.piece != "" {
		args = append(args, "-piece", u.piece)
	}
	return args
}

// referenceChunk is the number of cases the reference answers in one
// in-process run; chunks run in parallel.
const referenceChunk = 25

// reference runs the reference program on cases under rules and returns
// each case's lines.
func (u *congoUnit) reference(cases []congoCase, rules congo.Edition) ([][]string, error) {
	chunks := (len(cases) + referenceChunk - 1) / referenceChunk
	parts := make([][][]string, chunks)
	errs := make([]error, chunks)
	check.ForEach(chunks, func(i int) {
		part := cases[i*referenceChunk : min(len(cases), (i+1)*referenceChunk)]
		var out, errb bytes.Buffer
		if st := ref(u.prog).run(u.referenceArgs(rules), bytes.NewReader(congoInput(part)), &out, &errb); st != 0 {
			errs[i] = fmt.Errorf("reference %s: %s", u.prog.Name, strings.TrimSpace(errb.String()))
			return
		}
		// Each chunk is a batch of its own: congo-setup's first block has
		// no empty line before it.
		parts[i], errs[i] = splitCongo(u.prog, check.SplitLines(out.String()), len(part))
	})
	var all [][]string
	for i := range parts {
		if errs[i] != nil {
			return nil, errs[i]
		}
		all = append(all, parts[i]...)
	}
	return all, nil
}

// splitCongo cuts a program's complete output into n cases.
func splitCongo(p *check.Program, lines []string, n int) ([][]string, error) {
	per := linesPerCase(p)
	out := make([][]string, 0, n)
	i := 0
	for k := 0; k < n; k++ {
		if k > 0 && p.Name == "congo-setup" {
			if i >= len(lines) || lines[i] != "" {
				return nil, fmt.Errorf("case %d: missing the empty line between blocks", k+1)
			}
			i++
		}
		if i+per > len(lines) {
			return nil, fmt.Errorf("output ends in case %d of %d", k+1, n)
		}
		out = append(out, lines[i:i+per])
		i += per
	}
	if i != len(lines) {
		return nil, fmt.Errorf("%d lines after case %d", len(lines)-i, n)
	}
	return out, nil
}

// Size implements check.Unit.
func (u *congoUnit) Size() int { return len(u.cases) }

// Alone implements check.Splitter: a batch of case i alone.
func (u *congoUnit) Alone(i int) check.Unit {
	return &congoUnit{prog: u.prog, rules: u.rules, piece: u.piece, label: u.label, cases: u.cases[i : i+1]}
}

// Run runs the whole batch once and judges each case on its lines.
func (u *congoUnit) Run(c *check.Command, o *check.Options) ([]*check.Result, error) {
	rr, err := c.Run(check.RunSpec{Stdin: congoInput(u.cases), Limit: o.Limit(len(u.cases), 0)})
	if err != nil {
		return nil, err
	}
	got, w := check.Normalize(rr.Stdout, true)
	var all []string
	for k := range u.cases {
		all = append(all, u.wantLines(k)...)
	}
	got = check.PadFinalEmpty(all, got, rr.Stdout, &w)
	unitCauses := check.Memo(func() check.CauseSet { return u.RunCauses(rr, all, got) })
	alt := check.Memo(func() [][]string {
		if !editionMatters(u.prog) {
			return nil
		}
		a, _ := u.reference(u.cases, 1-u.rules)
		return a
	})
	// answered counts the leading cases answered right.
	answered := 0
	for o := 0; answered < len(u.cases); answered++ {
		want := u.wantLines(answered)
		if o+len(want) > len(got) || !slices.Equal(got[o:o+len(want)], want) {
			break
		}
		o += len(want)
	}
	results := make([]*check.Result, len(u.cases))
	off := 0
	for k := range u.cases {
		want := u.wantLines(k)
		end := min(off+len(want), len(got))
		chunk := got[min(off, len(got)):end]
		r := &check.Result{Name: strings.TrimSpace(fmt.Sprintf("%s #%d", u.label, k+1)), Input: u.describe(k), Warn: w,
			Expected: strings.Join(u.cases[k].want, "\n") + "\n"}
		r.Actual = strings.Join(chunk, "\n")
		if len(chunk) > 0 {
			r.Actual += "\n"
		}
		r.Problem = check.FirstDiff(want, chunk, "stdout", off+1)
		if len(got) == 0 {
			// Not "stdout ends after line off": there is no line at all.
			r.Problem = fmt.Sprintf("stdout is empty: want line %d %s", off+1, check.QuoteLine(want[0]))
		}
		if r.Problem != "" && len(chunk) < len(want) {
			r.Problem = check.RunNote(rr, r.Problem)
			if rr.TimedOut && answered == k {
				r.Problem += fmt.Sprintf("; %d of %d cases answered before the limit, all right", k, len(u.cases))
			}
		}
		if k == len(u.cases)-1 && r.Problem == "" && len(got) > len(all) {
			r.Problem = fmt.Sprintf("stdout goes on after the last case for %d more lines: %s", len(got)-len(all), check.QuoteLine(got[len(all)]))
		}
		r.Passed = r.Problem == ""
		if !r.Passed {
			// A case answered in full before the run was stopped or
			// crashed is a wrong answer, diagnosed as such.
			unanswered := len(chunk) < len(want) && (rr.TimedOut || rr.Crashed())
			r.Causes = func() check.CauseSet {
				if s := unitCauses(); s != 0 && (unanswered || !rr.TimedOut && !rr.Crashed()) {
					return s
				}
				s := u.variantCauses(k, chunk)
				if a := alt(); a != nil && strings.Join(a[k], "\n") == strings.Join(chunk, "\n") {
					s |= check.SetOf(check.CauseEdition)
				}
				return s
			}
			r.Shrink = check.Memo(func() string { return u.shrink(c, o, k, unanswered) })
		}
		r.Features = check.Memo(func() check.CauseSet {
			var s check.CauseSet
			if f := strings.Fields(u.cases[k].fen); len(f) > 1 && strings.EqualFold(f[1], "b") {
				s |= check.SetOf(check.CauseBlack)
			}
			if a := alt(); a != nil && strings.Join(a[k], "\n") != strings.Join(u.cases[k].want, "\n") {
				s |= check.SetOf(check.CausePromotion)
			}
			return s
		})
		results[k] = r
		off += len(want)
	}
	for _, r := range results {
		r.NoteRun(rr)
	}
	return results, nil
}

// whiteView is a Congo course game whose static evaluation is always from
// White's point of view: the negamax search of a program that does not
// negate the evaluation for Black.
type whiteView struct{ congo.CourseGame }

// Evaluate is the course's evaluation, negated when Black is to move.
func (g whiteView) Evaluate(p *congo.Position) search.Value {
	v := g.CourseGame.Evaluate(p)
	if p.Side == congo.Black {
		return -v
	}
	return v
}

// congoValue is the value a searcher of game g gives p at depth d.
func congoValue[G search.Game[congo.Position, congo.Move]](g G, opt search.Options, p congo.Position, d int, ab bool) string {
	s := search.New[congo.Position, congo.Move](g, opt)
	if ab {
		return strconv.Itoa(int(s.AlphaBeta(p, d).Value))
	}
	return strconv.Itoa(int(s.Minimax(p, d).Value))
}

// variantCauses returns the mistakes of congo-minimax and congo-alphabeta
// whose model gives the program's answer got on case k: another depth (any
// smaller one, or one more), the evaluation not negated for Black.
func (u *congoUnit) variantCauses(k int, got []string) check.CauseSet {
	ab := u.prog.Name == "congo-alphabeta"
	if len(got) != 1 || !ab && u.prog.Name != "congo-minimax" {
		return 0
	}
	p, err := congo.ParseFEN(u.cases[k].fen)
	if err != nil {
		return 0
	}
	depth := 2
	if ab {
		depth = 4
	}
	g, opt := congo.NewCourseGame(u.rules, ab), congo.CourseOptions(ab)
	var s check.CauseSet
	// Every depth up to the program's, and one deeper.
	for d := 1; d <= depth+1; d++ {
		if d == depth || congoValue(g, opt, p, d, ab) != got[0] {
			continue
		}
		switch d {
		case depth - 1, depth + 1:
			s |= check.SetOf(check.CauseDepthOff)
		case depth - 2:
			s |= check.SetOf(check.CauseDepthOff2)
		default:
			s |= check.SetOf(check.CauseDepthOff3)
		}
	}
	if congoValue(whiteView{g}, opt, p, depth, ab) == got[0] {
		s |= check.SetOf(check.CauseWhiteView)
	}
	return s
}

// RunCauses returns the causes that concern the whole run: how it ended,
// answers shifted by a case, extra lines.
func (u *congoUnit) RunCauses(rr *check.RunResult, all, got []string) check.CauseSet {
	if s := check.RunCauses(rr, all, got, u.shifted); s != 0 {
		if s.Has(check.CauseTimeout) {
			// Every line written before the limit is the reference's.
			return check.SlowOrTimeout(len(got) > 0 && len(got) <= len(all) && slices.Equal(got, all[:len(got)]))
		}
		return s
	}
	if len(got) < len(all) {
		return check.SetOf(check.CauseTruncated)
	}
	return 0
}

// shifted reports whether most answers appear one case late: the answer
// of case k where case k+1's belongs.
func (u *congoUnit) shifted(got []string) bool {
	n := len(u.cases)
	if n < 2 {
		return false
	}
	per := linesPerCase(u.prog)
	sep := 0
	if u.prog.Name == "congo-setup" {
		sep = 1
	}
	// chunk returns the lines of case k in got, without its separator.
	chunk := func(k int) []string {
		start := k * (per + sep)
		if start+per > len(got) {
			return nil
		}
		return got[start : start+per]
	}
	same := func(a, b []string) bool { return a != nil && strings.Join(a, "\n") == strings.Join(b, "\n") }
	late, direct := 0, 0
	for k := 0; k < n; k++ {
		if same(chunk(k), u.cases[k].want) {
			direct++
		}
		if k+1 < n && same(chunk(k+1), u.cases[k].want) {
			late++
		}
	}
	return late > direct && 2*late >= n-1
}

// describe returns case k's input as the report shows it.
func (u *congoUnit) describe(k int) string {
	c := u.cases[k]
	s := fmt.Sprintf("case %d of %d on stdin: %s", k+1, len(u.cases), c.fen)
	if c.move != "" {
		s += "\nmove: " + c.move
	}
	return s
}

// shrink runs case k alone (N = 1). unanswered tells that the batch ended
// (time limit or crash) before answering the case. A batch of one case has
// no shrunk case: it was that run already, and running it again, up to its
// time limit, would tell nothing new.
func (u *congoUnit) shrink(c *check.Command, o *check.Options, k int, unanswered bool) string {
	if len(u.cases) == 1 {
		return ""
	}
	one := u.Alone(k).(*congoUnit)
	rs, err := one.Run(c, o)
	if err != nil || len(rs) != 1 {
		return ""
	}
	in := strings.ReplaceAll(strings.TrimSuffix(string(congoInput(one.cases)), "\n"), "\n", " / ")
	switch {
	case rs[0].Passed && unanswered:
		return "the case alone (stdin " + in + ") is answered right: the run ended before reaching it"
	case rs[0].Passed:
		return "the case alone (stdin " + in + ") is answered right: the failure depends on the cases " +
			"before it (state kept from one case to the next, or the input read a line off)"
	}
	return "the case alone (stdin " + in + ") still fails: " + rs[0].Problem
}

// readCongoIn reads an .in file: N and the cases (FEN and move pairs for
// congo-move).
func readCongoIn(f check.Files, name string, moves bool) ([]congoCase, error) {
	data, err := f.Read(name)
	if err != nil {
		return nil, err
	}
	path := f.Path(name)
	lines := check.SplitLines(strings.ReplaceAll(string(data), "\r\n", "\n"))
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s: empty", path)
	}
	n, err := strconv.Atoi(strings.TrimSpace(lines[0]))
	per := 1
	if moves {
		per = 2
	}
	if err != nil || n < 0 || 1+n*per > len(lines) {
		return nil, fmt.Errorf("%s: line 1: N %q does not match the %d lines that follow", path, lines[0], len(lines)-1)
	}
	cases := make([]congoCase, n)
	for k := range cases {
		cases[k].fen = strings.TrimSpace(lines[1+k*per])
		if _, err := congo.ParseFEN(cases[k].fen); err != nil {
			return nil, fmt.Errorf("%s: line %d: %v", path, 2+k*per, err)
		}
		if moves {
			cases[k].move = strings.TrimSpace(lines[2+k*per])
		}
	}
	return cases, nil
}

// congoFiles builds a unit from an .in file and an .out file.
func congoFiles(o *check.Options, f check.Files, label, in, out string) (*congoUnit, error) {
	cases, err := readCongoIn(f, in, withMove(o.Prog))
	if err != nil {
		return nil, err
	}
	data, err := f.Read(out)
	if err != nil {
		return nil, err
	}
	want, err := splitCongo(o.Prog, check.SplitLines(string(data)), len(cases))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", f.Path(out), err)
	}
	for k := range cases {
		cases[k].want = want[k]
	}
	return &congoUnit{prog: o.Prog, rules: edition(o), piece: piece(o), label: label, cases: cases}, nil
}

// congoCorpus lists the vendored corpus files of each program and edition:
// pairs of .in and .out paths under congo/ (a piece name selects the
// per-piece files of congo-moves).
func congoCorpus(prog string, r congo.Edition, piece string) [][2]string {
	y21 := r == congo.Edition2021
	switch prog {
	case "congo-setup":
		return [][2]string{{"part1_handout_fens.in", "part1_handout_fens.DERIVED.out"}}
	case "congo-moves":
		if y21 {
			if piece == "" {
				return [][2]string{{"2021/movegen_1k.in", "derived/2021_movegen_1k.allmoves_sorted.DERIVED.out"}}
			}
			if piece == "lion" || piece == "zebra" || piece == "elephant" || piece == "pawn" {
				return [][2]string{{"2021/movegen_1k.in", "2021/movegen_1k." + piece + ".out"}}
			}
			return nil
		}
		letters := map[string]string{"lion": "L", "zebra": "Z", "giraffe": "G", "pawn": "P", "superpawn": "S"}
		switch {
		case piece == "":
			return [][2]string{{"2022/positions_500.in", "derived/2022_positions_500.allmoves_sorted.DERIVED.out"}}
		case letters[piece] != "":
			out := [][2]string{{"2022/positions_500.in", "derived/2022_positions_500.gen" + letters[piece] + ".DERIVED.out"}}
			if piece == "superpawn" {
				out = append(out, [2]string{"2022/superpawn_50.in", "2022/superpawn_50.out"})
			}
			return out
		}
		return nil
	case "congo-move":
		if y21 {
			return [][2]string{{"2021/exec_50a.in", "2021/exec_50a.out"}, {"2021/exec_50b_handoutfigs.in", "2021/exec_50b_handoutfigs.out"}}
		}
		return [][2]string{{"2022/exec_500.in", "2022/exec_500.out"}}
	case "congo-eval":
		if y21 {
			return [][2]string{{"2021/eval_50.in", "2021/eval_50.out"}, {"2021/minimax_d2_500.in", "derived/2021_eval_500.DERIVED.out"}}
		}
		return [][2]string{{"2022/positions_500.in", "2022/eval_500.out"}}
	case "congo-minimax":
		if y21 {
			return [][2]string{{"2021/minimax_d2_500.in", "2021/minimax_d2_500.out"}}
		}
		return [][2]string{{"2022/positions_500.in", "2022/minimax_d2_500.out"}}
	case "congo-adveval":
		if y21 {
			return [][2]string{{"2021/minimax_d2_500.in", "derived/2021_adveval_500.DERIVED.out"}}
		}
		return [][2]string{{"2022/positions_500.in", "2022/adveval_500.out"}}
	case "congo-alphabeta":
		if y21 {
			return [][2]string{{"2021/minimax_d2_500.in", "derived/2021_alphabeta_d4_500.DERIVED.out"}}
		}
		return [][2]string{{"2022/alphabeta_d4_25.in", "2022/alphabeta_d4_25.out"}, {"2022/positions_500.in", "derived/2022_alphabeta_d4_500.DERIVED.out"}}
	}
	return nil
}

// congoPublic returns the vendored corpus batches of the program.
func congoPublic(o *check.Options) ([]check.Unit, error) {
	var units []check.Unit
	for _, f := range congoCorpus(o.Prog.Name, edition(o), piece(o)) {
		u, err := congoFiles(o, o.Corpus, path.Base(f[1]), "congo/"+f[0], "congo/"+f[1])
		if err != nil {
			return nil, err
		}
		units = append(units, u)
	}
	return units, nil
}

// congoSetNames returns the .in and .out names of a gen set.
func congoSetNames(o *check.Options) (string, string) {
	out := o.Prog.Name + ".out"
	if piece(o) != "" {
		out = o.Prog.Name + "." + piece(o) + ".out"
	}
	return o.Prog.Name + ".in", out
}

// congoReadSet reads a set written by gen.
func congoReadSet(o *check.Options) (check.Unit, error) {
	in, out := congoSetNames(o)
	return congoFiles(o, check.DirFiles(o.Cases), in, in, out)
}
