package submission

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// ReportConfig says what the MiniChess report measures and where it finds
// the results of the long runs.
type ReportConfig struct {
	// Root is the repository root (for code excerpts and included files).
	Root string
	// Strength is the Markdown output of scripts/minichess-strength.sh
	// ("" or missing: the section says it was not run).
	Strength string
	// Features is docs/engine/minichess.md, whose self-play table is
	// included.
	Features string
	// Nodes is the node budget of the in-process matches; Required1Nodes
	// the budget of the 8 baseline games.
	Nodes, Required1Nodes uint64
	// Baseline4Openings is the number of random 4-ply openings of the
	// match against baseline4 (two games each).
	Baseline4Openings int
	// Progress, when not nil, receives a line per finished step.
	Progress io.Writer
}

// Report writes the MiniChess report (docs/minichess/report.md) to w, running
// every measurement it quotes.
func Report(c ReportConfig, w io.Writer) error {
	var b bytes.Buffer
	r := reporter{c: c, b: &b}
	r.run()
	if r.err != nil {
		return r.err
	}
	_, err := w.Write(b.Bytes())
	return err
}

type reporter struct {
	c   ReportConfig
	b   *bytes.Buffer
	err error
}

func (r *reporter) p(format string, a ...any) { fmt.Fprintf(r.b, format, a...) }

func (r *reporter) progress(format string, a ...any) {
	if r.c.Progress != nil {
		fmt.Fprintf(r.c.Progress, format+"\n", a...)
	}
}

// excerpt returns the Go declaration starting with the line that begins
// with prefix in file (relative to the root), up to its closing brace at
// column 0 (or its last line for one-line declarations).
func (r *reporter) excerpt(file, prefix string) string {
	data, err := os.ReadFile(filepath.Join(r.c.Root, file))
	if err != nil {
		r.err = errors.Join(r.err, err)
		return ""
	}
	var out []string
	in := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		l := sc.Text()
		if !in && strings.HasPrefix(l, prefix) {
			in = true
		}
		if in {
			out = append(out, l)
			if l == "}" || len(out) == 1 && strings.HasSuffix(l, "}") {
				break
			}
		}
	}
	if !in {
		r.err = errors.Join(r.err, fmt.Errorf("%s: no declaration %q", file, prefix))
	}
	return "```go\n// " + file + "\n" + strings.Join(out, "\n") + "\n```\n"
}

// include returns the content of a file, or "" when it is missing.
func include(name string) string {
	data, err := os.ReadFile(name)
	if err != nil {
		return ""
	}
	return string(data)
}

// section returns the part of a Markdown text from the heading line that
// starts with heading up to the next heading of the same or a higher level.
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

func (r *reporter) run() {
	c := r.c
	start := time.Now()
	r.p("# MiniChess AI: design report\n\n")
	r.p("This report describes `player_submission`, our engine for the NTHU I2P(II) 2023 MiniChess\n")
	r.p("project (6×5 board), and the course players it builds on. It follows the structure of the\n")
	r.p("course's student report. **Every number below was produced by `scripts/minichess_report.sh`**\n")
	r.p("(this file is its output; generated %s on %s/%s, %d CPUs, load average %s).\n\n",
		time.Now().UTC().Format("2006-01-02"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), loadAvg())

	// 1. State value function.
	r.p("## 1. State value function\n\n### The course's evaluation\n\n")
	r.p("The course's value of a position is material: pawn 2, rook 6, knight 7, bishop 8, queen 20,\n")
	r.p("king 100 (the ply-50 adjudication table), the side to move's sum minus the opponent's, and\n")
	r.p("+100000 when the side to move can capture a king (a *Win* position). Our baselines and\n")
	r.p("`player_minimax`/`player_alphabeta` use exactly this function:\n\n")
	r.p("%s\n", r.excerpt("pkg/minichess/game.go", "func (n *Node) Evaluate"))
	r.p("### Our engine's evaluation\n\n")
	r.p("`player_submission` scores a position from the side to move's view as the sum of five terms\n")
	r.p("(`pkg/minichess/engine.go`), in centipawns:\n\n")
	w := minichess.DefaultEvalWeights()
	r.p("| term | weights | why |\n|---|---|---|\n")
	r.p("| material | P %d, R %d, N %d, B %d, Q %d | proportional (×50) to the adjudication table 2/6/7/8/20, so a material gain in the search is a gain at ply 50 too; the dominant term, since material decides the game when no king falls (section 5) |\n",
		w.Material[minichess.Pawn], w.Material[minichess.Rook], w.Material[minichess.Knight], w.Material[minichess.Bishop], w.Material[minichess.Queen])
	r.p("| piece-square | pawn by rows advanced %v, +%d on files B-D; knight/bishop +%d on the six central squares, -%d on the A and E files; king by rows from home %v | pawns that advance threaten promotion (a queen is worth 9 pawns more); a pawn one row before promotion gets the large bonus; minor pieces control more from the centre; the king is safest on its home row |\n",
		w.PawnRank[:4], w.PawnCenter, w.Center, w.Edge, w.KingRank)
	r.p("| mobility | per pseudo-legal move: R %d, N %d, B %d, Q %d, pawn %d | more moves mean more options and more attacked squares; the queen's weight is small because its mobility is large anyway |\n",
		w.Mobility[minichess.Rook], w.Mobility[minichess.Knight], w.Mobility[minichess.Bishop], w.Mobility[minichess.Queen], w.Mobility[minichess.Pawn])
	r.p("| king safety | −per enemy attack on the king's square or its neighbours: P %d, R %d, N %d, B %d, Q %d, K %d; −%d per square a rook (bishop) would reach from the king when the enemy has a rook or queen (bishop or queen) | a king capture ends the game at once, so attacks near the king and open lines toward it are the real danger |\n",
		w.KingZone[minichess.Pawn], w.KingZone[minichess.Rook], w.KingZone[minichess.Knight], w.KingZone[minichess.Bishop], w.KingZone[minichess.Queen], w.KingZone[minichess.King], w.OpenLine)
	r.p("| tempo | +%d for the side to move | the side to move is a half move ahead; it also damps the odd/even oscillation of iterative deepening |\n\n", w.Tempo)
	r.p("The weights are tables filled once (`NewSearchGame`); black's piece-square values are white's\n")
	r.p("under the point reflection square → 29 − square, since the start position is point-symmetric.\n")
	r.p("The weights were first set by hand, then checked by self-play matches (section 4): the\n")
	r.p("piece-square weights were halved as a result. The evaluation uses the bitboards of `Node`\n")
	r.p("and does not allocate. Breakdown on three positions\n")
	r.p("(white minus black; tempo for the side to move):\n\n")
	g := minichess.NewSearchGame(w)
	r.p("| position (FEN) | material | piece-square | mobility | king zone | open lines | tempo | value for the side to move |\n|---|---|---|---|---|---|---|---|\n")
	for _, fen := range []string{"kqbnr/ppppp/5/5/PPPPP/RNBQK w", "kq1nr/pp1pp/2p2/1b3/PPP1P/RNBQK w", "k1bnr/p1P1p/1p3/5/1P1PP/RNBQK b"} {
		pos, err := minichess.ParseFEN(fen)
		if err != nil {
			r.err = err
			return
		}
		n := pos.Node()
		br := g.Breakdown(&n)
		e := minichess.NewEngineNode(&n, -1)
		r.p("| `%s` | %d | %d | %d | %d | %d | %d | %d |\n", fen, br.Material, br.PieceSquare, br.Mobility, br.KingZone, br.OpenLines, br.Tempo, g.Evaluate(&e))
	}
	r.p("\n**Why no king value is needed.** The course table gives the king 100 and the seed report\n")
	r.p("1000, so that losing the king outweighs everything else. In our search a position where the\n")
	r.p("side to move can capture a king is *terminal*: it is a win worth `engine.Mate − ply` (the\n")
	r.p("course players: +100000) before any evaluation happens, and a king is therefore never\n")
	r.p("actually captured inside the search tree. A king value would only add the same constant to\n")
	r.p("both sides while both kings are on the board; the engine's material table has no king entry.\n")
	r.p("(The course's 100 still matters in the ply-50 adjudication of a position where a king is\n")
	r.p("missing, which the runner never produces, since a king capture ends the game first.)\n\n")

	// 2. Minimax.
	r.p("## 2. Minimax\n\n")
	r.p("We write minimax in negamax form: every value is from the side to move's view, and a\n")
	r.p("parent's value is the maximum of its children's negated values. The depth-limited value of\n")
	r.p("the course (spec 8.2) is\n\n")
	r.p("```\nV(s, 0) = 100000 if s is a Win position, else M(s)\nV(s, d) = 100000                                   if s is a Win position\n        = -100000                                  if s has no moves\n        = max over moves m of -V(apply(s, m), d-1)  otherwise\n```\n\n")
	r.p("The search is pkg/search's single implementation (the MiniChess package only supplies the\n")
	r.p("game: move list in template order, Win positions terminal, the material evaluation). The\n")
	r.p("node function of the shared searcher:\n\n")
	r.p("%s\n", r.excerpt("pkg/search/search.go", "func (s *Searcher[P, M, G]) node("))
	r.p("**Root choice.** The root keeps the **first** move in list order with the greatest value; a\n")
	r.p("later move with an equal value never replaces it. The seed report collects all equal moves\n")
	r.p("and picks one at random. We don't, because our baselines must write the TA baselines' exact\n")
	r.p("bytes (a random tie-break would make the output irreproducible), and because a\n")
	r.p("deterministic player can be tested: the same state gives the same action file.\n\n")
	r.p("**Iterative deepening.** The runner starts a fresh process for every move and kills it after\n")
	r.p("10 s; only the last complete move in the action file counts. So every player searches depth\n")
	r.p("1, 2, 3, … and appends the best move of each completed depth as a line, written with one\n")
	r.p("`write` call. Whenever the process is killed, the file holds the best move of the deepest\n")
	r.p("completed search, and depth 1 is on disk within milliseconds. The runner's `Depth: N` line\n")
	r.p("is the number of lines, that is, of completed iterations.\n\n")

	// 3. Alpha-beta.
	r.p("## 3. Alpha-beta pruning\n\n")
	r.p("* **α** is the value the side to move is already sure of (the best found so far on the path).\n")
	r.p("* **β** is the value above which the opponent, one ply up, will avoid this node.\n")
	r.p("* Once a move scores **α ≥ β**, the remaining moves cannot change the parent's choice and\n")
	r.p("  are cut. The seed report cuts only when α > β: still correct, but it searches the moves\n")
	r.p("  that tie with β for nothing.\n")
	r.p("* Under the first-best root rule, alpha-beta returns the same move as minimax: each root move\n")
	r.p("  after the first is searched with the window (α, β) where α is the best value so far, so a\n")
	r.p("  later move that only ties fails low (≤ α) and is not taken, while a strictly better move\n")
	r.p("  gets its exact value. Our tests check that `player_alphabeta -depth d` and\n")
	r.p("  `player_minimax -depth d` write the same lines on every conformance position.\n\n")
	r.p("Nodes visited from the start position (every node entered, root included; the course's\n")
	r.p("material evaluation and template move order):\n\n")
	r.p("| depth | minimax nodes | alpha-beta nodes | ratio | same move |\n|---|---|---|---|---|\n")
	s := search.New[minichess.Node, minichess.Move](minichess.CourseGame{}, minichess.CourseOptions())
	sp := minichess.StartPosition()
	sn := sp.Node()
	for d := 1; d <= 6; d++ {
		mm := s.Minimax(sn, d)
		ab := s.AlphaBeta(sn, d)
		r.p("| %d | %d | %d | %.1f | %v |\n", d, mm.Stats.Nodes, ab.Stats.Nodes, float64(mm.Stats.Nodes)/float64(ab.Stats.Nodes), yes(mm.Move == ab.Move && mm.Value == ab.Value))
	}
	r.progress("nodes table done (%v)", time.Since(start).Round(time.Second))
	r.p("\n")

	// 4. Engine.
	r.p("## 4. Our engine\n\n")
	r.p("`player_submission` runs the repository's tournament engine (`pkg/engine`, `docs/engine.md`)\n")
	r.p("over `minichess.SearchGame`:\n\n")
	r.p("* **Iterative deepening and time.** The budget (`-time`, 9 s by default) runs from the start\n")
	r.p("  of the process. No new iteration starts after 45%% of it (the next one would rarely\n")
	r.p("  finish); the search aborts when the budget is reached, checking the clock every 1024\n")
	r.p("  nodes, and the partial iteration writes nothing. A Win root writes the king capture, a root\n")
	r.p("  with one move writes it and exits.\n")
	r.p("* **PVS.** The first move of a node gets the full window, the others a null window, re-searched\n")
	r.p("  on a fail-high.\n")
	r.p("* **Terminal rules.** A node where the side to move can capture a king is a win `MATE − ply`;\n")
	r.p("  a node without moves a loss; there are no draws by repetition or stalemate.\n")
	r.p("* **Transposition table.** 64 MiB by default, two-entry buckets, storing key, depth, bound,\n")
	r.p("  score (win scores relative to the node) and best move. The keys are 64-bit Zobrist keys,\n")
	r.p("  one per (colour, piece 1–6, square) and one for black to move, drawn from splitmix64\n")
	r.p("  seeded with 20230617 in that order, and updated incrementally by `Play`:\n\n")
	r.p("%s\n", r.excerpt("pkg/minichess/engine.go", "func (g SearchGame) Play("))
	r.p("* **Move ordering.** Table move, then captures and promotions by MVV-LVA (16 × victim −\n")
	r.p("  attacker; a king capture never needs ordering because such a node is terminal), two killer\n")
	r.p("  moves per ply, then the history heuristic.\n")
	r.p("* **Quiescence.** Below the horizon only captures and promotions are searched, with stand pat\n")
	r.p("  on the static value, except when the side to move's king is attacked: then every move is\n")
	r.p("  searched without stand pat, because a quiet king move may be the only way not to lose.\n")
	r.p("* **Optional techniques.** Late-move reductions (the fourth and later quiet moves, not\n")
	r.p("  killers, at depth ≥ 3, reduced by one ply and re-searched when they beat α) are on: they\n")
	r.p("  gained in self-play. Null-move pruning, futility pruning and the check extension showed\n")
	r.p("  no reliable gain and are off; the aspiration windows stayed on.\n\n")
	feat := include(c.Features)
	if section(feat, "## Self-play") != "" {
		r.p("**Each technique and evaluation term was measured by self-play.** The following is\n")
		r.p("quoted from `docs/engine/minichess.md`, which also gives the commands.\n\n")
		for _, h := range []string{"## Self-play", "## Evaluation terms", "## Decisions"} {
			if t := section(feat, h); t != "" {
				r.p("#%s\n\n", strings.TrimSpace(t))
			}
		}
	} else {
		r.p("The self-play measurements of each technique are in `docs/engine/minichess.md` (not found when this report was generated).\n\n")
	}
	r.p("Iterations from the start position (`player_submission -depth 11 -time 0 -v`, 64 MiB\n")
	r.p("table; times on this machine at the load given above):\n\n")
	r.p("| depth | best move | value | nodes | time |\n|---|---|---|---|---|\n")
	e := NewEngine(Options(DefaultHashMiB), w)
	t0 := time.Now()
	_, err := e.Think(&sp, Limits{Depth: 11, Info: func(i engine.Info[minichess.Move]) {
		r.p("| %d | %s | %d | %d | %v |\n", i.Depth, i.Move.Render(), i.Value, i.Nodes, time.Since(t0).Round(time.Millisecond))
	}}, func(minichess.Move) error { return nil })
	if err != nil {
		r.err = err
		return
	}
	r.progress("iteration table done (%v)", time.Since(start).Round(time.Second))
	r.p("\n")

	// 5. Traps.
	r.p("## 5. The game's traps\n\n")
	r.p("* **Win and truncation.** There is no check and no checkmate: the game is lost when the king\n")
	r.p("  is captured. The template declares a position *Win* as soon as its side to move can capture\n")
	r.p("  a king, and stops generating its move list right after the first king capture. The runner\n")
	r.p("  never asks a player to move in such a position; the game ends one ply earlier. Our searches\n")
	r.p("  treat a Win node as won at once, which is why the king needs no value (section 1).\n")
	r.p("* **The ply-50 adjudication.** After 50 plies the side with more material (table of section 1)\n")
	r.p("  wins, equal material is a draw, and this **overrides a Win**: if the 50th ply leaves the\n")
	r.p("  mover's king capturable, the material still decides (the conformance game\n")
	r.p("  `runner/ply50_override`). Our match harness implements the same rule (`submission.Rules`).\n")
	r.p("* **No ply number.** The state file holds the board and the side to move only, and every move is\n")
	r.p("  a fresh process, so a player cannot know when ply 50 comes. The engine does not keep files\n")
	r.p("  between moves (the directory is shared with the opponent and the runner). It therefore\n")
	r.p("  keeps material as the dominant term, so a lead is kept even without a king attack, and\n")
	r.p("  rewards pawn advances, so that an equal position progresses instead of shuffling. The flag\n")
	r.p("  `-ply N` (analysis only; runners never pass it) tells it the plies played: a node at\n")
	r.p("  search ply k is then adjudicated when N + k ≥ 50.\n")
	r.p("* **Invalid action = loss.** A move that is not exactly in the list, an empty or missing\n")
	r.p("  action file, or a partial line loses at once. Our player creates the action file only after\n")
	r.p("  validating the state, writes every line with a single `write` call, and only writes moves of\n")
	r.p("  the root's template list; in no match below did it forfeit a game.\n\n")

	// 6. Results.
	r.p("## 6. Results\n\n### The 8 baseline games at the course's settings\n\n")
	if st := include(c.Strength); st != "" {
		r.p("Output of `scripts/minichess-strength.sh` (our runner, 10 s per move, 50 plies, real\n")
		r.p("processes; the last column is the number of iterations player_submission completed per\n")
		r.p("move, as the runner's `Depth:` lines show):\n\n%s\n", strings.TrimSpace(st))
	} else {
		r.p("`scripts/minichess-strength.sh` has not been run on this machine yet (its output goes to\n")
		r.p("`docs/minichess/strength.md`).\n\n")
	}
	r.p("\n### In-process matches (deterministic node budgets)\n\n")
	r.p("The harness (spec 10.6) plays both players in-process through the programs' own functions,\n")
	r.p("under the runner's rules. With a node budget and no time limit every game is reproducible.\n\n")
	r.p("| match | games | W-D-L for player_submission | score | Elo [95%%] | forfeits (ours/theirs) |\n|---|---|---|---|---|---|\n")
	var depths []int
	for level := 1; level <= 4; level++ {
		rep, err := PlayMatch(MatchConfig{A: &EnginePlayer{Nodes: c.Required1Nodes, Depths: &depths}, B: BaselinePlayer{Level: level}})
		if err != nil {
			r.err = err
			return
		}
		r.p("%s\n", TableRow(fmt.Sprintf("vs baseline%d, start position, both colours, %d nodes/move (Required 1)", level, c.Required1Nodes), rep))
	}
	r.progress("Required 1 done (%v)", time.Since(start).Round(time.Second))
	rep, err := PlayMatch(MatchConfig{A: &EnginePlayer{Nodes: c.Nodes}, B: AlphaBetaPlayer{Nodes: c.Nodes}, Openings: "twoply"})
	if err != nil {
		r.err = err
		return
	}
	r.p("%s\n", TableRow(fmt.Sprintf("vs player_alphabeta, same budget %d nodes/move, the 49 two-ply openings (Required 2)", c.Nodes), rep))
	r.progress("Required 2 done (%v)", time.Since(start).Round(time.Second))
	rep, err = PlayMatch(MatchConfig{A: &EnginePlayer{Nodes: c.Nodes}, B: BaselinePlayer{Level: 4},
		Openings: fmt.Sprintf("random:4:%d", c.Baseline4Openings), Seed: 1})
	if err != nil {
		r.err = err
		return
	}
	r.p("%s\n", TableRow(fmt.Sprintf("vs baseline4, %d random 4-ply openings (seed 1), %d nodes/move", c.Baseline4Openings, c.Nodes), rep))
	r.progress("baseline4 match done (%v)", time.Since(start).Round(time.Second))
	r.p("\nReproduce with `go run ./pkg/minichess/submission/cmd/mcmatch -a engine -b alphabeta -nodes %d -openings twoply`,\n", c.Nodes)
	r.p("`... -b baseline4 -nodes %d -openings random:4:%d -seed 1` and `... -b baselineN -nodes %d`.\n\n", c.Nodes, c.Baseline4Openings, c.Required1Nodes)
	r.p("### Depth reached per move\n\n")
	if len(depths) > 0 {
		hist := map[int]int{}
		lo, hi, sum := depths[0], depths[0], 0
		for _, d := range depths {
			hist[d]++
			lo, hi, sum = min(lo, d), max(hi, d), sum+d
		}
		r.p("In the 8 Required-1 games at %d nodes per move, player_submission completed depth %d to %d\n", c.Required1Nodes, lo, hi)
		r.p("(mean %.1f) over %d searched moves:\n\n| depth | moves |\n|---|---|\n", float64(sum)/float64(len(depths)), len(depths))
		for d := lo; d <= hi; d++ {
			if hist[d] > 0 {
				r.p("| %d | %d |\n", d, hist[d])
			}
		}
		r.p("\nAn iteration that proves a win or a loss ends the deepening, so the low depths are moves\n")
		r.p("near the end of a game. At the real 10 s limit the depths are in the last column of the\n")
		r.p("8-game table above.\n\n")
	}
	r.p("### Perft verification\n\n")
	r.p("The move generator reproduces the template's lists exactly: `pkg/minichess` checks perft\n")
	r.p("(84 rows), 200 random and 9 hand-made positions' lists and children, and the baselines' action\n")
	r.p("files on 109 positions against the conformance data. From the start position (template\n")
	r.p("lists, leaves counted):\n\n| depth | leaves | time |\n|---|---|---|\n")
	for d := 1; d <= 7; d++ {
		t := time.Now()
		n := minichess.CountPerft(sp, d, true)
		r.p("| %d | %d | %v |\n", d, n, time.Since(t).Round(time.Microsecond))
	}
	r.p("\n")

	// 7. Build and run.
	r.p("## 7. How to build and run\n\n")
	r.p("```\nscripts/build.sh                       # every program; MiniChess ones in bin/minichess/\n")
	r.p("cd bin/minichess && ./main ./player_submission ./baseline4\n")
	r.p("./player_submission -v -time 2s state action   # one line per iteration on stderr\n")
	r.p("go test ./pkg/minichess/...            # rules, conformance, players, strength (small)\n")
	r.p("go test ./pkg/minichess/submission -minichess.strength -v   # the full in-process matches\n")
	r.p("scripts/minichess-strength.sh          # the 8 real games (about 30 min)\n")
	r.p("scripts/minichess_report.sh            # regenerates this report\n```\n")
	r.progress("report done (%v)", time.Since(start).Round(time.Second))
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// ReportTool is the command behind scripts/minichess_report.sh
// (pkg/minichess/submission/cmd/mcreport): it writes the report to -o
// atomically. Exit status 2 on bad usage, 1 on failure.
func ReportTool(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcreport", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("o", "docs/minichess/report.md", "")
	root := fs.String("root", ".", "")
	strength := fs.String("strength", "docs/minichess/strength.md", "")
	features := fs.String("features", "docs/engine/minichess.md", "")
	nodes := fs.Uint64("nodes", 20000, "")
	r1 := fs.Uint64("required1-nodes", 200000, "")
	b4 := fs.Int("baseline4-openings", 50, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.WriteString(stderr, "usage: mcreport [-o FILE] [-root DIR] [-strength FILE] [-features FILE] [-nodes N] [-required1-nodes N] [-baseline4-openings N]\n")
			return 0
		}
		fmt.Fprintf(stderr, "mcreport: %v\n", err)
		return 2
	}
	if fs.NArg() != 0 || *nodes == 0 || *r1 == 0 || *b4 < 1 {
		fmt.Fprintf(stderr, "mcreport: bad arguments (see -h)\n")
		return 2
	}
	var b bytes.Buffer
	c := ReportConfig{Root: *root, Strength: *strength, Features: *features, Nodes: *nodes,
		Required1Nodes: *r1, Baseline4Openings: *b4, Progress: stderr}
	if err := Report(c, &b); err != nil {
		fmt.Fprintf(stderr, "mcreport: %v\n", err)
		return 1
	}
	if err := atomicfile.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "mcreport: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return 0
}
