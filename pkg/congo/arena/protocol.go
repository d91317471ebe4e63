package arena

// This file is the one client of the congo-agent protocol: a match player
// that plays a congo-agent program, or an agent running in-process, as the
// course's game manager does (docs/congo.md, "The tournament agent").

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
	"github.com/gamesearch/gamesearch/pkg/congo/agent"
	"github.com/gamesearch/gamesearch/pkg/match"
)

// ProgramPlayer plays through the tournament protocol, as the course's game
// manager does: at the start of a game it sends "newgame" and "position
// <opening>", then before each of its turns the moves played since its last
// reply ("moves ..."), then "go <seconds>", and reads one reply line. The
// agent applies its own replies. A reply of 0000, a malformed reply or a
// dead agent is an error (a forfeit in the match). [StartProgram] and
// [StartInProcess] start one; Close ends its agent.
type ProgramPlayer struct {
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
	// agent is the in-process agent (nil for a program) and nodes the
	// nodes of its searches behind the moves it replied.
	agent *agent.Agent
	nodes uint64
}

// Name returns the player's label.
func (pp *ProgramPlayer) Name() string { return pp.label }

// NewGame sends newgame (so the agent clears its table before the game's
// clock runs); the position is sent with the first move.
func (pp *ProgramPlayer) NewGame(uint64) {
	pp.known, pp.fresh = 0, true
	io.WriteString(pp.w, "newgame\n")
}

// Move sends the game since the last reply and "go", and returns the reply.
func (pp *ProgramPlayer) Move(t *match.Turn[congo.Position, congo.Move]) (congo.Move, error) {
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
		// agent's record of the search before these reads.
		cpu := pp.agent.LastCPU()
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
	if pp.agent != nil {
		res, _ := pp.agent.Last()
		pp.nodes += res.Nodes
	}
	return m, nil
}

// Nodes returns the number of nodes the in-process agent searched for the
// moves it replied (0 for a program: unknown).
func (pp *ProgramPlayer) Nodes() uint64 { return pp.nodes }

// Close ends the agent and returns its error: how a program exited, or the
// in-process agent's failure.
func (pp *ProgramPlayer) Close() error { return pp.close() }

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

// FormatSeconds formats a move time as the argument of go: "0.1", "5".
func FormatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// finish sends quit, closes the agent's input, drains its output and waits
// for its end.
func (pp *ProgramPlayer) finish(in io.WriteCloser) error {
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
func StartProgram(label string, moveTime time.Duration, stderr io.Writer, argv ...string) (*ProgramPlayer, error) {
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
	pp := &ProgramPlayer{label: label, seconds: FormatSeconds(moveTime), w: in, done: make(chan struct{})}
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

// StartInProcess runs an agent of cfg ([agent.New]) in a goroutine locked
// to its OS thread, connected through pipes, and returns a player that gives
// it moveTime per move. It is the same protocol code as the congo-agent
// program ([agent.Serve]); the player also reads the CPU time and the nodes
// of the agent's searches. Its stderr goes to stderr (nil: discarded).
func StartInProcess(label string, moveTime time.Duration, stderr io.Writer, cfg agent.Config) *ProgramPlayer {
	if stderr == nil {
		stderr = io.Discard
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	pp := &ProgramPlayer{label: label, seconds: FormatSeconds(moveTime), w: inW, done: make(chan struct{})}
	pp.lines = readLines(outR, nil)
	cfg.MeasureCPU = true
	a := agent.New(cfg)
	pp.agent = a
	go func() {
		runtime.LockOSThread()
		code := agent.Serve(a, inR, outW, stderr)
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
