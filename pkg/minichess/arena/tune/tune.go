// Package tune fits player_submission's evaluation weights to labelled
// positions (Texel's method): positions from self-play games of the engine,
// each labelled with its game's result or, by [Label], with the expected
// result Fairy-Stockfish's score gives it, and a logistic model
// label ≈ σ(K·eval(position)) whose mean squared error is minimised over
// the weights by full-batch gradient descent (Adam) from the hand-set
// weights (minichess.HandEvalWeights), with a penalty that keeps them near.
// The command is cmd/minichess-tune.
//
// Conventions. The evaluation is linear in its weights (every term is a
// weight times a count), so a position's feature vector is its evaluation
// under each unit weight vector: the fit can never disagree with the
// engine's code. Values and results are from white's point of view. Every
// step is deterministic: games are played with node budgets, openings come
// from a seeded generator, sums run in a fixed order and products are
// rounded explicitly (no fused multiply-add), so the same data give the
// same weights on every machine.
package tune

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
)

// Sample is one labelled position: the board and its expected result for
// white, from 0 (loss) to 1 (win): its game's result, or a label of
// [Label].
type Sample struct {
	Node   minichess.Node
	Result float64
}

// GenConfig sets the self-play games of [Generate].
type GenConfig struct {
	// Games is the number of games, each from its own random opening.
	Games int
	// OpeningPlies is the length of the random openings.
	OpeningPlies int
	// Nodes is the engine's node budget per move (both sides).
	Nodes uint64
	// Seed seeds the openings.
	Seed uint64
	// Weights are the engine's evaluation weights.
	Weights minichess.EvalWeights
	// Progress, when not nil, is called after every game.
	Progress func(game int)
}

// DataEngineOptions are the engine options the recorded data set was played
// with: player_submission's options (4 MiB table) as they were before the
// selective search, one-ply late-move reductions and no null move,
// reverse futility, late-move pruning or history malus, so that
// "minichess-tune gen" keeps reproducing the recorded data.
func DataEngineOptions() engine.Options {
	o := submission.EngineOptions(4)
	o.LMR, o.LMRLog = true, false
	o.NullMove, o.NullMoveAdaptive = false, false
	o.ReverseFutility, o.LateMovePruning, o.HistoryMalus = false, false, false
	return o
}

// Generate plays cfg.Games games of player_submission's engine (with
// [DataEngineOptions] and cfg.Weights) against itself through the match
// harness, under the runner's rules (the ply count known to the engine, so
// it plays for the ply-50 adjudication), and returns the quiet positions of
// every game (side to move without a capture or promotion, not a Win
// position), after the opening, labelled with the game's result. Its only
// error is a game lost by a player's error.
func Generate(cfg GenConfig) ([]Sample, error) {
	rules := arena.MatchRules{}
	openings := match.Random[arena.GamePos, minichess.Move](mover{rules}, arena.StartGame(), cfg.OpeningPlies, cfg.Games, cfg.Seed)
	p := arena.NewEnginePlayer("", &arena.ProgramThinker{
		Engine: submission.NewEngine(DataEngineOptions(), cfg.Weights), KnowsPly: true})
	p.Nodes = cfg.Nodes
	var out []Sample
	var buf [minichess.MaxMoves]minichess.Move
	for i, start := range openings {
		// One game per opening: both colours of the same player would
		// play it twice.
		rep, err := match.Play(match.Match[arena.GamePos, minichess.Move]{
			Rules: rules, Players: [2]arena.Player{p, p}, Openings: []arena.GamePos{start}, Games: 1, KeepMoves: true})
		if err != nil {
			return nil, err
		}
		g := rep.Games[0]
		if msg, ok := strings.CutPrefix(g.Reason, "error: "); ok {
			return nil, fmt.Errorf("game %d: %s", i+1, msg)
		}
		r := 0.5
		switch g.Winner {
		case 0:
			r = 1
		case 1:
			r = 0
		}
		pos := start
		for _, m := range g.Moves {
			if quiet(&pos.N, buf[:0]) {
				out = append(out, Sample{Node: pos.N, Result: r})
			}
			pos = rules.Play(&pos, m)
		}
		if cfg.Progress != nil {
			cfg.Progress(i + 1)
		}
	}
	return out, nil
}

// quiet reports whether n is a position whose static value means something:
// not a Win position, and the side to move has no promotion and no capture
// that wins material at once (a victim worth more than the capturer, or
// one the opponent cannot take back).
func quiet(n *minichess.Node, buf []minichess.Move) bool {
	list, st := n.LegalMoves(buf)
	if st == minichess.Win {
		return false
	}
	pos := n.Position()
	me, op := pos.ToMove, pos.ToMove.Other()
	var child minichess.Node
	var cbuf [minichess.MaxMoves]minichess.Move
	for _, m := range list {
		mover := pos.Board[me][m.FromRow][m.FromCol]
		if mover == minichess.Pawn && (m.ToRow == 0 || m.ToRow == minichess.Rows-1) {
			return false
		}
		victim := pos.Board[op][m.ToRow][m.ToCol]
		if victim == minichess.Empty {
			continue
		}
		if minichess.Values[victim] > minichess.Values[mover] {
			return false
		}
		n.Play(&child, m)
		replies, _ := child.LegalMoves(cbuf[:0])
		recaptured := false
		for _, r := range replies {
			recaptured = recaptured || r.ToRow == m.ToRow && r.ToCol == m.ToCol
		}
		if !recaptured {
			return false
		}
	}
	return true
}

// mover adapts the runner's rules to match.Random.
type mover struct{ r arena.MatchRules }

func (m mover) Over(p *arena.GamePos) bool {
	over, _, _ := m.r.Result(p)
	return over
}

func (m mover) Moves(p *arena.GamePos, buf []minichess.Move) []minichess.Move {
	list, _ := p.N.LegalMoves(buf)
	return list
}

func (m mover) Play(p *arena.GamePos, mv minichess.Move) arena.GamePos {
	return m.r.Play(p, mv)
}

// WriteData writes samples as gzip-compressed text, one "FEN result" line
// each (result 1, 0.5 or 0).
func WriteData(w io.Writer, samples []Sample) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(zw)
	for _, s := range samples {
		p := s.Node.Position()
		bw.WriteString(p.FEN())
		bw.WriteByte(' ')
		bw.WriteString(strconv.FormatFloat(s.Result, 'g', -1, 64))
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// ReadData reads the samples written by [WriteData]; name is used in
// errors.
func ReadData(r io.Reader, name string) ([]Sample, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	var out []Sample
	sc := bufio.NewScanner(zr)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		i := strings.LastIndexByte(text, ' ')
		if i < 0 {
			return nil, fmt.Errorf("%s:%d: want \"FEN result\"", name, line)
		}
		res, err := strconv.ParseFloat(text[i+1:], 64)
		if err != nil || !(res >= 0 && res <= 1) {
			return nil, fmt.Errorf("%s:%d: result %q is not a number from 0 to 1", name, line, text[i+1:])
		}
		p, err := minichess.ParseFEN(text[:i])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		out = append(out, Sample{Node: p.Node(), Result: res})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no samples", name)
	}
	return out, nil
}

// Slots returns pointers to every weight of w in a fixed order, followed,
// when squares is set, by its piece-square table (kinds pawn to king,
// squares 0 to 29).
func Slots(w *minichess.EvalWeights, squares bool) []*int32 {
	var s []*int32
	for i := range w.Material {
		s = append(s, &w.Material[i])
	}
	for i := range w.PawnRank {
		s = append(s, &w.PawnRank[i])
	}
	s = append(s, &w.PawnCenter, &w.Center, &w.Edge)
	for i := range w.KingRank {
		s = append(s, &w.KingRank[i])
	}
	for i := range w.Mobility {
		s = append(s, &w.Mobility[i])
	}
	for i := range w.KingZone {
		s = append(s, &w.KingZone[i])
	}
	s = append(s, &w.OpenLine, &w.Tempo)
	if squares {
		for k := minichess.Pawn; k <= minichess.King; k++ {
			for sq := range minichess.Squares {
				s = append(s, &w.Square[k][sq])
			}
		}
	}
	return s
}

// Features returns the feature matrix of samples (row-major, one row of
// len(Slots(w, squares)) values per sample): the evaluation for white under
// each unit weight vector.
func Features(samples []Sample, squares bool) ([]float64, int) {
	var zero minichess.EvalWeights
	k := len(Slots(&zero, squares))
	games := make([]minichess.EngineGame, k)
	for j := range k {
		var w minichess.EvalWeights
		*Slots(&w, squares)[j] = 1
		games[j] = minichess.NewEngineGame(w)
	}
	x := make([]float64, len(samples)*k)
	for i := range samples {
		en := minichess.NewEngineNode(&samples[i].Node, -1)
		sign := 1.0
		if samples[i].Node.ToMove() == minichess.Black {
			sign = -1
		}
		for j := range k {
			x[i*k+j] = sign * float64(games[j].Evaluate(&en))
		}
	}
	return x, k
}

// FitConfig sets [Fit].
type FitConfig struct {
	// Iterations of Adam over the whole data set.
	Iterations int
	// Rate is Adam's step size, in centipawns.
	Rate float64
	// L2 weighs the penalty L2·Σ(w - init)² added to the error, which keeps
	// the weights near the initial ones (0: none).
	L2 float64
	// Squares fits the piece-square table (EvalWeights.Square) too.
	Squares bool
}

// FitResult reports a fit.
type FitResult struct {
	// Weights are the fitted weights, rounded to integers.
	Weights minichess.EvalWeights
	// K is the logistic scale fitted to the initial weights.
	K float64
	// Before and After are the mean squared errors (without the penalty)
	// of the initial and the fitted (rounded) weights.
	Before, After float64
}

// Fit fits the weights to samples from init: first the scale K that
// minimises the error of init, then the weights (K fixed) by cfg.Iterations
// steps of Adam on the mean squared error plus the cfg.L2 penalty. Weights whose feature is zero in
// every sample keep their initial value.
func Fit(samples []Sample, init minichess.EvalWeights, cfg FitConfig) FitResult {
	x, k := Features(samples, cfg.Squares)
	f := sparseRows(x, k)
	w := make([]float64, k)
	for j, p := range Slots(&init, cfg.Squares) {
		w[j] = float64(*p)
	}
	y := make([]float64, len(samples))
	for i, s := range samples {
		y[i] = s.Result
	}
	var res FitResult
	res.K = fitK(f, y, w)
	res.Before = loss(f, y, w, res.K)
	grad := make([]float64, k)
	m := make([]float64, k)
	v := make([]float64, k)
	const b1, b2, eps = 0.9, 0.999, 1e-8
	p1, p2 := 1.0, 1.0
	w0 := append([]float64(nil), w...)
	for range cfg.Iterations {
		gradient(f, y, w, res.K, grad)
		for j := range k {
			if grad[j] != 0 {
				grad[j] += float64(2*cfg.L2) * (w[j] - w0[j])
			}
		}
		p1, p2 = float64(p1*b1), float64(p2*b2)
		for j := range k {
			if grad[j] == 0 {
				continue
			}
			m[j] = float64(b1*m[j]) + float64((1-b1)*grad[j])
			v[j] = float64(b2*v[j]) + float64(float64((1-b2)*grad[j])*grad[j])
			mh, vh := m[j]/(1-p1), v[j]/(1-p2)
			w[j] -= float64(cfg.Rate*mh) / (math.Sqrt(vh) + eps)
		}
	}
	res.Weights = init
	for j, p := range Slots(&res.Weights, cfg.Squares) {
		*p = int32(math.Round(w[j]))
		w[j] = float64(*p)
	}
	res.After = loss(f, y, w, res.K)
	return res
}

// Errors returns the mean squared error of each of ws on samples at the
// logistic scale K (as FitResult.After: the labels against σ(K·eval)); the
// samples' features are computed once for all of them.
func Errors(samples []Sample, K float64, ws ...minichess.EvalWeights) []float64 {
	x, k := Features(samples, true)
	f := sparseRows(x, k)
	y := make([]float64, len(samples))
	for i, s := range samples {
		y[i] = s.Result
	}
	out := make([]float64, len(ws))
	v := make([]float64, k)
	for i := range ws {
		for j, p := range Slots(&ws[i], true) {
			v[j] = float64(*p)
		}
		out[i] = loss(f, y, v, K)
	}
	return out
}

// sparse holds the non-zero features of every sample, in the order of
// the slots: sample i's are idx[start[i]:start[i+1]] with the values val
// at the same positions. A zero feature adds ±0 to a sum of products, which
// leaves it unchanged, so sums over the non-zero features alone are the
// sums over all of them, to the last bit.
type sparse struct {
	start []int
	idx   []int32
	val   []float64
}

// sparseRows returns the non-zero features of x, k per sample.
func sparseRows(x []float64, k int) *sparse {
	n := len(x) / k
	f := &sparse{start: make([]int, 1, n+1)}
	for i := range n {
		for j, v := range x[i*k : i*k+k] {
			if v != 0 {
				f.idx = append(f.idx, int32(j))
				f.val = append(f.val, v)
			}
		}
		f.start = append(f.start, len(f.idx))
	}
	return f
}

// eval returns sample i's value under w.
func eval(f *sparse, w []float64, i int) float64 {
	var s float64
	lo, hi := f.start[i], f.start[i+1]
	idx, val := f.idx[lo:hi], f.val[lo:hi]
	for p, j := range idx {
		s += float64(val[p] * w[j])
	}
	return s
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// loss is the mean squared error of σ(K·eval) against the results.
func loss(f *sparse, y, w []float64, K float64) float64 {
	var s float64
	for i := range y {
		d := y[i] - sigmoid(float64(K*eval(f, w, i)))
		s += float64(d * d)
	}
	return s / float64(len(y))
}

// gradient sets g to the gradient of loss in w.
func gradient(f *sparse, y, w []float64, K float64, g []float64) {
	clear(g)
	for i := range y {
		s := sigmoid(float64(K * eval(f, w, i)))
		c := float64(float64(float64(-2*(y[i]-s))*s)*(1-s)) * K
		lo, hi := f.start[i], f.start[i+1]
		idx, val := f.idx[lo:hi], f.val[lo:hi]
		for p, j := range idx {
			g[j] += float64(c * val[p])
		}
	}
	n := float64(len(y))
	for j := range g {
		g[j] /= n
	}
}

// fitK returns the scale minimising the error of w: a golden-section
// search over [1e-4, 0.1].
func fitK(f *sparse, y, w []float64) float64 {
	lo, hi := 1e-4, 0.1
	phi := (math.Sqrt(5) - 1) / 2
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := loss(f, y, w, a), loss(f, y, w, b)
	for range 60 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = loss(f, y, w, a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = loss(f, y, w, b)
		}
	}
	return (lo + hi) / 2
}

// GoLiteral returns w as the Go composite literal of minichess.EvalWeights
// used in pkg/minichess/engine.go.
func GoLiteral(w minichess.EvalWeights) string {
	arr := func(a []int32) string {
		s := make([]string, len(a))
		for i, v := range a {
			s[i] = strconv.Itoa(int(v))
		}
		return "{" + strings.Join(s, ", ") + "}"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "EvalWeights{\n")
	fmt.Fprintf(&b, "\tMaterial:   [7]int32%s,\n", arr(w.Material[:]))
	fmt.Fprintf(&b, "\tPawnRank:   [5]int32%s,\n", arr(w.PawnRank[:]))
	fmt.Fprintf(&b, "\tPawnCenter: %d,\n\tCenter:     %d,\n\tEdge:       %d,\n", w.PawnCenter, w.Center, w.Edge)
	fmt.Fprintf(&b, "\tKingRank:   [6]int32%s,\n", arr(w.KingRank[:]))
	fmt.Fprintf(&b, "\tMobility:   [7]int32%s,\n", arr(w.Mobility[:]))
	fmt.Fprintf(&b, "\tKingZone:   [7]int32%s,\n", arr(w.KingZone[:]))
	fmt.Fprintf(&b, "\tOpenLine:   %d,\n\tTempo:      %d,\n", w.OpenLine, w.Tempo)
	if w.Square != [7][minichess.Squares]int32{} {
		fmt.Fprintf(&b, "\tSquare: [7][Squares]int32{\n")
		for k := range w.Square {
			fmt.Fprintf(&b, "\t\t%s,\n", arr(w.Square[k][:]))
		}
		fmt.Fprintf(&b, "\t},\n")
	}
	return b.String() + "}"
}
