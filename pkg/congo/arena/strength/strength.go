// Package strength implements congo-strength: the acceptance match of
// congo-agent (docs/congo.md, "The tournament agent") against the course
// baseline, and the self-play matches of the agent's engine that decide
// which engine features the agent keeps (docs/engine/congo.md). The games
// are played by package match with the rules, openings and players of
// package github.com/gamesearch/gamesearch/pkg/congo/arena.
//
// It is a tool, not a graded program: only cmd/congo-strength imports it.
package strength

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/agent"
	"github.com/gamesearch/gamesearch/pkg/congo/arena"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
)

const strengthUsage = `usage: congo-strength [-rules 2021|2022] [-n N] [-movetime S] [-agent PROGRAM] [-depth D] [-openings FILE]
       congo-strength [-selfplay=SWITCHES] [-checks] [-nodes N] [-rules R] [-n N]
Plays the acceptance match of docs/congo.md: congo-agent with "go S"
against the course baseline (alpha-beta depth 4, advanced evaluation), every
opening with both colours; or a self-play match of the agent's engine with
techniques switched against its defaults, at a fixed node budget per move. A
progress line per game goes to stderr (-q: none), the summary to stdout.
  -rules R       edition (default 2022)
  -n N           number of openings (default 100: 200 games)
  -movetime S    seconds per agent move (default 0.1)
  -agent PROG    run this congo-agent program (default: the agent in-process)
  -depth D       agent fixed depth (deterministic; replies are not timed)
  -openings FILE one FEN per line ('#' comments) instead of the built-in list
  -deadline C    wall (default): a reply later than max(1 ms, 0.9 S - 20 ms)
                 of wall time loses; cpu: the agent's search CPU time counts
                 (in-process agent; measures the agent on a loaded machine)
  -budget N      play the agent's engine in-process with N nodes per move
                 (deterministic, no protocol, no time) instead of go S
  -selfplay S    techniques switched in the self-play player, +name on, -name
                 off, comma-separated (-selfplay=-tt,+futility): ` + "%s" + `;
                 +checkext also turns -checks on
  -checks        a self-play match whose player answers lion threats as
                 checks in quiescence (EngineGame.Checks), with -selfplay's
                 switches if any
  -nodes N       self-play node budget per move (default 20000)
  -list          list the games player A did not win (opening, colour, moves,
                 final position)
  -q             no progress lines on stderr
`

// strengthOptions are the parsed flags of congo-strength.
type strengthOptions struct {
	rules    congo.Edition
	n        int
	moveTime time.Duration
	agent    string
	depth    int
	openings string
	selfplay string
	switches func(*engine.Options)
	checks   bool
	nodes    uint64
	quiet    bool
	cpuLate  bool
	budget   uint64
	listAll  bool
}

func parseStrength(args []string) (strengthOptions, error) {
	fs := flag.NewFlagSet("congo-strength", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o strengthOptions
	rules := fs.String("rules", "2022", "")
	cliutil.IntVar(fs, &o.n, "n", 100, 1, math.MaxInt, "")
	secs := fs.String("movetime", "0.1", "")
	fs.StringVar(&o.agent, "agent", "", "")
	cliutil.IntVar(fs, &o.depth, "depth", 0, 0, engine.MaxPly-1, "")
	fs.StringVar(&o.openings, "openings", "", "")
	fs.StringVar(&o.selfplay, "selfplay", "", "")
	fs.BoolVar(&o.checks, "checks", false, "")
	var nodes, budget int64
	cliutil.IntVar(fs, &nodes, "nodes", 20000, 1, math.MaxInt64, "")
	fs.BoolVar(&o.quiet, "q", false, "")
	cliutil.IntVar(fs, &budget, "budget", 0, 0, math.MaxInt64, "")
	fs.BoolVar(&o.listAll, "list", false, "")
	deadline := fs.String("deadline", "wall", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, errHelp
		}
		return o, err
	}
	o.nodes, o.budget = uint64(nodes), uint64(budget)
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	r, ok := congo.ParseEdition(*rules)
	if !ok {
		return o, fmt.Errorf("-rules: want 2021 or 2022, got %q", *rules)
	}
	o.rules = r
	t, err := agent.ParseSeconds(*secs)
	if err != nil {
		return o, fmt.Errorf("-movetime: %v", err)
	}
	o.moveTime = t
	if o.selfplay != "" || o.checks {
		o.selfplay = strings.TrimSpace(o.selfplay)
		if o.switches, err = engine.ParseFeatures(o.selfplay); err != nil {
			return o, fmt.Errorf("-selfplay: %v", err)
		}
		opt := agent.EngineOptions()
		o.switches(&opt)
		if opt.LMR && !opt.PVS {
			return o, fmt.Errorf("-selfplay %s: lmr needs pvs (add -lmr)", o.selfplay)
		}
	}
	switch *deadline {
	case "wall":
	case "cpu":
		o.cpuLate = true
	default:
		return o, fmt.Errorf("-deadline: want wall or cpu, got %q", *deadline)
	}
	if o.cpuLate && o.agent != "" {
		return o, errors.New("-deadline cpu needs the in-process agent (no -agent)")
	}
	return o, nil
}

// errHelp is returned by parseStrength for -h.
var errHelp = errors.New("help")

// Run is the congo-strength program: args without the program name; the
// result is the exit status (0 when the match was played, 1 when it could
// not be, 2 for bad flags). The summary goes to stdout, progress to stderr.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseStrength(args)
	if err == errHelp {
		fmt.Fprintf(stderr, strengthUsage, strings.Join(engine.FeatureNames(), " "))
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "congo-strength: %s\n", oneLine(err.Error()))
		return 2
	}
	openings := arena.Openings(o.rules, o.n)
	if o.openings != "" {
		f, err := os.Open(o.openings)
		if err != nil {
			fmt.Fprintf(stderr, "congo-strength: %v\n", err)
			return 1
		}
		openings, err = arena.ReadOpenings(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "congo-strength: %s: %v\n", o.openings, err)
			return 1
		}
		if len(openings) > o.n {
			openings = openings[:o.n]
		}
	}
	var progress func(match.Progress)
	if !o.quiet {
		progress = func(p match.Progress) { fmt.Fprintln(stderr, p) }
	}
	m := match.Match[congo.Position, congo.Move]{
		Rules:     arena.MatchRules{Edition: o.rules},
		Openings:  openings,
		Games:     2 * len(openings),
		MaxPlies:  arena.MatchPlies,
		Progress:  progress,
		KeepMoves: o.listAll,
	}
	var summary strings.Builder
	if o.switches != nil {
		optA, gA := agent.EngineOptions(), congo.NewEngineGame(o.rules)
		o.switches(&optA)
		gA.Checks = o.checks || optA.CheckExtension
		optB, gB := agent.EngineOptions(), congo.NewEngineGame(o.rules)
		optA.HashMiB, optB.HashMiB = 16, 16
		label := o.selfplay
		if o.checks {
			label = strings.TrimSpace(label + " checks")
		}
		m.Players[0] = arena.NewEnginePlayer(label, gA, optA, o.nodes)
		m.Players[1] = arena.NewEnginePlayer("default", gB, optB, o.nodes)
		fmt.Fprintf(&summary, "self-play, rules %s, %d nodes per move, %d games (%d openings × 2 colours)\n", o.rules, o.nodes, m.Games, len(openings))
		rep, err := match.Play(m)
		if err != nil {
			fmt.Fprintf(stderr, "congo-strength: %v\n", err)
			return 1
		}
		writeReport(&summary, rep)
		io.WriteString(stdout, summary.String())
		return 0
	}
	if o.budget > 0 {
		ep := arena.NewEnginePlayer("congo-agent engine", congo.NewEngineGame(o.rules), agent.EngineOptions(), o.budget)
		m.Players = [2]arena.Player{ep, arena.NewBaseline(o.rules)}
		fmt.Fprintf(&summary, "congo-agent engine (%d nodes per move) vs baseline (alpha-beta depth 4), rules %s, %d games (%d openings × 2 colours)\n",
			o.budget, o.rules, m.Games, len(openings))
		rep, err := match.Play(m)
		if err != nil {
			fmt.Fprintf(stderr, "congo-strength: %v\n", err)
			return 1
		}
		writeReport(&summary, rep)
		io.WriteString(stdout, summary.String())
		if o.listAll {
			listGames(stdout, o.rules, openings, rep)
		}
		return 0
	}
	var pp *arena.ProgramPlayer
	args2 := []string{"-rules", o.rules.String()}
	if o.depth > 0 {
		args2 = append(args2, "-depth", fmt.Sprint(o.depth))
	}
	if o.agent != "" {
		pp, err = arena.StartProgram("congo-agent", o.moveTime, stderr, append([]string{o.agent}, args2...)...)
		if err != nil {
			fmt.Fprintf(stderr, "congo-strength: %v\n", err)
			return 1
		}
	} else {
		pp = arena.StartInProcess("congo-agent", o.moveTime, stderr, agent.Config{Edition: o.rules, Depth: o.depth})
	}
	// The deadline applies to the agent only (the baseline is untimed), so
	// the agent's player enforces it rather than the match.
	limit := agent.ReplyLimit(o.moveTime)
	if o.depth == 0 {
		pp.Deadline, pp.DeadlineCPU = limit, o.cpuLate
	}
	m.Players = [2]arena.Player{pp, arena.NewBaseline(o.rules)}
	start := time.Now()
	rep, err := match.Play(m)
	cerr := pp.Close()
	defer func() {
		if o.listAll && rep != nil {
			listGames(stdout, o.rules, openings, rep)
		}
	}()
	if err != nil {
		fmt.Fprintf(stderr, "congo-strength: %v\n", err)
		return 1
	}
	fmt.Fprintf(&summary, "congo-agent (go %s) vs baseline (alpha-beta depth 4), rules %s, %d games (%d openings × 2 colours)\n",
		arena.FormatSeconds(o.moveTime), o.rules, m.Games, len(openings))
	writeReport(&summary, rep)
	if o.depth == 0 {
		clock := "wall time"
		if o.cpuLate {
			clock = "the agent's CPU time"
		}
		fmt.Fprintf(&summary, "agent replies: %d; limit %.1f ms measured on %s (a later reply loses its game)\n",
			pp.Replies, float64(limit)/1e6, clock)
		fmt.Fprintf(&summary, "  wall time, go sent to reply read: slowest %.1f ms, %d over the limit\n",
			float64(pp.Slowest)/1e6, pp.Late)
		if o.agent == "" {
			fmt.Fprintf(&summary, "  CPU time of the agent's searches: slowest %.1f ms, %d over the limit\n",
				float64(pp.SlowestCPU)/1e6, pp.LateCPU)
		}
	} else {
		fmt.Fprintf(&summary, "agent at fixed depth %d (replies not timed)\n", o.depth)
	}
	fmt.Fprintf(&summary, "match time: %s\n", time.Since(start).Round(time.Second))
	if cerr != nil {
		fmt.Fprintf(&summary, "agent exit: %v\n", cerr)
	}
	io.WriteString(stdout, summary.String())
	return 0
}

// writeReport writes the summary of rep: results, per colour, forfeits and
// how the games ended.
func writeReport(w io.Writer, rep *match.Report[congo.Move]) {
	fmt.Fprintf(w, "%s vs %s: W-D-L %d-%d-%d, %s\n", rep.Names[0], rep.Names[1],
		rep.Stats.Wins, rep.Stats.Draws, rep.Stats.Losses, rep.Stats)
	for c, name := range []string{"White", "Black"} {
		s := rep.ByColor[c]
		fmt.Fprintf(w, "  as %s: W-D-L %d-%d-%d\n", name, s.Wins, s.Draws, s.Losses)
	}
	fmt.Fprintf(w, "forfeits: %s %d, %s %d\n", rep.Names[0], rep.Forfeits[0], rep.Names[1], rep.Forfeits[1])
	reasons := map[string]int{}
	plies := 0
	for _, g := range rep.Games {
		k := g.Reason
		if g.Winner >= 0 {
			if g.Result == match.Win {
				k = fmt.Sprintf("%s (%s won)", g.Reason, rep.Names[0])
			} else {
				k = fmt.Sprintf("%s (%s won)", g.Reason, rep.Names[1])
			}
		}
		reasons[k]++
		plies += g.Plies
	}
	var keys []string
	for k := range reasons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(w, "  %d × %s\n", reasons[k], k)
	}
	if n := len(rep.Games); n > 0 {
		fmt.Fprintf(w, "average game length: %.1f plies\n", float64(plies)/float64(n))
	}
}

// listGames writes the games player A did not win: the opening's index, A's
// colour, the reason, the moves and the final position with its material
// (White's minus Black's).
func listGames(w io.Writer, r congo.Edition, openings []congo.Position, rep *match.Report[congo.Move]) {
	for _, g := range rep.Games {
		if g.Result == match.Win {
			continue
		}
		p := openings[g.Opening]
		var ms []string
		for _, m := range g.Moves {
			p = arena.MatchRules{Edition: r}.Play(&p, m)
			ms = append(ms, m.String())
		}
		fmt.Fprintf(w, "game %d, opening %d, A as %s: %s (%s) after %d plies; final %s, material %+d\n  moves: %s\n",
			g.Index+1, g.Opening, congo.Color(g.AColor), g.Result, g.Reason, g.Plies, p.String(), p.Material(), strings.Join(ms, " "))
	}
}

// oneLine replaces line breaks so a message stays on one line.
func oneLine(s string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
}
