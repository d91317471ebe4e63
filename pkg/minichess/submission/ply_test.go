package submission_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
	"gotest.tools/v3/assert"
)

func nodeOf(t *testing.T, fen string) minichess.Node {
	t.Helper()
	p, err := minichess.ParseFEN(fen)
	assert.NilError(t, err)
	return p.Node()
}

// TestInferPlayed: the count from the start position up to StartPlies plies,
// from a record two plies earlier, and unknown otherwise.
func TestInferPlayed(t *testing.T) {
	start := nodeOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w")
	assert.Equal(t, submission.InferPlayed(&start, nil), 0)
	// b2-b3, then b5-b4: one and two plies.
	one := nodeOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w")
	var a, b minichess.Node
	one.Play(&a, minichess.Move{FromRow: 4, FromCol: 1, ToRow: 3, ToCol: 1})
	assert.Equal(t, submission.InferPlayed(&a, nil), 1)
	a.Play(&b, minichess.Move{FromRow: 1, FromCol: 1, ToRow: 2, ToCol: 1})
	assert.Equal(t, submission.InferPlayed(&b, nil), 2)
	// Far from the start: unknown without a record.
	far := nodeOf(t, "1k3/5/2q2/5/5/R3K w")
	assert.Equal(t, submission.InferPlayed(&far, nil), -1)
	// A record of a position two plies earlier (Ra2-a1, Qd4-c4) gives its
	// count plus two.
	prev2 := nodeOf(t, "1k3/5/3q1/5/R4/4K w")
	rec := submission.PlyRecord(&prev2, 30)
	assert.Equal(t, string(rec), "player_submission plies v1\n30\n1k3/5/3q1/5/R4/4K w\n")
	assert.Equal(t, submission.InferPlayed(&far, rec), 32)
	// From a position with the queen already on c4, black cannot pass: far
	// is not two plies after it.
	prev := nodeOf(t, "1k3/5/2q2/5/R4/4K w")
	assert.Equal(t, submission.InferPlayed(&far, submission.PlyRecord(&prev, 30)), -1)
	// Stale or foreign records are ignored.
	for _, bad := range []string{"", "garbage", "player_submission plies v1\nx\n1k3/5/3q1/5/R4/4K w\n",
		"player_submission plies v1\n48\n1k3/5/3q1/5/R4/4K w\n", // the game would be over
		"player_submission plies v1\n30\n1k3/5/3q1/5/R4/4K b\n", // the other side's record
		"player_submission plies v1\n30\n1k3/5/3q1/5/R4/4Q w\n"} {
		assert.Equal(t, submission.InferPlayed(&far, []byte(bad)), -1, bad)
	}
	// A start position record still wins over an unrelated one.
	assert.Equal(t, submission.InferPlayed(&start, submission.PlyRecord(&prev2, 30)), 0)
}

// TestSideFile: the program records the count next to the action file, one
// file per colour, and uses it on the next move of the same game; nothing
// is written next to a state file elsewhere.
func TestSideFile(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	state, action := filepath.Join(other, "state"), filepath.Join(dir, "action")
	play := func(fen string) {
		t.Helper()
		p, err := minichess.ParseFEN(fen)
		assert.NilError(t, err)
		assert.NilError(t, os.WriteFile(state, p.AppendState(nil), 0o644))
		assert.Equal(t, submission.Run([]string{"-depth", "2", "-time", "0", state, action}, nil, nil, nil), 0)
	}
	play("1k3/5/3q1/5/R4/4K w")
	_, err := os.Stat(submission.PlyFileName(action, minichess.White))
	assert.Assert(t, os.IsNotExist(err), "unknown count: no record")
	assert.NilError(t, os.WriteFile(submission.PlyFileName(action, minichess.White),
		[]byte("player_submission plies v1\n40\n1k3/5/3q1/5/R4/4K w\n"), 0o644))
	play("1k3/5/2q2/5/5/R3K w")
	data, err := os.ReadFile(submission.PlyFileName(action, minichess.White))
	assert.NilError(t, err)
	assert.Equal(t, string(data), "player_submission plies v1\n42\n1k3/5/2q2/5/5/R3K w\n")
	// One ply after the start (b2-b3): black's record, white's untouched.
	play("kqbnr/ppppp/5/1P3/P1PPP/RNBQK b")
	data, err = os.ReadFile(submission.PlyFileName(action, minichess.Black))
	assert.NilError(t, err)
	assert.Equal(t, string(data), "player_submission plies v1\n1\nkqbnr/ppppp/5/1P3/P1PPP/RNBQK b\n")
	data, err = os.ReadFile(submission.PlyFileName(action, minichess.White))
	assert.NilError(t, err)
	assert.Equal(t, string(data), "player_submission plies v1\n42\n1k3/5/2q2/5/5/R3K w\n")
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 3, "action and the two records; no temporary file left")
	entries, err = os.ReadDir(other)
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 1, "only the state file")
}
