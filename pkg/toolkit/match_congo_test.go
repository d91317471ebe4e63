package toolkit

import (
	"path/filepath"
	"strings"
	"testing"

	"gotest.tools/v3/assert"

	"github.com/gamesearch/gamesearch/internal/testutil"
)

// TestMatchCongo: the course players against each other (golden: spec
// behaviour only), then the engine at a small node budget against Part 5's
// alpha-beta, a few games, the same twice (not golden: congo-agent's
// options and evaluation are still being tuned).
func TestMatchCongo(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "", "match", "congo", "alphabeta:depth=2", "minimax", "-games", "4", "-v", "-quiet", "-seed", "2")
	assertGolden(t, out, "match_congo.txt")
	args := []string{"match", "congo", "engine:nodes=3000", "alphabeta:depth=2", "-games", "4", "-v", "-quiet", "-seed", "2"}
	out = mustRun(t, "", args...)
	assert.Equal(t, mustRun(t, "", args...), out)
	assert.Assert(t, strings.Contains(out, "forfeits: A 0, B 0"), out)
	assert.Equal(t, strings.Count(out, "\ngame "), 4, out)
	out = mustRun(t, "", "match", "congo", "minimax:depth=1", "engine:depth=3", "-games", "2", "-quiet", "-variant", "2021")
	assert.Assert(t, strings.HasPrefix(out, "match congo: 2 games from 1 of 100 openings, seed 1\n"), out)
}

// TestMatchCongoExternal: congo-agent, built and driven through the spec
// 6.9 protocol at a fixed depth, plays complete games against the course
// minimax, the same way twice; a program that answers 0000 or garbage
// forfeits.
func TestMatchCongoExternal(t *testing.T) {
	t.Parallel()
	bin := buildProgram(t, "congo-agent")
	args := []string{"match", "congo", "exec:" + bin + " -depth 2", "minimax:depth=1", "-games", "2", "-v", "-quiet"}
	out := mustRun(t, "", args...)
	assert.Assert(t, strings.Contains(out, "forfeits: A 0, B 0"), out)
	assert.Equal(t, mustRun(t, "", args...), out)
	dir := t.TempDir()
	for _, c := range []struct{ reply, reason string }{
		{"0000", "error: agent replied 0000"},
		{"zz", `error: malformed reply "zz"`},
		{"a1a1", "illegal move"},
	} {
		p := filepath.Join(dir, "agent-"+c.reply)
		script := "#!/bin/sh\nwhile read cmd rest; do case $cmd in go) echo " + c.reply + ";; quit) exit 0;; esac; done\n"
		assert.NilError(t, testutil.WriteExecutable(p, []byte(script)))
		out := mustRun(t, "", "match", "congo", "minimax:depth=1", "exec:"+p, "-games", "2", "-v", "-quiet")
		assert.Assert(t, strings.Contains(out, "forfeits: A 0, B 2"), "%s: %s", c.reply, out)
		assert.Assert(t, strings.Contains(out, c.reason), "%s: %s", c.reply, out)
	}
}

// TestMatchCongoBadInput: the Congo-specific settings.
func TestMatchCongoBadInput(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "congo", "engine", "baseline"}, `unknown player "baseline" for congo`},
		{[]string{"match", "congo", "engine", "minimax:depth=40"}, `depth="40": want an integer from 1 to 32`},
		{[]string{"match", "congo", "engine", "alphabeta", "-variant", "2020"}, `-variant "2020": want a Congo edition`},
		{[]string{"match", "congo", "engine", "alphabeta", "-start", "nonsense"}, `-start "nonsense"`},
		{[]string{"match", "congo", "exec,time=fast:/bin/sh", "alphabeta"}, `time="fast": want a positive duration`},
		{[]string{"match", "congo", "exec,depth=2:/bin/sh", "alphabeta"}, `unknown setting "depth" for exec`},
	} {
		out, errs, code := runCmd(t, "", c.args...)
		assert.Equal(t, code, 2, "%q: %s", c.args, errs)
		assert.Equal(t, out, "")
		assert.Equal(t, strings.Count(errs, "\n"), 1, "%q", errs)
		assert.Assert(t, strings.Contains(errs, c.want), "%q: %q lacks %q", c.args, errs, c.want)
	}
}

// TestMatchCongoOpenings: no opening of the list lets the side to move
// capture a lion at once (congo-agent's list leaves them out; the -plies
// enumeration is filtered here).
func TestMatchCongoOpenings(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "", "match", "congo", "engine:nodes=200", "minimax:depth=1", "-games", "1", "-quiet")
	assert.Assert(t, strings.HasPrefix(out, "match congo: 1 games from 1 of 100 openings, seed 1\n"), out)
	out = mustRun(t, "", "match", "congo", "engine:nodes=200", "minimax:depth=1", "-games", "1", "-quiet", "-plies", "2")
	// 676 two-ply lines (docs/congo.md), 4 of which let White capture the lion.
	assert.Assert(t, strings.Contains(out, " of 672 openings"), out)
}
