// Package agent implements congo-agent, the Congo tournament player of the
// 2021 Part 7 and 2022 bonus tournament API (docs/congo.md, "The tournament
// agent"): a long-running program that reads newgame, position, moves, go and
// quit commands on stdin and writes its moves on stdout, searching with the
// tournament engine of package engine ([engine.Engine]) on the
// [congo.EngineGame] adapter. With a [Chooser] in its [Config] the same
// protocol loop plays another player's moves: congo-baseline (package
// github.com/gamesearch/gamesearch/pkg/congo/baseline) plays the course
// baseline this way.
//
// The package holds only what these two graded programs need: the protocol
// loop ([Run], [Serve], [Agent.Handle]), the [Agent] and its time limits
// ([TimeLimits], [ReplyLimit]). It must not import os/exec, package match or
// the toolkit; the matches that play the agent (congo-strength, the Part 6
// round robin, gamesearch match) are in package
// github.com/gamesearch/gamesearch/pkg/congo/arena, which imports this one.
//
// Conventions: the agent never stops on bad input; each problem gives one
// line "congo-agent: line N: ..." on stderr and the command is ignored (a bad
// go argument counts as "go 1"). Time is read only through a [engine.Clock]
// so tests can drive it; the reply to "go T" is due max(1 ms, 0.9 T − 20 ms)
// after the go line was read ([ReplyLimit]; [Serve] reads and timestamps the
// lines on a goroutine of their own, so a line counts as read when it
// arrives, even while an earlier command is being handled), and the agent
// aims well inside that ([TimeLimits], [StallDeadline]). With -depth the
// search is a fixed-depth one, time is not read, and equal inputs give equal
// outputs.
package agent

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/engine"
)

// Engine is the engine type the agent searches with.
type Engine = engine.Engine[congo.Position, congo.Move, congo.EngineGame]

// Config configures an [Agent].
type Config struct {
	// Edition is the edition.
	Edition congo.Edition
	// Depth is a fixed depth limit (0: none; the search is bounded by time).
	// With a depth limit the agent does not read the clock.
	Depth int
	// Clock measures the time of a move (nil: the system clock). [Serve]
	// also reads it on the goroutine that reads stdin, so with Serve it
	// must be safe for concurrent use (a ManualClock is for Handle).
	Clock engine.Clock
	// Chooser, when not nil, replaces the engine: go replies with its move,
	// the time of go and Depth are ignored, and no engine is created.
	// congo-baseline plays the course baseline this way.
	Chooser Chooser
	// Name is the program name that starts the stderr messages (the zero
	// value means "congo-agent").
	Name string
	// MeasureCPU makes every search measure the CPU time of the calling
	// OS thread ([Agent.LastCPU]); for a caller that runs the agent on a
	// goroutine locked to its thread (Linux only; 0 elsewhere).
	MeasureCPU bool
}

// Chooser picks the move of a position for go, in place of the engine.
type Chooser interface {
	// Choose returns the move to play in p, where a lion of each colour is
	// present and the side to move has a legal move; false when it found
	// none (the agent then plays the first legal move).
	Choose(p *congo.Position) (congo.Move, bool)
}

// EngineOptions returns the engine options the agent plays with: the
// engine's defaults (table, hash move, MVV-LVA, killers, history, PVS,
// aspiration windows, quiescence) plus late-move reductions, with a 16 MiB
// table and the clock polled every 256 nodes. Null moves (Congo has no
// EngineNullMover), futility pruning and the check extension stay off. The
// self-play results behind this choice are in docs/engine/congo.md.
func EngineOptions() engine.Options {
	o := engine.DefaultOptions()
	o.LMR = true
	o.HashMiB = 16
	o.PollEvery = 256
	return o
}

// ReplyLimit is the deadline of a reply to "go t": max(1 ms, 0.9 t − 20 ms)
// after the go line was read.
func ReplyLimit(t time.Duration) time.Duration {
	return max(time.Millisecond, t*9/10-20*time.Millisecond)
}

// TimeLimits returns the soft and hard limits the agent uses for "go T".
// The hard limit is max(0.5 ms, 0.6 T − 20 ms), well inside the required
// max(1 ms, 0.9 T − 20 ms): at T = 0.1 s it is 40 ms against 70 ms, because
// on a loaded machine the process can be kept off the CPU for tens of
// milliseconds between two clock polls (measured: 14 ms of CPU time in 77 ms
// of wall time with six runnable processes on two cores). No iteration
// starts after the soft limit, half the hard one.
func TimeLimits(t time.Duration) (soft, hard time.Duration) {
	hard = engine.HardLimit(t, 0.6, 20*time.Millisecond, time.Millisecond/2)
	return hard / 2, hard
}

// StallFactor is how many of the longest stalls seen must still fit before
// the reply's deadline when the search stops (see [StallDeadline]). On a
// loaded machine the stalls come unannounced and vary: with two, a stall
// twice as long as the longest seen made the reply late. Four halved the
// late replies at go 0.1 beside two busy processes (docs/engine/congo.md);
// idle, the stalls are a fraction of a millisecond and four of them change
// nothing.
const StallFactor = 4

// stallMemory is how much of the longest stall of a search the next search
// starts with (3/4: a loaded machine stays loaded for many moves, so the
// guard forgets a stall slowly).
const stallMemory = 3.0 / 4

// StallDeadline returns the deadline of the stall guard of "go t"
// ([engine.TimeManager.GuardStalls]): the reply limit less a margin of
// t/20 + 5 ms for writing the reply. On a loaded machine the agent is kept
// off the CPU now and then (a stall, measured as the longest gap between two
// readings of the clock during the search, and the earlier searches' longest
// gap, of which each move keeps three quarters); the search then stops as
// soon as [StallFactor] such stalls would no longer fit before this deadline, and
// starts no iteration after half of that. An idle machine has stalls of a
// fraction of a millisecond, and [TimeLimits] alone decide: at go 0.1 the
// guard is at 60 ms, the hard limit at 40 ms; with stalls of 10 ms the
// search stops at 20 ms, the reply due at 70 ms.
func StallDeadline(t time.Duration) time.Duration {
	return max(time.Millisecond/2, ReplyLimit(t)-t/20-5*time.Millisecond)
}

// Agent is the state of one congo-agent: the edition, the current position
// and the engines.
type Agent struct {
	name  string
	rules congo.Edition
	depth int
	clock engine.Clock
	opt   engine.Options
	game  congo.EngineGame
	eng   *Engine
	// lions searches boards holding only the two lions, which the main
	// engine treats as drawn terminal positions but which are not game over
	// for the protocol; created when first needed.
	lions *Engine
	pos   congo.Position
	buf   []congo.Move
	// last is the result of the last search.
	last engine.Result[congo.Move]
	// lastTime is the time from the go line to the end of the last search
	// (0 at a fixed depth).
	lastTime time.Duration
	// measureCPU makes Think measure the CPU time of its thread (lastCPU).
	measureCPU bool
	lastCPU    time.Duration
	// stall is the longest stall of the last timed search times
	// stallMemory: the prior of the next search's stall guard.
	stall time.Duration
	// chooser replaces the engines when not nil (eng is then nil).
	chooser Chooser
}

// Last returns the engine result of the last search and the time it took
// from the moment its go line was read (0 with a depth limit; the zero
// result with a [Chooser]).
func (a *Agent) Last() (engine.Result[congo.Move], time.Duration) {
	return a.last, a.lastTime
}

// LastCPU returns the CPU time of the last search when the agent measures
// it ([Config.MeasureCPU]), and 0 otherwise.
func (a *Agent) LastCPU() time.Duration { return a.lastCPU }

// New returns an agent at the start position of cfg.Edition, searching with
// [EngineOptions] on [congo.NewEngineGame].
func New(cfg Config) *Agent {
	a := &Agent{name: cfg.Name, rules: cfg.Edition, depth: cfg.Depth, clock: cfg.Clock, chooser: cfg.Chooser,
		measureCPU: cfg.MeasureCPU, opt: EngineOptions(), game: congo.NewEngineGame(cfg.Edition)}
	if a.name == "" {
		a.name = "congo-agent"
	}
	if a.clock == nil {
		a.clock = engine.NewSystemClock()
	}
	if a.chooser == nil {
		a.eng = engine.New[congo.Position, congo.Move](a.game, a.opt)
	}
	a.NewGame()
	return a
}

// NewGame resets the position to the edition's start position and clears
// the search state.
func (a *Agent) NewGame() {
	a.pos, _ = congo.ParseFEN(congo.StartFEN(a.rules))
	if a.eng != nil {
		a.eng.Clear()
	}
	if a.lions != nil {
		a.lions.Clear()
	}
}

// Position returns the current position.
func (a *Agent) Position() congo.Position { return a.pos }

// Apply plays the moves in order, all or none: it returns an error naming
// the first malformed or illegal move and leaves the position unchanged.
func (a *Agent) Apply(moves []string) error {
	p := a.pos
	var next congo.Position
	for _, s := range moves {
		m, ok := congo.ParseMove(s)
		if !ok {
			return fmt.Errorf("move %s is not <file><rank><file><rank> with files a-g and ranks 1-7", cliutil.Quote(s))
		}
		if p.LionMissing() {
			return fmt.Errorf("illegal move %s: the game is over (a lion is missing)", s)
		}
		if !p.IsLegal(m) {
			return fmt.Errorf("illegal move %s for %s", s, p.Side)
		}
		p.Play(&next, m, a.rules)
		p = next
	}
	a.pos = p
	return nil
}

// Think searches the current position within the time t (ignored with a
// depth limit or a [Chooser]) and returns the chosen move, or false when the
// game is over or the side to move has no move. It does not play the move.
// tm, when not nil, replaces the time limits derived from t (its clock
// started when the move was asked for). The stall guard of t
// ([StallDeadline]) applies either way; a search stopped before it found a
// move plays the first legal move.
func (a *Agent) Think(t time.Duration, tm *engine.TimeManager) (congo.Move, bool) {
	p := &a.pos
	if p.LionMissing() {
		return 0, false
	}
	a.buf = p.GenerateMoves(a.buf[:0])
	if len(a.buf) == 0 {
		return 0, false
	}
	if a.chooser != nil {
		a.last, a.lastTime = engine.Result[congo.Move]{}, 0
		if m, ok := a.chooser.Choose(p); ok {
			return m, true
		}
		return a.buf[0], true
	}
	lim := engine.Limits[congo.Move]{Depth: a.depth}
	if a.depth == 0 {
		if tm == nil {
			soft, hard := TimeLimits(t)
			tm = engine.NewTimeManager(a.clock, soft, hard)
		}
		tm.GuardStalls(StallDeadline(t), StallFactor, a.stall)
		lim.Time = tm
	}
	eng := a.eng
	if a.game.TwoLionsDraw && p.Occupied() == p.KindSet(congo.Lion) {
		if a.lions == nil {
			g := a.game
			g.TwoLionsDraw = false
			o := a.opt
			o.HashMiB = 1
			a.lions = engine.New[congo.Position, congo.Move](g, o)
		}
		eng = a.lions
	}
	var cpu0 time.Duration
	if a.measureCPU {
		cpu0 = threadCPU()
	}
	res := eng.Search(*p, lim)
	a.last, a.lastTime = res, 0
	if a.measureCPU {
		a.lastCPU = threadCPU() - cpu0
	}
	if lim.Time != nil {
		a.lastTime = lim.Time.Elapsed()
		a.stall = time.Duration(float64(lim.Time.Stall()) * stallMemory)
	}
	if !res.HasMove {
		return a.buf[0], true
	}
	return res.Move, true
}

// Play applies the agent's own move m to the current position.
func (a *Agent) Play(m congo.Move) {
	var next congo.Position
	a.pos.Play(&next, m, a.rules)
	a.pos = next
}

// usage is the -h text.
const usage = `usage: congo-agent [-rules 2021|2022] [-depth D]
Plays Congo over the tournament protocol (docs/congo.md): reads commands
on stdin (newgame, position <fen>, moves <m1> <m2> ..., go <seconds>, quit)
and answers each go with one move (or 0000) on stdout.
  -rules R   edition (default 2022)
  -depth D   fixed search depth, deterministic, ignores the time (default:
             no depth limit, the search is bounded by the time of go)
`

// errHelp is returned by parseFlags for -h.
var errHelp = errors.New("help")

// parseFlags reads the command line.
func parseFlags(args []string) (Config, error) {
	fs := flag.NewFlagSet("congo-agent", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	rules := fs.String("rules", "2022", "")
	var depth int
	cliutil.IntVar(fs, &depth, "depth", 0, 0, engine.MaxPly-1, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return Config{}, errHelp
		}
		return Config{}, err
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	r, ok := congo.ParseEdition(*rules)
	if !ok {
		return Config{}, fmt.Errorf("-rules: want 2021 or 2022, got %q", *rules)
	}
	return Config{Edition: r, Depth: depth}, nil
}

// Run is the congo-agent program: args without the program name; the result
// is the exit status (0 at quit or end of input, 1 when stdout cannot be
// written, 2 for bad flags).
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(args)
	if err == errHelp {
		io.WriteString(stderr, usage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "congo-agent: %s\n", oneLine(err.Error()))
		return 2
	}
	return Serve(New(cfg), stdin, stdout, stderr)
}

// inputLine is a line of stdin and the clock reading when it was read.
type inputLine struct {
	s   string
	at  time.Duration
	err error
}

// readInput reads the lines of in on a goroutine of its own, each stamped
// with the clock when it was read, until the end of input or until done is
// closed.
func (a *Agent) readInput(in io.Reader, done <-chan struct{}) <-chan inputLine {
	ch := make(chan inputLine, 16)
	go func() {
		defer close(ch)
		r := bufio.NewReader(in)
		for {
			s, err := r.ReadString('\n')
			var at time.Duration
			if a.timed() {
				at = a.clock.Now()
			}
			select {
			case ch <- inputLine{s, at, err}:
			case <-done:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return ch
}

// Serve runs the protocol loop of a on stdin until quit or end of input.
// The result is the exit status: 0, or 1 when stdout cannot be written (or
// stdin cannot be read). Lines are read ahead on a goroutine, so that the
// time of a go line runs from its arrival.
func Serve(a *Agent, stdin io.Reader, stdout, stderr io.Writer) int {
	done := make(chan struct{})
	defer close(done)
	lines := a.readInput(stdin, done)
	out := bufio.NewWriter(stdout)
	for line := 1; ; line++ {
		l, ok := <-lines
		if !ok {
			return 0 // the end of input after a last line without a line end
		}
		s, rerr := l.s, l.err
		if s == "" && rerr != nil {
			if errors.Is(rerr, io.EOF) {
				return 0
			}
			fmt.Fprintf(stderr, "%s: reading stdin: %v\n", a.name, rerr)
			return 1
		}
		quit, werr := a.handle(s, line, l.at, out, stderr)
		if werr != nil {
			fmt.Fprintf(stderr, "%s: writing stdout: %v\n", a.name, werr)
			return 1
		}
		if quit {
			return 0
		}
	}
}

// Handle executes one command line (line is its 1-based number, for error
// messages) and reports whether it was quit. Replies go to out, which is
// flushed after each; problems with the command go to stderr as one line.
// The error is a failure to write out.
func (a *Agent) Handle(s string, line int, out *bufio.Writer, stderr io.Writer) (quit bool, err error) {
	return a.handle(s, line, a.clock.Now(), out, stderr)
}

// handle is Handle for a line read at the clock reading at.
func (a *Agent) handle(s string, line int, at time.Duration, out *bufio.Writer, stderr io.Writer) (quit bool, err error) {
	var tm *engine.TimeManager
	if a.timed() {
		// The reply is due relative to the moment the line was read.
		tm = a.startClock(s, at)
	}
	cmd, rest := cutToken(s)
	complain := func(format string, args ...any) {
		fmt.Fprintf(stderr, "%s: line %d: %s\n", a.name, line, oneLine(fmt.Sprintf(format, args...)))
	}
	switch cmd {
	case "":
		return false, nil // blank line
	case "quit":
		return true, nil
	case "newgame":
		if rest != "" {
			complain("newgame takes no argument, ignored %s", cliutil.Quote(rest))
		}
		a.NewGame()
	case "position":
		if rest == "" {
			complain("position: missing <fen>; position unchanged")
			return false, nil
		}
		p, err := congo.ParseFEN(rest)
		if err != nil {
			var fe *congo.FENError
			if errors.As(err, &fe) {
				err = errors.New(fe.Msg) // the protocol's messages name lines, not bytes
			}
			complain("position: %v; position unchanged", err)
			return false, nil
		}
		a.pos = p
	case "moves":
		if err := a.Apply(strings.Fields(rest)); err != nil {
			complain("moves: %v; no move of the line applied", err)
		}
	case "go":
		t, err := ParseSeconds(rest)
		if err != nil {
			complain("go: %v; using go 1", err)
			t = time.Second
		}
		if tm != nil {
			tm = a.rescale(tm, t)
		}
		m, ok := a.Think(t, tm)
		if !ok {
			out.WriteString("0000\n")
		} else {
			var b [5]byte
			out.Write(append(congo.AppendMove(b[:0], m), '\n'))
			a.Play(m)
		}
		return false, out.Flush()
	default:
		complain("unknown command %s (want newgame, position, moves, go or quit)", cliutil.Quote(cmd))
	}
	return false, nil
}

// timed reports whether go reads the clock: an engine search without a
// depth limit.
func (a *Agent) timed() bool { return a.depth == 0 && a.chooser == nil }

// startClock returns a time manager started at the clock reading at (when
// the line was read), for a line that may be a go command (its limits are
// set by rescale once the time is known).
func (a *Agent) startClock(s string, at time.Duration) *engine.TimeManager {
	if c, _ := cutToken(s); c != "go" {
		return nil
	}
	return engine.NewTimeManagerFrom(a.clock, at, 0, 0)
}

// rescale returns a time manager with the limits of "go t" started at the
// same moment as tm.
func (a *Agent) rescale(tm *engine.TimeManager, t time.Duration) *engine.TimeManager {
	soft, hard := TimeLimits(t)
	start := a.clock.Now() - tm.Elapsed()
	return engine.NewTimeManagerFrom(a.clock, start, soft, hard)
}

// cutToken splits s (a raw line) into its first blank-separated token and
// the rest, trimmed of blanks and the line end.
func cutToken(s string) (tok, rest string) {
	s = strings.TrimRight(s, "\r\n")
	s = strings.Trim(s, " \t\r\n\v\f")
	i := strings.IndexAny(s, " \t\v\f\r")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.Trim(s[i:], " \t\v\f\r")
}

// maxSeconds bounds the time of a go command (about 11 days).
const maxSeconds = 1e6

// ParseSeconds parses the argument of go: one positive decimal number
// ("5", "60", "0.1", ".5"); a time above maxSeconds counts as maxSeconds.
func ParseSeconds(s string) (time.Duration, error) {
	if s == "" {
		return 0, errors.New("missing <seconds>")
	}
	if strings.ContainsAny(s, " \t\v\f\r") {
		return 0, fmt.Errorf("want one argument <seconds>, got %s", cliutil.Quote(s))
	}
	digits, dot := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] >= '0' && s[i] <= '9':
			digits++
		case s[i] == '.':
			dot++
		default:
			digits = -1
		}
		if digits < 0 {
			break
		}
	}
	if digits <= 0 || dot > 1 {
		return 0, fmt.Errorf("seconds %s is not a positive decimal number", cliutil.Quote(s))
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v > 0) {
		return 0, fmt.Errorf("seconds %s is not a positive decimal number", cliutil.Quote(s))
	}
	if v > maxSeconds {
		v = maxSeconds
	}
	d := time.Duration(v * float64(time.Second))
	if d <= 0 {
		d = 1 // a positive time below a nanosecond
	}
	return d, nil
}

// oneLine replaces line breaks so a message stays on one line.
func oneLine(s string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
}
