package agent

// This file adapts Congo to package match: the game-end rules of the
// acceptance match, the course baseline player, and a player that speaks the
// tournament protocol to a congo-agent (a program or an in-process agent);
// both are described in docs/congo.md, "The tournament agent".

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// MatchPlies is the acceptance match's move limit: a game is drawn after 100
// moves by each side (counted from the opening position), which the harness
// sets as the match's MaxPlies.
const MatchPlies = 200

// Rules is the acceptance match (docs/congo.md, "The tournament agent") as a
// [match.Rules]: colour 0 is White; a game ends when a lion is captured (the
// capturer wins), when only the two lions remain (draw), or when the side to
// move has no legal move (draw, the agent replies 0000 there); the move limit
// is the match's MaxPlies ([MatchPlies]).
type Rules struct {
	// Edition is the promotion rule.
	Edition congo.Rules
}

// ToMove returns 0 for White and 1 for Black.
func (r Rules) ToMove(p *congo.Position) int { return int(p.Side) }

// Result reports whether p ends the game, the winning colour (-1 for a
// draw) and the reason.
func (r Rules) Result(p *congo.Position) (bool, int, string) {
	switch p.Status() {
	case congo.WhiteWins:
		return true, 0, "lion captured"
	case congo.BlackWins:
		return true, 1, "lion captured"
	}
	if p.Occupied() == p.KindSet(congo.Lion) {
		return true, -1, "only the two lions"
	}
	if p.CountMoves() == 0 {
		return true, -1, "no legal move"
	}
	return false, -1, ""
}

// Legal reports whether m is a legal move in p (and the game not over).
func (r Rules) Legal(p *congo.Position, m congo.Move) bool {
	return !p.LionMissing() && p.IsLegal(m)
}

// Play returns p after m.
func (r Rules) Play(p *congo.Position, m congo.Move) congo.Position {
	var c congo.Position
	p.Play(&c, m, r.Edition)
	return c
}

// Mover is the opening generator's view of Congo ([match.Mover]).
type Mover struct {
	// Edition is the promotion rule.
	Edition congo.Rules
}

// Over reports whether a lion is missing.
func (g Mover) Over(p *congo.Position) bool { return p.LionMissing() }

// Moves appends the moves of p in ascending order.
func (g Mover) Moves(p *congo.Position, buf []congo.Move) []congo.Move {
	return p.GenerateMoves(buf)
}

// Play returns p after m.
func (g Mover) Play(p *congo.Position, m congo.Move) congo.Position {
	return Rules{g.Edition}.Play(p, m)
}

// OpeningSeed is the seed of the choice of the 100 fixed openings.
const OpeningSeed = 20260617

// Openings returns the n fixed openings of edition r: the positions two
// plies after the start position, in move order, without the decided ones
// (where White can capture the black lion at once, as after d2c3 d6e5
// opens the d-file to a lion flight), shuffled with [OpeningSeed] and cut to
// n ([match.Select]).
func Openings(r congo.Rules, n int) []congo.Position {
	start, _ := congo.ParseFEN(congo.StartFEN(r))
	var open []congo.Position
	for _, p := range match.Enumerate[congo.Position, congo.Move](Mover{r}, start, 2) {
		if !LionCapturable(&p) {
			open = append(open, p)
		}
	}
	return match.Select(open, n, OpeningSeed)
}

// LionCapturable reports whether the side to move in p can capture the
// enemy lion.
func LionCapturable(p *congo.Position) bool {
	lion := p.Pieces(p.Side.Other(), congo.Lion)
	if lion == 0 {
		return false
	}
	return p.Attacked(lion.First(), p.Side)
}

// Baseline is the course baseline of the acceptance match (docs/congo.md,
// "The tournament agent"): fail-hard negamax alpha-beta to depth 4 with the
// advanced evaluation (docs/congo.md, "Search"), root moves in ascending
// order, playing the first root move whose value is strictly greater than
// alpha at that time. It uses the course search of package search.
type Baseline struct {
	s *congo.Searcher
}

// NewBaseline returns the baseline for edition r.
func NewBaseline(r congo.Rules) *Baseline {
	g := congo.Game{Rules: r, Eval: congo.AdvancedEval}
	return &Baseline{s: search.New[congo.Position, congo.Move](g, congo.CourseOptions(true))}
}

// Name returns "baseline".
func (b *Baseline) Name() string { return "baseline" }

// NewGame does nothing: the baseline keeps no state.
func (b *Baseline) NewGame(uint64) {}

// Move searches the position to depth 4.
func (b *Baseline) Move(t *match.Turn[congo.Position, congo.Move]) (congo.Move, error) {
	m, ok := b.Choose(&t.Pos)
	if !ok {
		return 0, errors.New("baseline found no move")
	}
	return m, nil
}

// Choose searches p to depth 4 and returns the baseline's move, or false
// when p has none; it makes the baseline an agent's [Chooser]
// (congo-baseline).
func (b *Baseline) Choose(p *congo.Position) (congo.Move, bool) {
	r := b.s.AlphaBeta(*p, 4)
	return r.Move, r.HasMove
}

// EnginePlayer returns a match player searching with an engine of options
// opt on game g with a fixed node budget (deterministic).
func EnginePlayer(label string, g congo.EngineGame, opt engine.Options, nodes uint64) *match.EnginePlayer[congo.Position, congo.Move, congo.EngineGame] {
	return &match.EnginePlayer[congo.Position, congo.Move, congo.EngineGame]{
		Label:  label,
		Engine: engine.New[congo.Position, congo.Move](g, opt),
		Nodes:  nodes,
	}
}

// ProtocolPlayer plays through the tournament protocol, as the course's game
// manager does: at the start of a game it sends "newgame" and "position
// <opening>", then before each of its turns the moves played since its last
// reply ("moves ..."), then "go <seconds>", and reads one reply line. The
// agent applies its own replies. A reply of 0000, a malformed reply or a
// dead agent is an error (a forfeit in the match).
type ProtocolPlayer struct {
	label   string
	seconds string
	w       io.Writer
	lines   <-chan string
	// done is closed when the agent has ended; err is then its error.
	done chan struct{}
	err  error
	// close ends the agent (sends quit, closes its input, waits).
	close func() error
	known int // moves of the game the agent knows (played or told)
	fresh bool
	// Deadline, when positive, is the longest a reply may take, measured
	// from sending go to reading the reply; a later reply is an error.
	Deadline time.Duration
	// DeadlineCPU applies Deadline to the CPU time of the agent's search
	// instead of the wall time (in-process agents only): on a machine
	// overloaded by other processes this measures the agent, not the load.
	DeadlineCPU bool
	// Slowest is the longest time between sending go and reading the reply,
	// and Late counts the replies later than Deadline. SlowestCPU and
	// LateCPU are the same for the CPU time of the in-process agent's search.
	Slowest, SlowestCPU time.Duration
	Late, LateCPU       int
	// Replies counts the replies.
	Replies int
	// agent is the in-process agent (nil for a program).
	agent *Agent
}

// Name returns the player's label.
func (pp *ProtocolPlayer) Name() string { return pp.label }

// NewGame sends newgame (so the agent clears its table before the game's
// clock runs); the position is sent with the first move.
func (pp *ProtocolPlayer) NewGame(uint64) {
	pp.known, pp.fresh = 0, true
	io.WriteString(pp.w, "newgame\n")
}

// Move sends the game since the last reply and "go", and returns the reply.
func (pp *ProtocolPlayer) Move(t *match.Turn[congo.Position, congo.Move]) (congo.Move, error) {
	var b strings.Builder
	if pp.fresh {
		b.WriteString("position ")
		b.WriteString(t.Start.String())
		b.WriteByte('\n')
		pp.fresh = false
	}
	if len(t.Moves) > pp.known {
		b.WriteString("moves")
		for _, m := range t.Moves[pp.known:] {
			b.WriteByte(' ')
			b.WriteString(m.String())
		}
		b.WriteByte('\n')
	}
	if b.Len() > 0 {
		if _, err := io.WriteString(pp.w, b.String()); err != nil {
			return 0, fmt.Errorf("writing to the agent: %v", err)
		}
	}
	start := time.Now()
	if _, err := io.WriteString(pp.w, "go "+pp.seconds+"\n"); err != nil {
		return 0, fmt.Errorf("writing to the agent: %v", err)
	}
	var line string
	select {
	case l, ok := <-pp.lines:
		if !ok {
			<-pp.done
			return 0, fmt.Errorf("agent ended: %v", pp.err)
		}
		line = l
	case <-time.After(noReply(max(t.MoveTime, pp.Deadline))):
		return 0, errors.New("no reply")
	}
	took := time.Since(start)
	pp.Replies++
	pp.Slowest = max(pp.Slowest, took)
	late := pp.Deadline > 0 && took > pp.Deadline
	if late {
		pp.Late++
	}
	if pp.agent != nil {
		// The reply was written after the search: the pipe orders the
		// agent's write of lastCPU before this read.
		cpu := pp.agent.lastCPU
		pp.SlowestCPU = max(pp.SlowestCPU, cpu)
		if pp.Deadline > 0 && cpu > pp.Deadline {
			pp.LateCPU++
		}
		if pp.DeadlineCPU {
			late, took = pp.Deadline > 0 && cpu > pp.Deadline, cpu
		}
	}
	pp.known = len(t.Moves) + 1
	line = strings.TrimSpace(line)
	if line == "0000" {
		return 0, errors.New("agent replied 0000")
	}
	m, ok := congo.ParseMove(line)
	if !ok {
		return 0, fmt.Errorf("malformed reply %q", line)
	}
	if late {
		return 0, fmt.Errorf("late reply (%.1f ms, limit %.1f ms)", float64(took)/1e6, float64(pp.Deadline)/1e6)
	}
	return m, nil
}

// Close ends the agent.
func (pp *ProtocolPlayer) Close() error { return pp.close() }

// readLines sends the lines of r to a channel, runs end (if not nil) at end
// of input, and then closes the channel.
func readLines(r io.Reader, end func()) <-chan string {
	ch := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			ch <- sc.Text()
		}
		if end != nil {
			end()
		}
		close(ch)
	}()
	return ch
}

// secondsArg formats a move time as the argument of go.
func secondsArg(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// finish sends quit, closes the agent's input, drains its output and waits
// for its end.
func (pp *ProtocolPlayer) finish(in io.WriteCloser) error {
	io.WriteString(in, "quit\n")
	in.Close()
	for range pp.lines {
	}
	<-pp.done
	return pp.err
}

// StartProgram starts the congo-agent program argv (program and arguments)
// and returns a player that gives it moveTime per move. Its stderr goes to
// stderr (nil: discarded).
func StartProgram(label string, moveTime time.Duration, stderr io.Writer, argv ...string) (*ProtocolPlayer, error) {
	if len(argv) == 0 {
		return nil, errors.New("no program given")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", argv[0], err)
	}
	pp := &ProtocolPlayer{label: label, seconds: secondsArg(moveTime), w: in, done: make(chan struct{})}
	// exec: Wait only after stdout has been read to its end.
	pp.lines = readLines(out, func() {
		pp.err = cmd.Wait()
		close(pp.done)
	})
	var once sync.Once
	pp.close = func() error {
		once.Do(func() { pp.finish(in) })
		return pp.err
	}
	return pp, nil
}

// StartInProcess runs an agent of cfg in a goroutine, connected through
// pipes, and returns a player that gives it moveTime per move. It is the
// same protocol code as the congo-agent program. Its stderr goes to stderr
// (nil: discarded).
func StartInProcess(label string, moveTime time.Duration, stderr io.Writer, cfg Config) *ProtocolPlayer {
	if stderr == nil {
		stderr = io.Discard
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	pp := &ProtocolPlayer{label: label, seconds: secondsArg(moveTime), w: inW, done: make(chan struct{})}
	pp.lines = readLines(outR, nil)
	a := New(cfg)
	a.measureCPU = true
	pp.agent = a
	go func() {
		runtime.LockOSThread()
		code := Serve(a, inR, outW, stderr)
		if code != 0 {
			pp.err = fmt.Errorf("exit status %d", code)
		}
		close(pp.done)
		outW.Close()
		inR.Close()
	}()
	var once sync.Once
	pp.close = func() error {
		once.Do(func() { pp.finish(inW) })
		return pp.err
	}
	return pp
}

// noReply is how long a player waits for a reply before giving up: 10 s
// more than twice the move time, or 10 minutes for an untimed (fixed-depth)
// agent.
func noReply(moveTime time.Duration) time.Duration {
	if moveTime <= 0 {
		return 10 * time.Minute
	}
	return 10*time.Second + 2*moveTime
}
