package morris

// This file holds the tournament mode of the Improved programs: the
// -movetime, -black and -left flags and the timed search.

import (
	"flag"
	"fmt"
	"math"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/engine"
)

// Tournament time limits of a -movetime run: the search is aborted at the
// hard limit HardFrac·movetime − HardReserve (at least 1 ms), measured from
// the start of the program's Run, and no new iteration is started after
// SoftFrac of the hard limit.
const (
	HardFrac    = 0.85
	HardReserve = 10 * time.Millisecond
	SoftFrac    = 0.5
)

// TimedHashMiB is the transposition table size of a -movetime run.
const TimedHashMiB = 32

// TimeLimits returns the soft and hard limits of a move that must be ready
// within movetime (see [HardFrac]).
func TimeLimits(movetime time.Duration) (soft, hard time.Duration) {
	hard = engine.HardLimit(movetime, HardFrac, HardReserve, time.Millisecond)
	return time.Duration(SoftFrac * float64(hard)), hard
}

const timedHelp = `
Tournament mode: with -movetime DURATION (e.g. 1s, 500ms, 20s) the program plays
by iterative deepening with the tournament engine (transposition table, PVS,
move ordering, quiescence on mill-closing moves) and answers within the time:
it stops at 85 % of DURATION minus 10 ms. DEPTH is then optional and caps the
iterations. It prints the same three lines: the chosen board, the static
evaluations of all iterations, and the estimate of the deepest completed
iteration, for the side that moves. -black moves for Black (the board is
read as is, not colour-swapped). -left N (opening program only) is the number of
pieces the side to move still has to place (the opponent has N, or N-1 when
Black moves; 0: the midgame); by default it is inferred from the board,
assuming no piece has been captured yet.
`

// timedUsage is the usage line of an Improved program.
func (p Program) timedUsage() string {
	left := ""
	if p.Phase == Opening {
		left = " [-left N]"
	}
	return fmt.Sprintf("usage: %s [-board %s] INPUT OUTPUT DEPTH, or %s [-board KIND] -movetime DURATION [-black]%s INPUT OUTPUT [DEPTH]", p.Name, KindChoices(), p.Name, left)
}

// timedFlags are the tournament-mode flags.
type timedFlags struct {
	movetimeArg string
	movetime    time.Duration
	black       bool
	left        int
	on          bool
	phase       Phase
}

func (tf *timedFlags) register(fs *flag.FlagSet, ph Phase) {
	tf.phase = ph
	fs.StringVar(&tf.movetimeArg, "movetime", "", "play by iterative deepening within this time per move (e.g. 1s)")
	fs.BoolVar(&tf.black, "black", false, "with -movetime: move for Black")
	tf.left = -1
	if ph == Opening {
		cliutil.IntVar(fs, &tf.left, "left", -1, 0, math.MaxInt, "with -movetime: pieces the side to move has still to place")
	}
}

// check validates the flags after parsing; it returns an error message or "".
func (tf *timedFlags) check(fs *flag.FlagSet) string {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["movetime"] {
		for _, n := range []string{"black", "left"} {
			if set[n] {
				return fmt.Sprintf("-%s needs -movetime", n)
			}
		}
		return ""
	}
	d, err := time.ParseDuration(tf.movetimeArg)
	if err != nil || d <= 0 {
		return fmt.Sprintf("-movetime %q: want a positive duration such as 1s or 500ms", tf.movetimeArg)
	}
	tf.movetime, tf.on = d, true
	return ""
}

// think runs the timed search of program p on board b from pos; depth (0:
// none) caps the iterations; the clock runs from start.
func (tf *timedFlags) think(p Program, b *Board, pos Position, depth int, start time.Time) Result {
	s := InferState(b, pos, tf.black, p.Phase == Opening, tf.left)
	opt := EngineOptions()
	opt.HashMiB = TimedHashMiB
	e := NewEngine(b, p.Estimator, opt)
	soft, hard := TimeLimits(tf.movetime)
	clock := engine.NewSystemClock()
	tm := engine.NewTimeManagerFrom(clock, -time.Since(start), soft, hard)
	return Think(e, s, engine.Limits[Node]{Depth: depth, Time: tm}).Result
}
