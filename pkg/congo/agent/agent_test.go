package agent

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

// goldenDir returns testdata/congo-agent at the repository root.
func goldenDir(t *testing.T) string {
	return filepath.Join(testutil.RepoRoot(t), "testdata", "congo-agent")
}

// TestExchangeGolden replays a scripted game-manager session with every kind
// of command and error at -depth 4 and compares stdout and stderr with the
// golden files (go test ./pkg/congo/agent -update rewrites them).
func TestExchangeGolden(t *testing.T) {
	dir := goldenDir(t)
	in, err := os.ReadFile(filepath.Join(dir, "exchange.in"))
	assert.NilError(t, err)
	var out, errb bytes.Buffer
	code := Run([]string{"-depth", "4"}, bytes.NewReader(in), &out, &errb)
	assert.Equal(t, code, 0)
	golden.Assert(t, out.String(), filepath.Join(dir, "exchange.out"))
	golden.Assert(t, errb.String(), filepath.Join(dir, "exchange.err"))
	// Every stderr line names its input line.
	for _, l := range strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n") {
		assert.Assert(t, strings.HasPrefix(l, "congo-agent: line "), l)
	}
	// Same input, same output (determinism with -depth), also in 2021.
	var again bytes.Buffer
	Run([]string{"-depth", "4"}, bytes.NewReader(in), &again, &bytes.Buffer{})
	assert.Equal(t, again.String(), out.String())
}

// TestProtocol checks the protocol rules one by one.
func TestProtocol(t *testing.T) {
	run := func(args []string, in string) (string, string, int) {
		var out, errb bytes.Buffer
		code := Run(args, strings.NewReader(in), &out, &errb)
		return out.String(), errb.String(), code
	}
	// The start position is set before any command; the reply is applied.
	out, errs, code := run([]string{"-depth", "1", "-rules", "2021"}, "go 1\n")
	assert.Equal(t, code, 0)
	assert.Equal(t, errs, "")
	p, _ := congo.ParseFEN(congo.StartFEN(congo.Edition2021))
	m, ok := congo.ParseMove(strings.TrimSpace(out))
	assert.Assert(t, ok && p.IsLegal(m), out)
	// Own moves are applied: a second go plays for Black.
	out, _, _ = run([]string{"-depth", "2"}, "go 1\ngo 1\n")
	lines := strings.Fields(out)
	assert.Equal(t, len(lines), 2)
	a := New(Config{Edition: congo.Edition2022, Depth: 2})
	assert.NilError(t, a.Apply(lines))
	assert.Equal(t, a.Position().Side, congo.White)
	// A bad moves line is ignored as a whole.
	out, errs, _ = run([]string{"-depth", "1"}, "moves d2d3 d6d5 d3d3\nmoves d2d3\ngo 1\n")
	assert.Equal(t, strings.Count(errs, "\n"), 1)
	assert.Assert(t, strings.HasPrefix(errs, "congo-agent: line 1: moves: illegal move d3d3"), errs)
	assert.Assert(t, isBlackMove(out), out) // d2d3 applied once: Black to move
	// quit ends at once; end of input exits 0; blank lines are ignored.
	out, errs, code = run(nil, "\n  \r\n\tquit\ngo 1\n")
	assert.Equal(t, out+errs, "")
	assert.Equal(t, code, 0)
	out, _, code = run(nil, "")
	assert.Equal(t, out, "")
	assert.Equal(t, code, 0)
	// CRLF and extra blanks are accepted.
	out, errs, _ = run([]string{"-depth", "1"}, "position  7/7/2l4/7/7/2L4/7 w 8 \r\ngo\t1\r\n")
	assert.Equal(t, out, "c2c5\n")
	assert.Equal(t, errs, "")
	// No move: a lion missing, or no legal move; the position is unchanged.
	out, _, _ = run([]string{"-depth", "1"}, "position 3l3/7/7/7/7/7/P6 w 5\ngo 1\ngo 1\n")
	assert.Equal(t, out, "0000\n0000\n")
	out, _, _ = run([]string{"-depth", "1"}, "position 7/7/7/7/7/7/m6 b 5\ngo 1\n")
	assert.Equal(t, out, "0000\n")
	// Two lions alone are not game over: the agent still moves.
	out, _, _ = run([]string{"-depth", "3"}, "position 7/2l4/7/7/7/7/4L2 w 3\ngo 1\n")
	m, ok = congo.ParseMove(strings.TrimSpace(out))
	assert.Assert(t, ok, out)
	q, _ := congo.ParseFEN("7/2l4/7/7/7/7/4L2 w 3")
	assert.Assert(t, q.IsLegal(m), out)
}

// isBlackMove reports whether out is one move starting on a black pawn's
// rank-6 square or another black start square.
func isBlackMove(out string) bool {
	p, _ := congo.ParseFEN("g2l2z/ppppppp/7/7/3P3/PPP1PPP/G2L2Z b 0")
	m, ok := congo.ParseMove(strings.TrimSpace(out))
	return ok && p.IsLegal(m)
}

// TestFlags checks the flag errors and -h.
func TestFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-rules", "2023"}, {"-depth", "-1"}, {"-depth", "x"}, {"extra"}, {"-bogus"}, {"-depth", "200"},
	} {
		var out, errb bytes.Buffer
		code := Run(args, strings.NewReader("go 1\n"), &out, &errb)
		assert.Equal(t, code, 2, args)
		assert.Equal(t, out.String(), "", args)
		assert.Assert(t, strings.HasPrefix(errb.String(), "congo-agent: "), args)
		assert.Equal(t, strings.Count(errb.String(), "\n"), 1, args)
	}
	for _, d := range []string{"+3", "0x3", "1_0", " 3", "128"} {
		var out, errb bytes.Buffer
		assert.Equal(t, Run([]string{"-depth", d}, strings.NewReader("go 1\n"), &out, &errb), 2, d)
		assert.Equal(t, errb.String(), "congo-agent: invalid value \""+d+"\" for flag -depth: want a decimal integer in 0..127\n")
		assert.Equal(t, out.String(), "")
	}
	var out, errb bytes.Buffer
	assert.Equal(t, Run([]string{"-h"}, strings.NewReader(""), &out, &errb), 0)
	assert.Assert(t, strings.HasPrefix(errb.String(), "usage: congo-agent"))
}

// TestLongCommands checks that a complaint quotes at most a short prefix of
// a huge or binary command, escaped, so that it stays one short line.
func TestLongCommands(t *testing.T) {
	long := strings.Repeat("x", 10<<20)
	in := long + "\nmoves d2d3 " + long + "\ngo " + long + "\nnewgame " + long + "\nposition 7/7/7/7/7/7/7 " + long + " 1\n\ufeffquit\ngo 1\n"
	var out, errb bytes.Buffer
	assert.Equal(t, Run([]string{"-depth", "1"}, strings.NewReader(in), &out, &errb), 0)
	x32 := strings.Repeat("x", 32)
	assert.Equal(t, errb.String(), `congo-agent: line 1: unknown command "`+x32+`"… (want newgame, position, moves, go or quit)
congo-agent: line 2: moves: move "`+x32+`"… is not <file><rank><file><rank> with files a-g and ranks 1-7; no move of the line applied
congo-agent: line 3: go: seconds "`+x32+`"… is not a positive decimal number; using go 1
congo-agent: line 4: newgame takes no argument, ignored "`+x32+`"…
congo-agent: line 5: position: side to move "`+x32+`"…, want w or b; position unchanged
congo-agent: line 6: unknown command "\ufeffquit" (want newgame, position, moves, go or quit)
`)
	assert.Equal(t, strings.Count(out.String(), "\n"), 2)
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

// TestWriteFailure: a reply that cannot be written exits 1.
func TestWriteFailure(t *testing.T) {
	var errb bytes.Buffer
	code := Run([]string{"-depth", "1"}, strings.NewReader("go 1\n"), failWriter{}, &errb)
	assert.Equal(t, code, 1)
	assert.Assert(t, strings.HasPrefix(errb.String(), "congo-agent: writing stdout"))
}

// TestParseSeconds checks the go argument.
func TestParseSeconds(t *testing.T) {
	for s, want := range map[string]time.Duration{
		"5": 5 * time.Second, "60": time.Minute, "0.1": 100 * time.Millisecond, ".5": 500 * time.Millisecond,
		"2.": 2 * time.Second, "0.0000000001": 1, "99999999": maxSeconds * time.Second,
	} {
		d, err := ParseSeconds(s)
		assert.NilError(t, err, s)
		assert.Equal(t, d, want, s)
	}
	for _, s := range []string{"", "0", "0.0", "-1", "+1", "1e3", "inf", "NaN", "0x10", "1.2.3", ".", "1 2", "1s"} {
		_, err := ParseSeconds(s)
		assert.Assert(t, err != nil, s)
	}
}

// TestTimeLimits checks the limits against the reply deadline
// max(1 ms, 0.9 T − 20 ms) for times from 1 ms to 60 s.
func TestTimeLimits(t *testing.T) {
	for _, T := range []time.Duration{time.Millisecond, 10 * time.Millisecond, 50 * time.Millisecond, 100 * time.Millisecond, time.Second, 5 * time.Second, time.Minute} {
		soft, hard := TimeLimits(T)
		assert.Assert(t, soft > 0 && soft <= hard, T)
		lim := ReplyLimit(T)
		assert.Assert(t, hard <= lim-min(30*time.Millisecond, lim/2), "T %v: hard %v, deadline %v", T, hard, lim)
	}
	assert.Equal(t, ReplyLimit(100*time.Millisecond), 70*time.Millisecond)
	assert.Equal(t, ReplyLimit(10*time.Millisecond), time.Millisecond)
}

// TestReplyWithinDeadline drives the agent with a manual clock that advances
// 100 µs on every reading (the engine reads it every 256 nodes): from the
// moment the go line is read to the end of the search, at most the hard
// limit plus one poll interval passes, for several times and positions. It
// is exact, not timed.
func TestReplyWithinDeadline(t *testing.T) {
	for _, T := range []string{"0.001", "0.05", "0.1", "0.2"} {
		clock := &engine.ManualClock{Step: 100 * time.Microsecond}
		a := New(Config{Edition: congo.Edition2022, Clock: clock})
		var out bytes.Buffer
		w := bufio.NewWriter(&out)
		secs, _ := ParseSeconds(T)
		_, hard := TimeLimits(secs)
		for ply := 0; ply < 4; ply++ {
			before := clock.T
			quit, err := a.Handle("go "+T+"\n", ply+1, w, &bytes.Buffer{})
			assert.NilError(t, err)
			assert.Assert(t, !quit)
			res, took := a.Last()
			assert.Assert(t, res.HasMove, T)
			// The clock is read once per 256 nodes (and a few more times per
			// iteration), 100 µs per reading.
			assert.Assert(t, took <= hard+time.Millisecond, "go %s: %v > hard limit %v", T, took, hard)
			assert.Assert(t, clock.T-before <= ReplyLimit(secs)+time.Millisecond, "go %s: %v", T, clock.T-before)
		}
		assert.Equal(t, len(strings.Fields(out.String())), 4)
	}
}

// stallClock is a manual clock that advances Step on every reading and, on
// every Every-th reading, Stall more: the agent's process kept off the CPU
// on a loaded machine.
type stallClock struct {
	T, Step, Stall time.Duration
	Every, n       int
}

func (c *stallClock) Now() time.Duration {
	t := c.T
	c.n++
	c.T += c.Step
	if c.n%c.Every == 0 {
		c.T += c.Stall
	}
	return t
}

// TestReplyUnderLoad drives the agent with a clock that stalls every 40
// readings, about every 4 ms of search (the process kept off the CPU by
// other processes), so that every search sees a stall early. The stall
// guard then stops every search early enough that one more stall as long
// as the longest seen, after its last reading, still leaves the reply
// within the guard's deadline, hence within the reply limit; each reply is
// a legal move. Without the guard, at go 1 with stalls of 250 ms, a search
// ran to 762 ms: with one more stall the reply came at 1012 ms, past the
// 880 ms limit. It is exact, not timed.
func TestReplyUnderLoad(t *testing.T) {
	for _, c := range []struct {
		T     string
		stall time.Duration
	}{
		{"0.1", 25 * time.Millisecond},
		{"0.2", 60 * time.Millisecond},
		{"1", 250 * time.Millisecond},
	} {
		secs, _ := ParseSeconds(c.T)
		clock := &stallClock{Step: 100 * time.Microsecond, Stall: c.stall, Every: 40}
		a := New(Config{Edition: congo.Edition2022, Clock: clock})
		var out bytes.Buffer
		w := bufio.NewWriter(&out)
		for ply := 0; ply < 6; ply++ {
			before := clock.T
			p := a.Position()
			_, err := a.Handle("go "+c.T+"\n", ply+1, w, &bytes.Buffer{})
			assert.NilError(t, err)
			took := clock.T - before
			assert.Assert(t, took+c.stall <= StallDeadline(secs), "go %s, ply %d: %v and a %v stall, deadline %v", c.T, ply, took, c.stall, StallDeadline(secs))
			res, _ := a.Last()
			assert.Assert(t, !res.HasMove || p.IsLegal(res.Move))
		}
		assert.Equal(t, len(strings.Fields(out.String())), 6)
	}
	// Stalls of 10 ms at go 0.1: each reply leaves room for two more such
	// stalls before the guard's deadline (with StallFactor 2 the searches
	// ran to the 40 ms hard limit, and two more stalls made the reply late
	// on a loaded machine).
	clock := &stallClock{Step: 100 * time.Microsecond, Stall: 10 * time.Millisecond, Every: 40}
	a := New(Config{Edition: congo.Edition2022, Clock: clock})
	w := bufio.NewWriter(&bytes.Buffer{})
	for ply := 0; ply < 6; ply++ {
		before := clock.T
		_, err := a.Handle("go 0.1\n", ply+1, w, &bytes.Buffer{})
		assert.NilError(t, err)
		took := clock.T - before
		assert.Assert(t, took+2*clock.Stall <= StallDeadline(100*time.Millisecond), "ply %d: %v", ply, took)
	}
	// On an idle machine the guard leaves the limits alone: at go 0.1 it
	// is at 60 ms, the hard limit at 40 ms.
	assert.Equal(t, StallDeadline(100*time.Millisecond), 60*time.Millisecond)
	for _, T := range []time.Duration{time.Millisecond, 100 * time.Millisecond, time.Second, time.Minute} {
		_, hard := TimeLimits(T)
		assert.Assert(t, StallDeadline(T) <= ReplyLimit(T) && (StallDeadline(T) >= hard || T < 50*time.Millisecond), T)
	}
}

// fixedChooser plays move when it is legal and reports no move otherwise;
// it counts its calls.
type fixedChooser struct {
	move  congo.Move
	calls int
}

func (c *fixedChooser) Choose(p *congo.Position) (congo.Move, bool) {
	c.calls++
	return c.move, p.IsLegal(c.move)
}

// TestChooser: with a Chooser the agent replies with its move and reads no
// clock; when it finds none the agent plays the first legal move; finished
// games are answered 0000 without asking it; messages carry the Name.
func TestChooser(t *testing.T) {
	d2d3, _ := congo.ParseMove("d2d3")
	c := &fixedChooser{move: d2d3}
	clock := &engine.ManualClock{Step: time.Second}
	a := New(Config{Edition: congo.Edition2022, Chooser: c, Name: "congo-x", Clock: clock})
	var out, errb bytes.Buffer
	code := Serve(a, strings.NewReader("go 0.001\ngo 0.001\nposition 3l3/7/7/7/7/7/P6 w 5\ngo 1\nbad\n"), &out, &errb)
	assert.Equal(t, code, 0)
	// White plays d2d3; for Black the chooser finds no move (d2d3 is not
	// legal), so the agent plays Black's first legal move in ascending
	// order, a6a5.
	assert.Equal(t, out.String(), "d2d3\na6a5\n0000\n")
	assert.Equal(t, c.calls, 2)
	assert.Equal(t, clock.T, time.Duration(0))
	assert.Equal(t, errb.String(), "congo-x: line 5: unknown command \"bad\" (want newgame, position, moves, go or quit)\n")
}
