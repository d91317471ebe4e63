//go:build unix

package player_test

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// buildPlayers builds the player commands into a temporary directory under
// their template names.
func buildPlayers(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	cmds := map[string]string{"minichess-baseline": "baseline4", "minichess-alphabeta": "player_alphabeta", "minichess-random": "player_random"}
	assert.NilError(t, testutil.BuildCommands(t, dir, nil, slices.Collect(maps.Keys(cmds))...))
	for cmd, name := range cmds {
		assert.NilError(t, os.Rename(filepath.Join(dir, cmd), filepath.Join(dir, name)))
	}
	return dir
}

// TestProcessProtocol runs the built players as the C++ runner does: a
// fresh process per move, "exe state action" with relative names in the
// working directory, nothing on stdout or stderr. A player killed mid-search
// leaves only complete lines, each already the final answer of its depth.
func TestProcessProtocol(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the programs; skipped in short mode")
	}
	bin := buildPlayers(t)
	dir := t.TempDir()
	for _, name := range []string{"baseline4", "player_alphabeta", "player_random"} {
		data, err := os.ReadFile(filepath.Join(bin, name))
		assert.NilError(t, err)
		assert.NilError(t, testutil.WriteExecutable(filepath.Join(dir, name), data))
	}
	state := "0\n0 0 0 0 0 \n0 0 0 0 0 \n0 0 0 0 0 \n0 0 0 0 0 \n1 1 1 1 1 \n2 3 4 5 6 \n\n6 5 4 3 2 \n1 1 1 1 1 \n0 0 0 0 0 \n0 0 0 0 0 \n0 0 0 0 0 \n0 0 0 0 0 \n\n"
	assert.NilError(t, os.WriteFile(filepath.Join(dir, "state"), []byte(state), 0o644))
	runIn := func(args ...string) (string, string, string) {
		var out, errb bytes.Buffer
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &out, &errb
		assert.NilError(t, cmd.Run())
		act, err := os.ReadFile(filepath.Join(dir, "action"))
		assert.NilError(t, err)
		return out.String(), errb.String(), string(act)
	}
	full := "4 0 3 0\n4 0 3 0\n5 1 3 2\n4 1 3 1\n4 2 3 2\n4 1 3 1\n"
	for _, c := range []struct{ args []string }{
		{[]string{"./baseline4", "state", "action"}},
		{[]string{"./player_alphabeta", "-depth", "6", "state", "action"}},
	} {
		out, errs, act := runIn(c.args...)
		assert.Equal(t, out, "")
		assert.Equal(t, errs, "")
		assert.Equal(t, act, full)
	}
	out, errs, act := runIn("./player_random", "state", "action")
	assert.Equal(t, out+errs, "")
	assert.Equal(t, act, "4 3 3 3\n")

	// Killed mid-search, once depth 6 is on disk: the lines on disk are
	// complete and correct.
	assert.NilError(t, os.Remove(filepath.Join(dir, "action")))
	cmd := exec.Command("./player_alphabeta", "-time", "0", "state", "action")
	cmd.Dir = dir
	assert.NilError(t, cmd.Start())
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if data, err := os.ReadFile(filepath.Join(dir, "action")); err == nil && strings.Count(string(data), "\n") >= 6 {
			break
		}
	}
	assert.NilError(t, cmd.Process.Kill())
	cmd.Wait()
	data, err := os.ReadFile(filepath.Join(dir, "action"))
	assert.NilError(t, err)
	got := string(data)
	assert.Assert(t, strings.HasSuffix(got, "\n") && strings.Count(got, "\n") >= 6, "%q", got)
	assert.Assert(t, strings.HasPrefix(got, full), "%q", got)
	n := strings.Count(got, "\n")
	_, _, deep := runIn("./player_alphabeta", "-time", "0", "-depth", strconv.Itoa(n), "state", "action")
	assert.Equal(t, got, deep, "killed run vs -depth %d run", n)
}
