package toolkit

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/player"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
	"gotest.tools/v3/assert"
)

// handoutEx1 is Star/Circle example 1 of the handout
// (testdata/starcircle/handout_ex1.input.txt, which
// TestTreeHandoutExample1 checks it against): MINIMAX 5 nodes, ALPHABETA 4.
const handoutEx1 = `Star
MINIMAX
2
0,S1,0,0,0,0,0,0
0,0,C1,0,0,0,0,0
0,0,0,S1,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
10,20,30,40,50,60,70,80
`

// dotNodes counts the search nodes of a DOT drawing (boxes n1, n2, ...).
func dotNodes(dot string) int {
	n := 0
	for _, l := range strings.Split(dot, "\n") {
		if strings.HasPrefix(l, "  n") && strings.Contains(l, " [label=") && !strings.Contains(l, "->") {
			n++
		}
	}
	return n
}

// checkDot parses dot with Graphviz when it is installed.
func checkDot(t *testing.T, dot string) {
	t.Helper()
	path, err := exec.LookPath("dot")
	if err != nil {
		t.Log("Graphviz dot not installed: DOT syntax not checked")
		return
	}
	cmd := exec.Command(path, "-Tsvg")
	cmd.Stdin = strings.NewReader(dot)
	out, err := cmd.CombinedOutput()
	assert.NilError(t, err, "dot rejected the drawing: %s", out)
	assert.Assert(t, strings.Contains(string(out), "<svg"))
}

// TestTreeHandoutExample1 is the requirement: 5 nodes with minimax,
// 4 with alpha-beta, in both formats, and the DOT form renders.
func TestTreeHandoutExample1(t *testing.T) {
	t.Parallel()
	file, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), "testdata", "starcircle", "handout_ex1.input.txt"))
	assert.NilError(t, err)
	assert.Equal(t, strings.TrimSuffix(handoutEx1, "\n"), string(file)) // the handout file has no final newline
	for _, c := range []struct {
		algo  string
		nodes int
	}{{"minimax", 5}, {"alphabeta", 4}} {
		text := mustRun(t, handoutEx1, "tree", "starcircle", "-", "-algorithm", c.algo)
		assert.Assert(t, strings.Contains(text, fmt.Sprintf("\n%d nodes\nsearch: %d nodes, ", c.nodes, c.nodes)), text)
		assertGolden(t, text, "tree_starcircle_ex1_"+c.algo+".txt")
		dot := mustRun(t, handoutEx1, "tree", "starcircle", "-", "-algorithm", c.algo, "-format", "dot")
		assert.Equal(t, dotNodes(dot), c.nodes)
		assertGolden(t, dot, "tree_starcircle_ex1_"+c.algo+".dot")
		checkDot(t, dot)
	}
	// The file's own algorithm (MINIMAX) is the default.
	assert.Assert(t, strings.Contains(mustRun(t, handoutEx1, "tree", "starcircle", "-"), "\n5 nodes\n"))
}

// TestTreeStarCircleConformance: on a sample of the corpus (every fifth
// case and every named case) the tree of the file's search has exactly the
// node count of output.txt and its root has the farsighted utility.
func TestTreeStarCircleConformance(t *testing.T) {
	t.Parallel()
	dir := testutil.Conformance(t, "starcircle", "cases")
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	a := adapterFor(t, "starcircle", "tree")
	matched, total := 0, 0
	for i, e := range entries {
		if i%5 != 0 && strings.HasPrefix(e.Name(), "gen_") {
			continue
		}
		in := filepath.Join(dir, e.Name(), "input.txt")
		want, err := os.ReadFile(filepath.Join(dir, e.Name(), "output.txt"))
		assert.NilError(t, err)
		lines := strings.Split(strings.TrimSpace(string(want)), "\n")
		data, _ := os.ReadFile(in)
		p, err := starcircle.Parse(data)
		assert.NilError(t, err)
		if atou(t, strings.TrimSpace(lines[3])) > 300_000 {
			t.Logf("%s: %s nodes, too many to draw; skipped", e.Name(), lines[3])
			continue
		}
		total++
		res, err := a.Tree(in, nil, kit.TreeOptions{Limit: maxTreeLimit})
		assert.NilError(t, err)
		nodes := fmt.Sprint(len(res.Tree.Nodes))
		value := search.FormatValue(res.Tree.Nodes[0].Value, p.Scale)
		if nodes == strings.TrimSpace(lines[3]) && value == strings.TrimSpace(lines[2]) &&
			uint64(len(res.Tree.Nodes)) == res.Stats.Nodes {
			matched++
		} else {
			t.Errorf("%s: tree %s nodes, root %s; want %s nodes, %s", e.Name(), nodes, value, lines[3], lines[2])
		}
	}
	t.Logf("starcircle corpus sample: %d/%d trees with the graded node count and value", matched, total)
}

// TestTreeMorrisConformance: the leaves of the tree are the static
// evaluations, so their number equals the evaluated column of cases.tsv for
// every row of the six programs with at most 200,000 evaluations, and the
// root value is the printed estimate (for the Black programs, the value of
// the colour swap's search, as the programs print it).
func TestTreeMorrisConformance(t *testing.T) {
	t.Parallel()
	rows := tsv(t, testutil.Conformance(t, "morris", "cases.tsv"))
	matched, total := 0, 0
	for _, r := range rows {
		if atou(t, r["evaluated"]) > 200_000 {
			continue
		}
		total++
		prog := r["program"]
		flags := []string{"-board", r["board_kind"], "-phase", "game"}
		if strings.Contains(prog, "Opening") {
			flags[3] = "opening"
		}
		if strings.HasSuffix(prog, "Black") {
			flags = append(flags, "-black")
		}
		a := adapterFor(t, "morris", "tree", flags...)
		o := kit.TreeOptions{Algorithm: "minimax", Depth: atoi(t, r["depth"]), Limit: maxTreeLimit}
		if strings.HasPrefix(prog, "AB") {
			o.Algorithm = "alphabeta"
		}
		res, err := a.Tree(r["input"], nil, o)
		assert.NilError(t, err)
		leaves := 0
		for _, n := range res.Tree.Nodes {
			if n.Leaf {
				leaves++
			}
		}
		if fmt.Sprint(leaves) == r["evaluated"] && fmt.Sprint(res.Tree.Nodes[0].Value) == r["estimate"] &&
			uint64(leaves) == res.Stats.Evals {
			matched++
		} else {
			t.Errorf("%s %s %s depth %s: %d leaves, root %d; want %s, %s", prog, r["board_kind"], r["input"], r["depth"],
				leaves, res.Tree.Nodes[0].Value, r["evaluated"], r["estimate"])
		}
	}
	t.Logf("cases.tsv: %d/%d rows (at most 200,000 evaluations): tree leaves = evaluations, root = estimate", matched, total)
}

// TestTreeCongoConformance: the root of the congo-minimax tree (depth 2) has
// the corpus minimax value, and the congo-alphabeta tree (depth 4) the
// corpus alpha-beta value, with the node count of the course searcher.
func TestTreeCongoConformance(t *testing.T) {
	t.Parallel()
	dir := testutil.Conformance(t, "congo")
	sets := []struct {
		in, out string
		ab      bool
		step    int
	}{
		{"2022/positions_500.in", "2022/minimax_d2_500.out", false, 10},
		{"2022/alphabeta_d4_25.in", "2022/alphabeta_d4_25.out", true, 5},
	}
	for _, set := range sets {
		in := readLines(t, filepath.Join(dir, set.in))[1:]
		out := readLines(t, filepath.Join(dir, set.out))
		matched, total := 0, 0
		for i := 0; i < len(in); i += set.step {
			total++
			p, err := congo.ParseFEN(in[i])
			assert.NilError(t, err)
			o := kit.TreeOptions{Algorithm: "minimax", Limit: maxTreeLimit}
			s := congo.NewMinimax(congo.Edition2022)
			want := s.Minimax(p, 2)
			if set.ab {
				o.Algorithm = "alphabeta"
				s = congo.NewAlphaBeta(congo.Edition2022)
				want = s.AlphaBeta(p, 4)
			}
			res, err := adapterFor(t, "congo", "tree", "-rules", "2022").Tree(in[i], nil, o)
			assert.NilError(t, err)
			if fmt.Sprint(res.Tree.Nodes[0].Value) == out[i] && uint64(len(res.Tree.Nodes)) == want.Nodes {
				matched++
			} else {
				t.Errorf("%s case %d: root %d, %d nodes; want %s, %d nodes", set.in, i+1,
					res.Tree.Nodes[0].Value, len(res.Tree.Nodes), out[i], want.Nodes)
			}
		}
		t.Logf("%s: %d/%d sampled trees with the corpus value and the searcher's node count", set.out, matched, total)
	}
}

// TestTreeMiniChess: the tree has the node count and value of the
// player_minimax / player_alphabeta iteration of the same depth.
func TestTreeMiniChess(t *testing.T) {
	t.Parallel()
	fens := []string{"kqbnr/ppppp/5/5/PPPPP/RNBQK w", "k1qnr/1pp2/pP3/N1B2/b1PPP/2RQK b", "kqb1r/ppp1p/5/PQPp1/RP1nP/1NBK1 b"}
	for _, fen := range fens {
		p, err := minichess.ParseFEN(fen)
		assert.NilError(t, err)
		for _, ab := range []bool{false, true} {
			iters := map[int]player.Iteration{}
			_, err := player.Deepen(&p, ab, player.Limits{Depth: 3}, func(minichess.Move) error { return nil },
				func(it player.Iteration) { iters[it.Depth] = it })
			assert.NilError(t, err)
			for d := 1; d <= 3; d++ {
				o := kit.TreeOptions{Algorithm: "minimax", Depth: d, Limit: maxTreeLimit}
				if ab {
					o.Algorithm = "alphabeta"
				}
				res, err := adapterFor(t, "minichess", "tree").Tree(fen, nil, o)
				assert.NilError(t, err)
				assert.Equal(t, uint64(len(res.Tree.Nodes)), iters[d].Nodes, "%s %v depth %d", fen, ab, d)
				assert.Equal(t, res.Tree.Nodes[0].Value, iters[d].Value, "%s %v depth %d", fen, ab, d)
			}
		}
	}
}

// TestTreeDOTRenders renders one tree of every game with Graphviz.
func TestTreeDOTRenders(t *testing.T) {
	t.Parallel()
	cases := [][]string{
		{"tree", "congo", "start", "-depth", "1", "-format", "dot"},
		{"tree", "morris", "xxxxxxxWxxxxxxBxxxxxxx", "-phase", "opening", "-algorithm", "alphabeta", "-format", "dot"},
		{"tree", "minichess", "start", "-depth", "2", "-algorithm", "alphabeta", "-format", "dot"},
		{"tree", "starcircle", "start", "-depth", "3", "-algorithm", "alphabeta", "-format", "dot"},
	}
	for _, args := range cases {
		dot := mustRun(t, "", args...)
		assert.Assert(t, strings.HasPrefix(dot, "digraph search {\n"))
		assert.Assert(t, dotNodes(dot) > 1)
		checkDot(t, dot)
	}
	assertGolden(t, mustRun(t, "", cases[1]...), "tree_morris_opening_ab.dot")
}

// TestTreeOutputFile: -o writes the drawing to a file; an unwritable file
// is one error line, status 2, and leaves nothing behind.
func TestTreeOutputFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	name := filepath.Join(dir, "ex1.dot")
	out := mustRun(t, handoutEx1, "tree", "starcircle", "-", "-format", "dot", "-o", name)
	assert.Equal(t, out, "")
	data, err := os.ReadFile(name)
	assert.NilError(t, err)
	assert.Equal(t, string(data), mustRun(t, handoutEx1, "tree", "starcircle", "-", "-format", "dot"))
	bad := filepath.Join(dir, "missing", "ex1.dot")
	out, errs, code := runCmd(t, handoutEx1, "tree", "starcircle", "-", "-o", bad)
	assert.Equal(t, code, 2)
	assert.Equal(t, out, "")
	assert.Equal(t, errs, "gamesearch tree: -o "+bad+": cannot write: no such file or directory\n")
	// A refused tree does not touch an existing file.
	_, _, code = runCmd(t, handoutEx1, "tree", "starcircle", "-", "-limit", "3", "-o", name)
	assert.Equal(t, code, 2)
	after, err := os.ReadFile(name)
	assert.NilError(t, err)
	assert.Equal(t, string(after), string(data))
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 1, "temporary files left behind")
}

// TestTreeLimit: a tree larger than -limit is refused with one line and
// exit status 2, before the search runs to the end.
func TestTreeLimit(t *testing.T) {
	t.Parallel()
	out, errs, code := runCmd(t, "", "tree", "starcircle", "start", "-depth", "8", "-limit", "1000")
	assert.Equal(t, code, 2)
	assert.Equal(t, out, "")
	assert.Equal(t, errs, "gamesearch tree: the tree has more than 1000 nodes; lower -depth or raise -limit\n")
	// Exactly at the limit is fine: example 1 has 5 nodes.
	out = mustRun(t, handoutEx1, "tree", "starcircle", "-", "-limit", "5")
	assert.Assert(t, strings.Contains(out, "\n5 nodes\n"))
	_, _, code = runCmd(t, handoutEx1, "tree", "starcircle", "-", "-limit", "4")
	assert.Equal(t, code, 2)
}

// TestTreeCollapsed: the 703-node minimax tree of the Congo start at depth 2
// is drawn with 60 nodes by default, the rest in "+N more" nodes, the
// principal variation and the cut-off nodes kept, with the legend (goldens
// of both formats); -max-nodes 0 draws every node.
func TestTreeCollapsed(t *testing.T) {
	t.Parallel()
	text := mustRun(t, "", "tree", "congo", "start", "-depth", "2")
	assert.Assert(t, strings.HasSuffix(text, "\n703 nodes, 60 drawn\nsearch: 703 nodes, 676 static evaluations\n"), tail(text))
	assert.Equal(t, text, mustRun(t, "", "tree", "congo", "start", "-depth", "2", "-max-nodes", "60"))
	assertGolden(t, text, "tree_congo_start_2_collapsed.txt")
	full := mustRun(t, "", "tree", "congo", "start", "-depth", "2", "-max-nodes", "0")
	assert.Assert(t, strings.HasSuffix(full, "\n703 nodes\nsearch: 703 nodes, 676 static evaluations\n"), tail(full))
	assert.Assert(t, !strings.Contains(full, " more ("))
	assert.Equal(t, strings.Count(full, "\n")-strings.Count(text, "\n"), 703-60-strings.Count(text, "-- ... +"))

	// Alpha-beta: the principal variation and every cut-off node are drawn.
	dot := mustRun(t, "", "tree", "congo", "start", "-depth", "2", "-algorithm", "alphabeta", "-format", "dot")
	assertGolden(t, dot, "tree_congo_start_2_ab_collapsed.dot")
	checkDot(t, dot)
	assert.Equal(t, dotNodes(dot), 60)
	res, err := adapterFor(t, "congo", "tree", "-rules", "2022").Tree("start", nil, kit.TreeOptions{Algorithm: "alphabeta", Depth: 2, Limit: maxTreeLimit})
	assert.NilError(t, err)
	cuts, hidden := 0, 0
	for _, n := range res.Tree.Nodes {
		if n.Pruned > 0 {
			cuts++
			assert.Assert(t, strings.Contains(dot, fmt.Sprintf("  n%d [label=", n.ID)), "cut-off node #%d not drawn", n.ID)
		}
	}
	for i := 0; i >= 0; {
		n := res.Tree.Nodes[i]
		assert.Assert(t, strings.Contains(dot, fmt.Sprintf("  n%d [label=", n.ID)), "node #%d of the principal variation not drawn", n.ID)
		next := -1
		for _, c := range n.Children {
			if res.Tree.Nodes[c].Chosen {
				next = c
			}
		}
		i = next
	}
	for _, m := range regexp.MustCompile(`label="\+([0-9]+) more`).FindAllStringSubmatch(dot, -1) {
		hidden += atoi(t, m[1])
	}
	assert.Equal(t, hidden+60, len(res.Tree.Nodes))
	assert.Assert(t, cuts > 20, "%d cut-off nodes", cuts)
	assert.Assert(t, strings.Contains(dot, "\n  rankdir=LR;\n"))

	help := mustRun(t, "", "tree", "congo", "-h")
	assert.Assert(t, strings.Contains(strings.Join(strings.Fields(help), " "), "(default 60; 0 draws them all)"), help)
	out, errs, code := runCmd(t, "", "tree", "congo", "start", "-max-nodes", "-1")
	assert.Equal(t, code, 2)
	assert.Equal(t, out, "")
	assert.Equal(t, errs, "gamesearch tree: -max-nodes -1: want 0 (no limit) or more\n")
}

// TestTreeOutputIsInput: -o naming the INPUT file (also through another
// spelling or a link) is refused with one line and status 2, and the input
// is left as it was. Not parallel: it changes the working directory.
func TestTreeOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "input.txt")
	assert.NilError(t, os.WriteFile(in, []byte(handoutEx1), 0o644))
	link := filepath.Join(dir, "link.txt")
	assert.NilError(t, os.Symlink(in, link))
	for _, o := range []string{in, filepath.Join(dir, ".", "input.txt"), link} {
		out, errs, code := runCmd(t, "", "tree", "starcircle", in, "-o", o)
		assert.Equal(t, code, 2, o)
		assert.Equal(t, out, "")
		assert.Equal(t, errs, "gamesearch tree: -o "+o+": is the INPUT file; the drawing would overwrite it\n")
		data, err := os.ReadFile(in)
		assert.NilError(t, err)
		assert.Equal(t, string(data), handoutEx1)
	}
	// A morris INPUT file too; a position named like a file is no file.
	board := filepath.Join(dir, "board.txt")
	assert.NilError(t, os.WriteFile(board, []byte("xxxxxxxWxxxxxxBxxxxxxx\n"), 0o644))
	_, errs, code := runCmd(t, "", "tree", "morris", board, "-o", board)
	assert.Equal(t, code, 2)
	assert.Equal(t, errs, "gamesearch tree: -o "+board+": is the INPUT file; the drawing would overwrite it\n")
	t.Chdir(dir)
	assert.NilError(t, os.WriteFile("start", nil, 0o644))
	assert.Equal(t, mustRun(t, "", "tree", "congo", "start", "-depth", "1", "-o", "start"), "")
	drawn, err := os.ReadFile("start")
	assert.NilError(t, err)
	assert.Assert(t, strings.HasPrefix(string(drawn), "Congo 2022, minimax depth 1: "), string(drawn))
	// Another file is fine, and stdin as INPUT never clashes.
	other := filepath.Join(dir, "tree.txt")
	assert.Equal(t, mustRun(t, "", "tree", "starcircle", in, "-o", other), "")
	assert.Equal(t, mustRun(t, handoutEx1, "tree", "starcircle", "-", "-o", in), "")
	data, err := os.ReadFile(other)
	assert.NilError(t, err)
	written, err := os.ReadFile(in)
	assert.NilError(t, err)
	assert.Equal(t, string(written), string(data))
}
