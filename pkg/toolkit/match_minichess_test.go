package toolkit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gotest.tools/v3/assert"
)

// TestMatchMinichess: the course players against each other (golden), then
// the engine against them, a few games, the same twice.
func TestMatchMinichess(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "", "match", "minichess", "baseline2", "player_alphabeta,depth=2", "-games", "4", "-v", "-quiet")
	assertGolden(t, out, "match_minichess.txt")
	args := []string{"match", "minichess", "engine:nodes=2000", "baseline1", "-games", "4", "-v", "-quiet"}
	out = mustRun(t, "", args...)
	assert.Equal(t, mustRun(t, "", args...), out)
	assert.Assert(t, strings.Contains(out, "forfeits: A 0, B 0"), out)
	out = mustRun(t, "", "match", "minichess", "engine:depth=3", "player_alphabeta,depth=1", "-games", "4", "-quiet")
	assert.Assert(t, strings.Contains(out, "B: player_alphabeta\n"), out)
	assert.Assert(t, strings.Contains(out, "result for A: W 4 D 0 L 0"), out)
	// The engine that knows the ply count plays the whole match too.
	out = mustRun(t, "", "match", "minichess", "engine:nodes=500,ply=on", "baseline1", "-games", "2", "-quiet")
	assert.Assert(t, strings.Contains(out, "forfeits: A 0, B 0"), out)
}

// TestMatchMinichessExternal: the baseline program, built as baseline2 and
// run as "baseline2 state action", plays the games of the built-in
// baseline2.
func TestMatchMinichessExternal(t *testing.T) {
	t.Parallel()
	exe := buildProgram(t, "minichess-baseline")
	// The program plays the baseline its name says.
	bin := filepath.Join(t.TempDir(), "baseline2")
	assert.NilError(t, os.Symlink(exe, bin))
	for _, spec := range []string{"exec:" + bin, "exe=" + bin} {
		ext := mustRun(t, "", "match", "minichess", spec, "engine:depth=2", "-games", "2", "-v", "-quiet")
		in := mustRun(t, "", "match", "minichess", "baseline2", "engine:depth=2", "-games", "2", "-v", "-quiet")
		assert.Equal(t, strings.Replace(ext, "A: "+spec, "A: baseline2", 1), in)
	}
}

// TestMatchMinichessBadInput: the MiniChess-specific settings.
func TestMatchMinichessBadInput(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "minichess", "engine", "baseline5"}, `player "baseline5": unknown player`},
		{[]string{"match", "minichess", "engine:ply=sometimes", "baseline1"}, `ply="sometimes": want on or off`},
		{[]string{"match", "minichess", "engine", "baseline1", "-start", "nonsense"}, `-start "nonsense"`},
		{[]string{"match", "minichess", "engine", "baseline1", "-variant", "x"}, "minichess has no variants"},
		{[]string{"match", "minichess", "exec,timeout=0s:/bin/true", "baseline1"}, `timeout="0s": want a positive duration`},
	} {
		out, errs, code := runCmd(t, "", c.args...)
		assert.Equal(t, code, 2, "%q: %s", c.args, errs)
		assert.Equal(t, out, "")
		assert.Equal(t, strings.Count(errs, "\n"), 1, "%q", errs)
		assert.Assert(t, strings.Contains(errs, c.want), "%q: %q lacks %q", c.args, errs, c.want)
	}
}
