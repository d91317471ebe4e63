//go:build unix

package runner

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"gotest.tools/v3/assert"
)

// processGone reports whether pid has exited (a zombie counts as gone).
func processGone(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err == nil {
		if i := bytes.LastIndexByte(data, ')'); i >= 0 && i+2 < len(data) {
			return data[i+2] == 'Z' || data[i+2] == 'X'
		}
		return false
	}
	if runtime.GOOS == "linux" {
		return true
	}
	return syscall.Kill(pid, 0) == syscall.ESRCH
}

// groupGone reports whether no live process (zombies excepted) is left in
// the process group pgid.
func groupGone(pgid int) bool {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return syscall.Kill(-pgid, 0) == syscall.ESRCH
	}
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		data, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		i := bytes.LastIndexByte(data, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(data[i+1:]))
		if len(f) > 2 && f[2] == strconv.Itoa(pgid) && f[0] != "Z" && f[0] != "X" {
			return false
		}
	}
	return true
}

// readPids reads the pids the test players appended to dir/pids.
func readPids(t *testing.T, dir string) []int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "pids"))
	assert.NilError(t, err)
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		pid, err := strconv.Atoi(f)
		assert.NilError(t, err)
		pids = append(pids, pid)
	}
	return pids
}

// assertAllGone checks that every pid recorded in dir/pids is dead, and
// that the process group of the first one (the player, its leader) is
// empty. The group was killed before the runner went on, so death is
// immediate; the poll only covers the kernel's delivery of SIGKILL.
func assertAllGone(t *testing.T, dir string, want int) {
	t.Helper()
	pids := readPids(t, dir)
	assert.Assert(t, len(pids) >= want, "only %d pids recorded", len(pids))
	deadline := time.Now().Add(5 * time.Second)
	for _, pid := range pids {
		for !processGone(pid) {
			if time.Now().After(deadline) {
				t.Fatalf("process %d of a player outlived the runner", pid)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	for !groupGone(pids[0]) {
		if time.Now().After(deadline) {
			t.Fatalf("process group %d of a player outlived the runner", pids[0])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// playBounded is playIn for games with players that record their pids in
// dir/pids: if the runner does not finish within a generous bound (it
// failed to kill a player), the recorded process groups are killed so that
// the test fails instead of hanging and leaking processes.
func playBounded(t *testing.T, dir string, args ...string) gameResult {
	t.Helper()
	done := make(chan gameResult, 1)
	go func() { done <- playIn(t, dir, args...) }()
	select {
	case r := <-done:
		return r
	case <-time.After(30 * time.Second):
		data, _ := os.ReadFile(filepath.Join(dir, "pids"))
		for _, f := range strings.Fields(string(data)) {
			if pid, err := strconv.Atoi(f); err == nil {
				syscall.Kill(-pid, syscall.SIGKILL)
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		<-done
		t.Fatalf("the runner did not finish: a player was not killed")
		return gameResult{}
	}
}

// setupPlayers copies test players from testdata/players into a new game
// directory.
func setupPlayers(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		assert.NilError(t, testutil.CopyExecutable(filepath.Join(dir, n), filepath.Join("testdata", "players", n)))
	}
	return dir
}

// sharedRunner returns the path of a file of conformance/minichess/runner.
func sharedRunner(t *testing.T, elem ...string) string {
	return filepath.Join(append([]string{testutil.Conformance(t, "minichess", "runner")}, elem...)...)
}

func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	assert.NilError(t, err)
	return string(data)
}

// TestStubbornPlayerKilled: a player that ignores SIGTERM and never exits is
// killed with its whole group one second after the time limit; its complete
// move counts. With a black that answers as baseline2 does, the game is
// exactly conformance runner/sleeper_t1.
func TestStubbornPlayerKilled(t *testing.T) {
	t.Parallel()
	dir := setupPlayers(t, "stubborn", "black_d6e4")
	start := time.Now()
	r := playBounded(t, dir, "-timeout", "200ms", "./stubborn", "./black_d6e4")
	elapsed := time.Since(start)
	assert.Equal(t, r.code, 0, r.stderr)
	assert.Equal(t, r.stderr, "")
	compareFile(t, "gamelog.txt", r.gamelog, sharedRunner(t, "sleeper_t1", "gamelog.txt"))
	// Two white turns, each ended by SIGKILL after SIGTERM was ignored.
	assert.Assert(t, elapsed >= 2*(200*time.Millisecond+killGrace), elapsed)
	assertAllGone(t, dir, 4)
	checkClean(t, dir)
}

// TestForkingPlayer: a player that exits at once but leaves a grandchild
// behind (which would overwrite the action file and keeps stdout open): the
// grandchild is killed with the group as soon as the player exits.
func TestForkingPlayer(t *testing.T) {
	t.Parallel()
	dir := setupPlayers(t, "forker", "black_d6e4")
	r := playBounded(t, dir, "./forker", "./black_d6e4")
	assert.Equal(t, r.code, 0, r.stderr)
	assert.Equal(t, r.stderr, "")
	compareFile(t, "gamelog.txt", r.gamelog, sharedRunner(t, "sleeper_t1", "gamelog.txt"))
	assertAllGone(t, dir, 4)
	// Nothing wrote the action file after the game.
	time.Sleep(400 * time.Millisecond)
	checkClean(t, dir)
}

// TestHangingSilentPlayer: a player that writes nothing and hangs past the
// time limit is killed at the limit and loses as conformance runner/silent.
func TestHangingSilentPlayer(t *testing.T) {
	t.Parallel()
	dir := setupPlayers(t, "hang", "black_d6e4")
	r := playBounded(t, dir, "-timeout", "0.2", "./hang", "./black_d6e4")
	assert.Equal(t, r.code, 0, r.stderr)
	compareFile(t, "gamelog.txt", r.gamelog, sharedRunner(t, "silent", "gamelog.txt"))
	compareFile(t, "stderr", r.stderr, sharedRunner(t, "silent", "stderr.txt"))
	assertAllGone(t, dir, 1)
	checkClean(t, dir)
}

// TestPlayerOutput: what a player prints goes to the runner's stdout (after
// the drawing, before the blank line and "Depth:") and stderr, never to
// gamelog.txt.
func TestPlayerOutput(t *testing.T) {
	t.Parallel()
	dir := setupPlayers(t, "talker", "black_d6e4")
	r := playIn(t, dir, "./talker", "./black_d6e4")
	assert.Equal(t, r.code, 0, r.stderr)
	compareFile(t, "gamelog.txt", r.gamelog, sharedRunner(t, "sleeper_t1", "gamelog.txt"))
	assert.Equal(t, r.stderr, "note on stderr\nnote on stderr\n")
	assert.Equal(t, strings.Count(r.stdout, "hello from state\n\nDepth: 1\nA2 → A3\n"), 1, r.stdout)
	assert.Equal(t, strings.Count(r.stdout, "hello from state\nInvalid Action\n"), 1, r.stdout)
}

// TestPlayerVanishes: a player that cannot be started during the game is
// reported on stderr and loses as if it had written nothing.
func TestPlayerVanishes(t *testing.T) {
	t.Parallel()
	dir := setupPlayers(t, "selfdelete", "black_d6e4")
	r := playIn(t, dir, "./selfdelete", "./black_d6e4")
	assert.Equal(t, r.code, 0, r.stderr)
	want := readString(t, sharedRunner(t, "sleeper_t1", "gamelog.txt"))
	want = strings.Replace(want, "Invalid Action\nA2 → A3\n", "Invalid Action\n?? → ??\n", 1)
	assert.Equal(t, r.gamelog, want)
	lines := strings.Split(r.stderr, "\n")
	assert.Equal(t, len(lines), 3, r.stderr)
	assert.Assert(t, strings.HasPrefix(lines[0], "main: cannot start ./selfdelete: "), r.stderr)
	assert.Equal(t, lines[1], "Error removing file: action")
	checkClean(t, dir)
}

// TestPlayerCannotStart: an executable whose interpreter is missing cannot
// start on its first turn: reported, and it loses as conformance
// runner/silent.
func TestPlayerCannotStart(t *testing.T) {
	t.Parallel()
	dir := setupPlayers(t, "badinterp", "black_d6e4")
	r := playIn(t, dir, "./badinterp", "./black_d6e4")
	assert.Equal(t, r.code, 0, r.stderr)
	compareFile(t, "gamelog.txt", r.gamelog, sharedRunner(t, "silent", "gamelog.txt"))
	assert.Assert(t, strings.HasPrefix(r.stderr, "main: cannot start ./badinterp: "), r.stderr)
	assert.Assert(t, strings.HasSuffix(r.stderr, "\nError removing file: action\n"), r.stderr)
	assert.Equal(t, strings.Count(r.stderr, "\n"), 2, r.stderr)
}

// TestPlayerInvocation: the player is started as "<exe> state action" with
// relative names, in the game directory, stdin on the null device, with the
// exact 136-byte state file of docs/minichess.md ("The file protocol"); a
// stale action file is removed before it starts.
func TestPlayerInvocation(t *testing.T) {
	t.Parallel()
	dir := setupPlayers(t, "argcheck", "black_d6e4")
	assert.NilError(t, os.WriteFile(filepath.Join(dir, ActionFile), []byte("5 4 4 4\n"), 0o644))
	r := playIn(t, dir, "-max-steps", "1", "./argcheck", "./black_d6e4")
	assert.Equal(t, r.code, 0, r.stderr)
	realDir, err := filepath.EvalSymlinks(dir)
	assert.NilError(t, err)
	args := readString(t, filepath.Join(dir, "args.txt"))
	assert.Assert(t, args == "2 state action "+dir+"\n" || args == "2 state action "+realDir+"\n", args)
	assert.Equal(t, readString(t, filepath.Join(dir, "stdin.txt")), "")
	start := minichess.StartPosition()
	assert.Equal(t, readString(t, filepath.Join(dir, "state_copy")), string(start.AppendState(nil)))
	// One ply, then the material adjudication of the ply limit: a draw.
	assert.Assert(t, strings.HasSuffix(r.gamelog, "Depth: 1\nA2 → A3\n"+drawing(start.Play(minichess.Move{FromRow: 4, FromCol: 0, ToRow: 3, ToCol: 0}))+"\nDraw\n"), r.gamelog)
	checkClean(t, dir)
}

func drawing(p minichess.Position) string { return string(p.AppendDrawing(nil)) }

// TestPlayerWithArguments: a player argument that is not a file is split
// into program and leading arguments, found in PATH.
func TestPlayerWithArguments(t *testing.T) {
	t.Parallel()
	dir := setupPlayers(t, "talker", "black_d6e4")
	r := playIn(t, dir, "sh ./talker", "./black_d6e4")
	assert.Equal(t, r.code, 0, r.stderr)
	compareFile(t, "gamelog.txt", r.gamelog, sharedRunner(t, "sleeper_t1", "gamelog.txt"))
	assert.Assert(t, strings.HasPrefix(r.stdout, "Player White File: sh ./talker\n"), r.stdout)
}

// runnerBinary builds this package's command, main.
func runnerBinary(t *testing.T) string {
	return program(t, "minichess-runner", "main")
}

// TestRunnerInterrupted: SIGTERM or SIGINT to the runner kills the current
// player's group, removes state and action, keeps gamelog.txt, and exits
// with 143 or 130.
func TestRunnerInterrupted(t *testing.T) {
	main := runnerBinary(t)
	for _, c := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGTERM, 143}, {syscall.SIGINT, 130}} {
		t.Run(c.sig.String(), func(t *testing.T) {
			t.Parallel()
			dir := setupPlayers(t, "stubborn", "black_d6e4")
			cmd := exec.Command(main, "-timeout", "30s", "./stubborn", "./black_d6e4")
			cmd.Dir = dir
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			assert.NilError(t, cmd.Start())
			deadline := time.Now().Add(10 * time.Second)
			for {
				data, _ := os.ReadFile(filepath.Join(dir, "pids"))
				if strings.Count(string(data), "\n") >= 2 {
					break
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("the player never started")
				}
				time.Sleep(10 * time.Millisecond)
			}
			assert.NilError(t, cmd.Process.Signal(c.sig))
			waited := make(chan error, 1)
			go func() { waited <- cmd.Wait() }()
			var err error
			select {
			case err = <-waited:
			case <-time.After(10 * time.Second):
				// Broken: do not leak the runner and its player.
				cmd.Process.Kill()
				for _, pid := range readPids(t, dir) {
					syscall.Kill(-pid, syscall.SIGKILL)
				}
				t.Fatalf("the runner did not exit after %v", c.sig)
			}
			assert.Equal(t, cmd.ProcessState.ExitCode(), c.code, "%v %s", err, stderr.String())
			assert.Equal(t, stderr.String(), "")
			assertAllGone(t, dir, 2)
			checkClean(t, dir)
			log := readString(t, filepath.Join(dir, GamelogFile))
			assert.Assert(t, strings.HasPrefix(log, "1 step\n") && !strings.Contains(log, "Depth"), log)
		})
	}
}

// TestRunnerBinaryExitStatus: usage errors exit 2 and write nothing, and so
// does a directory where gamelog.txt must go; an unwritable directory is an
// I/O failure, exit 1.
func TestRunnerBinaryExitStatus(t *testing.T) {
	main := runnerBinary(t)
	dir := setupPlayers(t, "black_d6e4")
	cmd := exec.Command(main, "./missing", "./black_d6e4")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	assert.Equal(t, cmd.ProcessState.ExitCode(), 2, "%v", err)
	assert.Equal(t, string(out), "main: player \"./missing\": no such file or directory\n")
	entries, _ := os.ReadDir(dir)
	assert.Equal(t, len(entries), 1)

	// gamelog.txt is a directory: refused before the game, exit 2.
	assert.NilError(t, os.Mkdir(filepath.Join(dir, GamelogFile), 0o755))
	cmd = exec.Command(main, "./black_d6e4", "./black_d6e4")
	cmd.Dir = dir
	out, err = cmd.CombinedOutput()
	assert.Equal(t, cmd.ProcessState.ExitCode(), 2, "%v", err)
	assert.Equal(t, string(out), "main: gamelog.txt: is a directory (the runner writes this file in its working directory and may remove it)\n")
	entries, _ = os.ReadDir(dir)
	assert.Equal(t, len(entries), 2)

	// gamelog.txt cannot be created: exit 1, one line.
	player := filepath.Join(dir, "black_d6e4")
	cmd = exec.Command(main, player, player)
	cmd.Dir = testutil.UnwritableDir(t)
	out, err = cmd.CombinedOutput()
	assert.Equal(t, cmd.ProcessState.ExitCode(), 1, "%v", err)
	assert.Assert(t, strings.HasPrefix(string(out), "main: ") && strings.Contains(string(out), "permission denied") &&
		strings.Count(string(out), "\n") == 1, string(out))
}

// TestStateUnwritable: when state cannot be written during the game (here
// a directory takes its place after the first move) the runner stops with
// exit status 1 and one line on stderr, and leaves the directory alone.
func TestStateUnwritable(t *testing.T) {
	dir := t.TempDir()
	ip := &inProcessPlayer{dir: dir}
	pl := &player{arg: "./inprocess"}
	var stdout, stderr bytes.Buffer
	g := &game{cfg: Config{Dir: dir, Timeout: time.Second, MaxSteps: 50, NoClear: true},
		players: [2]*player{pl, pl}, stdout: &stdout, stderr: &stderr,
		run: func(p *player) error {
			if err := ip.run(p); err != nil {
				return err
			}
			if err := os.Remove(filepath.Join(dir, StateFile)); err != nil {
				return err
			}
			return os.MkdirAll(filepath.Join(dir, StateFile, "x"), 0o755)
		}}
	assert.Equal(t, g.play(), 1)
	assert.Assert(t, strings.HasPrefix(stderr.String(), "main: ") && strings.Count(stderr.String(), "\n") == 1, stderr.String())
	log := readString(t, filepath.Join(dir, GamelogFile))
	assert.Assert(t, strings.HasPrefix(log, "1 step\n") && strings.Count(log, "Depth: ") == 1, log)
	_, err := os.Stat(filepath.Join(dir, StateFile, "x"))
	assert.NilError(t, err)
}

// TestEscapedGrandchild: a process that leaves the player's process group
// (setsid) cannot be killed with it; the runner still goes on (after a
// bounded wait for the console pipe when its stdout is not a file) and its
// late output never reaches the runner's output. The test kills the
// escaped process itself.
func TestEscapedGrandchild(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("skipping: no setsid command")
	}
	t.Parallel()
	dir := setupPlayers(t, "escaper", "black_d6e4")
	t.Cleanup(func() {
		if data, err := os.ReadFile(filepath.Join(dir, "escaped")); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil {
				syscall.Kill(-pid, syscall.SIGKILL)
			}
		}
	})
	r := playIn(t, dir, "./escaper", "./black_d6e4")
	assert.Equal(t, r.code, 0, r.stderr)
	compareFile(t, "gamelog.txt", r.gamelog, sharedRunner(t, "sleeper_t1", "gamelog.txt"))
	assert.Assert(t, !strings.Contains(r.stdout, "late output"), r.stdout)
}
