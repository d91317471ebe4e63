package submission_test

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
	"gotest.tools/v3/assert"
)

// TestBookPlayed: in timed play a table position is answered with the
// table's move, at once; -depth and -nodes search instead.
func TestBookPlayed(t *testing.T) {
	start := minichess.StartPosition()
	want, ok := submission.BookMove(&start)
	assert.Assert(t, ok, "the start position is not in the table")
	st := stateOf(t, start.FEN())
	code, _, errOut, act := run(t, st, "-time", "30s", "-v")
	assert.Equal(t, code, 0)
	assert.Equal(t, string(act), want.String()+"\n")
	assert.Equal(t, errOut, "player_submission: opening table move "+want.String()+"\n")
	code, _, _, act = run(t, st, "-depth", "3")
	assert.Equal(t, code, 0)
	assert.Assert(t, len(lines(act)) >= 3, "a search writes a line per iteration: %q", act)
}
