package toolkit

import (
	"bytes"
	"flag"
	"fmt"
	"io"

	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// defaultTreeLimit is the largest tree drawn unless -limit says otherwise.
const defaultTreeLimit = 100_000

// maxTreeLimit bounds -limit: a recorded and drawn node takes about 200
// bytes (explorer.NodeBytes and its treeview.Node).
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
	if fr, ok := ad.(kit.FileReader); ok && *outFile != "" && fr.ReadsFile(pos[0]) && sameFile(*outFile, pos[0]) {
		return fmt.Errorf("-o %s: is the INPUT file; the drawing would overwrite it", *outFile)
	}
	res, err := ad.Tree(pos[0], stdin, kit.TreeOptions{Algorithm: *algo, Depth: *depth, Limit: *limit})
	if err != nil {
		return err
	}
	drawing := res.Tree.Collapse(*maxNodes)
	var buf bytes.Buffer
	if *format == "dot" {
		err = drawing.WriteDOT(&buf)
	} else {
		err = drawing.WriteText(&buf)
		fmt.Fprintf(&buf, "search: %d nodes, %d static evaluations\n", res.Stats.Nodes, res.Stats.Evals)
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
