package morris

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/gamesearch/gamesearch/internal/cliutil"
)

// Kind names one of the six supported boards.
type Kind uint8

// The supported boards (docs/morris.md §3).
const (
	S22 Kind = iota // Spring 2023, 22 points (default)
	E21             // Spring 2022 "Variant-E", 21 points
	F18             // Fall 2022, 18 points
	B21             // 2018 "Variant-B", 21 points (only with -board)
	D23             // 23-point "Variant-D"
	U21             // Summer 2023, 21 points, no diagonal lines (only with -board)
	numKinds
)

var kindNames = [numKinds]string{"S22", "E21", "F18", "B21", "D23", "U21"}

// String returns the board's name as used on the command line, e.g. "S22".
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// ParseKind returns the Kind named s (exact, upper-case spelling).
func ParseKind(s string) (Kind, bool) {
	for k, n := range kindNames {
		if n == s {
			return Kind(k), true
		}
	}
	return 0, false
}

// Kinds returns every supported board kind in the order S22, E21, F18, B21,
// D23, U21.
func Kinds() []Kind { return []Kind{S22, E21, F18, B21, D23, U21} }

// KindChoices returns the board names separated by "|", for usage lines:
// "S22|E21|F18|B21|D23|U21".
func KindChoices() string { return strings.Join(kindNames[:], "|") }

// KindList returns the board names as a list in words, for messages:
// "S22, E21, F18, B21, D23 or U21".
func KindList() string { return cliutil.OrList(kindNames[:]) }

// KindByLength returns the board a board string of n letters selects when
// no -board flag is given (docs/morris.md §2.2): 22 S22, 21 E21, 18 F18,
// 23 D23. B21 and U21 are never chosen by length.
func KindByLength(n int) (Kind, bool) {
	switch n {
	case 22:
		return S22, true
	case 21:
		return E21, true
	case 18:
		return F18, true
	case 23:
		return D23, true
	}
	return 0, false
}

// MaxPoints is the largest number of points of a supported board.
const MaxPoints = 23

// Board is the immutable table of one board: its points in index order, the
// adjacency lists (ascending) and masks, and the mills. Boards are built once
// from the line lists of docs/morris.md §3 by [BoardOf].
type Board struct {
	Kind Kind
	// N is the number of points.
	N int
	// Names holds the point names ("a0", ...) in index order.
	Names []string
	// Pieces is the number of pieces per side in a complete game.
	Pieces int
	// Adj lists the neighbours of each point in ascending index order.
	Adj [MaxPoints][]int8
	// AdjMask is the set of neighbours of each point.
	AdjMask [MaxPoints]uint32
	// Mills lists every mill as a mask of its three points.
	Mills []uint32
	// MillsAt holds, for each point, the masks of the two other points of
	// each mill through it.
	MillsAt [MaxPoints][]uint32
	// Edges is the number of adjacent pairs.
	Edges int
	// All is the mask of every point.
	All uint32
	// millPad holds MillsAt padded to three masks with an impossible mask
	// (bit 31), for a branch-free closeMill.
	millPad [MaxPoints][3]uint32
	// Third holds, for two points of a mill, the mill's third point, or -1
	// when no mill contains both.
	Third [MaxPoints][MaxPoints]int8
}

type boardDef struct {
	points string
	lines  string
	pieces int
}

var boardDefs = [numKinds]boardDef{
	S22: {
		points: "a0 d0 g0 b1 d1 f1 c2 e2 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6",
		lines: "a0-d0-g0 b1-d1-f1 c2-e2 b3-c3 e3-f3-g3 c4-d4-e4 b5-d5-f5 a6-d6-g6 " +
			"a0-a6 b1-b3-b5 c2-c3-c4 e2-e3-e4 f1-f3-f5 g0-g3-g6 d0-d1 d4-d5-d6 a0-b1-c2 " +
			"g0-f1-e2 a6-b5-c4 g6-f5-e4",
		pieces: 9,
	},
	E21: {
		points: "a0 g0 b1 f1 c2 e2 a3 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6",
		lines: "a0-g0 b1-f1 c2-e2 a3-b3-c3 e3-f3-g3 c4-d4-e4 b5-d5-f5 a6-d6-g6 " +
			"a0-a3-a6 b1-b3-b5 c2-c3-c4 e2-e3-e4 f1-f3-f5 g0-g3-g6 d4-d5-d6 a0-b1-c2 " +
			"g0-f1-e2 a6-b5-c4 g6-f5-e4",
		pieces: 8,
	},
	F18: {
		points: "a0 g0 b1 f1 c2 e2 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6",
		lines: "a0-g0 b1-f1 c2-e2 e3-f3-g3 c4-d4-e4 b5-d5-f5 a6-d6-g6 a0-a6 b1-b5 " +
			"c2-c4 e2-e3-e4 f1-f3-f5 g0-g3-g6 d4-d5-d6 a0-b1-c2 g0-f1-e2 a6-b5-c4 " +
			"g6-f5-e4",
		pieces: 8,
	},
	B21: {
		points: "a0 g0 b1 f1 c2 e2 a3 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6",
		lines: "a0-g0 b1-f1 c2-e2 a3-b3-c3 e3-f3-g3 c4-d4-e4 b5-d5-f5 a6-d6-g6 " +
			"a0-a3-a6 b1-b3-b5 c2-c3-c4 e2-e3-e4 f1-f3-f5 g0-g3-g6 d4-d5-d6 a0-b1-c2",
		pieces: 9,
	},
	D23: {
		points: "a0 d0 g0 b1 d1 f1 c2 e2 a3 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6",
		lines: "a0-d0-g0 b1-d1-f1 c2-e2 a3-b3-c3 e3-f3-g3 c4-d4-e4 b5-d5-f5 a6-d6-g6 " +
			"a0-a3-a6 b1-b3-b5 c2-c3-c4 e2-e3-e4 f1-f3-f5 g0-g3-g6 d0-d1 d4-d5-d6 " +
			"a0-b1-c2 g0-f1-e2 a6-b5-c4 g6-f5-e4",
		pieces: 9,
	},
	U21: {
		points: "a0 g0 b1 f1 c2 e2 a3 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6",
		lines: "a0-g0 b1-f1 c2-e2 a3-b3-c3 e3-f3-g3 c4-d4-e4 b5-d5-f5 a6-d6-g6 " +
			"a0-a3-a6 b1-b3-b5 c2-c3-c4 e2-e3-e4 f1-f3-f5 g0-g3-g6 d4-d5-d6",
		pieces: 8,
	},
}

var boards [numKinds]*Board

func init() {
	for k := range boardDefs {
		boards[k] = buildBoard(Kind(k), boardDefs[k])
	}
}

// BoardOf returns the table of board kind k.
func BoardOf(k Kind) *Board { return boards[k] }

// buildBoard derives the tables from the point and line lists. The lists are
// constants of this file, so a malformed one is a programming error.
func buildBoard(k Kind, d boardDef) *Board {
	b := &Board{Kind: k, Names: strings.Fields(d.points), Pieces: d.pieces}
	b.N = len(b.Names)
	b.All = 1<<b.N - 1
	index := map[string]int{}
	for i, n := range b.Names {
		index[n] = i
	}
	for _, line := range strings.Fields(d.lines) {
		var pts []int
		for _, n := range strings.Split(line, "-") {
			i, ok := index[n]
			if !ok {
				panic("morris: unknown point " + n + " in board " + k.String())
			}
			pts = append(pts, i)
		}
		for i := 0; i+1 < len(pts); i++ {
			a, c := pts[i], pts[i+1]
			b.AdjMask[a] |= 1 << c
			b.AdjMask[c] |= 1 << a
			b.Edges++
		}
		if len(pts) == 3 {
			var m uint32
			for _, p := range pts {
				m |= 1 << p
			}
			b.Mills = append(b.Mills, m)
		}
	}
	for i := range b.Third {
		for j := range b.Third[i] {
			b.Third[i][j] = -1
		}
	}
	for _, m := range b.Mills {
		var p [3]int
		for k, r := 0, m; r != 0; k, r = k+1, r&(r-1) {
			p[k] = bits.TrailingZeros32(r)
		}
		for k := range 3 {
			x, y, z := p[k], p[(k+1)%3], p[(k+2)%3]
			b.Third[x][y], b.Third[y][x] = int8(z), int8(z)
		}
	}
	for i := 0; i < b.N; i++ {
		for m := b.AdjMask[i]; m != 0; m &= m - 1 {
			b.Adj[i] = append(b.Adj[i], int8(bits.TrailingZeros32(m)))
		}
		b.millPad[i] = [3]uint32{1 << 31, 1 << 31, 1 << 31}
		for _, m := range b.Mills {
			if m&(1<<i) != 0 {
				b.millPad[i][len(b.MillsAt[i])] = m &^ (1 << i)
				b.MillsAt[i] = append(b.MillsAt[i], m&^(1<<i))
			}
		}
	}
	return b
}

// closeMill reports whether the piece on point j of the colour whose pieces
// are own is part of a mill of own pieces (docs/morris.md §4.1). own must
// contain j.
func (b *Board) closeMill(j int, own uint32) bool {
	m := &b.millPad[j]
	return own&m[0] == m[0] || own&m[1] == m[1] || own&m[2] == m[2]
}

// CloseMill reports whether the piece on point j is part of a mill of its
// colour in p (docs/morris.md §4.1); false when j is empty.
func (b *Board) CloseMill(j int, p Position) bool {
	switch {
	case p.W&(1<<j) != 0:
		return b.closeMill(j, p.W)
	case p.B&(1<<j) != 0:
		return b.closeMill(j, p.B)
	}
	return false
}

// inMills returns the pieces of own that are part of a mill of own pieces.
func (b *Board) inMills(own uint32) uint32 {
	var r uint32
	for _, m := range b.Mills {
		if own&m == m {
			r |= m
		}
	}
	return r
}
