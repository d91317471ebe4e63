//go:build unix

package fsf_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena/fsf"
	"gotest.tools/v3/assert"
)

// script writes an executable sh script named name into dir.
func script(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	assert.NilError(t, testutil.WriteExecutable(p, []byte("#!/bin/sh\n"+body)))
	return p
}

// startState writes the start position as a state file into dir.
func startState(t *testing.T, dir string) (state, action string) {
	t.Helper()
	state, action = filepath.Join(dir, "state"), filepath.Join(dir, "action")
	p := mustFEN(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w")
	assert.NilError(t, os.WriteFile(state, p.AppendState(nil), 0o644))
	return state, action
}

// alive reports whether process pid exists and is not a zombie waiting
// for its parent (an orphan's zombie is reaped by init, when init reaps).
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return !os.IsNotExist(err) && !errors.Is(err, syscall.ESRCH)
	}
	end := bytes.LastIndexByte(data, ')')
	f := strings.Fields(string(data[end+1:]))
	return len(f) == 0 || (f[0] != "Z" && f[0] != "X")
}

// readPIDs reads the pids a script recorded, one per line.
func readPIDs(t *testing.T, file string) []int {
	t.Helper()
	data, err := os.ReadFile(file)
	assert.NilError(t, err)
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		pid, err := strconv.Atoi(f)
		assert.NilError(t, err)
		pids = append(pids, pid)
	}
	return pids
}

// TestEngineHangs: an engine wrapper whose children never answer and keep
// its output open is killed with all of them at Timeout; BestMove returns
// at once and no process of the engine's group remains.
func TestEngineHangs(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pids")
	// The wrapper starts a sleep in the background and one in the
	// foreground; both hold the engine's stdout.
	path := script(t, dir, "wrapper", "sleep 300 &\necho $! >> "+pidFile+"\necho $$ >> "+pidFile+"\nexec sleep 301\n")
	t.Cleanup(func() { // on failure, leave nothing behind either
		data, _ := os.ReadFile(pidFile)
		for _, f := range strings.Fields(string(data)) {
			if pid, err := strconv.Atoi(f); err == nil {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	e := fsf.Engine{Path: path, VariantPath: filepath.Join(dir, "v.ini"), MoveTime: 10 * time.Millisecond, Timeout: 700 * time.Millisecond}
	type result struct {
		move string
		err  error
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		m, err := e.BestMove("kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1")
		done <- result{m, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(e.Timeout + 3*time.Second):
		t.Fatalf("BestMove still waiting %v after its %v limit", time.Since(start)-e.Timeout, e.Timeout)
	}
	elapsed := time.Since(start)
	assert.Assert(t, elapsed < e.Timeout+time.Second, "BestMove returned after %v (limit %v)", elapsed, e.Timeout)
	assert.Error(t, r.err, "engine "+path+` gave no "uciok" within 700ms: killed`)
	pids := readPIDs(t, pidFile)
	assert.Equal(t, len(pids), 2)
	for _, pid := range pids {
		for i := 0; alive(pid) && i < 100; i++ {
			time.Sleep(20 * time.Millisecond)
		}
		assert.Assert(t, !alive(pid), "process %d of the engine's group is still running", pid)
	}
}

// TestEngineExitsAtOnce: an engine that exits before answering is named
// with its exit status, not as a broken pipe; nothing is written.
func TestEngineExitsAtOnce(t *testing.T) {
	dir := t.TempDir()
	state, action := startState(t, dir)
	for _, body := range []string{"exit 3\n", "exec 0<&- 1>&-\nsleep 0.05\nexit 3\n", "read line\necho id name x\nexit 3\n"} {
		path := script(t, dir, "engine", body)
		var out, errb bytes.Buffer
		assert.Equal(t, fsf.Run([]string{"-engine", path, state, action}, nil, &out, &errb), 1, body)
		assert.Equal(t, errb.String(), "minichess-fsf: engine "+path+" exited before answering (exit status 3)\n", body)
		assert.Equal(t, out.String(), "")
		_, err := os.Stat(action)
		assert.Assert(t, os.IsNotExist(err))
	}
}

// TestEngineMissing: a missing engine is one line saying what to do.
func TestEngineMissing(t *testing.T) {
	dir := t.TempDir()
	state, action := startState(t, dir)
	missing := filepath.Join(dir, "no-engine")
	var out, errb bytes.Buffer
	assert.Equal(t, fsf.Run([]string{"-engine", missing, state, action}, nil, &out, &errb), 1)
	assert.Equal(t, errb.String(), "minichess-fsf: engine "+missing+" not found: pass the path of a Fairy-Stockfish binary with -engine\n")
	notExec := script(t, dir, "not-exec", "exit 0\n")
	assert.NilError(t, os.Chmod(notExec, 0o644))
	errb.Reset()
	assert.Equal(t, fsf.Run([]string{"-engine", notExec, state, action}, nil, &out, &errb), 1) // no x bit: even root cannot run it
	assert.Equal(t, errb.String(), "minichess-fsf: engine "+notExec+" cannot be started: permission denied\n")
	if _, err := os.Stat(fsf.DefaultEngine); err == nil {
		return // installed: TestEngine plays it
	}
	errb.Reset()
	assert.Equal(t, fsf.Run([]string{state, action}, nil, &out, &errb), 1)
	assert.Equal(t, errb.String(), "minichess-fsf: fairy-stockfish not found at /usr/games/fairy-stockfish: install it (apt-get install fairy-stockfish) or pass -engine PATH\n")
}

// TestFakeEngine plays a minimal UCI engine (a shell script answering
// b2b3) through the adapter: the move is written, the engine is gone.
func TestFakeEngine(t *testing.T) {
	dir := t.TempDir()
	state, action := startState(t, dir)
	pidFile := filepath.Join(dir, "pid")
	path := script(t, dir, "engine", `echo $$ > `+pidFile+`
while read -r line; do
  case "$line" in
    uci) echo "id name fake"; echo uciok ;;
    isready) echo readyok ;;
    go*) echo "info depth 1"; echo "bestmove b2b3 ponder b5b4" ;;
  esac
done
`)
	var out, errb bytes.Buffer
	assert.Equal(t, fsf.Run([]string{"-engine", path, "-movetime", "10ms", state, action}, nil, &out, &errb), 0, errb.String())
	data, err := os.ReadFile(action)
	assert.NilError(t, err)
	raw, count, err := minichess.ParseAction(bytes.NewReader(data))
	assert.NilError(t, err)
	assert.Equal(t, count, 1)
	m, err := fsf.ParseUCIMove("b2b3")
	assert.NilError(t, err)
	assert.Equal(t, raw, m.Raw())
	for _, pid := range readPIDs(t, pidFile) {
		assert.Assert(t, !alive(pid), "engine %d still running", pid)
	}
}

// TestVariantFileRemovedBeforeSearch: the temporary variant file holds
// VariantINI when the engine is told its path and is gone before the
// search starts, so that an adapter killed during the search (the runner's
// timeout) leaves no file behind.
func TestVariantFileRemovedBeforeSearch(t *testing.T) {
	dir := t.TempDir()
	state, action := startState(t, dir)
	copied, atGo := filepath.Join(dir, "copied"), filepath.Join(dir, "at-go")
	path := script(t, dir, "engine", `while read -r line; do
  case "$line" in
    uci) echo "id name fake"; echo uciok ;;
    "setoption name VariantPath value "*) v="${line#setoption name VariantPath value }"; cp "$v" `+copied+` ;;
    isready) echo readyok ;;
    go*) if [ -e "$v" ]; then echo present > `+atGo+`; else echo absent > `+atGo+`; fi
         echo "bestmove b2b3" ;;
  esac
done
`)
	var out, errb bytes.Buffer
	assert.Equal(t, fsf.Run([]string{"-engine", path, "-movetime", "10ms", state, action}, nil, &out, &errb), 0, errb.String())
	got, err := os.ReadFile(copied)
	assert.NilError(t, err)
	assert.Equal(t, string(got), fsf.VariantINI)
	got, err = os.ReadFile(atGo)
	assert.NilError(t, err)
	assert.Equal(t, string(got), "absent\n")
}

// infoEngine writes a fake engine into dir that records its "go" command
// in the file gocmd and answers with one info line and b2b3.
func infoEngine(t *testing.T, dir string) (path, gocmd string) {
	t.Helper()
	gocmd = filepath.Join(dir, "gocmd")
	path = script(t, dir, "engine", `while read -r line; do
  case "$line" in
    uci) echo "id name fake"; echo uciok ;;
    isready) echo readyok ;;
    go*) echo "$line" > `+gocmd+`
         echo "info string hello"
         echo "info depth 7 seldepth 9 multipv 1 score cp 12 nodes 1234 nps 5000 time 250 pv b2b3 b5b4"
         echo "bestmove b2b3" ;;
  esac
done
`)
	return path, gocmd
}

// TestVerboseAndNodes: -v prints the engine's last search line without its
// PV, and a node limit becomes "go nodes".
func TestVerboseAndNodes(t *testing.T) {
	dir := t.TempDir()
	state, action := startState(t, dir)
	path, gocmd := infoEngine(t, dir)
	var out, errb bytes.Buffer
	assert.Equal(t, fsf.Run([]string{"-engine", path, "-movetime", "30ms", "-v", state, action}, nil, &out, &errb), 0, errb.String())
	assert.Equal(t, errb.String(), "minichess-fsf: depth 7 seldepth 9 multipv 1 score cp 12 nodes 1234 nps 5000 time 250\n")
	got, err := os.ReadFile(gocmd)
	assert.NilError(t, err)
	assert.Equal(t, string(got), "go movetime 30\n")

	e := fsf.Engine{Path: path, Nodes: 4321, Timeout: 10 * time.Second}
	m, ok, err := e.Choose(mustFEN(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w"))
	assert.NilError(t, err)
	assert.Assert(t, ok)
	assert.Equal(t, m.String(), "4 1 3 1")
	got, err = os.ReadFile(gocmd)
	assert.NilError(t, err)
	assert.Equal(t, string(got), "go nodes 4321\n")
}

// TestCompare: the table has the engine's figures from its info line and
// our engine's own search of the same position.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	path, _ := infoEngine(t, dir)
	positions := filepath.Join(dir, "positions")
	assert.NilError(t, os.WriteFile(positions, []byte("# comment\n\n0 kqbnr/ppppp/5/5/PPPPP/RNBQK w\n"), 0o644))
	var out, errb bytes.Buffer
	assert.Equal(t, fsf.Run([]string{"-engine", path, "-movetime", "50ms", "-compare", positions}, nil, &out, &errb), 0, errb.String())
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.Equal(t, len(lines), 3, out.String())
	cells := strings.Split(lines[2], "|")
	assert.Equal(t, len(cells), 12, lines[2])
	assert.Equal(t, strings.TrimSpace(cells[1]), "`kqbnr/ppppp/5/5/PPPPP/RNBQK w`")
	depth, err := strconv.Atoi(strings.TrimSpace(cells[3]))
	assert.NilError(t, err)
	assert.Assert(t, depth >= 1, lines[2])
	assert.Equal(t, strings.Join(cells[7:11], "|"), " 7 | 9 | 1234 | 5k ")
	assert.Equal(t, errb.String(), "minichess-fsf: position 1/1 done\n")
}

// TestScores: Engine.Scores sends every position with "go depth", reads
// the score of the last search line that has one (cp, or mate as
// ±MateScore), in order, in one engine process; a search without a score
// is an error that names the position.
func TestScores(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	path := script(t, dir, "engine", `n=0
while read -r line; do
  echo "$line" >> `+log+`
  case "$line" in
    uci) echo "id name fake"; echo uciok ;;
    isready) echo readyok ;;
    go*) n=$((n+1))
         case $n in
           1) echo "info depth 1 score cp 5 pv b2b3"; echo "info depth 2 seldepth 3 score cp -50 nodes 10 pv b2b3"; echo "info string done" ;;
           2) echo "info depth 2 score mate -2 pv b5b4" ;;
           3) echo "info depth 2 score mate 3 pv b2b3" ;;
         esac
         echo "bestmove b2b3" ;;
  esac
done
`)
	list := []minichess.Position{
		mustFEN(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w"),
		mustFEN(t, "k4/1P3/5/2q2/5/4K b"),
		mustFEN(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w"),
	}
	e := fsf.Engine{Path: path, VariantPath: "/variants.ini", Timeout: 10 * time.Second}
	var got []int
	assert.NilError(t, e.Scores(list, 7, func(i, cp int) error {
		assert.Equal(t, i, len(got))
		got = append(got, cp)
		return nil
	}))
	assert.DeepEqual(t, got, []int{-50, -fsf.MateScore, fsf.MateScore})
	sent, err := os.ReadFile(log)
	assert.NilError(t, err)
	assert.Equal(t, string(sent), "uci\nsetoption name VariantPath value /variants.ini\nsetoption name UCI_Variant value nthuminichess\nisready\n"+
		"position fen kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1\ngo depth 7\n"+
		"position fen k4/1P3/5/2q2/5/4K b - - 0 1\ngo depth 7\n"+
		"position fen kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1\ngo depth 7\n")

	// The fourth search has no score line.
	err = e.Scores(append(list, list[1]), 7, func(int, int) error { return nil })
	assert.ErrorContains(t, err, "position 4 (k4/1P3/5/2q2/5/4K b): no search line with a score")
	stop := errors.New("stop")
	assert.Equal(t, e.Scores(list, 7, func(int, int) error { return stop }), stop)
}
