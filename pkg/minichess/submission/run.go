package submission

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/player"
)

// Name is the program's name in messages.
const Name = "player_submission"

// DefaultTime is the default time budget, measured from the start of Run.
const DefaultTime = 9 * time.Second

// MaxHashMiB bounds -hash, within the course's 4 GB memory limit.
const MaxHashMiB = 2048

const usage = "usage: " + Name + " [-time D] [-depth N] [-nodes N] [-hash MiB] [-ply N] [-v] <state_file> <action_file>\n" +
	"  -time D    time budget from the start, e.g. 9s, 500ms or 2.5 (default 9s; 0: none)\n" +
	"  -depth N   deepest iteration (default 0: none)\n" +
	"  -nodes N   node budget, every node counted (default 0: none)\n" +
	"  -hash MiB  transposition table size, 1..2048 (default 64)\n" +
	"  -ply N     plies already played: adjudicate at ply 50 (default: from the side file\n" +
	"             .player_submission.<colour> next to the action file, or from the start position)\n" +
	"  -v         one line per completed iteration on stderr\n"

// Run runs player_submission with the command-line arguments args (without
// the program name): it reads the state file, creates the action file and
// appends the best move of every completed iteration (docs/minichess.md, "The
// engine"). It returns
// the exit status: 0 on success, 2 on bad usage (integer flags by
// [cliutil.ParseInt], an action file that is the state file) or a bad state
// file (one line on stderr, action file untouched), 1 when the action file
// cannot be written.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	start := time.Now()
	clock := engine.NewSystemClock()
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "%s: %s\n", Name, fmt.Sprintf(format, a...))
		return code
	}
	fs := flag.NewFlagSet(Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	budget := DefaultTime
	fs.Var(player.DurationFlag{D: &budget}, "time", "")
	var depth, hash, ply int
	var nodes int64
	cliutil.IntVar(fs, &depth, "depth", 0, 0, engine.MaxPly-1, "")
	cliutil.IntVar(fs, &nodes, "nodes", 0, 0, math.MaxInt64, "")
	cliutil.IntVar(fs, &hash, "hash", DefaultHashMiB, 1, MaxHashMiB, "")
	cliutil.IntVar(fs, &ply, "ply", -1, 0, math.MaxInt, "")
	verbose := fs.Bool("v", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.WriteString(stderr, usage)
			return 0
		}
		return fail(2, "%v", err)
	}
	if fs.NArg() != 2 {
		return fail(2, "usage: %s [flags] <state_file> <action_file>", Name)
	}
	stateName, actionName := fs.Arg(0), fs.Arg(1)
	if err := cliutil.DistinctOutput(actionName, stateName); err != nil {
		return fail(2, "%v", err)
	}
	pos, err := minichess.ReadStateFile(stateName)
	if err != nil {
		return fail(2, "%v", err)
	}
	f, err := os.OpenFile(actionName, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return fail(1, "cannot create the action file: %v", err)
	}
	defer f.Close()
	var line []byte
	emit := func(m minichess.Move) error {
		line = append(m.AppendText(line[:0]), '\n')
		_, err := f.Write(line) // one write per line, unbuffered
		return err
	}
	lim := Limits{Depth: depth, Nodes: uint64(nodes), PlyKnown: cliutil.IsSet(fs, "ply"), Played: ply}
	if !lim.PlyKnown {
		// The ply count from the side file (ply.go): the search then sees
		// the ply-50 adjudication as the end of the game.
		n := pos.Node()
		lim.Played = rememberPlayed(actionName, &n)
		lim.PlyKnown = lim.Played >= 0
	}
	if budget > 0 {
		// The whole budget is searched: a new iteration starts until the
		// hard limit, since every completed iteration's move is already in
		// the action file and an aborted one adds its better move (the
		// last complete line counts). Stopping at 45% of the budget when
		// the next iteration looked too long left half the
		// time unused against Fairy-Stockfish (docs/engine/minichess.md).
		lim.Time = engine.NewTimeManagerFrom(clock, 0, budget, budget)
	}
	if *verbose {
		lim.Info = func(i engine.Info[minichess.Move]) {
			nps := 0.0
			if el := time.Since(start); el > 0 {
				nps = float64(i.Nodes) / el.Seconds()
			}
			fmt.Fprintf(stderr, "%s: depth %d seldepth %d score %d nodes %d nps %.0f time %v move %v pv %v\n",
				Name, i.Depth, i.SelDepth, i.Value, i.Nodes, nps, time.Since(start).Round(time.Microsecond), i.Move, pvText(i.PV))
		}
	}
	e := NewEngine(EngineOptions(hash), minichess.DefaultEvalWeights())
	res, err := e.Think(&pos, lim, emit)
	if err != nil {
		return fail(1, "writing the action file: %v", err)
	}
	if err := f.Close(); err != nil {
		return fail(1, "writing the action file: %v", err)
	}
	switch res.Root {
	case minichess.EmptyRoot:
		fmt.Fprintf(stderr, "%s: no legal moves\n", Name)
	case minichess.WinCapture, minichess.OnlyMove:
		if *verbose {
			fmt.Fprintf(stderr, "%s: immediate move %v\n", Name, res.Move)
		}
	}
	return 0
}

func pvText(pv []minichess.Move) string {
	var b []byte
	for i, m := range pv {
		if i > 0 {
			b = append(b, ',')
		}
		b = m.AppendText(b)
	}
	return string(b)
}
