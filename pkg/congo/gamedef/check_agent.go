package gamedef

// congo-agent: the tournament's text protocol, one fresh process per case.
// check sends newgame, position FEN and go T, expects a legal move within T
// seconds, answers with a random legal move of the opponent (moves M) and a
// second go T, and finally quit. The course's game manager never enforces
// the time and never reads stderr; check enforces the time and ignores
// stderr. The first reply may take one more second, for the program's
// start-up.

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/match"
)

// agentCase is one session: a start position and the seed of the
// opponent's reply.
type agentCase struct {
	name  string
	fen   string
	reply string // the opponent's reply when legal (public case), else random
	seed  uint64
	rules congo.Edition
}

// agentPublic is the handout's example exchange: the start position, then
// the opponent answers d6d5.
func agentPublic(o *check.Options) []check.Unit {
	return []check.Unit{&agentCase{name: "handout example", fen: congo.StartFEN(edition(o)), reply: "d6d5", rules: edition(o)}}
}

// agentRandom returns n sessions from random positions of the edition.
func agentRandom(o *check.Options, n int, seed uint64) []check.Unit {
	var units []check.Unit
	r := match.NewRand(seed ^ 0x6167656e74) // "agent": other games than the batch programs'
	for i, c := range congoPositions(edition(o), n, seed, false) {
		units = append(units, &agentCase{name: fmt.Sprintf("#%d", i+1), fen: c.fen, seed: r.Uint64(), rules: edition(o)})
	}
	return units
}

// Size implements check.Unit.
func (ac *agentCase) Size() int { return 1 }

// Run plays the session.
func (ac *agentCase) Run(c *check.Command, o *check.Options) ([]*check.Result, error) {
	dir, err := os.MkdirTemp("", "gamesearch-check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	// A pipe of the system, not io.Pipe: writes to a program that has
	// ended fail instead of blocking.
	stdinR, stdinW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer stdinW.Close()
	out := newLineSink()
	var stderr check.CapBuffer
	p, err := c.Start(dir, nil, stdinR, out, &stderr)
	stdinR.Close()
	if err != nil {
		return nil, err
	}
	secs := strconv.FormatFloat(o.Timeout.Seconds(), 'f', -1, 64)
	var transcript strings.Builder
	send := func(s string) {
		transcript.WriteString("> " + s + "\n")
		io.WriteString(stdinW, s+"\n")
	}
	r := &check.Result{Name: ac.name, Input: "position " + ac.fen}
	fail := func(cs check.Cause, problem string) []*check.Result {
		stdinW.Close()
		p.Finish()
		r.Actual = transcript.String()
		r.Problem = problem
		if l := strings.TrimSpace(strings.SplitN(string(stderr.Bytes()), "\n", 2)[0]); l != "" && cs == check.CauseCrash {
			r.Problem += "; stderr: " + check.Clip(l, 160)
		}
		r.Causes = func() check.CauseSet { return check.WithMixed(cs) }
		return []*check.Result{r}
	}
	pos, _ := congo.ParseFEN(ac.fen)
	// ask sends go and checks the reply within limit.
	ask := func(limit time.Duration) (string, check.Cause, string) {
		send("go " + secs)
		line, ok, exited := out.next(limit, p.Done)
		switch {
		case !ok && exited:
			code, sig := p.Finish()
			st := fmt.Sprintf("exit status %d", code)
			if sig != "" {
				st = "signal " + sig
			}
			return "", check.CauseCrash, "the program ended (" + st + ") without replying to go"
		case !ok:
			return "", check.CauseTimeout, fmt.Sprintf("no reply to go %s within %s", secs, limit)
		}
		transcript.WriteString("< " + line + "\n")
		m, valid := congo.ParseMove(strings.TrimSpace(line))
		switch {
		case !valid:
			return "", check.CauseFormat, fmt.Sprintf("reply %s is not a move like d2d3 (stdout carries only the moves)", check.QuoteLine(line))
		case !pos.IsLegal(m):
			return "", check.CauseIllegal, fmt.Sprintf("%s is not legal in %s", m, pos.String())
		}
		pos.MakeMove(m, ac.rules)
		return m.String(), 0, ""
	}
	send("newgame")
	send("position " + ac.fen)
	if _, cs, problem := ask(o.Timeout + check.KillGrace); problem != "" {
		return fail(cs, problem), nil
	}
	if !pos.LionMissing() {
		reply := ac.opponent(&pos)
		send("moves " + reply)
		if _, cs, problem := ask(o.Timeout); problem != "" {
			return fail(cs, problem), nil
		}
	}
	send("quit")
	stdinW.Close()
	select {
	case <-p.Done:
	case <-time.After(check.KillGrace):
	}
	p.Finish()
	if extra := out.rest(); len(extra) > 0 {
		return fail(check.CauseExtra, fmt.Sprintf("extra output on stdout: %s", check.QuoteLine(extra[0]))), nil
	}
	r.Actual = transcript.String()
	r.Passed = true
	return []*check.Result{r}, nil
}

// opponent returns the opponent's reply in pos: the case's own when it is
// legal, else a random legal move drawn from the case's seed and the
// position.
func (ac *agentCase) opponent(pos *congo.Position) string {
	if m, ok := congo.ParseMove(ac.reply); ok && pos.IsLegal(m) {
		pos.MakeMove(m, ac.rules)
		return ac.reply
	}
	list := pos.GenerateMoves(nil)
	m := list[match.NewRand(ac.seed^pos.Hash()).Intn(len(list))]
	pos.MakeMove(m, ac.rules)
	return m.String()
}

// lineSink collects the lines a program writes.
type lineSink struct {
	mu      sync.Mutex
	partial []byte
	lines   []string
	notify  chan struct{}
}

func newLineSink() *lineSink { return &lineSink{notify: make(chan struct{}, 1)} }

// Write splits p into lines.
func (s *lineSink) Write(p []byte) (int, error) {
	s.mu.Lock()
	s.partial = append(s.partial, p...)
	for {
		i := strings.IndexByte(string(s.partial), '\n')
		if i < 0 {
			break
		}
		s.lines = append(s.lines, strings.TrimSuffix(string(s.partial[:i]), "\r"))
		s.partial = s.partial[i+1:]
	}
	s.mu.Unlock()
	select {
	case s.notify <- struct{}{}:
	default:
	}
	return len(p), nil
}

// next returns the next line, waiting at most limit; exited reports that
// done was closed (the program ended) with no line left.
func (s *lineSink) next(limit time.Duration, done <-chan struct{}) (line string, ok, exited bool) {
	deadline := time.NewTimer(limit)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		if len(s.lines) > 0 {
			line = s.lines[0]
			s.lines = s.lines[1:]
			s.mu.Unlock()
			return line, true, false
		}
		s.mu.Unlock()
		select {
		case <-s.notify:
		case <-done:
			s.mu.Lock()
			n := len(s.lines)
			s.mu.Unlock()
			if n == 0 {
				return "", false, true
			}
		case <-deadline.C:
			return "", false, false
		}
	}
}

// rest returns the lines (and a final partial line) not taken yet.
func (s *lineSink) rest() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := append([]string(nil), s.lines...)
	if len(s.partial) > 0 {
		out = append(out, string(s.partial))
	}
	return out
}
