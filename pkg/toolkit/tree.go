package toolkit

import (
	"bytes"
	"flag"
	"fmt"
	"io"

	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/treeview"
)

// treeOptions are the settings of the tree subcommand. Zero values mean "the
// graded program's own": its algorithm and depth.
type treeOptions struct {
	// algorithm is "", "minimax" or "alphabeta".
	algorithm string
	// depth is the search depth, 0 for the program's default.
	depth int
	// limit is the most nodes drawn.
	limit int
}

// treeResult is a recorded tree with the search's counts.
type treeResult struct {
	tree   treeview.Tree
	result search.Stats
	value  search.Value
}

// defaultTreeLimit is the largest tree drawn unless -limit says otherwise.
const defaultTreeLimit = 100_000

// maxTreeLimit bounds -limit: a recorded node takes about 150 bytes.
const maxTreeLimit = 5_000_000

// defaultMaxNodes is the most nodes drawn unless -max-nodes says otherwise.
const defaultMaxNodes = 60

// treeCommand is the tree subcommand's usage and help; it explains the
// drawing.
var treeCommand = gameCommand{
	usage: "tree GAME INPUT [flags]",
	about: `Draws the search tree that the graded program of GAME explores from INPUT, as text
or Graphviz DOT. The drawing shows at most -max-nodes nodes of the search (default 60;
0 draws them all): the principal variation and the nodes that cut off stay, the
other nodes fill the rest breadth first, and the children left out below a
drawn node become one "+N more" node. A legend ends the drawing.`,
}

func runTree(args []string, stdin io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("tree", flag.ContinueOnError)
	algo := fs.String("algorithm", "", "minimax or alphabeta (default: the graded program's)")
	depth := fs.Int("depth", 0, "search depth (default: the graded program's)")
	format := fs.String("format", "text", "dot (Graphviz) or text")
	maxNodes := fs.Int("max-nodes", defaultMaxNodes, "draw at most this many nodes, the others collapsed into \"+N more\" nodes (0: draw every node)")
	limit := fs.Int("limit", defaultTreeLimit, "refuse trees with more nodes than this")
	outFile := fs.String("o", "", "write the drawing to this file (replaced atomically) instead of stdout; not the INPUT file")
	ad, args, err := treeCommand.selectGame(args, stdout, fs)
	if err != nil {
		return err
	}
	pos, err := treeCommand.parseArgs(ad, fs, args, stdout)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("want one INPUT, got %d arguments (usage: gamesearch %s)", len(pos), treeCommand.usage)
	}
	switch *algo {
	case "", "minimax", "alphabeta":
	default:
		return fmt.Errorf("-algorithm %q: want minimax or alphabeta", *algo)
	}
	if *format != "dot" && *format != "text" {
		return fmt.Errorf("-format %q: want dot or text", *format)
	}
	if *depth < 0 || *depth > 64 {
		return fmt.Errorf("-depth %d: want 1 to 64", *depth)
	}
	if *limit < 1 || *limit > maxTreeLimit {
		return fmt.Errorf("-limit %d: want 1 to %d", *limit, maxTreeLimit)
	}
	if *maxNodes < 0 {
		return fmt.Errorf("-max-nodes %d: want 0 (no limit) or more", *maxNodes)
	}
	if fr, ok := ad.(fileReader); ok && *outFile != "" && fr.readsFile(pos[0]) && sameFile(*outFile, pos[0]) {
		return fmt.Errorf("-o %s: is the INPUT file; the drawing would overwrite it", *outFile)
	}
	res, err := ad.tree(pos[0], stdin, treeOptions{algorithm: *algo, depth: *depth, limit: *limit})
	if err != nil {
		return err
	}
	drawing := res.tree.Collapse(*maxNodes)
	var buf bytes.Buffer
	if *format == "dot" {
		err = drawing.WriteDOT(&buf)
	} else {
		err = drawing.WriteText(&buf)
		fmt.Fprintf(&buf, "search: %d nodes, %d static evaluations\n", res.result.Nodes, res.result.Evals)
	}
	if err == nil && *outFile != "" {
		if err := writeFileAtomic(*outFile, buf.Bytes()); err != nil {
			return fmt.Errorf("-o %s: cannot write: %v", *outFile, err)
		}
		return nil
	}
	if err == nil {
		_, err = stdout.Write(buf.Bytes())
	}
	if err != nil {
		return &outputError{err}
	}
	return nil
}

// fileReader is implemented by the adapters of games whose INPUT can be a
// file: readsFile reports whether arg names one (rather than a position or
// stdin).
type fileReader interface {
	readsFile(arg string) bool
}

// labelTracer is a search.Tracer that keeps the position of every ply on the
// current path so that move labels can be computed from parent and child,
// and passes each node on to a treeview.Recorder.
type labelTracer[P, M any] struct {
	rec   *treeview.Recorder[P, M]
	path  []P
	label func(parent, child *P, m M) string
	cur   string
}

// Enter implements search.Tracer.
func (t *labelTracer[P, M]) Enter(ply int, p *P, m M, idx int, alpha, beta search.Value) {
	for len(t.path) <= ply {
		t.path = append(t.path, *new(P))
	}
	t.path[ply] = *p
	if ply > 0 {
		t.cur = t.label(&t.path[ply-1], p, m)
	}
	t.rec.Enter(ply, p, m, idx, alpha, beta)
}

// Leave implements search.Tracer.
func (t *labelTracer[P, M]) Leave(ply int, v search.Value, leaf bool, pruned int) {
	t.rec.Leave(ply, v, leaf, pruned)
}

// recordTree runs the search of s (alpha-beta when ab) from root to depth
// with a recorder, and returns the tree. s must have been created with
// MaxNodes set to limit+1, so that a huge tree stops early.
func recordTree[P, M any, G search.Game[P, M]](s *search.Searcher[P, M, G], root P, ab bool, depth, limit int,
	inf search.Value, title string, label func(parent, child *P, m M) string) (treeResult, error) {
	rec := &treeview.Recorder[P, M]{Inf: inf, Limit: limit}
	lt := &labelTracer[P, M]{rec: rec, label: label}
	rec.Label = func(*P, M) string { return lt.cur }
	s.SetTracer(lt)
	defer s.SetTracer(nil)
	var r search.Result[M]
	if ab {
		r = s.AlphaBeta(root, depth)
	} else {
		r = s.Minimax(root, depth)
	}
	if r.Aborted || rec.Truncated {
		return treeResult{}, fmt.Errorf("the tree has more than %d nodes; lower -depth or raise -limit", limit)
	}
	return treeResult{tree: rec.Tree(title), result: r.Stats, value: r.Value}, nil
}

// algoName returns the algorithm's name for titles.
func algoName(ab bool) string {
	if ab {
		return "alpha-beta"
	}
	return "minimax"
}
