package player

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/minichess"
)

// Kind selects what a [Program] plays.
type Kind uint8

// The player kinds.
const (
	// KindBaseline is a TA baseline.
	KindBaseline Kind = iota
	// KindRandom is the template's random player.
	KindRandom
	// KindMinimax is player_minimax.
	KindMinimax
	// KindAlphaBeta is player_alphabeta.
	KindAlphaBeta
)

// Program is one of the player programs. Its Run implements the command
// line and the file protocol (docs/minichess.md, "Common rules for players").
type Program struct {
	// Name is the program name used in messages ("player_minimax").
	Name string
	// Kind is what it plays.
	Kind Kind
	// Level is the baseline level (1-4) taken from the program's name; 0 when
	// the name gives none (then -level is required).
	Level int
}

var (
	// RandomPlayer is player_random.
	RandomPlayer = Program{Name: "player_random", Kind: KindRandom}
	// MinimaxPlayer is player_minimax.
	MinimaxPlayer = Program{Name: "player_minimax", Kind: KindMinimax}
	// AlphaBetaPlayer is player_alphabeta.
	AlphaBetaPlayer = Program{Name: "player_alphabeta", Kind: KindAlphaBeta}
)

// BaselineProgram returns the baseline program started as argv0: its level
// is taken from the base name without ".exe" when that is baseline1 ...
// baseline4.
func BaselineProgram(argv0 string) Program {
	base := filepath.Base(strings.ReplaceAll(argv0, `\`, "/"))
	base = strings.TrimSuffix(base, ".exe")
	p := Program{Name: "baseline", Kind: KindBaseline}
	if len(base) == len("baseline1") && strings.HasPrefix(base, "baseline") && base[8] >= '1' && base[8] <= '4' {
		p.Name, p.Level = base, int(base[8]-'0')
	}
	return p
}

// exit statuses
const (
	exitOK    = 0
	exitIO    = 1
	exitUsage = 2
)

// DurationFlag is a [flag.Value] that accepts a Go duration ("9s", "500ms")
// or a bare number of seconds ("2.5"), >= 0, and stores it in *D.
type DurationFlag struct{ D *time.Duration }

// String returns the duration in Go notation.
func (f DurationFlag) String() string {
	if f.D == nil {
		return ""
	}
	return f.D.String()
}

// Set parses a Go duration or a bare number of seconds.
func (f DurationFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		sec, err2 := strconv.ParseFloat(s, 64)
		if err2 != nil || sec != sec || sec > 1e9 {
			return fmt.Errorf("invalid duration %q", s)
		}
		d = time.Duration(sec * float64(time.Second))
	}
	if d < 0 {
		return fmt.Errorf("invalid duration %q: negative", s)
	}
	*f.D = d
	return nil
}

func (p Program) usage() string {
	switch p.Kind {
	case KindRandom:
		return "usage: " + p.Name + " [-seed S] [-v] <state_file> <action_file>\n" +
			"  -seed S   srand seed of the template's random player, 0..2147483647 (default 123)\n" +
			"  -v        one diagnostic line on stderr\n"
	case KindMinimax, KindAlphaBeta:
		return "usage: " + p.Name + " [-depth N] [-time D] [-nodes N] [-v] <state_file> <action_file>\n" +
			"  -depth N  last iteration depth (default 0: none; at most 64)\n" +
			"  -time D   time limit from the start, e.g. 9s, 500ms or 2.5 (default 9s; 0: none)\n" +
			"  -nodes N  node budget over all iterations (default 0: none)\n" +
			"  -v        one line per completed iteration on stderr\n"
	}
	name := p.Name
	if p.Level == 0 {
		name = "baselineN"
	}
	return "usage: " + name + " [-level N] [-v] <state_file> <action_file>\n" +
		"  -level N  baseline level 1..4 (default: from the program name baseline1..baseline4)\n" +
		"  -v        one line per completed depth on stderr\n"
}

// Run runs the program with the command-line arguments args (without the
// program name): it reads the state file, creates the action file and
// appends one line per result. It returns the exit status: 0 on success, 2
// on bad usage (integer flags by [cliutil.ParseInt], an action file that is
// the state file) or a bad state file (one line on stderr, action file
// untouched), 1 when the action file cannot be written.
func (p Program) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	start := time.Now()
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "%s: %s\n", p.Name, fmt.Sprintf(format, a...))
		return code
	}
	fs := flag.NewFlagSet(p.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	verbose := fs.Bool("v", false, "")
	var (
		seed  int64
		depth int
		nodes int64
		level int
		limit = 9 * time.Second
	)
	seed = 123
	switch p.Kind {
	case KindRandom:
		cliutil.IntVar(fs, &seed, "seed", 123, 0, math.MaxInt32, "")
	case KindMinimax, KindAlphaBeta:
		cliutil.IntVar(fs, &depth, "depth", 0, 0, MaxDepth, "")
		cliutil.IntVar(fs, &nodes, "nodes", 0, 0, math.MaxInt64, "")
		fs.Var(DurationFlag{D: &limit}, "time", "")
	case KindBaseline:
		cliutil.IntVar(fs, &level, "level", 0, 1, 4, "")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.WriteString(stderr, p.usage())
			return exitOK
		}
		return fail(exitUsage, "%v", err)
	}
	lvl := p.Level
	if p.Kind == KindBaseline {
		if cliutil.IsSet(fs, "level") {
			lvl = level
			p.Name = "baseline" + strconv.Itoa(lvl)
		}
		if lvl == 0 {
			return fail(exitUsage, "cannot tell the level: name the program baseline1..baseline4 or pass -level N")
		}
	}
	if fs.NArg() != 2 {
		return fail(exitUsage, "%s", strings.TrimSuffix(strings.SplitN(p.usage(), "\n", 2)[0], "\n"))
	}
	stateName, actionName := fs.Arg(0), fs.Arg(1)
	if err := cliutil.DistinctOutput(actionName, stateName); err != nil {
		return fail(exitUsage, "%v", err)
	}
	pos, err := minichess.ReadStateFile(stateName)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	f, err := os.OpenFile(actionName, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return fail(exitIO, "cannot create the action file: %v", err)
	}
	defer f.Close()
	var line []byte
	emit := func(m minichess.Move) error {
		line = append(m.AppendText(line[:0]), '\n')
		_, err := f.Write(line)
		return err
	}
	var noMoves bool
	switch p.Kind {
	case KindBaseline:
		d := 0
		vemit := emit
		if *verbose {
			vemit = func(m minichess.Move) error {
				d++
				fmt.Fprintf(stderr, "%s: depth %d move %v time %v\n", p.Name, d, m, time.Since(start).Round(time.Microsecond))
				return emit(m)
			}
		}
		noMoves, err = Baseline(&pos, lvl, vemit)
	case KindRandom:
		m, ok := Random(&pos, uint32(seed))
		noMoves = !ok
		if ok {
			err = emit(m)
			if *verbose && err == nil {
				fmt.Fprintf(stderr, "%s: seed %d move %v\n", p.Name, seed, m)
			}
		}
	default:
		lim := Limits{Depth: depth, Nodes: uint64(nodes)}
		if limit > 0 {
			lim.Deadline = start.Add(limit)
		}
		var info func(Iteration)
		if *verbose {
			info = func(it Iteration) {
				fmt.Fprintf(stderr, "%s: depth %d score %d nodes %d total %d time %v move %v\n",
					p.Name, it.Depth, it.Value, it.Nodes, it.Total, time.Since(start).Round(time.Microsecond), it.Move)
			}
		}
		var rc minichess.RootCase
		rc, err = Deepen(&pos, p.Kind == KindAlphaBeta, lim, emit, info)
		noMoves = rc == minichess.EmptyRoot
	}
	if err != nil {
		return fail(exitIO, "writing the action file: %v", err)
	}
	if err := f.Close(); err != nil {
		return fail(exitIO, "writing the action file: %v", err)
	}
	if noMoves && (p.Kind != KindBaseline || lvl == 1) {
		fmt.Fprintf(stderr, "%s: no legal moves\n", p.Name)
	}
	return exitOK
}
