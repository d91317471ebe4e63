package tree

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// classic is Russell and Norvig's example (Artificial Intelligence: A
// Modern Approach, 3rd ed., Figures 5.2 and 5.5): MAX's root A, MIN's B, C
// and D.
const classic = "[[3,12,8],[2,4,6],[14,5,2]]"

// TestClassic: the published answers. Minimax: B = 3, C = 2, D = 2, so
// the root's value is 3 by a1 (Figure 5.2). Alpha-beta (Figure 5.5): once
// C's first leaf c1 = 2 is seen, C is worth at most 2 < 3, so its other
// leaves c2 (4) and c3 (6) are never evaluated: 7 leaves of 9.
func TestClassic(t *testing.T) {
	tr, err := Parse([]byte(classic))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Minimax.Solve(tr).Format(), "value: 3\nmove: a1\nleaves evaluated: 9\nnodes entered: 13\n"; got != want {
		t.Errorf("minimax:\n%s want\n%s", got, want)
	}
	if got, want := AlphaBeta.Solve(tr).Format(), "value: 3\nmove: a1\nleaves evaluated: 7\nnodes entered: 11\n"; got != want {
		t.Errorf("alpha-beta:\n%s want\n%s", got, want)
	}
	if got := evaluated(tr); !slices.Equal(got, []string{"b1", "b2", "b3", "c1", "d1", "d2", "d3"}) {
		t.Errorf("alpha-beta evaluates %v", got)
	}
	if tr.Name[1] != "B" || tr.Name[3] != "D" || tr.Label[4] != "b1" || tr.Label[12] != "d3" || tr.Height != 2 {
		t.Errorf("names %v labels %v height %d", tr.Name, tr.Label, tr.Height)
	}
}

// textbook is the alpha-beta of the textbooks, independent of pkg/search:
// it appends the leaves it evaluates.
func textbook(t *Tree, n int32, max bool, alpha, beta Value, seen *[]string) Value {
	if t.Leaf(n) {
		*seen = append(*seen, t.Label[n])
		return t.Value[n]
	}
	if max {
		v := Value(-1 << 62)
		for _, c := range t.Kids[n] {
			v = maxV(v, textbook(t, c, false, alpha, beta, seen))
			if v >= beta {
				return v
			}
			alpha = maxV(alpha, v)
		}
		return v
	}
	v := Value(1 << 62)
	for _, c := range t.Kids[n] {
		v = -maxV(-v, -textbook(t, c, true, alpha, beta, seen))
		if v <= alpha {
			return v
		}
		beta = -maxV(-beta, -v)
	}
	return v
}

func maxV(a, b Value) Value {
	if a > b {
		return a
	}
	return b
}

// evaluated returns the leaves the textbook alpha-beta evaluates in t.
func evaluated(t *Tree) []string {
	var seen []string
	textbook(t, 0, true, -1<<62, 1<<62, &seen)
	return seen
}

// randomTree writes a random tree with leaves at several depths.
func randomTree(rng *rand.Rand, d int) string {
	if d == 0 || d < 3 && rng.IntN(4) == 0 {
		return strconv.Itoa(rng.IntN(41) - 20)
	}
	parts := make([]string, 1+rng.IntN(4))
	for i := range parts {
		parts[i] = randomTree(rng, d-1)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// TestAgainstTextbook: on random trees the programs' alpha-beta evaluates
// as many leaves as the textbook's and finds minimax's value.
func TestAgainstTextbook(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 7))
	for range 300 {
		in := "[" + randomTree(rng, 4) + "," + randomTree(rng, 3) + "]"
		tr, err := Parse([]byte(in))
		if err != nil {
			t.Fatal(in, err)
		}
		mm, ab := Minimax.Solve(tr), AlphaBeta.Solve(tr)
		var seen []string
		want := textbook(tr, 0, true, -1<<62, 1<<62, &seen)
		if mm.Value != want || ab.Value != want || ab.Leaves != uint64(len(seen)) || mm.Leaves != uint64(len(tr.Leaves(0))) {
			t.Fatalf("%s: minimax %+v alpha-beta %+v, textbook %d with %d leaves", in, mm, ab, want, len(seen))
		}
		if tr.String(0) != strings.ReplaceAll(in, " ", "") {
			t.Fatalf("%s written %s", in, tr.String(0))
		}
	}
}

// TestParseErrors: each error names its byte offset.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "byte 0: empty input; want a tree such as [[3,12,8],[2,4,6],[14,5,2]]"},
		{"3", `byte 0: want [ (a tree is a list), not "3"`},
		{"[3,,4]", `byte 3: want a leaf value (an integer of at most 10 characters) or a list, not ",4]"`},
		{"[[3,12,8],[]]", "byte 11: an empty list; a node has at least one child"},
		{"[[3 4]]", `byte 4: want , or ], not "4]]"`},
		{"[[3,4]", "byte 6: the list opened at byte 0 is not closed"},
		{" [0,", "byte 4: want a leaf value (an integer of at most 10 characters) or a list, not the end of the input"},
		{"[1] x", `byte 4: "x" after the tree's closing ]`},
		{"[99999999999]", `byte 1: want a leaf value (an integer of at most 10 characters) or a list, not "99999999"`},
		{strings.Repeat("[", 40) + "1" + strings.Repeat("]", 40), "byte 32: lists nested more than 32 deep"},
	} {
		_, err := Parse([]byte(c.in))
		var pe *ParseError
		if !errors.As(err, &pe) || err.Error() != c.want {
			t.Errorf("%q: %v, want %s", c.in, err, c.want)
		}
	}
}

// TestRun: the program's output, its error line and status.
func TestRun(t *testing.T) {
	var out, errOut bytes.Buffer
	if st := AlphaBeta.Run(nil, strings.NewReader(classic+"\n"), &out, &errOut); st != 0 || out.String() != "value: 3\nmove: a1\nleaves evaluated: 7\nnodes entered: 11\n" {
		t.Errorf("status %d, %q %q", st, out.String(), errOut.String())
	}
	out.Reset()
	if st := Minimax.Run(nil, strings.NewReader("[[3,12,8],[2,4,6],[14,5,2]"), &out, &errOut); st != 2 || out.Len() != 0 ||
		errOut.String() != "tree-minimax: stdin: byte 26: the list opened at byte 0 is not closed\n" {
		t.Errorf("status %d, %q %q", st, out.String(), errOut.String())
	}
}

// TestPerft: the nodes at each depth of the classic tree.
func TestPerft(t *testing.T) {
	tr, _ := Parse([]byte(classic))
	pf := NewPerft(tr)
	for d, want := range []uint64{1, 3, 9, 9} {
		if got := pf.Count(Position{}, d).Leaves; got != want {
			t.Errorf("depth %d: %d, want %d", d, got, want)
		}
	}
}

// TestPerftUneven: a leaf above the horizon counts once at every depth.
func TestPerftUneven(t *testing.T) {
	tr, _ := Parse([]byte("[5,[1,[2,3]],[4]]"))
	pf := NewPerft(tr)
	for d, want := range []uint64{1, 3, 4, 5, 5} {
		if got := pf.Count(Position{}, d).Leaves; got != want {
			t.Errorf("depth %d: %d, want %d", d, got, want)
		}
	}
}

// TestRandomInput: random trees are the same for the same seed, parse, have
// the promised shape (a root of 2 to 4 children, at most 5 levels deep,
// leaves from -20 to 20), and both their layouts occur; alpha-beta cuts in
// most of them, and the first is pinned.
func TestRandomInput(t *testing.T) {
	if got, want := string(RandomInput(1)), "[15,[[-8],3]]\n"; got != want {
		t.Errorf("RandomInput(1) = %q, want %q", got, want)
	}
	blanks, cut, deep := 0, 0, 0
	for seed := range uint64(200) {
		in := RandomInput(seed)
		if !bytes.Equal(in, RandomInput(seed)) {
			t.Fatalf("seed %d: two trees", seed)
		}
		tr, err := Parse(in)
		if err != nil {
			t.Fatalf("seed %d: %q: %v", seed, in, err)
		}
		if n := len(tr.Kids[0]); n < 2 || n > 4 || tr.Height > 5 || tr.String(0)+"\n" != strings.ReplaceAll(string(in), ", ", ",") {
			t.Fatalf("seed %d: %q: %d root children, height %d", seed, in, n, tr.Height)
		}
		for _, l := range tr.Leaves(0) {
			if v := tr.Value[l]; v < -20 || v > 20 {
				t.Fatalf("seed %d: leaf %s = %d", seed, tr.Label[l], v)
			}
		}
		if bytes.Contains(in, []byte(", ")) {
			blanks++
		}
		if AlphaBeta.Solve(tr).Leaves < Minimax.Solve(tr).Leaves {
			cut++
		}
		if tr.Height == 5 {
			deep++
		}
	}
	t.Logf("of 200 trees, %d with blanks, %d where alpha-beta cuts, %d of height 5", blanks, cut, deep)
	if blanks < 30 || blanks > 70 || cut < 120 || deep < 20 {
		t.Errorf("of 200 trees, %d with blanks, %d where alpha-beta cuts, %d of height 5", blanks, cut, deep)
	}
}
