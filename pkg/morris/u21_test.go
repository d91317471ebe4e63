package morris_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/morris"
	"gotest.tools/v3/assert"
)

// u21Adj is the neighbour table of docs/morris.md §3.8, written out by hand
// from the drawing: U21 has E21's points and no diagonal line.
var u21Adj = [][]int8{
	{1, 6}, {0, 11}, {3, 7}, {2, 10}, {5, 8}, {4, 9}, {0, 7, 18},
	{2, 6, 8, 15}, {4, 7, 12}, {5, 10, 14}, {3, 9, 11, 17}, {1, 10, 20},
	{8, 13}, {12, 14, 16}, {9, 13}, {7, 16}, {13, 15, 17, 19}, {10, 16},
	{6, 19}, {16, 18, 20}, {11, 19},
}

// u21Mills are the twelve mills of docs/morris.md §3.8 as index triples.
var u21Mills = [][3]int{
	{0, 6, 18}, {1, 11, 20}, {2, 7, 15}, {3, 10, 17}, {4, 8, 12}, {5, 9, 14},
	{6, 7, 8}, {9, 10, 11}, {12, 13, 14}, {13, 16, 19}, {15, 16, 17}, {18, 19, 20},
}

func mask(pts ...int) uint32 {
	var m uint32
	for _, p := range pts {
		m |= 1 << p
	}
	return m
}

// TestU21Tables checks the U21 board against the tables of docs/morris.md
// §3.8: every neighbour list, the mills through every point, the counts, and
// that U21 is B21 without its one diagonal line a0-b1-c2.
func TestU21Tables(t *testing.T) {
	b := morris.BoardOf(morris.U21)
	assert.Equal(t, b.Kind.String(), "U21")
	assert.Equal(t, b.N, 21)
	assert.Equal(t, b.Edges, 27)
	assert.Equal(t, len(b.Mills), 12)
	assert.Equal(t, b.Pieces, 8)
	e21 := morris.BoardOf(morris.E21)
	assert.DeepEqual(t, b.Names, e21.Names)
	for i, want := range u21Adj {
		assert.DeepEqual(t, b.Adj[i], want)
	}
	var want []uint32
	for _, m := range u21Mills {
		want = append(want, mask(m[0], m[1], m[2]))
	}
	got := map[uint32]bool{}
	for _, m := range b.Mills {
		got[m] = true
	}
	for _, m := range want {
		assert.Assert(t, got[m], "mill %b missing", m)
	}
	// Through each point: the partners of the mills that contain it.
	for i := 0; i < b.N; i++ {
		var partners []uint32
		for _, m := range want {
			if m&(1<<i) != 0 {
				partners = append(partners, m&^(1<<i))
			}
		}
		assert.Equal(t, len(b.MillsAt[i]), len(partners), "point %d", i)
		for _, p := range partners {
			found := false
			for _, q := range b.MillsAt[i] {
				found = found || p == q
			}
			assert.Assert(t, found, "point %d: mill partners %b missing", i, p)
		}
	}
	// B21 minus the line a0-b1-c2 (points 0, 2, 4).
	b21 := morris.BoardOf(morris.B21)
	for i := 0; i < b.N; i++ {
		w := b21.AdjMask[i]
		switch i {
		case 0:
			w &^= mask(2)
		case 2:
			w &^= mask(0, 4)
		case 4:
			w &^= mask(2)
		}
		assert.Equal(t, b.AdjMask[i], w, "point %d", i)
	}
	assert.Equal(t, len(b21.Mills)-1, len(b.Mills))
	for _, m := range b.Mills {
		assert.Assert(t, m != mask(0, 2, 4))
	}
	// The name and the length rule.
	k, ok := morris.ParseKind("U21")
	assert.Assert(t, ok && k == morris.U21)
	_, ok = morris.ParseKind("u21")
	assert.Assert(t, !ok)
	k, ok = morris.KindByLength(21)
	assert.Assert(t, ok && k == morris.E21, "21 letters select E21")
	assert.Equal(t, morris.KindChoices(), "S22|E21|F18|B21|D23|U21")
	assert.Equal(t, morris.KindList(), "S22, E21, F18, B21, D23 or U21")
}

// TestU21Children checks move generation on U21 against lists worked out by
// hand from the rules of docs/morris.md §4 and the tables of §3.8.
func TestU21Children(t *testing.T) {
	b := morris.BoardOf(morris.U21)
	count := func(s string, ph morris.Phase, black bool) int {
		n := morris.Node{Position: mustParse(t, s, morris.U21), Black: black}
		return b.CountMoves(&n, ph)
	}

	// Sliding: W a3 b3 c3 f3 g3, B d4 e4 b5 d5. Ten moves, none closes a
	// mill; Black has 4 moves (d4-c4, e4-e3, d5-f5, d5-d6) minus those a
	// white piece now blocks, plus b3's point when b3 leaves.
	board3 := "xxxxxxWWWxWWxBBBBxxxx"
	got := children(t, morris.U21, board3, morris.Game, false)
	assert.DeepEqual(t, got, []string{
		"WxxxxxxWWxWWxBBBBxxxx", // a3-a0
		"xxxxxxxWWxWWxBBBBxWxx", // a3-a6
		"xxWxxxWxWxWWxBBBBxxxx", // b3-b1
		"xxxxWxWWxxWWxBBBBxxxx", // c3-c2
		"xxxxxxWWxxWWWBBBBxxxx", // c3-c4
		"xxxWxxWWWxxWxBBBBxxxx", // f3-f1
		"xxxxxxWWWWxWxBBBBxxxx", // f3-e3
		"xxxxxxWWWxxWxBBBBWxxx", // f3-f5
		"xWxxxxWWWxWxxBBBBxxxx", // g3-g0
		"xxxxxxWWWxWxxBBBBxxxW", // g3-g6
	})
	values := []int64{996, 996, 995, 996, 997, 996, 997, 997, 996, 996}
	for i, c := range got {
		assert.Equal(t, b.StandardGame(mustParse(t, c, morris.U21)), values[i], c)
	}
	assert.Equal(t, count(board3, morris.Game, false), 10)
	assert.Equal(t, count(board3, morris.Game, true), 4)

	// A slide that closes a mill: c4-c3 closes a3-b3-c3 and takes any of
	// the four black pieces (none stands in a black mill): 2+2+4+1+2 = 11.
	// After a capture Black has three pieces and 14 empty points to hop
	// to, no pair of them on a mill: 1000·(4−3) − 42 = 958.
	capture := "xxBBxBWWxxxxWxxxBxxxW"
	got = children(t, morris.U21, capture, morris.Game, false)
	assert.DeepEqual(t, got, []string{
		"WxBBxBxWxxxxWxxxBxxxW", // a3-a0
		"xxBBxBxWxxxxWxxxBxWxW", // a3-a6
		"xxBBxBWxWxxxWxxxBxxxW", // b3-c3
		"xxBBxBWxxxxxWxxWBxxxW", // b3-b5
		"xxxBxBWWWxxxxxxxBxxxW", // c4-c3, takes b1
		"xxBxxBWWWxxxxxxxBxxxW", // c4-c3, takes f1
		"xxBBxxWWWxxxxxxxBxxxW", // c4-c3, takes e2
		"xxBBxBWWWxxxxxxxxxxxW", // c4-c3, takes d5
		"xxBBxBWWxxxxxWxxBxxxW", // c4-d4
		"xxBBxBWWxxxWWxxxBxxxx", // g6-g3
		"xxBBxBWWxxxxWxxxBxxWx", // g6-d6
	})
	for _, c := range got[4:8] {
		assert.Equal(t, b.StandardGame(mustParse(t, c, morris.U21)), int64(958), c)
	}
	assert.Equal(t, count(capture, morris.Game, false), 11)

	// Hopping: White has three pieces (a3 c4 f5) and 14 empty points; no
	// two of them are on a mill, so 3·14 = 42 hops and no capture.
	hop := "xxBBxBWxxxxxWxxxBWxxx"
	got = children(t, morris.U21, hop, morris.Game, false)
	assert.Equal(t, len(got), 42)
	assert.Equal(t, got[0], "WxBBxBxxxxxxWxxxBWxxx")  // a3-a0
	assert.Equal(t, got[41], "xxBBxBWxxxxxWxxxBxxxW") // f5-g6
	for _, c := range got {
		assert.Equal(t, mustParse(t, c, morris.U21).NumBlack(), 4, c)
	}
	assert.Equal(t, count(hop, morris.Game, false), 42)

	// No diagonal: with W on a0 and b1, a placement on c2 closes nothing
	// on U21 (17 children), but closes a0-b1-c2 on B21 and E21 (18).
	diag := "WxWxxxBxxxxxxxxxxxBxx"
	got = children(t, morris.U21, diag, morris.Opening, false)
	assert.Equal(t, len(got), 17)
	assert.Equal(t, got[2], "WxWxWxBxxxxxxxxxxxBxx")
	for _, c := range got {
		assert.Equal(t, mustParse(t, c, morris.U21).NumBlack(), 2, c)
	}
	assert.Equal(t, len(children(t, morris.B21, diag, morris.Opening, false)), 18)
	assert.Equal(t, count(diag, morris.Opening, false), 17)

	// Capture with nothing to take: W a3 b3, B b5 d5 f5 (a mill). The
	// placement on c3 closes a3-b3-c3 and leaves Black unchanged.
	fallback := "xxxxxxWWxxxxxxxBBBxxx"
	got = children(t, morris.U21, fallback, morris.Opening, false)
	assert.Equal(t, len(got), 16)
	assert.Equal(t, got[6], "xxxxxxWWWxxxxxxBBBxxx")
	assert.Equal(t, count(fallback, morris.Opening, false), 16)
	assert.Equal(t, count(fallback, morris.Opening, true), 16)
}

// u21Case is one expected program output on U21. Source "hand": worked out
// from the rules; "python": also printed by the Summer 2023 Python
// implementation (justine-george/morris-game-variant-project) run on the same
// input; "python-swap": its MiniMaxGame run on the colour-swapped board,
// the board swapped back (docs/morris.md §3.8).
type u21Case struct {
	program, input, depth, board, evaluated, estimate, source string
}

var u21Cases = []u21Case{
	{"MiniMaxOpening", "WxWxxxBxxxxxxxxxxxBxx", "1", "WWWxxxBxxxxxxxxxxxBxx", "17", "1", "hand"},
	{"MiniMaxOpening", "xxxxxxWWxxxxxxxBBBxxx", "1", "WxxxxxWWxxxxxxxBBBxxx", "16", "0", "hand"},
	{"MiniMaxGame", "xxxxxxWWWxWWxBBBBxxxx", "1", "xxxxxxWWxxWWWBBBBxxxx", "10", "997", "hand"},
	{"MiniMaxGame", "xxBBxBWWxxxxWxxxBxxxW", "1", "xxxBxBWWWxxxxxxxBxxxW", "11", "958", "hand"},
	{"MiniMaxGame", "xxBBxBWxxxxxWxxxBWxxx", "1", "xxBBWBxxxxxxWxxxBWxxx", "42", "-1006", "hand"},
	{"MiniMaxGame", "WWWWxxBBxxBBxxxxxxxxx", "2", "WWWWxxBBxxBBxxxxxxxxx", "1", "-6", "hand"},
	{"MiniMaxOpening", "xxxxxxxWxxxxxxBxxxxxx", "3", "WxxxxxxWxxxxxxBxxxxxx", "5882", "1", "python"},
	{"ABOpening", "xxxxxxxWxxxxxxBxxxxxx", "3", "WxxxxxxWxxxxxxBxxxxxx", "606", "1", "python"},
	{"MiniMaxOpening", "WxWxxxBxxxxxxxxxxxBxx", "3", "WWWxxxBxxxxxxxxxxxBxx", "4140", "1", "python"},
	{"ABOpening", "WxWxxxBxxxxxxxxxxxBxx", "3", "WWWxxxBxxxxxxxxxxxBxx", "426", "1", "python"},
	{"MiniMaxOpeningBlack", "WxWxxxBxxxxxxxxxxxBxx", "3", "WBWxxxBxxxxxxxxxxxBxx", "4200", "1", "python"},
	{"MiniMaxOpening", "xxxxxxWWxxxxxxxBBBxxx", "2", "WxxxxxWWxxxxxxxBBBxxx", "240", "-1", "python"},
	{"MiniMaxGame", "xxxxxxWWWxWWxBBBBxxxx", "3", "WxxxxxxWWxWWxBBBBxxxx", "443", "1960", "python"},
	{"ABGame", "xxxxxxWWWxWWxBBBBxxxx", "3", "WxxxxxxWWxWWxBBBBxxxx", "132", "1960", "python"},
	{"MiniMaxGame", "xxBBxBWxxxxxWxxxBWxxx", "3", "xxBBWBxxxxxxWxxxBWxxx", "12390", "-45", "python"},
	{"ABGame", "xxBBxBWxxxxxWxxxBWxxx", "3", "xxBBWBxxxxxxWxxxBWxxx", "1980", "-45", "python"},
	{"MiniMaxGame", "xxBBxBWWxxxxWxxxBxxxW", "2", "xxxBxBWWWxxxxxxxBxxxW", "216", "958", "python"},
	{"ABGame", "xxBBxBWWxxxxWxxxBxxxW", "3", "xxxBxBWWWxxxxxxxBxxxW", "236", "958", "python"},
	{"MiniMaxGameBlack", "xxxxxxWWWxWWxBBBBxxxx", "2", "xxxxxxWWWxWWBxBBBxxxx", "37", "-1015", "python-swap"},
	{"MiniMaxGameBlack", "xxBBxBWWxxxxWxxxBxxxW", "3", "xxBBBxWWxxxxWxxxBxxxW", "1480", "-1006", "python-swap"},
}

// TestU21Programs runs the programs with -board U21 on the positions of
// u21Cases and compares stdout and the output file byte for byte. The same
// letters without -board are E21's: for the diagonal position the outputs
// differ.
func TestU21Programs(t *testing.T) {
	for _, c := range u21Cases {
		t.Run(fmt.Sprintf("%s/%s/%s", c.program, c.input, c.depth), func(t *testing.T) {
			prog, ok := morris.ProgramByName(c.program)
			assert.Assert(t, ok)
			stdout, stderr, code, file := runProgram(t, prog, c.input, []string{"-board", "U21"}, c.depth)
			assert.Equal(t, code, 0, stderr)
			assert.Equal(t, stderr, "")
			want := "Board Position: " + c.board + "\nPositions evaluated by static estimation: " + c.evaluated + ".\nMINIMAX estimate: " + c.estimate + ".\n"
			assert.Equal(t, stdout, want, "source %s", c.source)
			assert.Equal(t, file, c.board+"\n")
		})
	}
	stdout, _, code, _ := runProgram(t, morris.MiniMaxOpening, "WxWxxxBxxxxxxxxxxxBxx", nil, "1")
	assert.Equal(t, code, 0)
	assert.Equal(t, stdout, "Board Position: WxWxWxxxxxxxxxxxxxBxx\nPositions evaluated by static estimation: 18.\nMINIMAX estimate: 2.\n")
	_, stderr, code, _ := runProgram(t, morris.MiniMaxGame, "xxxxxxxxWWxWWxBBBxxxxx", []string{"-board", "U21"}, "1")
	assert.Equal(t, code, 2)
	assert.Assert(t, strings.HasSuffix(stderr, "in.txt: 22 letters, but board U21 has 21\n"), stderr)
}
