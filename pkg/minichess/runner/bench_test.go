package runner

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"gotest.tools/v3/assert"
)

// inProcessPlayer is a player run inside the test process: it reads the
// state file, picks list[k mod n] for a rotating k and writes the action
// file, as a real player would, but without starting a process.
type inProcessPlayer struct {
	dir string
	k   int
	buf [minichess.MaxMoves]minichess.Move
}

func (ip *inProcessPlayer) run(*player) error {
	f, err := os.Open(filepath.Join(ip.dir, StateFile))
	if err != nil {
		return err
	}
	pos, err := minichess.ParseState(f, StateFile)
	f.Close()
	if err != nil {
		return err
	}
	list, _ := pos.LegalMoves(ip.buf[:0])
	if len(list) == 0 {
		return nil
	}
	ip.k = ip.k*7 + 3
	m := list[ip.k%len(list)]
	return os.WriteFile(filepath.Join(ip.dir, ActionFile), append(m.AppendText(nil), '\n'), 0o644)
}

// playInProcess plays one game in dir with in-process players and returns
// the runner's exit status and the number of plies played.
func playInProcess(dir string, maxSteps int, out io.Writer) (int, int) {
	ip := &inProcessPlayer{dir: dir}
	pl := &player{arg: "./inprocess"}
	g := &game{cfg: Config{Dir: dir, Timeout: time.Second, MaxSteps: maxSteps, NoClear: true},
		players: [2]*player{pl, pl}, stdout: out, stderr: out, run: ip.run}
	code := g.play()
	log, _ := os.ReadFile(filepath.Join(dir, GamelogFile))
	return code, strings.Count(string(log), "Depth: ")
}

func TestInProcessGame(t *testing.T) {
	dir := t.TempDir()
	code, plies := playInProcess(dir, 50, io.Discard)
	assert.Equal(t, code, 0)
	assert.Assert(t, plies >= 1 && plies <= 50, plies)
	checkClean(t, dir)
}

// BenchmarkRunnerOverheadPerPly measures the runner's own work per ply,
// excluding the player process: the drawing, gamelog.txt and stdout writes,
// the state file, reading and deleting the action file, the move check and
// the next list. (The in-process player's parse-and-write is included; it
// is a few microseconds.)
func BenchmarkRunnerOverheadPerPly(b *testing.B) {
	dir := b.TempDir()
	plies := 0
	for b.Loop() {
		code, n := playInProcess(dir, 50, io.Discard)
		if code != 0 {
			b.Fatalf("exit status %d", code)
		}
		plies += n
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies), "ns/ply")
}

// TestClearSequence: on a terminal the runner writes the clear sequence after
// each player run, before the blank line and "Depth:" (docs/minichess.md,
// "The runner"); -no-clear and non-terminal outputs never get it.
func TestClearSequence(t *testing.T) {
	dir := t.TempDir()
	var out strings.Builder
	ip := &inProcessPlayer{dir: dir}
	pl := &player{arg: "./inprocess"}
	g := &game{cfg: Config{Dir: dir, Timeout: time.Second, MaxSteps: 4},
		players: [2]*player{pl, pl}, stdout: &out, stderr: &out, run: ip.run, clear: true}
	assert.Equal(t, g.play(), 0)
	assert.Equal(t, strings.Count(out.String(), clearSequence+"\nDepth: "), 4, out.String())
	assert.Equal(t, strings.Count(out.String(), clearSequence), 4)
	log, err := os.ReadFile(filepath.Join(dir, GamelogFile))
	assert.NilError(t, err)
	assert.Assert(t, !strings.Contains(string(log), "\x1b"))

	assert.Assert(t, !isTerminal(&out))
	f, err := os.Create(filepath.Join(dir, "file"))
	assert.NilError(t, err)
	defer f.Close()
	assert.Assert(t, !isTerminal(f))
}

// BenchmarkGameWithProcesses plays baseline1 against baseline1 (8 plies)
// with real player processes and reports the wall time per ply: process
// start, the player's work and the runner's overhead together.
func BenchmarkGameWithProcesses(b *testing.B) {
	bin := baselines(b)
	dir := b.TempDir()
	install(b, dir, exeName("baseline1"), filepath.Join(bin, exeName("baseline1")))
	plies := 0
	for b.Loop() {
		r := playIn(b, dir, "./baseline1", "./baseline1")
		if r.code != 0 {
			b.Fatalf("exit status %d: %s", r.code, r.stderr)
		}
		plies += strings.Count(r.gamelog, "Depth: ")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies), "ns/ply")
}
