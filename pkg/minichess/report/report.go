// Package report writes the MiniChess design report (the course's student
// report, for player_submission): it runs every measurement the report
// quotes and fills the template docs/minichess/report.md.tmpl with them.
// The command cmd/minichess-report ([Run]) writes it;
// scripts/minichess_report.sh runs that into docs/minichess/report.md, and
// scripts/package.sh minichess runs the copy built from the shipped sources
// into REPORT.md of the MiniChess archives.
//
// Conventions: the prose is in the template, the figures come from [Collect]
// and are never typed by hand. Everything measured is deterministic (node
// counts, node budgets, fixed seeds; no clock times), so the same sources
// and budgets give the same report byte for byte. The code excerpts are
// read from the sources under [Config.Root], the 8 real games from the
// output of scripts/minichess-strength.sh and the self-play tables from
// docs/engine/minichess.md.
package report

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// Config says what the report measures and where it finds its template and
// the results of the long runs.
type Config struct {
	// Root is the source tree the code excerpts are read from (the
	// repository root, or the src/ of an archive).
	Root string
	// Template is the report's text/template file.
	Template string
	// Strength is the Markdown output of scripts/minichess-strength.sh
	// (missing: the section says it was not run).
	Strength string
	// Features is docs/engine/minichess.md, whose self-play sections are
	// quoted (missing: the section says so).
	Features string
	// Nodes is the node budget per move of the in-process matches;
	// Required1Nodes that of the 8 games against the baselines.
	Nodes, Required1Nodes uint64
	// Baseline4Openings is the number of random 4-ply openings of the
	// match against baseline4 (two games each).
	Baseline4Openings int
	// Progress, when not nil, receives a line per finished step.
	Progress io.Writer
}

// Pieces are per-piece weights of the engine's evaluation.
type Pieces struct{ P, R, N, B, Q, K int32 }

// Weights are the engine's evaluation weights, as the report shows them.
type Weights struct {
	Material, Mobility, KingZone Pieces
	// PawnRank is the pawn bonus by rows advanced (up to one row before
	// promotion); KingRank the king's placement by rows from home.
	PawnRank, KingRank []int32
	// PawnCenter, Center and Edge are bonuses: Edge is the engine's edge
	// penalty negated.
	PawnCenter, Center, Edge int32
	OpenLine, Tempo          int32
	// SquareLow and SquareHigh are the smallest and largest entries of
	// the piece-square table fitted with the other weights.
	SquareLow, SquareHigh int32
}

// Breakdown is the engine's evaluation of a position, term by term (white
// minus black; tempo for the side to move), and its value for the side to
// move.
type Breakdown struct {
	FEN string
	minichess.EvalBreakdown
	Value search.Value
}

// NodeCount compares minimax and alpha-beta from the start position at one
// depth.
type NodeCount struct {
	Depth              int
	MiniMax, AlphaBeta uint64
	// Ratio is MiniMax / AlphaBeta; Same says whether both chose the same
	// move and value.
	Ratio float64
	Same  bool
}

// Iteration is one completed iteration of player_submission's search from
// the start position.
type Iteration struct {
	Depth int
	Move  string
	Value search.Value
	Nodes uint64
}

// Match is the result of one in-process match of player_submission.
type Match struct {
	// Level is the baseline's level (Required 1 matches).
	Level int
	// Cells are the table cells after the label: games, W-D-L,
	// score, Elo and forfeits, as minichess-match prints them.
	Cells string
}

// DepthCount is how many searched moves completed a depth.
type DepthCount struct{ Depth, Moves int }

// Depths are the depths player_submission completed per move in the
// Required-1 games.
type Depths struct {
	Lo, Hi, Moves int
	Mean          float64
	Counts        []DepthCount
}

// PerftCount is the number of leaves from the start position at a depth.
type PerftCount struct {
	Depth  int
	Leaves uint64
}

// Data is what the template is filled with.
type Data struct {
	Config
	// CourseEval, SearchNode and EnginePlay are the code excerpts (Markdown
	// code blocks): the course's evaluation, the node function of the
	// shared searcher, the engine's Play.
	CourseEval, SearchNode, EnginePlay string
	// Weights are the engine's evaluation weights, Breakdowns its
	// evaluation of three positions; NodeCounts compare minimax and
	// alpha-beta at depths 1 to 6.
	Weights    Weights
	Breakdowns []Breakdown
	NodeCounts []NodeCount
	// Features are the quoted sections of docs/engine/minichess.md, each
	// one heading level down (none when the file is missing).
	Features []string
	// Iterations are the engine's iterations from the start position, up
	// to IterationDepth.
	Iterations     []Iteration
	IterationDepth int
	// StrengthTable is the output of scripts/minichess-strength.sh ("" when
	// it was not run).
	StrengthTable string
	// Required1 are the matches against baseline1 to baseline4; Required2
	// the match against player_alphabeta over the TwoPly two-ply openings;
	// Baseline4 the match over random openings.
	Required1            []Match
	Required2, Baseline4 Match
	TwoPly               int
	// Depths are nil when no move was searched.
	Depths *Depths
	Perft  []PerftCount
}

// Write writes the report of c to w: [Collect], then the template.
func Write(c Config, w io.Writer) error {
	t, err := parseTemplate(c.Template)
	if err != nil {
		return err
	}
	d, err := Collect(c)
	if err != nil {
		return err
	}
	return execute(t, d, w)
}

// parseTemplate parses the report's template file.
func parseTemplate(file string) (*template.Template, error) {
	return template.New(filepath.Base(file)).Option("missingkey=error").ParseFiles(file)
}

// execute fills t with d and writes the result to w, nothing when it fails.
func execute(t *template.Template, d *Data, w io.Writer) error {
	var b bytes.Buffer
	if err := t.Execute(&b, d); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// readInputs sets d's parts read from c's Markdown inputs, the self-play
// sections of c.Features and the table in c.Strength, or leaves them empty
// when a file is missing.
func readInputs(c Config, d *Data) {
	d.Features, d.StrengthTable = nil, ""
	if feat, err := os.ReadFile(c.Features); err == nil && section(string(feat), "## Self-play") != "" {
		for _, h := range []string{"## Self-play", "## Evaluation terms", "## Decisions"} {
			if t := section(string(feat), h); t != "" {
				d.Features = append(d.Features, "#"+strings.TrimSpace(t))
			}
		}
	}
	if st, err := os.ReadFile(c.Strength); err == nil {
		d.StrengthTable = strings.TrimSpace(string(st))
	}
}

// progress writes a progress line with the time since start.
func (c *Config) progress(start time.Time, step string) {
	if c.Progress != nil {
		fmt.Fprintf(c.Progress, "%s done (%v)\n", step, time.Since(start).Round(time.Second))
	}
}

// Collect runs every measurement of the report.
func Collect(c Config) (*Data, error) {
	start := time.Now()
	d := &Data{Config: c, IterationDepth: 11, TwoPly: len(arena.TwoPlyOpenings())}
	var err error
	for _, x := range []struct {
		dst          *string
		file, prefix string
	}{
		{&d.CourseEval, "pkg/minichess/game.go", "func (n *Node) Evaluate"},
		{&d.SearchNode, "pkg/search/search.go", "func (s *Searcher[P, M, G]) node("},
		{&d.EnginePlay, "pkg/minichess/engine.go", "func (g EngineGame) Play("},
	} {
		if *x.dst, err = excerpt(c.Root, x.file, x.prefix); err != nil {
			return nil, err
		}
	}

	w := minichess.DefaultEvalWeights()
	pieces := func(a [7]int32) Pieces {
		return Pieces{a[minichess.Pawn], a[minichess.Rook], a[minichess.Knight], a[minichess.Bishop], a[minichess.Queen], a[minichess.King]}
	}
	d.Weights = Weights{Material: pieces(w.Material), Mobility: pieces(w.Mobility), KingZone: pieces(w.KingZone),
		PawnRank: w.PawnRank[:4], KingRank: w.KingRank[:], PawnCenter: w.PawnCenter, Center: w.Center, Edge: -w.Edge,
		OpenLine: w.OpenLine, Tempo: w.Tempo, SquareLow: w.Square[0][0], SquareHigh: w.Square[0][0]}
	for _, row := range w.Square {
		d.Weights.SquareLow = min(d.Weights.SquareLow, slices.Min(row[:]))
		d.Weights.SquareHigh = max(d.Weights.SquareHigh, slices.Max(row[:]))
	}
	g := minichess.NewEngineGame(w)
	for _, fen := range []string{"kqbnr/ppppp/5/5/PPPPP/RNBQK w", "kq1nr/pp1pp/2p2/1b3/PPP1P/RNBQK w", "k1bnr/p1P1p/1p3/5/1P1PP/RNBQK b"} {
		pos, err := minichess.ParseFEN(fen)
		if err != nil {
			return nil, err
		}
		n := pos.Node()
		e := minichess.NewEngineNode(&n, -1)
		d.Breakdowns = append(d.Breakdowns, Breakdown{fen, g.Breakdown(&n), g.Evaluate(&e)})
	}

	s := search.New[minichess.Node, minichess.Move](minichess.CourseGame{}, minichess.CourseOptions())
	sp := minichess.StartPosition()
	sn := sp.Node()
	for depth := 1; depth <= 6; depth++ {
		mm := s.Minimax(sn, depth)
		ab := s.AlphaBeta(sn, depth)
		d.NodeCounts = append(d.NodeCounts, NodeCount{depth, mm.Stats.Nodes, ab.Stats.Nodes,
			float64(mm.Stats.Nodes) / float64(ab.Stats.Nodes), mm.Move == ab.Move && mm.Value == ab.Value})
	}
	c.progress(start, "nodes table")

	readInputs(c, d)
	e := submission.NewEngine(submission.EngineOptions(submission.DefaultHashMiB), w)
	_, err = e.Think(&sp, submission.Limits{Depth: d.IterationDepth, Info: func(i engine.Info[minichess.Move]) {
		d.Iterations = append(d.Iterations, Iteration{i.Depth, i.Move.Render(), i.Value, i.Nodes})
	}}, func(minichess.Move) error { return nil })
	if err != nil {
		return nil, err
	}
	c.progress(start, "iteration table")

	var depths []int
	for level := 1; level <= 4; level++ {
		a := arena.NewEnginePlayer("", &arena.ProgramThinker{Depths: &depths})
		a.Nodes = c.Required1Nodes
		cells, err := play(arena.MatchConfig{A: a, B: arena.BaselinePlayer{Level: level}})
		if err != nil {
			return nil, err
		}
		d.Required1 = append(d.Required1, Match{level, cells})
	}
	c.progress(start, "Required 1")
	cells, err := play(arena.MatchConfig{A: arena.SubmissionPlayer(c.Nodes), B: arena.AlphaBetaPlayer{Nodes: c.Nodes}, Openings: "twoply"})
	if err != nil {
		return nil, err
	}
	d.Required2 = Match{Cells: cells}
	c.progress(start, "Required 2")
	cells, err = play(arena.MatchConfig{A: arena.SubmissionPlayer(c.Nodes), B: arena.BaselinePlayer{Level: 4},
		Openings: fmt.Sprintf("random:4:%d", c.Baseline4Openings), Seed: 1})
	if err != nil {
		return nil, err
	}
	d.Baseline4 = Match{Cells: cells}
	c.progress(start, "baseline4 match")
	d.Depths = depthStats(depths)

	for depth := 1; depth <= 7; depth++ {
		d.Perft = append(d.Perft, PerftCount{depth, minichess.CountPerft(sp, depth, true)})
	}
	c.progress(start, "perft")
	return d, nil
}

// play plays a match and returns its table cells after the label.
func play(mc arena.MatchConfig) (string, error) {
	rep, err := arena.PlayMatch(mc)
	if err != nil {
		return "", err
	}
	row := arena.TableRow("", rep)
	cells, ok := strings.CutPrefix(row, "|  | ")
	if !ok {
		return "", fmt.Errorf("unexpected match table row %q", row)
	}
	return cells, nil
}

// depthStats summarises the depths completed per searched move (nil when
// there are none).
func depthStats(depths []int) *Depths {
	if len(depths) == 0 {
		return nil
	}
	hist := map[int]int{}
	s := &Depths{Lo: depths[0], Hi: depths[0], Moves: len(depths)}
	sum := 0
	for _, d := range depths {
		hist[d]++
		s.Lo, s.Hi, sum = min(s.Lo, d), max(s.Hi, d), sum+d
	}
	s.Mean = float64(sum) / float64(len(depths))
	for d := s.Lo; d <= s.Hi; d++ {
		if hist[d] > 0 {
			s.Counts = append(s.Counts, DepthCount{d, hist[d]})
		}
	}
	return s
}

// excerpt returns, as a Markdown code block, the Go declaration of file
// (relative to root) starting with the line that begins with prefix, up to
// its closing brace at column 0 (or its only line for one-line
// declarations).
func excerpt(root, file, prefix string) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
	if err != nil {
		return "", err
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		l := sc.Text()
		if len(out) == 0 && !strings.HasPrefix(l, prefix) {
			continue
		}
		out = append(out, l)
		if l == "}" || len(out) == 1 && strings.HasSuffix(l, "}") {
			break
		}
	}
	if len(out) == 0 {
		return "", fmt.Errorf("%s: no declaration %q", file, prefix)
	}
	return "```go\n// " + file + "\n" + strings.Join(out, "\n") + "\n```\n", nil
}

// section returns the part of a Markdown text from the heading line that
// starts with heading up to the next heading of the same or a higher level
// ("" when there is no such heading).
func section(text, heading string) string {
	i := strings.Index(text, heading)
	if i < 0 {
		return ""
	}
	level := len(heading) - len(strings.TrimLeft(heading, "#"))
	rest := text[i+len(heading):]
	for j := 0; j < len(rest); {
		k := strings.IndexByte(rest[j:], '\n')
		if k < 0 {
			break
		}
		j += k + 1
		if strings.HasPrefix(rest[j:], strings.Repeat("#", level)+" ") || level > 1 && strings.HasPrefix(rest[j:], strings.Repeat("#", level-1)+" ") {
			return text[i : i+len(heading)+j]
		}
	}
	return text[i:]
}
