package engine_test

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"gotest.tools/v3/assert"
)

// TestTTSize: tables have a power-of-two number of entries that fits the
// requested memory.
func TestTTSize(t *testing.T) {
	t.Parallel()
	size := engine.TTEntrySize[int]()
	for _, mib := range []int{0, 1, 3, 16, 64} {
		tt := engine.NewTT[int](mib)
		n := tt.Len()
		assert.Assert(t, n >= 2 && n&(n-1) == 0, "%d MiB: %d entries", mib, n)
		if mib > 0 {
			assert.Assert(t, n*size <= mib<<20, "%d MiB: %d entries of %d bytes", mib, n, size)
			assert.Assert(t, 2*n*size > mib<<20, "%d MiB: %d entries could double", mib, n)
		}
	}
	assert.Equal(t, engine.NewTTEntries[int](1000).Len(), 512)
	assert.Equal(t, engine.NewTTEntries[int](0).Len(), 2)
}

// TestTTStoreProbe: stored entries come back, other keys miss, and a bucket
// keeps two positions.
func TestTTStoreProbe(t *testing.T) {
	t.Parallel()
	tt := engine.NewTTEntries[int](16)
	_, ok := tt.Probe(0)
	assert.Assert(t, !ok, "an empty table must miss, even for key 0")
	tt.Store(0x100, 5, engine.TTExact, 42, 7, true)
	tt.Store(0x200, 3, engine.TTLower, -9, 0, false) // same bucket (low bits equal)
	e, ok := tt.Probe(0x100)
	assert.Assert(t, ok)
	assert.DeepEqual(t, e, engine.TTEntry[int]{Key: 0x100, Move: 7, Value: 42, Depth: 5, Bound: engine.TTExact, HasMove: true, Left: -1})
	e, ok = tt.Probe(0x200)
	assert.Assert(t, ok)
	assert.Equal(t, e.Bound, engine.TTLower)
	assert.Assert(t, !e.HasMove)
	_, ok = tt.Probe(0x300)
	assert.Assert(t, !ok)
	// Re-storing a key without a move keeps the old move.
	tt.Store(0x100, 6, engine.TTUpper, 1, 0, false)
	e, _ = tt.Probe(0x100)
	assert.Equal(t, e.Move, 7)
	assert.Assert(t, e.HasMove)
	assert.Equal(t, e.Depth, int16(6))
	tt.Clear()
	_, ok = tt.Probe(0x100)
	assert.Assert(t, !ok)
}

// TestTTReplacement: in a full bucket, entries of an older search go first,
// then the shallower entry.
func TestTTReplacement(t *testing.T) {
	t.Parallel()
	tt := engine.NewTTEntries[int](4)
	tt.Store(0x10, 9, engine.TTExact, 1, 1, true)
	tt.Store(0x20, 2, engine.TTExact, 2, 2, true)
	tt.Store(0x30, 5, engine.TTExact, 3, 3, true) // replaces the depth-2 entry
	_, ok := tt.Probe(0x20)
	assert.Assert(t, !ok)
	_, ok = tt.Probe(0x10)
	assert.Assert(t, ok)
	tt.NewSearch()
	tt.Store(0x40, 1, engine.TTExact, 4, 4, true) // both old: the shallower (0x30) goes
	_, ok = tt.Probe(0x30)
	assert.Assert(t, !ok)
	tt.Store(0x50, 1, engine.TTExact, 5, 5, true) // 0x10 is old, 0x40 current: 0x10 goes
	_, ok = tt.Probe(0x10)
	assert.Assert(t, !ok)
	_, ok = tt.Probe(0x40)
	assert.Assert(t, ok)
}

// TestZobristKeys checks the generator against splitmix64's published first
// output for seed 0 and values computed independently for MiniChess's seed.
func TestZobristKeys(t *testing.T) {
	t.Parallel()
	var k [3]uint64
	engine.ZobristKeys(0, k[:1])
	assert.Equal(t, k[0], uint64(0xe220a8397b1dcdaf))
	engine.ZobristKeys(20230617, k[:])
	assert.Equal(t, k, [3]uint64{0xb066e7202286839a, 0x7467d2208fe67f0e, 0xa671c537497ce495})
}

// TestTTFits: an entry without a known limit fits every node; one whose
// search reached the limit only the same plies left; one that stayed short
// of it every node from which it would stay short too.
func TestTTFits(t *testing.T) {
	t.Parallel()
	tt := engine.NewTTEntries[int](16)
	tt.Store(0x1, 3, engine.TTExact, 0, 0, false)
	tt.StoreSpan(0x2, 3, engine.TTExact, 0, 0, false, 10, 12) // reached the limit
	tt.StoreSpan(0x3, 3, engine.TTExact, 0, 0, false, 20, 6)  // 14 plies short of it
	tt.StoreSpan(0x4, 3, engine.TTExact, 0, 0, false, 300, 200)
	for _, c := range []struct {
		key  uint64
		left int
		want bool
	}{
		{0x1, -1, true}, {0x1, 5, true},
		{0x2, -1, true}, {0x2, 10, true}, {0x2, 12, false}, {0x2, 8, false},
		{0x3, 20, true}, {0x3, 7, true}, {0x3, 30, true}, {0x3, 6, false}, {0x3, 0, false},
		{0x4, 127, true}, {0x4, 126, false},
	} {
		e, ok := tt.Probe(c.key)
		assert.Assert(t, ok)
		assert.Equal(t, e.Fits(c.left), c.want, "key %#x left %d (entry left %d reach %d)", c.key, c.left, e.Left, e.Reach)
	}
}

// TestTTClearAfterStores: after a few stores (Clear empties the slots it
// remembers) or many (Clear empties the whole table), the cleared table
// answers every probe and replacement like a fresh one.
func TestTTClearAfterStores(t *testing.T) {
	t.Parallel()
	for _, first := range []int{1, 300, 100_000} {
		tt, fresh := engine.NewTTEntries[int](1<<16), engine.NewTTEntries[int](1<<16)
		r := match.NewRand(uint64(first))
		var keys []uint64
		for range first {
			k := r.Uint64() & 0xffff_ffff // collisions in the buckets
			keys = append(keys, k)
			tt.Store(k, r.Intn(10), engine.TTExact, int32(r.Intn(100)), r.Intn(50), true)
		}
		tt.Clear()
		for _, k := range keys {
			_, ok := tt.Probe(k)
			assert.Assert(t, !ok, "%d stores: key %d found after Clear", first, k)
		}
		for range 5000 {
			k := r.Uint64() & 0xffff_ffff
			keys = append(keys, k)
			d, v, m := r.Intn(10), int32(r.Intn(100)), r.Intn(50)
			tt.Store(k, d, engine.TTLower, v, m, m%3 != 0)
			fresh.Store(k, d, engine.TTLower, v, m, m%3 != 0)
		}
		for _, k := range keys {
			got, ok := tt.Probe(k)
			want, wok := fresh.Probe(k)
			assert.Equal(t, ok, wok, "%d stores: key %d", first, k)
			assert.Equal(t, got, want, "%d stores: key %d", first, k)
		}
	}
}
