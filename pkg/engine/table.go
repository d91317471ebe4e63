package engine

import (
	"unsafe"

	"github.com/gamesearch/gamesearch/internal/splitmix"
)

// TTBound says how a transposition-table value relates to the true value of
// its position at the stored depth.
type TTBound uint8

const (
	// TTNone marks an empty slot.
	TTNone TTBound = iota
	// TTUpper: the true value is at most the stored value (the search failed
	// low).
	TTUpper
	// TTLower: the true value is at least the stored value (the search failed
	// high).
	TTLower
	// TTExact: the stored value is the value of the position at that depth.
	TTExact
)

// TTEntry is one slot of a [TT].
type TTEntry[M comparable] struct {
	// Key is the full 64-bit Zobrist key of the position.
	Key uint64
	// Move is the best (or refuting) move found; valid only when HasMove.
	Move M
	// Value is the stored score. Win and loss scores are stored relative to
	// the node (distance from the node, not from the root); see
	// [MateBound].
	Value int32
	// Depth is the remaining depth the value was searched to.
	Depth int16
	// Bound is the kind of the value; TTNone marks an empty slot.
	Bound TTBound
	// Gen is the search generation that wrote the entry.
	Gen uint8
	// HasMove reports whether Move is set.
	HasMove bool
	// Left is the number of plies the node had left before a ply limit
	// (-1: none known) and Reach how many plies below the node the search
	// went; both are cut to 127 ([Options.PlyFreeTable]).
	Left, Reach int8
}

// Fits reports whether the entry's value may stand for a node of the same
// position with left plies before the ply limit (-1: none known): always
// without a known limit; else when the entry's search reached the limit,
// only for the same plies left, and when it did not, if it would not reach
// it from the node either.
func (t *TTEntry[M]) Fits(left int) bool {
	switch {
	case t.Left < 0 || left < 0:
		return true
	case t.Reach >= t.Left:
		return left == int(t.Left)
	}
	return int(t.Reach) < min(left, 127)
}

// TT is a fixed-size transposition table of a power-of-two number of entries,
// grouped in buckets of two. Replacement: an entry for the same key is always
// overwritten (keeping its move when the new search found none); otherwise the
// victim is the slot of the bucket written by an older search, else the one
// with the smaller depth. The table never grows and never allocates after
// [NewTT].
type TT[M comparable] struct {
	entries []TTEntry[M]
	mask    uint64
	gen     uint8
	// dirty reports a Store since the table was made or cleared: clearing
	// a clean table would only make the OS map all of its fresh, zero
	// pages at once (tens of milliseconds for 16 MiB at a program's start).
	dirty bool
	// written holds the slots stored since the table was made or cleared
	// while they fit its capacity (made with the table); overflow reports
	// more. Clear then empties only those slots: an in-process player that
	// clears its table before every short search, as a fresh process
	// starts with an empty one, does not wipe 16 MiB each move.
	written  []uint32
	overflow bool
}

// maxWritten is the largest number of stored slots a table remembers for
// [TT.Clear].
const maxWritten = 1 << 14

// TTEntrySize returns the size in bytes of one entry of a table of moves of
// type M.
func TTEntrySize[M comparable]() int {
	var e TTEntry[M]
	return int(unsafe.Sizeof(e))
}

// NewTT returns a table with the largest power-of-two number of entries (at
// least 2) that fits in mib MiB.
func NewTT[M comparable](mib int) *TT[M] {
	if mib < 0 {
		mib = 0
	}
	max := (uint64(mib) << 20) / uint64(TTEntrySize[M]())
	n := uint64(2)
	for n*2 <= max {
		n *= 2
	}
	return NewTTEntries[M](int(n))
}

// NewTTEntries returns a table of n entries; n is rounded down to a power of
// two, and is at least 2.
func NewTTEntries[M comparable](n int) *TT[M] {
	size := uint64(2)
	for size*2 <= uint64(n) {
		size *= 2
	}
	return &TT[M]{entries: make([]TTEntry[M], size), mask: size - 1, written: make([]uint32, 0, min(size, maxWritten))}
}

// Len returns the number of entries.
func (t *TT[M]) Len() int { return len(t.entries) }

// Clear empties the table and resets the generation.
func (t *TT[M]) Clear() {
	if t.dirty {
		if t.overflow {
			clear(t.entries)
		} else {
			for _, i := range t.written {
				t.entries[i] = TTEntry[M]{}
			}
		}
		t.dirty, t.overflow, t.written = false, false, t.written[:0]
	}
	t.gen = 0
}

// NewSearch starts a new generation: entries written by earlier searches
// become the preferred victims of replacement.
func (t *TT[M]) NewSearch() { t.gen++ }

// Probe returns the entry stored for key, if any.
func (t *TT[M]) Probe(key uint64) (TTEntry[M], bool) {
	i := key & t.mask &^ 1
	if e := &t.entries[i]; e.Key == key && e.Bound != TTNone {
		return *e, true
	}
	if e := &t.entries[i+1]; e.Key == key && e.Bound != TTNone {
		return *e, true
	}
	return TTEntry[M]{}, false
}

// Store records the result of a search of the position with the given key.
// value must already be node-relative (see [TTEntry.Value]).
func (t *TT[M]) Store(key uint64, depth int, bound TTBound, value int32, m M, hasMove bool) {
	t.StoreSpan(key, depth, bound, value, m, hasMove, -1, 0)
}

// StoreSpan is [TT.Store] for a node with left plies before a ply limit
// (-1: none known) whose search went reach plies below it
// ([TTEntry.Fits]).
func (t *TT[M]) StoreSpan(key uint64, depth int, bound TTBound, value int32, m M, hasMove bool, left, reach int) {
	i := key & t.mask &^ 1
	a, b := &t.entries[i], &t.entries[i+1]
	var e *TTEntry[M]
	switch {
	case a.Key == key && a.Bound != TTNone:
		e = a
	case b.Key == key && b.Bound != TTNone:
		e, i = b, i+1
	case a.Bound == TTNone:
		e = a
	case b.Bound == TTNone:
		e, i = b, i+1
	case a.Gen != t.gen && b.Gen == t.gen:
		e = a
	case b.Gen != t.gen && a.Gen == t.gen:
		e, i = b, i+1
	case b.Depth < a.Depth:
		e, i = b, i+1
	default:
		e = a
	}
	if !hasMove && e.Key == key && e.HasMove {
		m, hasMove = e.Move, true
	}
	if depth > 32767 {
		depth = 32767
	}
	*e = TTEntry[M]{Key: key, Move: m, Value: value, Depth: int16(depth), Bound: bound, Gen: t.gen, HasMove: hasMove,
		Left: int8(min(left, 127)), Reach: int8(min(reach, 127))}
	t.dirty = true
	if len(t.written) < cap(t.written) {
		t.written = append(t.written, uint32(i))
	} else {
		t.overflow = true
	}
}

// ZobristKeys fills dst with the successive outputs of a splitmix64 generator
// whose state starts at seed: the fixed-seed keys a game hashes its positions
// with. MiniChess (docs/minichess.md), for example, draws 2·6·30 piece keys in the
// order colour, piece, square, then the side-to-move key, from seed 20230617.
func ZobristKeys(seed uint64, dst []uint64) {
	r := splitmix.New(seed)
	for i := range dst {
		dst[i] = r.Uint64()
	}
}
