package toolkit

import (
	"strings"
	"testing"

	"gotest.tools/v3/assert"
)

// TestMatchMorris: the course players against each other (golden), then
// the engine at a small node budget against MiniMax with the standard
// estimator at depth 2, a few games, the same twice.
func TestMatchMorris(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "", "match", "morris", "improved:2", "standard:2", "-games", "4", "-v", "-quiet")
	assertGolden(t, out, "match_morris.txt")
	args := []string{"match", "morris", "engine:nodes=1000", "standard:2", "-games", "4", "-v", "-quiet"}
	out = mustRun(t, "", args...)
	assert.Equal(t, mustRun(t, "", args...), out)
	assert.Assert(t, strings.Contains(out, "forfeits: A 0, B 0"), out)
	assert.Equal(t, strings.Count(out, "\ngame "), 4, out)
}

// TestMatchMorrisExternal: MiniMaxOpening and MiniMaxGame, built and run
// through PROGRAM INPUT OUTPUT DEPTH, play the games of the built-in
// standard player at the same depth.
func TestMatchMorrisExternal(t *testing.T) {
	t.Parallel()
	op, gp := buildProgram(t, "MiniMaxOpening"), buildProgram(t, "MiniMaxGame")
	spec := "exec:2:" + op + ":" + gp
	ext := mustRun(t, "", "match", "morris", spec, "engine:depth=2", "-games", "2", "-v", "-quiet")
	in := mustRun(t, "", "match", "morris", "standard:2", "engine:depth=2", "-games", "2", "-v", "-quiet")
	assert.Equal(t, strings.Replace(ext, "A: "+spec, "A: standard:2", 1), in)
}

// TestMatchMorrisBadInput: the Morris-specific settings.
func TestMatchMorrisBadInput(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "morris", "engine", "standard:0"}, `player "standard:0"`},
		{[]string{"match", "morris", "engine", "random"}, `player "random": unknown kind`},
		{[]string{"match", "morris", "engine:qs=perhaps", "standard:2"}, `qs="perhaps": want on or off`},
		{[]string{"match", "morris", "engine", "standard:2", "-variant", "Z9"}, `-variant "Z9": want a Morris board`},
		{[]string{"match", "morris", "engine", "standard:2", "-start", "WWx"}, "want a board string of 22 letters"},
		{[]string{"match", "morris", "engine", "standard:2", "-start", strings.Repeat("x", 21) + "Q"}, `letter 22 is "Q"`},
	} {
		out, errs, code := runCmd(t, "", c.args...)
		assert.Equal(t, code, 2, "%q: %s", c.args, errs)
		assert.Equal(t, out, "")
		assert.Equal(t, strings.Count(errs, "\n"), 1, "%q", errs)
		assert.Assert(t, strings.Contains(errs, c.want), "%q: %q lacks %q", c.args, errs, c.want)
	}
}
