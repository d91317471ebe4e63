package toolkit

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
	"gotest.tools/v3/assert"
)

// scriptGame plays a whole game on a fresh session of game with the
// command-line flags (after "play GAME"), the person (side human) choosing
// with a search of humanDepth and the engine with engineDepth, and returns
// the person's moves and the result line. The engine is deterministic, so
// the moves replayed through stdin give the same game.
func scriptGame(t *testing.T, game string, flags []string, human, engineDepth, humanDepth int) ([]string, string) {
	t.Helper()
	ad := adapterFor(t, game, "play", flags...)
	s, err := ad.Session(kit.PlayOptions{Depth: engineDepth})
	assert.NilError(t, err)
	var script []string
	for ply := 0; ; ply++ {
		assert.Assert(t, ply < 2000, "game does not end")
		if res, over := s.Over(); over {
			return script, res
		}
		moves := s.Moves()
		if s.Turn() == human {
			i := s.Think(kit.PlayOptions{Depth: humanDepth, Budget: time.Hour}, nil).Move
			script = append(script, moves[i])
			s.Play(i)
		} else {
			s.Play(s.Think(kit.PlayOptions{Depth: engineDepth, Budget: time.Hour}, nil).Move)
		}
	}
}

// TestPlayScriptedGames drives play through stdin to the end of a game in
// every game, with an illegal move, a takeback that is refused at the start,
// a takeback of the first move (replayed), the depth and moves commands, and
// the person playing either side.
func TestPlayScriptedGames(t *testing.T) {
	t.Parallel()
	cases := []struct {
		game          string
		flags         []string
		human         int
		engine, depth int
	}{
		{"congo", nil, 0, 1, 2},
		{"congo", []string{"-rules", "2021"}, 1, 1, 2},
		{"morris", nil, 0, 1, 2},
		{"morris", []string{"-board", "F18"}, 1, 2, 1},
		{"minichess", nil, 0, 1, 3},
		{"minichess", []string{"-max-steps", "20"}, 1, 2, 1},
		{"minichess", []string{"-max-steps", "6"}, 0, 1, 1},
		{"starcircle", nil, 0, 1, 2},
		{"starcircle", nil, 1, 2, 1},
	}
	for _, c := range cases {
		side := []string{"first", "second"}[c.human]
		t.Run(c.game+"/"+side+"/"+strings.Join(c.flags, ""), func(t *testing.T) {
			script, result := scriptGame(t, c.game, c.flags, c.human, c.engine, c.depth)
			assert.Assert(t, len(script) >= 2, "game too short for the takeback test: %q", script)
			var in strings.Builder
			in.WriteString("undo\nzz9\nmoves\ndepth 0\n" + strings.ToUpper(script[0]) + "\nundo\n")
			for _, m := range script {
				in.WriteString(m + "\n")
			}
			args := append([]string{"play", c.game, "-human", side, "-depth", "1"}, c.flags...)
			if c.engine != 1 {
				// The depth command sets the engine's depth mid-game.
				in.Reset()
				in.WriteString("undo\nzz9\nmoves\ndepth 0\ndepth " + string(rune('0'+c.engine)) + "\n" +
					strings.ToUpper(script[0]) + "\nundo\n")
				for _, m := range script {
					in.WriteString(m + "\n")
				}
			}
			out := mustRun(t, in.String(), args...)
			if c.human == 1 {
				assert.Assert(t, strings.Count(out, "Nothing to take back.") == 1, out)
			} else {
				assert.Assert(t, strings.Contains(out, "Nothing to take back."), out)
			}
			assert.Assert(t, strings.Contains(out, `Illegal move "zz9". Legal moves: `), out)
			assert.Assert(t, strings.Contains(out, "Legal moves: "), out)
			assert.Assert(t, strings.Contains(out, `depth "0": want 1 to 64`), out)
			assert.Equal(t, strings.Count(out, "Took back your last move."), 1)
			assert.Equal(t, strings.Count(out, "> You play "), len(script)+1)
			assert.Assert(t, strings.HasSuffix(out, "Game over: "+result+"\n"), "%s\nwant result %q", tail(out), result)
			t.Logf("%d moves by the person; %s", len(script), result)
		})
	}
}

// tail returns the last lines of s, for messages.
func tail(s string) string {
	lines := strings.Split(s, "\n")
	if len(lines) > 30 {
		lines = lines[len(lines)-30:]
	}
	return strings.Join(lines, "\n")
}

// TestPlayTranscript is the full transcript of a short Star/Circle game
// from handout example 1 (golden).
func TestPlayTranscript(t *testing.T) {
	t.Parallel()
	in := filepath.Join(t.TempDir(), "input.txt")
	assert.NilError(t, os.WriteFile(in, []byte(handoutEx1), 0o644))
	flags := []string{"-input", in}
	script, result := scriptGame(t, "starcircle", flags, 0, 2, 2)
	stdin := strings.Join(script, "\n") + "\n"
	out := mustRun(t, stdin, append([]string{"play", "starcircle", "-depth", "2"}, flags...)...)
	assert.Assert(t, strings.HasSuffix(out, "Game over: "+result+"\n"), out)
	assertGolden(t, out, "play_starcircle_ex1.txt")
}

// TestPlayEndOfInput: input ending mid-game abandons it cleanly (status 0).
func TestPlayEndOfInput(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "a2a3\n", "play", "congo", "-depth", "1")
	assert.Assert(t, strings.HasSuffix(out, "\nInput ended; game abandoned.\n"), out)
	out = mustRun(t, "", "play", "minichess", "-human", "second", "-depth", "1")
	assert.Assert(t, strings.Contains(out, "Engine (White) plays "), out)
}

// TestPlayTimeBudget: with -time the engine deepens iteratively and still
// answers; the time command changes the budget.
func TestPlayTimeBudget(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "time 20ms\nB2B3\nquit\n", "play", "minichess", "-time", "10ms")
	assert.Assert(t, strings.Contains(out, "(alpha-beta, course material evaluation, 10ms per move, up to depth 64)"), out)
	assert.Assert(t, strings.Contains(out, "Engine: 20ms per move, up to depth 64."), out)
	assert.Assert(t, strings.Contains(out, "Engine (Black) is thinking (20ms per move, up to depth 64)...\n  depth 1: best "), out)
	assert.Assert(t, strings.Contains(out, "Engine (Black) plays "), out)
	assert.Assert(t, strings.HasSuffix(out, "Game over: White resigns; Black wins.\n"), out)
	out = mustRun(t, "time 0\nquit\n", "play", "minichess")
	assert.Assert(t, strings.Contains(out, `time "0": want a positive duration such as 500ms or 2s`), out)
	assert.Assert(t, strings.Contains(out, "(alpha-beta, course material evaluation, 5s per move, up to depth 5)"), out)
	help := mustRun(t, "", "play", "congo", "-h")
	assert.Assert(t, strings.Contains(strings.Join(strings.Fields(help), " "), "the time always applies (default 5s)"), help)
	assert.Assert(t, strings.Contains(help, "(default 5s)\n"), help)
}

// TestPlayDepthCapKeepsTime: "depth 64" in play is a cap, not a wait: the
// engine answers when its time is up, saying so (before, it searched for
// minutes). Not parallel: it measures the engine's reply time.
func TestPlayDepthCapKeepsTime(t *testing.T) {
	const budget = 300 * time.Millisecond
	start := time.Now()
	out := mustRun(t, "time 300ms\ndepth 64\na2a3\nquit\n", "play", "congo", "-depth", "1")
	took := time.Since(start)
	assert.Assert(t, strings.Contains(out, "Engine: 300ms per move, up to depth 64.\n"), out)
	assert.Assert(t, strings.Contains(out, "Engine (Black) is thinking (300ms per move, up to depth 64)...\n"), out)
	i := strings.Index(out, "Engine (Black) plays ")
	assert.Assert(t, i > 0, out)
	line := out[i : i+strings.Index(out[i:], "\n")]
	assert.Assert(t, strings.HasSuffix(line, ", time up)."), line)
	assert.Assert(t, took < budget+3*time.Second, "the engine took %v with %v per move", took, budget)
	assert.Assert(t, took >= budget, "the engine answered after %v, before its %v", took, budget)
	// The iterations are reported in order, one line each, up to the one played.
	var depths []string
	for _, l := range strings.Split(out[:i], "\n") {
		if strings.HasPrefix(l, "  depth ") {
			depths = append(depths, strings.Fields(l)[1])
		}
	}
	assert.Assert(t, len(depths) >= 2, out)
	for k, d := range depths {
		assert.Equal(t, d, strconv.Itoa(k+1)+":")
	}
	assert.Assert(t, strings.Contains(line, fmt.Sprintf("(depth %d, time up)", len(depths))), line)
}

// TestPlayReadError: a line over 64 KiB is a read error: one stderr line,
// exit status 2 (it used to end the game as if the input had ended).
func TestPlayReadError(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 70_000)
	out, errs, code := runCmd(t, "moves\n"+long+"\nquit\n", "play", "starcircle", "-depth", "1")
	assert.Equal(t, code, 2)
	assert.Equal(t, errs, "gamesearch play: standard input line 2: longer than 65536 bytes\n")
	assert.Assert(t, strings.HasSuffix(out, "Star to move> \n"), tail(out))
	assert.Assert(t, !strings.Contains(out, "Input ended"), tail(out))
}

// TestPlayTranscriptEngineMoves is a transcript in which the engine moves
// twice: each time the thinking line and one line per depth come before its
// move (golden).
func TestPlayTranscriptEngineMoves(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "moves\nf2-e3\nquit\n", "play", "starcircle", "-human", "second", "-depth", "3")
	assert.Equal(t, strings.Count(out, "Engine (Star) is thinking (5s per move, up to depth 3)...\n  depth 1: "), 2, out)
	assertGolden(t, out, "play_starcircle_engine.txt")
}

// lineReader reads a stream line by line and notes when each arrives.
type lineReader struct {
	r     *bufio.Reader
	start time.Time
}

// next returns the text up to and including stop, and how long after the
// start it arrived.
func (lr *lineReader) next(t *testing.T, stop string) (string, time.Duration) {
	t.Helper()
	var b strings.Builder
	for !strings.HasSuffix(b.String(), stop) {
		c, err := lr.r.ReadByte()
		assert.NilError(t, err, "after %q", b.String())
		b.WriteByte(c)
	}
	return b.String(), time.Since(lr.start)
}

// TestPlayFlushesWhileThinking drives play through pipes, as a terminal
// would: the thinking line and the line of depth 1 arrive while the engine
// is still thinking (it thinks for its whole second at depth cap 64), the
// engine answers within its time, and the prompt arrives before anything is
// typed.
func TestPlayFlushesWhileThinking(t *testing.T) {
	t.Parallel()
	const budget = time.Second
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errb strings.Builder
	done := make(chan int)
	go func() {
		code := Run([]string{"play", "congo", "-human", "second", "-time", "1s"}, inR, outW, &errb)
		outW.Close()
		done <- code
	}()
	lr := &lineReader{r: bufio.NewReader(outR), start: time.Now()}
	head, _ := lr.next(t, "Engine (White) is thinking (1s per move, up to depth 64)...\n")
	assert.Assert(t, strings.Contains(head, "White to move"), head)
	first, tFirst := lr.next(t, "\n")
	assert.Assert(t, strings.HasPrefix(first, "  depth 1: best "), first)
	rest, tPlays := lr.next(t, ", time up).\n")
	assert.Assert(t, strings.Contains(rest, "  depth 2: best "), rest)
	assert.Assert(t, tPlays-tFirst >= budget/2, "depth 1 at %v, the move at %v: the progress was not flushed at once", tFirst, tPlays)
	assert.Assert(t, tPlays < budget+3*time.Second, "the engine answered after %v", tPlays)
	board, _ := lr.next(t, "Black to move> ")
	assert.Assert(t, strings.Contains(board, "Black to move"), board)
	// Only now does the person type.
	_, err := io.WriteString(inW, "quit\n")
	assert.NilError(t, err)
	end, _ := lr.next(t, "Game over: Black resigns; White wins.\n")
	assert.Equal(t, end, "Game over: Black resigns; White wins.\n")
	_, err = lr.r.ReadByte()
	assert.Equal(t, err, io.EOF)
	assert.Equal(t, <-done, 0)
	assert.Equal(t, errb.String(), "")
}

// TestPlayInTmux plays the built gamesearch in a terminal (a tmux pane): the
// screen shows the thinking line and the first depths while the engine is
// still thinking, then its move and the prompt, and "quit" ends the game.
func TestPlayInTmux(t *testing.T) {
	t.Parallel()
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed")
	}
	bin := buildProgram(t, "gamesearch")
	sock := filepath.Join(t.TempDir(), "tmux.sock")
	run := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(tmux, append([]string{"-S", sock}, args...)...).CombinedOutput()
		assert.NilError(t, err, "tmux %q: %s", args, out)
		return string(out)
	}
	run("new-session", "-d", "-x", "100", "-y", "60", bin+" play congo -human second -time 1s; sleep 30")
	t.Cleanup(func() { exec.Command(tmux, "-S", sock, "kill-server").Run() })
	// screen polls the pane until it contains want, and returns it.
	screen := func(want string, within time.Duration) string {
		t.Helper()
		var s string
		for end := time.Now().Add(within); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
			if s = run("capture-pane", "-p"); strings.Contains(s, want) {
				return s
			}
		}
		t.Fatalf("%q did not appear within %v; the screen:\n%s", want, within, s)
		return ""
	}
	s := screen("  depth 2: best ", 10*time.Second)
	assert.Assert(t, strings.Contains(s, "Engine (White) is thinking (1s per move, up to depth 64)..."), s)
	assert.Assert(t, !strings.Contains(s, "Engine (White) plays"), "the engine had answered already:\n%s", s)
	s = screen("Black to move>", 10*time.Second) // tmux drops the trailing blank
	assert.Assert(t, strings.Contains(s, ", time up)."), s)
	run("send-keys", "quit", "Enter")
	screen("Game over: Black resigns; White wins.", 10*time.Second)
}

// TestPlayMiniChessActionSpelling: a MiniChess move may be typed as the
// action file writes it ("4 1 3 1" is B2B3). Before, that spelling was
// refused as an illegal move.
func TestPlayMiniChessActionSpelling(t *testing.T) {
	out := mustRun(t, "4 1 3 1\nquit\n", "play", "minichess", "-depth", "1")
	if !strings.Contains(out, "White to move> You play B2B3.") {
		t.Errorf("the action file's spelling was not taken:\n%s", out)
	}
}
