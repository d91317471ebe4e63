package arena_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena"
	"gotest.tools/v3/assert"
)

// TestProgramPlayer plays the built minichess-submission as an external
// program (the "exe state action" protocol) against the in-process engine
// at the same node budget: the games must be the same as the in-process
// self-play, since both are the same deterministic program.
func TestProgramPlayer(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping: builds a binary")
	}
	dir := t.TempDir()
	assert.NilError(t, testutil.BuildCommands(t, dir, nil, "minichess-submission"))
	exe := filepath.Join(dir, "minichess-submission")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	// The game folders go to a folder of the test's own, which must be
	// empty once the matches are over.
	games := t.TempDir()
	t.Setenv("TMPDIR", games)
	ext := &arena.ProgramPlayer{Label: "external", Argv: []string{exe, "-nodes", "3000", "-time", "0", "-hash", "16"}, Timeout: 10 * time.Second}
	cfg := arena.MatchConfig{A: ext, B: arena.BaselinePlayer{Level: 2}, MaxPlies: 12}
	r1, err := arena.PlayMatch(cfg)
	assert.NilError(t, err)
	cfg.A = arena.SubmissionPlayer(3000)
	r2, err := arena.PlayMatch(cfg)
	assert.NilError(t, err)
	assert.Equal(t, r1.Forfeits[0], 0)
	for i := range r1.Games {
		assert.Equal(t, r1.Games[i].Result, r2.Games[i].Result, "game %d", i)
		assert.Equal(t, r1.Games[i].Plies, r2.Games[i].Plies, "game %d", i)
		assert.Equal(t, r1.Games[i].Reason, r2.Games[i].Reason, "game %d", i)
	}
	// A program that writes nothing forfeits.
	if _, err := exec.LookPath("true"); err == nil {
		r, err := arena.PlayMatch(arena.MatchConfig{A: &arena.ProgramPlayer{Label: "silent", Argv: []string{"true"}}, B: arena.BaselinePlayer{Level: 1}, Games: 1})
		assert.NilError(t, err)
		assert.Equal(t, r.Forfeits[0], 1)
	}
	left, err := os.ReadDir(games)
	assert.NilError(t, err)
	assert.Equal(t, len(left), 0, "game folders left behind: %v", left)
}
