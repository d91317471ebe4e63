package engine_test

import (
	"syscall"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"gotest.tools/v3/assert"
)

// minorFaults returns the process's minor page faults so far.
func minorFaults(t *testing.T) int64 {
	t.Helper()
	var ru syscall.Rusage
	assert.NilError(t, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return ru.Minflt
}

// TestTTClearFresh: clearing a table nothing was stored in touches none of
// its memory (a fresh table's pages are not mapped yet: clearing 16 MiB of
// them cost congo-agent tens of milliseconds at its start, before its first
// reply); after a Store, Clear empties the table. Not parallel: it counts
// the page faults of the whole process.
func TestTTClearFresh(t *testing.T) {
	tt := engine.NewTT[int](64) // 16384 pages of 4 KiB
	before := minorFaults(t)
	tt.Clear()
	tt.Clear()
	faults := minorFaults(t) - before
	assert.Assert(t, faults < 1000, "Clear of a fresh 64 MiB table: %d page faults", faults)
	tt.Store(12345, 3, engine.TTExact, 7, 1, true)
	_, ok := tt.Probe(12345)
	assert.Assert(t, ok)
	tt.Clear()
	_, ok = tt.Probe(12345)
	assert.Assert(t, !ok)
}
